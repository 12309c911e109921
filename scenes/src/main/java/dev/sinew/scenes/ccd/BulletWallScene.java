package dev.sinew.scenes.ccd;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.ContactEvents;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * Three shots along +x, each in its own lane (z) and without gravity: a 0.05 m-radius sphere at
 * 500 m/s at a static wall 0.1 m thick, the same at a wall 0.01 m thick, and a 0.1 m sphere at
 * 200 m/s at a wall of dynamic boxes. A shot tunnels when it ends up past its wall's far face
 * (static walls) or past the box wall without ever having touched a box of it.
 */
public final class BulletWallScene implements Scene {
    /** The near face of every wall, x (m); the shots start 10 m before it. */
    static final double NEAR = 0;

    @Override
    public String name() {
        return "bullet-wall";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "spheres at 500 m/s into 0.1 m and 0.01 m static walls and at 200 m/s into a wall of boxes; tunneled must be 0";
    }

    @Override
    public double defaultSeconds() {
        return 2;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /** One shot: the ball, its wall's far face (static walls) and the bodies of its wall. */
    record Shot(BodyHandle ball, double radius, double farFace, List<BodyHandle> wall, boolean staticWall) {
    }

    static final class Instance implements SceneInstance {
        final World world = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        final List<Shot> shots = new ArrayList<>();
        final boolean[] touched = new boolean[3];
        final double[] closest = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        final Vector3d p = new Vector3d();

        Instance() {
            shots.add(staticShot(-3, 0.05, 500, 0.1));
            shots.add(staticShot(0, 0.05, 500, 0.01));
            // a wall of 3 × 3 dynamic boxes, 0.3 m each, held up only by each other (no gravity)
            List<BodyHandle> boxes = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    boxes.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                            .position(NEAR + 0.15, 0.3 * (i - 1), 3 + 0.3 * (j - 1))
                            .collider(Collider.of(new Box(0.15, 0.15, 0.15), Material.DEFAULT)).build()));
                }
            }
            BodyHandle ball = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(NEAR - 10, 0, 3)
                    .linearVelocity(200, 0, 0).collider(Collider.of(new Sphere(0.1))).build());
            shots.add(new Shot(ball, 0.1, NEAR + 0.3, boxes, false));
        }

        private Shot staticShot(double z, double radius, double speed, double thickness) {
            BodyHandle wall = world.createBody(BodySettings.builder(BodyType.STATIC).position(NEAR + thickness / 2, 0, z)
                    .collider(Collider.of(new Box(thickness / 2, 1, 1))).build());
            BodyHandle ball = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(NEAR - 10, 0, z)
                    .linearVelocity(speed, 0, 0).collider(Collider.of(new Sphere(radius))).build());
            return new Shot(ball, radius, NEAR + thickness, List.of(wall), true);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            ContactEvents ev = world.contactEvents();
            for (int k = 0; k < shots.size(); k++) {
                Shot s = shots.get(k);
                for (int i = 0; i < ev.count(ContactEvents.Kind.BEGIN); i++) {
                    BodyHandle a = ev.bodyA(ContactEvents.Kind.BEGIN, i);
                    BodyHandle b = ev.bodyB(ContactEvents.Kind.BEGIN, i);
                    if ((a.equals(s.ball()) && s.wall().contains(b)) || (b.equals(s.ball()) && s.wall().contains(a))) {
                        touched[k] = true;
                    }
                }
                world.position(s.ball(), p);
                closest[k] = Math.min(closest[k], NEAR - (p.x + s.radius()));
            }
        }

        int tunneled() {
            int n = 0;
            for (int k = 0; k < shots.size(); k++) {
                Shot s = shots.get(k);
                world.position(s.ball(), p);
                boolean past = p.x - s.radius() > s.farFace();
                if (s.staticWall() ? past : past && !touched[k]) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tunneled", tunneled());
            m.put("stopDistance", List.of(closest[0], closest[1], closest[2]));
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("tunneled", tunneled(), 0));
        }
    }
}
