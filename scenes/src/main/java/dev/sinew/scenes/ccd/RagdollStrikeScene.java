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
 * Nothing may pass the wall or the ground, the joints must hold and nothing may go bad.
 */
public final class RagdollStrikeScene implements Scene {
    static final double SPEED = 30;
    static final double DOWN = 15;
    static final double WALL = 0.01;
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
        final Vector3d p = new Vector3d();
        int passedWall;
        int belowGround;
        double maxSeparation;
        long faults;
        private final boolean[] past;
        private final boolean[] below;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
            RagdollDefinition def = Profiles.ragdoll("cmu-humanoid");
            ragdoll = RagdollDropScene.drop(world, walk, def, 0, 0, 0.01, false);
            world.position(ragdoll.body(0), p);
            wallX = p.x + 0.6;
            world.createBody(BodySettings.builder(BodyType.STATIC).position(wallX + WALL / 2, 1, p.z)
                    .collider(Collider.of(new Box(WALL / 2, 2, 2))).build());
            past = new boolean[ragdoll.bodyCount()];
            below = new boolean[ragdoll.bodyCount()];
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
                    double m = world.mass(b);
                    world.applyImpulseAtPoint(b, new Vector3d(m * SPEED, -m * DOWN, 0), world.centerOfMass(b, p));
                }
            }
        }

        @Override
        public void afterStep(long tick) {
            faults += world.faultEvents().count();
            maxSeparation = Math.max(maxSeparation, world.maxJointSeparation());
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                world.position(ragdoll.body(i), p);
                past[i] |= p.x > wallX + WALL;
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
