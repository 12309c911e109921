package dev.sinew.scenes.solver;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** 500 mixed bodies in a slowly rotating hollow box (a kinematic body of six walls). */
public final class TumblerScene implements Scene {
    static final double INNER = 2.5; // inner half size, m
    static final double WALL = 0.25; // wall half thickness, m
    static final double SPIN = 0.5; // rad/s about z
    static final int GRID = 8;
    static final int COUNT = 500;

    @Override
    public String name() {
        return "tumbler";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "500 spheres, capsules, boxes and hulls in a rotating hollow box; nothing may escape";
    }

    @Override
    public double defaultSeconds() {
        return 20;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.seed());
    }

    /** Deterministic random hulls: points on an ellipsoid-ish blob. */
    static List<ConvexHull> hulls(Random rnd, int n) {
        List<ConvexHull> out = new ArrayList<>();
        for (int h = 0; h < n; h++) {
            List<Vector3d> pts = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                double u = rnd.nextDouble() * 2 - 1;
                double phi = rnd.nextDouble() * 2 * Math.PI;
                double r = Math.sqrt(1 - u * u);
                pts.add(new Vector3d(0.2 * r * StrictMath.cos(phi), 0.15 * u, 0.2 * r * StrictMath.sin(phi)));
            }
            out.add(ConvexHull.of(pts));
        }
        return out;
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle container;
        final List<BodyHandle> bodies = new ArrayList<>();
        final Vector3d p = new Vector3d();
        final Vector3d c = new Vector3d();
        final Quaterniond q = new Quaterniond();
        double maxPenetration;
        int escaped;

        Instance(long seed) {
            Random rnd = new Random(seed);
            BodySettings.Builder walls = BodySettings.builder(BodyType.KINEMATIC).angularVelocity(0, 0, SPIN);
            double off = INNER + WALL;
            double len = INNER + 2 * WALL;
            Material m = Material.DEFAULT.withFriction(0.5);
            walls.collider(Collider.of(new Box(len, WALL, len), m).at(new Vector3d(0, -off, 0), new Quaterniond()));
            walls.collider(Collider.of(new Box(len, WALL, len), m).at(new Vector3d(0, off, 0), new Quaterniond()));
            walls.collider(Collider.of(new Box(WALL, len, len), m).at(new Vector3d(-off, 0, 0), new Quaterniond()));
            walls.collider(Collider.of(new Box(WALL, len, len), m).at(new Vector3d(off, 0, 0), new Quaterniond()));
            walls.collider(Collider.of(new Box(len, len, WALL), m).at(new Vector3d(0, 0, -off), new Quaterniond()));
            walls.collider(Collider.of(new Box(len, len, WALL), m).at(new Vector3d(0, 0, off), new Quaterniond()));
            container = world.createBody(walls.build());
            List<ConvexHull> hulls = hulls(rnd, 8);
            double cell = 2 * INNER / GRID;
            int made = 0;
            for (int i = 0; i < GRID && made < COUNT; i++) {
                for (int j = 0; j < GRID && made < COUNT; j++) {
                    for (int k = 0; k < GRID && made < COUNT; k++) {
                        double x = -INNER + (i + 0.5) * cell;
                        double y = -INNER + (j + 0.5) * cell;
                        double z = -INNER + (k + 0.5) * cell;
                        Shape s = switch (made % 4) {
                            case 0 -> new Sphere(0.12 + 0.08 * rnd.nextDouble());
                            case 1 -> new Capsule(0.08 + 0.08 * rnd.nextDouble(), 0.08 + 0.04 * rnd.nextDouble());
                            case 2 -> new Box(0.1 + 0.08 * rnd.nextDouble(), 0.1 + 0.08 * rnd.nextDouble(),
                                    0.1 + 0.08 * rnd.nextDouble());
                            default -> hulls.get(rnd.nextInt(hulls.size()));
                        };
                        Quaterniond rot = SceneKit.axisAngle(0, 1, 0, rnd.nextDouble() * Math.PI);
                        bodies.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, y, z)
                                .orientation(rot).collider(Collider.of(s, m)).build()));
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

        int countEscaped() {
            world.position(container, c);
            world.orientation(container, q);
            Quaterniond inv = new Quaterniond(q).conjugate();
            int n = 0;
            for (BodyHandle b : bodies) {
                world.position(b, p).sub(c);
                inv.transform(p);
                double lim = INNER + 0.05;
                if (Math.abs(p.x) > lim || Math.abs(p.y) > lim || Math.abs(p.z) > lim || !p.isFinite()) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            escaped = countEscaped();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("escaped", escaped);
            m.put("maxPenetration", maxPenetration);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            escaped = countEscaped();
            return List.of(CheckResult.equalTo("escaped", escaped, 0),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02));
        }
    }
}
