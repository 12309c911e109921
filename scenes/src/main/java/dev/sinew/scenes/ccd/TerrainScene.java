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
import dev.sinew.solver.ContactPoint;
import dev.sinew.solver.Material;
import dev.sinew.solver.RayHit;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.HeightField;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.TriangleMesh;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Capsules and boxes dropped on rolling terrain, half on a heightfield and half on a triangle
 * mesh of a few thousand triangles, 20 s; and two frictionless capsules sliding down a smooth
 * triangulated 20° slope, one along the fall line and one turned 45° across it, so their ends
 * cross edges every way.
 *
 * <p>{@code maxPenetration}: the deepest overlap of any body with the terrain (m; between two
 * bodies it is {@code maxBodyPenetration}, not checked here). {@code belowTerrain}: bodies whose centre was ever below the surface under it (found by a
 * ray cast down onto the terrain body). {@code snagEvents}: ticks in which a sliding capsule's
 * speed along the slope changed by more than 25 % away from the frictionless g·sin θ·dt, or its
 * speed off the slope exceeded 0.05 m/s (a catch on an edge stops it, a jump lifts it).
 */
public final class TerrainScene implements Scene {
    static final int COUNT = 50;
    /** Heightfield: samples per side and spacing, m. */
    static final int FIELD_SAMPLES = 65;
    static final double FIELD_SPACING = 0.5;
    /** Mesh: cells per side (two triangles each) and spacing, m; placed at x ≥ MESH_X. */
    static final int MESH_CELLS = 40;
    static final double MESH_SPACING = 0.75;
    static final double MESH_X = 40;
    static final double SLOPE_DEGREES = 20;
    static final double SLOPE_LENGTH = 12;
    static final double SLOPE_Z = -20;
    static final double FLOOR = -4;

    @Override
    public String name() {
        return "terrain";
    }

    @Override
    public String category() {
        return "ccd";
    }

    @Override
    public String description() {
        return "50 capsules and boxes dropped on a heightfield and a triangle mesh; frictionless capsules slide a"
                + " triangulated slope; belowTerrain and snagEvents must be 0";
    }

