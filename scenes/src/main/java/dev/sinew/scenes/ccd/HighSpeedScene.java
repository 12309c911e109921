package dev.sinew.scenes.ccd;

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
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.joml.Vector3d;

/**
 * 1,000 boxes and spheres launched at 250 m/s in random directions inside a closed static box
 * (inner half size {@value #INNER} m, walls 0.5 m thick), 10 s. Nothing may leave the box.
 */
public final class HighSpeedScene implements Scene {
    static final double INNER = 10;
    static final double WALL = 0.25;
    static final double SPEED = 250;
    static final int COUNT = 1000;

    @Override
    public String name() {
        return "high-speed";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "1,000 boxes and spheres at 250 m/s in random directions inside a closed static box; escaped must be 0";
    }

    @Override
    public double defaultSeconds() {
        return 10;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED, SceneOption.COUNT);
    }

    @Override
    public SceneCount count() {
        return new SceneCount("bodies", COUNT, 20_000, 8_192);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.seed(), options.count() > 0 ? options.count() : COUNT);
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<BodyHandle> bodies = new ArrayList<>();
        final Vector3d p = new Vector3d();
        double maxPenetration;

        Instance(long seed, int count) {
            Random rnd = new Random(seed);
            double off = INNER + WALL;
            double len = INNER + 2 * WALL;
            Material m = Material.DEFAULT.withFriction(0.3);
            for (int axis = 0; axis < 3; axis++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    double[] c = new double[3];
                    double[] h = {len, len, len};
                    c[axis] = sign * off;
                    h[axis] = WALL;
                    world.createBody(BodySettings.builder(BodyType.STATIC).position(c[0], c[1], c[2])
                            .collider(Collider.of(new Box(h[0], h[1], h[2]), m)).build());
                }
            }
            int side = (int) Math.ceil(Math.cbrt(count));
            double cell = 2 * (INNER - 0.5) / side;
            int made = 0;
            for (int i = 0; i < side && made < count; i++) {
                for (int j = 0; j < side && made < count; j++) {
                    for (int k = 0; k < side && made < count; k++) {
                        Vector3d dir = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize(SPEED);
                        Shape s = made % 2 == 0 ? new Sphere(0.1 + 0.1 * rnd.nextDouble())
                                : new Box(0.08 + 0.1 * rnd.nextDouble(), 0.08 + 0.1 * rnd.nextDouble(), 0.08 + 0.1 * rnd.nextDouble());
                        bodies.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                                .position(-INNER + 0.5 + (i + 0.5) * cell, -INNER + 0.5 + (j + 0.5) * cell, -INNER + 0.5 + (k + 0.5) * cell)
                                .linearVelocity(dir.x, dir.y, dir.z).collider(Collider.of(s, m)).build()));
                        made++;
                    }
                }
            }
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.deepestPenetration());
        }

        int escaped() {
            int n = 0;
            for (BodyHandle b : bodies) {
                world.position(b, p);
                if (!p.isFinite() || Math.abs(p.x) > INNER || Math.abs(p.y) > INNER || Math.abs(p.z) > INNER) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("escaped", escaped());
            m.put("maxPenetration", maxPenetration);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("escaped", escaped(), 0));
        }
    }
}
