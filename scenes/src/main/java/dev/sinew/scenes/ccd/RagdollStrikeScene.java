package dev.sinew.scenes.ccd;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * The hardest hit: the limp CMU ragdoll, settled on the ground for 0.5 s, then every body struck
 * at once toward a 1 cm static wall 0.6 m away at 30 m/s and down into the ground at 15 m/s, 2 s.
 * Nothing may pass through the wall or the ground, the joints must hold and nothing may go bad. The
 * wall is 4 m wide and a ragdoll thrown off it sideways can fly round its edge: a body counts as
 * through the wall when its centre crosses the wall's far face within the face.
 */
public final class RagdollStrikeScene implements Scene {
    static final double SPEED = 30;
    static final double DOWN = 15;
    static final double WALL = 0.01;
    /** The wall's half-height and half-width, m (its centre in line with the ragdoll's root). */
    static final double WALL_HALF = 2;
    /** Height of the wall's centre above the ground, m. */
    static final double WALL_Y = 1;
    static final long STRIKE_TICK = 30;

    @Override
    public String name() {
        return "ragdoll-strike";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "the limp ragdoll struck at 30 m/s into a 1 cm wall and 15 m/s into the ground; nothing passes, joints hold";
    }

    @Override
    public double defaultSeconds() {
        return 2.5;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final Ragdoll ragdoll;
        final double wallX;
        final double wallZ;
        final Vector3d p = new Vector3d();
        int passedWall;
        int belowGround;
        double maxSeparation;
        long faults;
        private final boolean[] past;
        private final boolean[] below;
        /** Each body's centre after the last tick, 3 per body. */
        private final double[] last;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
            RagdollDefinition def = Profiles.ragdoll("cmu-humanoid");
            ragdoll = RagdollDropScene.drop(world, walk, def, 0, 0, 0.01, false);
            world.position(ragdoll.body(0), p);
            wallX = p.x + 0.6;
            wallZ = p.z;
            world.createBody(BodySettings.builder(BodyType.STATIC).position(wallX + WALL / 2, WALL_Y, wallZ)
                    .collider(Collider.of(new Box(WALL / 2, WALL_HALF, WALL_HALF))).build());
            past = new boolean[ragdoll.bodyCount()];
            below = new boolean[ragdoll.bodyCount()];
            last = new double[3 * ragdoll.bodyCount()];
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                world.position(ragdoll.body(i), p);
                last[3 * i] = p.x;
                last[3 * i + 1] = p.y;
                last[3 * i + 2] = p.z;
            }
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return ragdoll.body(0);
        }

        @Override
        public void beforeStep(long tick) {
            if (tick == STRIKE_TICK) {
                for (int i = 0; i < ragdoll.bodyCount(); i++) {
                    BodyHandle b = ragdoll.body(i);
                    double m = world.body(b).mass();
                    world.body(b).applyImpulseAtPoint(new Vector3d(m * SPEED, -m * DOWN, 0), world.centerOfMass(b, p));
                }
            }
        }

        @Override
        public void afterStep(long tick) {
            faults += world.faultEvents().count();
            maxSeparation = Math.max(maxSeparation, world.debug().maxJointSeparation());
            double face = wallX + WALL;
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                world.position(ragdoll.body(i), p);
                double x0 = last[3 * i];
                if (x0 <= face && p.x > face) {
                    // where the centre's path over the tick crosses the far face's plane
                    double f = (face - x0) / (p.x - x0);
                    double y = last[3 * i + 1] + f * (p.y - last[3 * i + 1]);
                    double z = last[3 * i + 2] + f * (p.z - last[3 * i + 2]);
                    past[i] |= Math.abs(y - WALL_Y) <= WALL_HALF && Math.abs(z - wallZ) <= WALL_HALF;
                }
                last[3 * i] = p.x;
                last[3 * i + 1] = p.y;
                last[3 * i + 2] = p.z;
                below[i] |= p.y < -0.05;
            }
        }

        private static int count(boolean[] a) {
            int n = 0;
            for (boolean x : a) {
                n += x ? 1 : 0;
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("passedWall", count(past));
            m.put("belowGround", count(below));
            m.put("maxJointSeparation", maxSeparation);
            m.put("faults", faults);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("passedWall", count(past), 0),
                    CheckResult.equalTo("belowGround", count(below), 0),
                    CheckResult.lessThan("maxJointSeparation", maxSeparation, 0.005),
                    CheckResult.equalTo("faults", faults, 0));
        }
    }
}
