package dev.sinew.scenes.solver;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/** A 20-layer pyramid of unit boxes (210 boxes) that must hold its shape. */
public final class PyramidScene implements Scene {
    public static final int LAYERS = 20;

    @Override
    public String name() {
        return "pyramid";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "20-layer pyramid of 210 unit boxes; largest drift from the settled pose";
    }

    @Override
    public double defaultSeconds() {
        return 30;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /** Builds the pyramid into a world; returns the boxes bottom layer first. */
    public static List<BodyHandle> build(World world) {
        SceneKit.ground(world, Material.DEFAULT);
        List<BodyHandle> boxes = new ArrayList<>();
        double gap = 0.01;
        for (int layer = 0; layer < LAYERS; layer++) {
            int n = LAYERS - layer;
            double x0 = -0.5 * (n - 1) * (1 + gap);
            for (int i = 0; i < n; i++) {
                boxes.add(SceneKit.box(world, x0 + i * (1 + gap), 0.5 + layer, 0, 0.5, 0.5, 0.5, Material.DEFAULT));
            }
        }
        return boxes;
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<BodyHandle> boxes;
        final Vector3d[] settled;
        final Vector3d tmp = new Vector3d();
        double maxPenetration;
        double maxDrift;
        final long settleTick;

        Instance() {
            boxes = build(world);
            settled = new Vector3d[boxes.size()];
            settleTick = Math.round(1.0 / world.settings().tickSeconds()) - 1;
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.debug().deepestPenetration());
            if (tick == settleTick) {
                for (int i = 0; i < boxes.size(); i++) {
                    settled[i] = world.position(boxes.get(i), new Vector3d());
                }
            } else if (tick > settleTick) {
                for (int i = 0; i < boxes.size(); i++) {
                    maxDrift = Math.max(maxDrift, world.position(boxes.get(i), tmp).distance(settled[i]));
                }
            }
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxDrift", maxDrift);
            m.put("maxPenetration", maxPenetration);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxDrift", maxDrift, 0.01),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02));
        }
    }
}
