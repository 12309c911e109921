package dev.sinew.scenes.layers;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.TrackingReport;
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
 * The look-at scene with physics: the CMU active ragdoll (the {@code default} profile and the root
 * drive) tracks the layered pose, holding a standing pose while it breathes and looks at the
 * circling target. {@code meanErrorDeg}: the mean over bodies and ticks of the angle between each
 * body and its target (&lt; 2); {@code belowGround}: bodies ever more than 5 mm under the ground (0).
 */
public final class ActiveLookAtScene implements Scene {
    @Override
    public String name() {
        return "active-look-at";
    }

    @Override
    public String category() {
        return "layers";
    }

    @Override
    public String description() {
        return "the active ragdoll tracks a held, breathing pose looking at a circling target (default profile)";
    }

    @Override
    public double defaultSeconds() {
        return LookAtRig.LEAD_IN + 2 * LookAtRig.LAP_SECONDS + 1;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? "default" : options.profileOr("default"));
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final ActiveCharacter character;
        final LookAtRig rig;
        final boolean[] below;
        double errorSum;
        long errorCount;

        Instance(String profile) {
            SceneKit.ground(world, Material.DEFAULT);
            character = new ActiveCharacter(world, ShippedData.clip("cmu/131_01.bvh"), Profiles.ragdoll("cmu-humanoid"),
                    DriveProfile.named(profile), 0, 0, true);
            rig = new LookAtRig(world, character.shift(new Vector3d()));
            below = new boolean[character.ragdoll().bodyCount()];
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return character.ragdoll().body(0);
        }

        @Override
        public PoseDriver driver() {
            return character.driver();
        }

        @Override
        public LayerView layers() {
            return rig;
        }

        @Override
        public void beforeStep(long tick) {
            double dt = world.settings().tickSeconds();
            rig.update((tick + 1) * dt, dt);
            character.track(rig.stack.output());
        }

        @Override
        public void afterStep(long tick) {
            TrackingReport r = character.report();
            for (int i = 0; i < r.errorDeg.length; i++) {
                errorSum += r.errorDeg[i];
                errorCount++;
                if (ActiveCharacter.lowestPoint(world, character.ragdoll(), i) < -0.005) {
                    below[i] = true;
                }
            }
        }

        double meanError() {
            return errorCount == 0 ? 0 : errorSum / errorCount;
        }

        int belowGround() {
            int n = 0;
            for (boolean b : below) {
                n += b ? 1 : 0;
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("meanErrorDeg", meanError());
            m.put("belowGround", belowGround());
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("meanErrorDeg", meanError(), 2),
                    CheckResult.equalTo("belowGround", belowGround(), 0));
        }
    }
}
