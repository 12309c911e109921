package dev.sinew.scenes.rig;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
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
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The CMU ragdoll ({@code profiles/ragdolls/cmu-humanoid.json}), limp, posed from the first frame of
 * the walk and dropped with its feet 1 m above the ground, 10 s; a second one beside it with
 * sleeping off. {@code maxJointSeparation} over all ticks (m), {@code restLinearSpeed} and
 * {@code restAngularSpeed} (the largest over both ragdolls' bodies and over the ticks after 5 s),
 * {@code belowGround} (bodies whose lowest point was ever more than 5 mm under the ground) and
 * {@code sleepSeconds} (when the first ragdoll fell asleep; −1 if it did not). {@code --clip} and
 * {@code --ragdoll} drop the user's ragdoll posed from the first frame of their clip.
 */
public final class RagdollDropScene implements Scene {
    /** Seconds after which the dropped ragdolls should lie at rest (the rest speeds are measured after it). */
    public static final double SETTLE = 5;

    @Override
    public String name() {
        return "ragdoll-drop";
    }

    @Override
    public String category() {
        return "rig";
    }

    @Override
    public String description() {
        return "the limp CMU ragdoll dropped from 1 m (and one with sleep off); joint error and rest";
    }

    @Override
    public double defaultSeconds() {
        return 10;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP, SceneOption.RAGDOLL);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    /**
     * Builds the CMU ragdoll posed from the walk's first frame with its root at (x, ·, z) metres and
     * its lowest bone {@code lift} metres above the ground, awake or allowed to sleep.
     */
    public static Ragdoll drop(World world, BvhImporter.Bvh walk, RagdollDefinition def, double x, double z, double lift,
            boolean allowSleep) {
        return drop(world, walk, def, x, z, lift, 0, allowSleep);
    }

    /** {@link #drop} turned by {@code yaw} rad about the vertical (+Y) axis. */
    public static Ragdoll drop(World world, BvhImporter.Bvh walk, RagdollDefinition def, double x, double z, double lift,
            double yaw, boolean allowSleep) {
        return drop(world, walk, def, 0, x, z, lift, yaw, allowSleep);
    }

    /** {@link #drop} posed from the clip's frame {@code frame} (0-based) instead of its first. */
    public static Ragdoll drop(World world, BvhImporter.Bvh walk, RagdollDefinition def, int frame, double x, double z,
            double lift, double yaw, boolean allowSleep) {
        Pose pose = walk.clip().frame(frame, new Pose(walk.skeleton()));
        if (yaw != 0) {
            pose.setLocalRotation(0, new Quaterniond().rotateY(yaw).mul(pose.localRotation(0, new Quaterniond())).normalize());
        }
        Vector3d root = pose.rootTranslation(new Vector3d());
        pose.evaluate();
        double lowest = Double.POSITIVE_INFINITY;
        for (int b = 0; b < walk.skeleton().boneCount(); b++) {
            lowest = Math.min(lowest, pose.modelPosition(b, new Vector3d()).y);
        }
        pose.setRootTranslation(new Vector3d(x, root.y - lowest + lift, z));
        return Ragdoll.build(world, walk.skeleton(), def, pose, allowSleep);
    }

    /** The lowest point of ragdoll body i's shape now, m. */
    public static double lowestPoint(World w, Ragdoll r, int i) {
        Shape s = r.shape(i);
        Vector3d c = w.position(r.body(i), new Vector3d());
        Quaterniond q = w.orientation(r.body(i), new Quaterniond());
        if (s instanceof Sphere sp) {
            return c.y - sp.radius();
        }
        if (s instanceof Capsule cap) {
            double dy = Math.abs(q.transform(new Vector3d(0, cap.halfHeight(), 0)).y);
            return c.y - dy - cap.radius();
        }
        Box b = (Box) s;
        double lo = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            Vector3d corner = q.transform(new Vector3d((k & 1) == 0 ? -b.halfX() : b.halfX(),
                    (k & 2) == 0 ? -b.halfY() : b.halfY(), (k & 4) == 0 ? -b.halfZ() : b.halfZ()));
            lo = Math.min(lo, c.y + corner.y);
        }
        return lo;
    }

    static final class Instance implements SceneInstance {
        final World world;
        final Ragdoll sleeper;
        final Ragdoll awake;
        final boolean[] below;
        double maxSeparation;
        double restLinear;
        double restAngular;
        double sleepSeconds = -1;

        Instance(SceneOptions options) {
            world = new World(options.worldSettings());
            world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
            BvhImporter.Bvh walk = options.clip("cmu/131_01.bvh");
            RagdollDefinition def = options.ragdoll("cmu-humanoid");
            sleeper = drop(world, walk, def, 0, 0, 1, true);
            awake = drop(world, walk, def, 3, 0, 1, false);
            below = new boolean[2 * sleeper.bodyCount()];
        }

        @Override
        public BodyHandle focus() {
            return sleeper.body(0);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            maxSeparation = Math.max(maxSeparation, world.debug().maxJointSeparation());
            Vector3d v = new Vector3d();
            boolean asleep = true;
            for (int k = 0; k < 2; k++) {
                Ragdoll r = k == 0 ? sleeper : awake;
                for (int i = 0; i < r.bodyCount(); i++) {
                    if (lowestPoint(world, r, i) < -0.005) {
                        below[k * r.bodyCount() + i] = true;
                    }
                    if (t > SETTLE) {
                        restLinear = Math.max(restLinear, world.linearVelocity(r.body(i), v).length());
                        restAngular = Math.max(restAngular, world.angularVelocity(r.body(i), v).length());
                    }
                    if (k == 0) {
                        asleep &= !world.isAwake(r.body(i));
                    }
                }
            }
            if (asleep && sleepSeconds < 0) {
                sleepSeconds = t;
            }
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
            m.put("maxJointSeparation", maxSeparation);
            m.put("restLinearSpeed", restLinear);
            m.put("restAngularSpeed", restAngular);
            m.put("belowGround", belowGround());
            m.put("sleepSeconds", sleepSeconds);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxJointSeparation", maxSeparation, 0.001),
                    CheckResult.lessThan("restLinearSpeed", restLinear, 0.01),
                    CheckResult.lessThan("restAngularSpeed", restAngular, 0.05),
                    CheckResult.equalTo("belowGround", belowGround(), 0),
                    CheckResult.lessThan("sleepSeconds", sleepSeconds < 0 ? Double.POSITIVE_INFINITY : sleepSeconds, 8));
        }
    }
}
