package dev.sinew.scenes.rig;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Random;
import org.joml.Vector3d;

/**
 * {@code --count N} limp CMU ragdolls (10 by default) dropped in a staggered pile: each one 0.5 m
 * higher than the last, shifted up to 0.3 m and turned at random (seeded), 10 s.
 * {@code maxJointSeparation} over all ticks (m), {@code belowGround} (bodies ever more than 5 mm
 * under the ground), {@code nanEvents} (ticks with a non-finite body position), and the report's
 * {@code msPerStepMedian}. With {@code --profile NAME} every ragdoll's drives are on at that
 * profile, pulling toward the standing pose it was dropped in (a pile of active ragdolls).
 * {@code --clip} and {@code --ragdoll} pile the user's ragdoll posed from their clip's first frame.
 */
public final class RagdollPileScene implements Scene {
    @Override
    public String name() {
        return "ragdoll-pile";
    }

    @Override
    public String category() {
        return "rig";
    }

    @Override
    public String description() {
        return "N CMU ragdolls (--count, default 10) dropped in a staggered pile; limp, or active with --profile";
    }

    @Override
    public double defaultSeconds() {
        return 10;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED, SceneOption.COUNT, SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    /** Ragdolls in the pile unless {@code --count} says otherwise. */
    static final int COUNT = 10;

    @Override
    public SceneCount count() {
        return new SceneCount("ragdolls", COUNT, 1_000, 262_144);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.count() > 0 ? options.count() : COUNT, options);
    }

    /** The pile's world: ground and CMU ragdolls, the same for the scene and its benchmark. */
    public static List<Ragdoll> build(World world, int count, long seed) {
        return build(world, Mocap.read("cmu/131_01.bvh"), Profiles.ragdoll("cmu-humanoid"), count, seed);
    }

    /** The pile's world with any clip's first frame and a ragdoll definition for its skeleton. */
    public static List<Ragdoll> build(World world, BvhImporter.Bvh walk, RagdollDefinition def, int count, long seed) {
        world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        return pile(world, walk, def, count, seed);
    }

    /**
     * The pile's ragdolls alone, over whatever ground the world has (its surface at y = 0): each
     * one 0.5 m higher than the last, shifted up to 0.3 m and turned at random by {@code seed}.
     */
    public static List<Ragdoll> pile(World world, BvhImporter.Bvh walk, RagdollDefinition def, int count, long seed) {
        Random r = new Random(seed);
        List<Ragdoll> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double x = (r.nextDouble() - 0.5) * 0.6;
            double z = (r.nextDouble() - 0.5) * 0.6;
            out.add(RagdollDropScene.drop(world, walk, def, x, z, dropHeight(i), 2 * Math.PI * r.nextDouble(), true));
        }
        return out;
    }

    /** How high ragdoll i of a pile is dropped, m: 0.5 m above the one before it. */
    private static double dropHeight(int i) {
        return 0.5 + 0.5 * i;
    }

    /**
     * Seconds until the last of {@code count} ragdolls has fallen to the ground, in free fall at
     * {@code gravity} m/s² (a pile of 1,000 is still landing after 10 s).
     */
    public static double landingSeconds(int count, double gravity) {
        return Math.sqrt(2 * dropHeight(Math.max(0, count - 1)) / gravity);
    }

    static final class Instance implements SceneInstance {
        final World world;
        final List<Ragdoll> ragdolls;
        final List<PoseDriver> drivers = new ArrayList<>();
        final List<boolean[]> below = new ArrayList<>();
        double maxSeparation;
        int nanEvents;

        Instance(int count, SceneOptions options) {
            world = new World(options.worldSettings());
            ragdolls = build(world, options.clip("cmu/131_01.bvh"), options.ragdoll("cmu-humanoid"), count, options.seed());
            DriveProfile drive = options.driveProfileOrNull();
            for (Ragdoll r : ragdolls) {
                below.add(new boolean[r.bodyCount()]);
                if (drive != null) {
                    PoseDriver d = new PoseDriver(r, drive);
                    d.capture(r.readPose(new Pose(r.mapper().skeleton())));
                    drivers.add(d);
                }
            }
        }

        @Override
        public void beforeStep(long tick) {
            for (PoseDriver d : drivers) {
                d.update();
            }
        }

        @Override
        public BodyHandle focus() {
            return ragdolls.get(0).body(0);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxSeparation = Math.max(maxSeparation, world.debug().maxJointSeparation());
            boolean nan = false;
            Vector3d p = new Vector3d();
            for (int k = 0; k < ragdolls.size(); k++) {
                Ragdoll r = ragdolls.get(k);
                for (int i = 0; i < r.bodyCount(); i++) {
                    nan |= !world.position(r.body(i), p).isFinite();
                    if (RagdollDropScene.lowestPoint(world, r, i) < -0.005) {
                        below.get(k)[i] = true;
                    }
                }
            }
            nanEvents += nan ? 1 : 0;
        }

        int belowGround() {
            int n = 0;
            for (boolean[] b : below) {
                for (boolean x : b) {
                    n += x ? 1 : 0;
                }
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ragdolls", ragdolls.size());
            m.put("maxJointSeparation", maxSeparation);
            m.put("belowGround", belowGround());
            m.put("nanEvents", nanEvents);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("belowGround", belowGround(), 0),
                    CheckResult.lessThan("maxJointSeparation", maxSeparation, 0.005),
                    CheckResult.equalTo("nanEvents", nanEvents, 0));
        }
    }
}
