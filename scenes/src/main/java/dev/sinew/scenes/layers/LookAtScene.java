package dev.sinew.scenes.layers;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.Profiles;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * Look-at on the animation side: the CMU character holding a standing pose while it breathes,
 * looking at a target that circles its head twice, passing behind it and, the second time, over
 * it past the pitch cut-off ({@link LookAtRig}). The character's bodies follow the layered pose
 * exactly (kinematic), to show it. {@code maxYawStepDeg}: the largest per-update change of the
 * interpolated yaw, below the yaw speed × tick; {@code wrapLongWay}: updates whose yaw went the
 * long way round (0); {@code pitchOverLimit}: updates that looked while the target's pitch was over
 * the cut-off, or turned the chain past its pitch range (0).
 */
public final class LookAtScene implements Scene {
    @Override
    public String name() {
        return "look-at";
    }

    @Override
    public String category() {
        return "layers";
    }

    @Override
    public String description() {
        return "a held, breathing pose looks at a target circling its head twice, behind and over it (animation only)";
    }

    @Override
    public double defaultSeconds() {
        return LookAtRig.LEAD_IN + 2 * LookAtRig.LAP_SECONDS + 1;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final ActiveCharacter figure;
        final LookAtRig rig;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            figure = new ActiveCharacter(world, ShippedData.clip("cmu/131_01.bvh"), Profiles.ragdoll("cmu-humanoid"),
                    DriveProfile.named("default"), 0, 0, false);
            figure.followExactly();
            rig = new LookAtRig(world, figure.shift(new Vector3d()));
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return figure.ragdoll().body(0);
        }

        @Override
        public LayerView layers() {
            return rig;
        }

        @Override
        public void beforeStep(long tick) {
            double dt = world.settings().tickSeconds();
            rig.update((tick + 1) * dt, dt);
            figure.track(rig.stack.output());
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxYawStepDeg", Math.toDegrees(rig.maxYawStep));
            m.put("wrapLongWay", rig.wrapLongWay);
            m.put("pitchOverLimit", rig.pitchOverLimit);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxYawStepDeg", Math.toDegrees(rig.maxYawStep),
                            rig.yawStepLimitDeg(world.settings().tickSeconds())),
                    CheckResult.equalTo("wrapLongWay", rig.wrapLongWay, 0),
                    CheckResult.equalTo("pitchOverLimit", rig.pitchOverLimit, 0));
        }
    }
}