    @Override
    public double defaultSeconds() {
        return 20;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED, SceneOption.COUNT);
    }

    @Override
    public SceneCount count() {
        return new SceneCount("bodies", COUNT, 5_000, 8_192);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.seed(), options.count() > 0 ? options.count() : COUNT);
    }

    /** Rolling hills in a bowl (so bodies stay on), m: the same function shapes both terrains. */
    static double hills(double x, double z) {
        double cx = x < MESH_X ? 16 : MESH_X + 15;
        double r2 = (x - cx) * (x - cx) + (z - 16) * (z - 16);
        return 1.2 * Math.sin(0.35 * x) * Math.cos(0.27 * z) + 0.4 * Math.sin(0.9 * x + 0.5 * z) + 0.012 * r2;
    }

    /** A grid mesh over [x0, x0 + cells·s] × [z0, z0 + cells·s] with heights f, diagonals alternating. */
    public static TriangleMesh gridMesh(int cellsX, int cellsZ, double s, double x0, double z0,
            java.util.function.DoubleBinaryOperator f) {
        int nx = cellsX + 1;
        double[] v = new double[3 * nx * (cellsZ + 1)];
        for (int j = 0; j <= cellsZ; j++) {
            for (int i = 0; i <= cellsX; i++) {
                int o = 3 * (j * nx + i);
                v[o] = x0 + i * s;
                v[o + 2] = z0 + j * s;
                v[o + 1] = f.applyAsDouble(v[o], v[o + 2]);
            }
        }
        int[] idx = new int[6 * cellsX * cellsZ];
        int q = 0;
        for (int j = 0; j < cellsZ; j++) {
            for (int i = 0; i < cellsX; i++) {
                int a = j * nx + i;
                int b = a + 1;
                int c = a + nx;
                int d = c + 1;
                if (((i + j) & 1) == 0) {
                    q = tri(idx, q, a, c, d);
                    q = tri(idx, q, a, d, b);
                } else {
                    q = tri(idx, q, a, c, b);
                    q = tri(idx, q, b, c, d);
                }
            }
        }
        return new TriangleMesh(v, idx);
    }

    private static int tri(int[] idx, int q, int a, int b, int c) {
        idx[q] = a;
        idx[q + 1] = b;
        idx[q + 2] = c;
        return q + 3;
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<BodyHandle> dropped = new ArrayList<>();
        final BodyHandle field;
        final BodyHandle mesh;
        final BodyHandle slope;
        final List<BodyHandle> sliders = new ArrayList<>();
        final double[] lastAlong;
        final boolean[] onSlope;
        final boolean[] below;
        final Vector3d p = new Vector3d();
        final Vector3d v = new Vector3d();
        final Vector3d down = new Vector3d(0, -1, 0);
        final Vector3d fall;
        final Vector3d slopeNormal;
        final int meshTriangles;
        double maxPenetration;
        double maxBodyPenetration;
        final ContactPoint contact = new ContactPoint();
        int snagEvents;
        double maxOffSlopeSpeed;

        Instance(long seed, int count) {
            Material ground = Material.DEFAULT.withFriction(0.6);
            HeightField hf = HeightField.sample(FIELD_SAMPLES, FIELD_SAMPLES, FIELD_SPACING, FIELD_SPACING, TerrainScene::hills);
            field = world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(hf, ground)).build());
            TriangleMesh m = gridMesh(MESH_CELLS, MESH_CELLS, MESH_SPACING, MESH_X, 0, TerrainScene::hills);
            meshTriangles = m.triangleCount();
            mesh = world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(m, ground)).build());
            double tan = Math.tan(Math.toRadians(SLOPE_DEGREES));
            int cells = (int) Math.round(SLOPE_LENGTH / 0.5);
            TriangleMesh sm = gridMesh(cells, 8, 0.5, 0, SLOPE_Z, (x, z) -> 10 - x * tan);
            slope = world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(sm, Material.DEFAULT.withFriction(0))).build());
            // a floor far below catches what leaves the slope's end
            world.createBody(BodySettings.builder(BodyType.STATIC).position(0, FLOOR, 0)
                    .collider(Collider.of(Plane.ground(), ground)).build());
            double th = Math.toRadians(SLOPE_DEGREES);
            fall = new Vector3d(Math.cos(th), -Math.sin(th), 0);
            slopeNormal = new Vector3d(Math.sin(th), Math.cos(th), 0);
            Quaterniond tilt = new Quaterniond().rotateZ(-th);
            for (int k = 0; k < 2; k++) {
                double yaw = k == 0 ? 0 : Math.PI / 4;
                Quaterniond o = new Quaterniond(tilt).mul(new Quaterniond().rotateY(yaw))
                        .mul(new Quaterniond().rotateZ(Math.PI / 2));
                double x0 = 1.5;
                Vector3d at = new Vector3d(x0, 10 - x0 * tan, SLOPE_Z + 1.3 + 1.7 * k).fma(0.15, slopeNormal);
                sliders.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(at.x, at.y, at.z)
                        .orientation(o).collider(Collider.of(new Capsule(0.5, 0.15), Material.DEFAULT.withFriction(0)))
                        .build()));
            }
            lastAlong = new double[sliders.size()];
            onSlope = new boolean[sliders.size()];
            java.util.Arrays.fill(onSlope, true);
            Random rnd = new Random(seed);
            Material bodyMat = Material.DEFAULT.withFriction(0.5);
            for (int i = 0; i < count; i++) {
                boolean onMesh = i % 2 == 1;
                double span = onMesh ? MESH_CELLS * MESH_SPACING : (FIELD_SAMPLES - 1) * FIELD_SPACING;
                double x = (onMesh ? MESH_X : 0) + span * (0.2 + 0.6 * rnd.nextDouble());
                double z = span * (0.2 + 0.6 * rnd.nextDouble());
                Shape s = (i / 2) % 2 == 0
                        ? new Capsule(0.2 + 0.3 * rnd.nextDouble(), 0.12 + 0.1 * rnd.nextDouble())
                        : new Box(0.1 + 0.25 * rnd.nextDouble(), 0.1 + 0.2 * rnd.nextDouble(), 0.1 + 0.25 * rnd.nextDouble());
                Quaterniond o = new Quaterniond().rotateXYZ(rnd.nextDouble() * 6.28, rnd.nextDouble() * 6.28,
                        rnd.nextDouble() * 6.28);
                dropped.add(world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                        .position(x, hills(x, z) + 2 + 2 * rnd.nextDouble(), z).orientation(o)
                        .collider(Collider.of(s, bodyMat)).build()));
            }
            below = new boolean[dropped.size()];
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return dropped.get(0);
        }

        @Override
        public void afterStep(long tick) {
            world.forEachContactPoint(contact, c -> {
                boolean terrain = isTerrain(c.bodyA()) || isTerrain(c.bodyB());
                if (terrain) {
                    maxPenetration = Math.max(maxPenetration, c.depth());
                } else {
                    maxBodyPenetration = Math.max(maxBodyPenetration, c.depth());
                }
            });
            for (int i = 0; i < dropped.size(); i++) {
                if (!below[i]) {
                    below[i] = underTerrain(dropped.get(i));
                }
            }
            double dt = world.settings().tickSeconds();
            double expected = 9.81 * Math.sin(Math.toRadians(SLOPE_DEGREES)) * dt;
            for (int k = 0; k < sliders.size(); k++) {
                if (!onSlope[k]) {
                    continue;
                }
                BodyHandle b = sliders.get(k);
                world.position(b, p);
                // on the slope while its whole length is over it (the capsule is 0.8 m end to end)
                if (p.x > SLOPE_LENGTH - 1) {
                    onSlope[k] = false;
                    continue;
                }
                world.linearVelocity(b, v);
                double along = v.dot(fall);
                double off = Math.abs(v.dot(slopeNormal));
                maxOffSlopeSpeed = Math.max(maxOffSlopeSpeed, off);
                if (tick > 0 && (Math.abs(along - lastAlong[k] - expected) > 0.25 * expected || off > 0.05)) {
                    snagEvents++;
                }
                lastAlong[k] = along;
            }
        }

        private boolean isTerrain(BodyHandle b) {
            return b.equals(field) || b.equals(mesh) || b.equals(slope);
        }

        /** True when the body's centre is below the terrain surface under it. */
        private boolean underTerrain(BodyHandle b) {
            world.position(b, p);
            if (!p.isFinite()) {
                return true;
            }
            for (RayHit h : world.queries().rayCastAll(new Vector3d(p.x, 100, p.z), down, 200)) {
                if (h.body().equals(field) || h.body().equals(mesh)) {
                    return h.point().y() > p.y;
                }
            }
            return false; // off the terrain
        }

        int belowTerrain() {
            int n = 0;
            for (boolean x : below) {
                n += x ? 1 : 0;
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("belowTerrain", belowTerrain());
            m.put("maxPenetration", maxPenetration);
            m.put("maxBodyPenetration", maxBodyPenetration);
            m.put("snagEvents", snagEvents);
            m.put("maxOffSlopeSpeed", maxOffSlopeSpeed);
            m.put("meshTriangles", meshTriangles);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("belowTerrain", belowTerrain(), 0),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02),
                    CheckResult.equalTo("snagEvents", snagEvents, 0));
        }
    }
}
