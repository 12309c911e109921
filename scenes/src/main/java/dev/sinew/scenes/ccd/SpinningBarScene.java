package dev.sinew.scenes.ccd;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Box;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * A 2 m × 0.02 m × 0.02 m bar spinning at 100 rad/s about the vertical axis while it moves at
 * 20 m/s toward a static wall 0.1 m thick (no gravity). Its ends sweep 100 m/s; per tick it turns
 * 95°. It tunnels if its centre ends up past the wall.
 */
public final class SpinningBarScene implements Scene {
    @Override
    public String name() {
        return "spinning-bar";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "a 2 m thin bar spinning at 100 rad/s moving at 20 m/s toward a wall; tunneled must be 0";
    }

    @Override
    public double defaultSeconds() {
        return 2;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        final BodyHandle bar;
        final Vector3d p = new Vector3d();
        double closest = Double.POSITIVE_INFINITY;

        Instance() {
            world.createBody(BodySettings.builder(BodyType.STATIC).position(0.05, 0, 0)
                    .collider(Collider.of(new Box(0.05, 3, 3))).build());
            bar = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-6, 0, 0).linearVelocity(20, 0, 0)
                    .angularVelocity(0, 100, 0).collider(Collider.of(new Box(1, 0.01, 0.01))).build());
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            closest = Math.min(closest, -world.position(bar, p).x);
        }

        int tunneled() {
            return world.position(bar, p).x > 0.05 ? 1 : 0;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tunneled", tunneled());
            m.put("closestCentreToWall", closest);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("tunneled", tunneled(), 0));
        }
    }
}
