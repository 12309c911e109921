package dev.sinew.scenes.ccd;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Bodies spawned inside each other: 100 boxes (0.5 m) in 50 pairs overlapping by 25 % of their
 * width, and a capsule lying 0.1 m into the ground. They must come apart no faster than the world's
 * maximum push-out speed plus what gravity adds in a tick: {@code maxPushOutSpeed} is the largest
 * distance any body moved in one tick divided by the tick.
 */
public final class OverlapRecoveryScene implements Scene {
    @Override
    public String name() {
        return "overlap-recovery";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "100 boxes spawned 25 % overlapped and a capsule 0.1 m into the ground; push-out no faster than the cap + g·dt";
    }

    @Override
    public double defaultSeconds() {
        return 3;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<BodyHandle> bodies = new ArrayList<>();
        final List<Vector3d> last = new ArrayList<>();
        final Vector3d p = new Vector3d();
        double maxSpeed;
        double capsuleDepthEnd;
        final BodyHandle capsule;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            for (int i = 0; i < 50; i++) {
                double x = 2.0 * (i % 10) - 9;
                double z = 2.0 * (i / 10) - 4;
                // two 0.5 m boxes side by side on the ground, overlapping by 0.125 m
                bodies.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x - 0.1875, 0.25, z)
                        .collider(Collider.of(new Box(0.25, 0.25, 0.25))).build()));
                bodies.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x + 0.1875, 0.25, z)
                        .collider(Collider.of(new Box(0.25, 0.25, 0.25))).build()));
            }
            // lying along x, its lowest point 0.1 m below the ground
            capsule = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.1 - 0.1, 8)
                    .orientation(new Quaterniond().rotateZ(Math.PI / 2)).collider(Collider.of(new Capsule(0.4, 0.1))).build());
            bodies.add(capsule);
            for (BodyHandle b : bodies) {
                last.add(world.position(b, new Vector3d()));
            }
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            double dt = world.settings().tickSeconds();
            for (int i = 0; i < bodies.size(); i++) {
                world.position(bodies.get(i), p);
                maxSpeed = Math.max(maxSpeed, p.distance(last.get(i)) / dt);
                last.get(i).set(p);
            }
            capsuleDepthEnd = Math.max(0, 0.1 - world.position(capsule, p).y);
        }

        double limit() {
            return world.settings().maxPushOutSpeed() + Math.abs(world.settings().gravity().y()) * world.settings().tickSeconds();
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxPushOutSpeed", maxSpeed);
            m.put("pushOutLimit", limit());
            m.put("maxPenetration", world.debug().deepestPenetration());
            m.put("capsuleDepthEnd", capsuleDepthEnd);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.atMost("maxPushOutSpeed", maxSpeed, limit()),
                    CheckResult.lessThan("maxPenetration", world.debug().deepestPenetration(), 0.005));
        }
    }
}
