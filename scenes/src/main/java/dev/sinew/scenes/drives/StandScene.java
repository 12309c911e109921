package dev.sinew.scenes.drives;

import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.BvhImporter;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Vector3d;

/**
 * The CMU ragdoll holding the first (standing) frame of the walk clip on the ground, joint drives
 * at the {@code default} profile plus the root drive, 30 s (or the user's clip, ragdoll and profile:
 * {@code --clip}, {@code --ragdoll}, {@code --profile}; the clip's first frame, or the frame at
 * {@code --clip-start}). {@code meanErrorDeg} (mean over bodies
 * and ticks of the angle between each body and its target), {@code maxErrorDeg} (over bodies and
 * ticks), {@code comDrift} (largest distance of the centre of mass from where it started, m) and
 * {@code restAngularSpeed} (jitter: the largest body angular speed after 2 s, rad/s).
 */
public final class StandScene implements Scene {
    /** Seconds after which the character should hold still (the rest speed is measured after it). */
    public static final double SETTLE = 2;

    @Override
    public String name() {
        return "stand";
    }

    @Override
    public String category() {
        return "drives";
    }

    @Override
    public String description() {
        return "the CMU ragdoll holding the walk's standing frame: default profile and root drive";
    }

    @Override
    public double defaultSeconds() {
        return 30;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    static final class Instance implements SceneInstance {
        final World world;
        final ActiveCharacter character;
        final Vector3d com0;
        final Vector3d com = new Vector3d();
        final Vector3d w = new Vector3d();
        double errorSum;
        long errorCount;
        double maxError;
        double comDrift;
        double restAngular;

        Instance(SceneOptions options) {
            world = new World(options.worldSettings());
            world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
            BvhImporter.Bvh walk = options.clip("cmu/131_01.bvh");
            character = new ActiveCharacter(world, walk, options.ragdoll("cmu-humanoid"), options.driveProfile("default"),
                    0, 0, true);
            com0 = character.centerOfMass(world, new Vector3d());
        }

        @Override
        public dev.sinew.drives.PoseDriver driver() {
            return character.driver;
        }

        @Override
        public BodyHandle focus() {
            return character.ragdoll.body(0);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            character.hold();
        }

        @Override
        public void afterStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            TrackingReport r = character.report();
            for (double e : r.errorDeg) {
                errorSum += e;
                errorCount++;
                maxError = Math.max(maxError, e);
            }
            comDrift = Math.max(comDrift, character.centerOfMass(world, com).distance(com0));
            if (t > SETTLE) {
                for (int i = 0; i < character.ragdoll.bodyCount(); i++) {
                    restAngular = Math.max(restAngular, world.angularVelocity(character.ragdoll.body(i), w).length());
                }
            }
        }

        double meanError() {
            return errorCount == 0 ? 0 : errorSum / errorCount;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("meanErrorDeg", meanError());
            m.put("maxErrorDeg", maxError);
            m.put("comDrift", comDrift);
            m.put("restAngularSpeed", restAngular);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("meanErrorDeg", meanError(), 1.5),
                    CheckResult.lessThan("maxErrorDeg", maxError, 5),
                    CheckResult.lessThan("comDrift", comDrift, 0.02),
                    CheckResult.lessThan("restAngularSpeed", restAngular, 0.05));
        }
    }
}
