package dev.sinew.scenes;

import dev.sinew.scenes.ccd.BulletWallScene;
import dev.sinew.scenes.ccd.HighSpeedScene;
import dev.sinew.scenes.ccd.OverlapRecoveryScene;
import dev.sinew.scenes.ccd.RagdollStrikeScene;
import dev.sinew.scenes.ccd.SpinningBarScene;
import dev.sinew.scenes.ccd.TerrainScene;
import dev.sinew.scenes.drives.PartialScene;
import dev.sinew.scenes.drives.ProfileSweepScene;
import dev.sinew.scenes.drives.StandScene;
import dev.sinew.scenes.drives.TrackWalkScene;
import dev.sinew.scenes.joints.ChainScene;
import dev.sinew.scenes.joints.DriveGainsScene;
import dev.sinew.scenes.joints.HingeSpringScene;
import dev.sinew.scenes.joints.PendulumScene;
import dev.sinew.scenes.joints.SwingConeScene;
import dev.sinew.scenes.layers.LookAtScene;
import dev.sinew.scenes.layers.MotionMatchingScene;
import dev.sinew.scenes.layers.PoseHoldScene;
import dev.sinew.scenes.reactions.CriticalHitScene;
import dev.sinew.scenes.reactions.GetupSoakScene;
import dev.sinew.scenes.reactions.HitReactionScene;
import dev.sinew.scenes.reactions.KnockdownGetupScene;
import dev.sinew.scenes.rig.ClipPlayScene;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.scenes.rig.RagdollPileScene;
import dev.sinew.scenes.solver.BounceScene;
import dev.sinew.scenes.solver.FaultScene;
import dev.sinew.scenes.solver.BoxStackScene;
import dev.sinew.scenes.solver.MassRatioScene;
import dev.sinew.scenes.solver.PyramidScene;
import dev.sinew.scenes.solver.SlopeScene;
import dev.sinew.scenes.solver.TumblerScene;
import dev.sinew.solver.InvalidArgumentException;
import java.util.List;
import java.util.Optional;

/** Every scene, in listing order. Later modules add their scenes here. */
public final class SceneCatalog {
    private static final List<Scene> SCENES = List.of(
            new BoxStackScene(),
            new PyramidScene(),
            new SlopeScene(),
            new BounceScene(),
            new MassRatioScene(),
            new TumblerScene(),
            new FaultScene(),
            new BulletWallScene(),
            new SpinningBarScene(),
            new HighSpeedScene(),
            new TerrainScene(),
            new OverlapRecoveryScene(),
            new RagdollStrikeScene(),
            new PendulumScene(),
            new ChainScene(),
            new ChainScene(true),
            new HingeSpringScene(),
            new SwingConeScene(),
            new DriveGainsScene(),
            new ClipPlayScene(),
            new RagdollDropScene(),
            new RagdollPileScene(),
            new StandScene(),
            new TrackWalkScene(),
            new ProfileSweepScene(),
            new PartialScene(),
            new HitReactionScene(),
            new CriticalHitScene(),
            new KnockdownGetupScene(),
            new GetupSoakScene(),
            new LookAtScene(),
            new PoseHoldScene(),
            new LookAtScene(true),
            new MotionMatchingScene());

    private SceneCatalog() {
    }

    public static List<Scene> all() {
        return SCENES;
    }

    public static Optional<Scene> find(String name) {
        return SCENES.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The scene of that name, or an error listing the names that exist. */
    public static Scene get(String name) {
        return find(name).orElseThrow(() -> new InvalidArgumentException("scene", name,
                "unknown; one of " + SCENES.stream().map(Scene::name).toList()));
    }
}
