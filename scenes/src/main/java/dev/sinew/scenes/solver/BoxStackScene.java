package dev.sinew.scenes.solver;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/** Twenty unit boxes stacked on the ground: the stack must stand still and fall asleep. */
public final class BoxStackScene implements Scene {
    static final int COUNT = 20;

    @Override
    public String name() {
        return "box-stack";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "20 unit boxes stacked on a static ground; drift, overlap and time to sleep";
    }

    @Override
    public double defaultSeconds() {
        return 60;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle top;
        final Vector3d topStart = new Vector3d();
        final Vector3d tmp = new Vector3d();
        double maxPenetration;
        double topDrift;
        double sleepSeconds = -1;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            BodyHandle last = null;
            for (int i = 0; i < COUNT; i++) {
                last = SceneKit.box(world, 0, 0.5 + i, 0, 0.5, 0.5, 0.5, Material.DEFAULT);
            }
            top = last;
            world.position(top, topStart);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.deepestPenetration());
            topDrift = Math.max(topDrift, SceneKit.horizontal(world.position(top, tmp), topStart));
            if (sleepSeconds < 0 && world.allAsleep()) {
                sleepSeconds = (tick + 1) * world.settings().tickSeconds();
            }
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("topDrift", topDrift);
            m.put("maxPenetration", maxPenetration);
            m.put("sleepSeconds", sleepSeconds);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(
                    CheckResult.lessThan("topDrift", topDrift, 0.01),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02),
                    CheckResult.atMost("sleepSeconds", sleepSeconds < 0 ? Double.POSITIVE_INFINITY : sleepSeconds, 10));
        }
    }
}
