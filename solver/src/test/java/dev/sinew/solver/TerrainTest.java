package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.collision.TerrainManifolds;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.HeightField;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.shape.Terrain;
import dev.sinew.solver.shape.TriangleMesh;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Heightfields and triangle meshes: resting, sliding across seams, distances, rays, holes, bad input. */
class TerrainTest {
    static final double SLOPE = Math.toRadians(20);

    /** A grid mesh with alternating diagonals (so seams run every way), heights from f. */
    static TriangleMesh grid(int cells, double s, java.util.function.DoubleBinaryOperator f) {
        int n = cells + 1;
        double[] v = new double[3 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int o = 3 * (j * n + i);
                v[o] = i * s;
                v[o + 2] = j * s;
                v[o + 1] = f.applyAsDouble(v[o], v[o + 2]);
            }
        }
        int[] idx = new int[6 * cells * cells];
        int q = 0;
        for (int j = 0; j < cells; j++) {
            for (int i = 0; i < cells; i++) {
                int a = j * n + i;
                int b = a + 1;
                int c = a + n;
                int d = c + 1;
                int[] t = ((i + j) & 1) == 0 ? new int[] {a, c, d, a, d, b} : new int[] {a, c, b, b, c, d};
                System.arraycopy(t, 0, idx, q, 6);
                q += 6;
            }
        }
        return new TriangleMesh(v, idx);
    }

    static Terrain terrain(String kind, java.util.function.DoubleBinaryOperator f) {
        return kind.equals("heightfield") ? HeightField.sample(41, 41, 0.5, 0.5, f) : grid(40, 0.5, f);
    }

    static BodyHandle staticBody(World w, Shape s, Material m) {
        return w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(s, m)).build());
    }

    /**
     * A box started twice the linear slop deep in flat terrain, across a seam and a vertex, settles
     * to the depth the closed form gives on a plane: slop + g/ω² (see ContactBehaviourTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"heightfield", "mesh"})
    void boxOnFlatTerrainSettlesToTheSlop(String kind) {
        World w = new World();
        double slop = w.settings().linearSlop();
        staticBody(w, terrain(kind, (x, z) -> 0), Material.DEFAULT);
        // centred on a grid vertex, turned 30° so its corners lie over different triangles
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(10, 0.5 - 2 * slop, 10)
                .orientation(new Quaterniond().rotateY(Math.toRadians(30)))
                .collider(Collider.of(Box.cube(0.5), Material.DEFAULT)).build());
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        double omega = 2 * Math.PI * 2 * w.settings().contactHertz();
        double expected = slop + 9.81 / (omega * omega);
        Vector3d p = Worlds.pos(w, b);
        assertEquals(expected, 0.5 - p.y, 1e-3 * slop, "settled depth");
        assertEquals(10, p.x, 1e-6, "no sideways push from the seams");
        assertEquals(10, p.z, 1e-6);
    }

    /**
     * Frictionless shapes slide down a triangulated 20° slope exactly as down a plane: the
     * position after n substeps of symplectic Euler is g·sin θ·h²·n(n+1)/2 along the slope, and
     * no velocity leaves the slope. A catch on a seam slows the body, a bump lifts it.
     */
    @ParameterizedTest
    @CsvSource({"heightfield, capsule", "heightfield, box", "heightfield, sphere", "mesh, capsule", "mesh, box",
        "mesh, sphere"})
    void slidingAcrossSeamsMatchesTheClosedForm(String kind, String body) {
        double tan = Math.tan(SLOPE);
        World w = new World(WorldSettings.defaults().withSleep(false));
        Material ice = Material.DEFAULT.withFriction(0);
        staticBody(w, terrain(kind, (x, z) -> -x * tan), ice);
        Shape s = switch (body) {
            case "capsule" -> new Capsule(0.3, 0.15);
            case "box" -> Box.cube(0.2);
            default -> new Sphere(0.2);
        };
        double h = body.equals("capsule") ? 0.15 : 0.2;
        Quaterniond tilt = new Quaterniond().rotateZ(-SLOPE);
        // the capsule lies on the slope turned 40° off the fall line, so its ends cross seams at odd times
        Quaterniond o = body.equals("capsule")
                ? new Quaterniond(tilt).mul(new Quaterniond().rotateY(0.7)).mul(new Quaterniond().rotateZ(Math.PI / 2))
                : tilt;
        Vector3d normal = new Vector3d(Math.sin(SLOPE), Math.cos(SLOPE), 0);
        Vector3d down = new Vector3d(Math.cos(SLOPE), -Math.sin(SLOPE), 0);
        Vector3d p0 = new Vector3d(1, -tan, 10.1).fma(h, normal);
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(p0.x, p0.y, p0.z).orientation(o)
                .collider(Collider.of(s, ice)).build());
        int ticks = 120;
        double maxOff = 0;
        for (int i = 0; i < ticks; i++) {
            w.step();
            maxOff = Math.max(maxOff, Math.abs(Worlds.vel(w, b).dot(normal)));
        }
        int n = ticks * w.settings().substeps();
        double hs = w.settings().tickSeconds() / w.settings().substeps();
        double expected = 9.81 * Math.sin(SLOPE) * hs * hs * n * (n + 1) / 2;
        double travelled = Worlds.pos(w, b).sub(p0).dot(down);
        assertEquals(expected, travelled, 1e-4 * expected, "distance down the slope");
        assertTrue(maxOff < 1e-3, "speed off the slope " + maxOff);
    }

    /**
     * Sphere against a bumpy heightfield, brute force: where the point of the triangulated surface
     * nearest the centre lies inside a triangle, one contact point has exactly the separation
     * |centre − nearest| − r (signed by the side), found by checking every triangle.
     */
    @Property(tries = 300)
    void sphereSeparationMatchesBruteForce(@ForAll @DoubleRange(min = 1, max = 9) double x,
            @ForAll @DoubleRange(min = 1, max = 9) double z, @ForAll @DoubleRange(min = -0.3, max = 0.3) double lift,
            @ForAll @DoubleRange(min = 0.1, max = 0.6) double r) {
        HeightField hf = HeightField.sample(21, 21, 0.5, 0.5,
                (px, pz) -> 0.4 * Math.sin(0.9 * px) * Math.cos(0.7 * pz) + 0.2 * Math.sin(2.1 * pz + px));
        double y = 0.4 * Math.sin(0.9 * x) * Math.cos(0.7 * z) + 0.2 * Math.sin(2.1 * z + x) + r + lift;
        double[] t = new double[9];
        double best = Double.POSITIVE_INFINITY;
        boolean interior = false;
        double bestSigned = 0;
        for (int id = 0; id < hf.triangleIdLimit(); id++) {
            hf.triangle(id, t, 0);
            double[] c = closestOnTriangle(x, y, z, t);
            double d = Math.sqrt(sq(x - c[0]) + sq(y - c[1]) + sq(z - c[2]));
            if (d < best) {
                best = d;
                interior = c[3] > 1e-6;
                double[] nn = normalOf(t);
                bestSigned = Math.signum(nn[0] * (x - t[0]) + nn[1] * (y - t[1]) + nn[2] * (z - t[2])) * d;
            }
        }
        net.jqwik.api.Assume.that(interior && bestSigned > 0);
        NarrowPhase np = new NarrowPhase();
        TerrainManifolds out = new TerrainManifolds();
        np.collideTerrain(hf, new Transform().set(0, 0, 0, 0, 0, 0, 1), new Sphere(r),
                new Transform().set(x, y, z, 0, 0, 0, 1), 0.5, out);
        double expected = bestSigned - r;
        double deepest = Double.POSITIVE_INFINITY;
        for (int p = 0; p < out.count; p++) {
            deepest = Math.min(deepest, out.patch[p].minSeparation());
        }
        assertEquals(expected, deepest, 1e-9, "deepest point");
    }

    /** Closest point of triangle t to p, and a flag: 1 when it lies strictly inside the triangle. */
    static double[] closestOnTriangle(double px, double py, double pz, double[] t) {
        double[] n = normalOf(t);
        double d = n[0] * (px - t[0]) + n[1] * (py - t[1]) + n[2] * (pz - t[2]);
        double qx = px - d * n[0];
        double qy = py - d * n[1];
        double qz = pz - d * n[2];
        boolean inside = true;
        for (int k = 0; k < 3; k++) {
            int a = 3 * k;
            int b = 3 * ((k + 1) % 3);
            double ex = t[b] - t[a];
            double ey = t[b + 1] - t[a + 1];
            double ez = t[b + 2] - t[a + 2];
            double cx = ey * n[2] - ez * n[1];
            double cy = ez * n[0] - ex * n[2];
            double cz = ex * n[1] - ey * n[0];
            if (cx * (qx - t[a]) + cy * (qy - t[a + 1]) + cz * (qz - t[a + 2]) > -1e-9) {
                inside = false;
            }
        }
        if (inside) {
            return new double[] {qx, qy, qz, 1};
        }
        double[] best = null;
        double bd = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            int a = 3 * k;
            int b = 3 * ((k + 1) % 3);
            double ex = t[b] - t[a];
            double ey = t[b + 1] - t[a + 1];
            double ez = t[b + 2] - t[a + 2];
            double u = ((px - t[a]) * ex + (py - t[a + 1]) * ey + (pz - t[a + 2]) * ez) / (ex * ex + ey * ey + ez * ez);
            u = Math.max(0, Math.min(1, u));
            double[] c = {t[a] + u * ex, t[a + 1] + u * ey, t[a + 2] + u * ez, 0};
            double dd = sq(px - c[0]) + sq(py - c[1]) + sq(pz - c[2]);
            if (dd < bd) {
                bd = dd;
                best = c;
            }
        }
        return best;
    }

    static double[] normalOf(double[] t) {
        Vector3d u = new Vector3d(t[3] - t[0], t[4] - t[1], t[5] - t[2]);
        Vector3d v = new Vector3d(t[6] - t[0], t[7] - t[1], t[8] - t[2]);
        Vector3d n = u.cross(v).normalize();
        return new double[] {n.x, n.y, n.z};
    }

    static double sq(double v) {
        return v * v;
    }

    /** A ray down onto a tilted heightfield hits the plane it samples, with that plane's normal. */
    @Test
    void rayHitsTheSampledSurface() {
        World w = new World();
        BodyHandle g = staticBody(w, HeightField.sample(11, 11, 1, 1, (x, z) -> 0.3 * x - 0.2 * z + 1), Material.DEFAULT);
        Optional<RayHit> hit = w.queries().rayCast(new Vector3d(3.3, 10, 6.7), new Vector3d(0, -1, 0), 20);
        assertTrue(hit.isPresent());
        assertEquals(g, hit.get().body());
        assertEquals(0.3 * 3.3 - 0.2 * 6.7 + 1, hit.get().point().y(), 1e-12);
        Vector3d n = new Vector3d(-0.3, 1, 0.2).normalize();
        assertEquals(1, n.dot(hit.get().normal()), 1e-12);
        // from below the surface, the one-sided terrain is not hit
        assertTrue(w.queries().rayCast(new Vector3d(3.3, -10, 6.7), new Vector3d(0, 1, 0), 5).isEmpty());
    }

    /**
     * A sphere over a hole falls through it in free fall; one beside the hole lands on the field and
     * rests with its surface on it (y = r): its speculative contact stops it at the surface, and an
     * overlap within the linear slop is not pushed out, as on a plane.
     */
    @Test
    void holesLetBodiesThrough() {
        boolean[] holes = new boolean[100];
        holes[5 * 10 + 5] = true; // the cell [5, 6] × [5, 6]
        World w = new World();
        staticBody(w, new HeightField(11, 11, 1, 1, new double[121], holes), Material.DEFAULT);
        BodyHandle through = Worlds.sphere(w, 5.5, 1, 5.5, 0.2, Material.DEFAULT);
        BodyHandle rests = Worlds.sphere(w, 2.5, 1, 2.5, 0.2, Material.DEFAULT);
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        int n = 120 * w.settings().substeps();
        double hs = w.settings().tickSeconds() / w.settings().substeps();
        assertEquals(1 - 9.81 * hs * hs * n * (n + 1) / 2, Worlds.pos(w, through).y, 1e-9, "free fall through the hole");
        assertEquals(0.2, Worlds.pos(w, rests).y, 1e-6, "resting on the surface");
    }

    /**
     * A foot-sized box thrown down at 3 m/s turning at 20 rad/s, 40 ways (seeded), lands on flat
     * terrain as on a plane: no corner goes deeper than 1 mm under y = 0 (brute force over its
     * eight corners every tick; on a plane the same landings go 0.13 mm deep). Regression: on the
     * terrain the cuts the triangles' seams made through the box's face took the places of the
     * corners about to land, and these landings went 9 mm deep.
     */
    @ParameterizedTest
    @ValueSource(strings = {"heightfield", "mesh"})
    void tumblingBoxLandsOnFlatTerrainAsOnAPlane(String kind) {
        Random r = new Random(11);
        Box box = new Box(0.045, 0.075, 0.03);
        Terrain flat = terrain(kind, (x, z) -> 0);
        double deepest = 0;
        for (int drop = 0; drop < 40; drop++) {
            World w = new World();
            staticBody(w, flat, Material.DEFAULT);
            Quaterniond q = new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(5 + 10 * r.nextDouble(), 0.3,
                    5 + 10 * r.nextDouble()).orientation(q).collider(Collider.of(box, Material.DEFAULT)).build());
            w.body(b).setLinearVelocity(new Vector3d(0, -3, 0));
            w.body(b).setAngularVelocity(new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize(20));
            Quaterniond o = new Quaterniond();
            Vector3d corner = new Vector3d();
            for (int tick = 0; tick < 60; tick++) {
                w.step();
                Vector3d p = Worlds.pos(w, b);
                w.orientation(b, o);
                for (int k = 0; k < 8; k++) {
                    o.transform(corner.set((k & 1) == 0 ? -box.halfX() : box.halfX(),
                            (k & 2) == 0 ? -box.halfY() : box.halfY(), (k & 4) == 0 ? -box.halfZ() : box.halfZ()));
                    deepest = Math.max(deepest, -(p.y + corner.y));
                }
            }
        }
        assertTrue(deepest < 1e-3, kind + ": a corner went " + deepest + " m under the surface");
    }

    /** Snapshot and restore mid-run with several terrain patches per pair replays bit for bit. */
    @Test
    void snapshotWithTerrainPatchesReplays() {
        World w = new World();
        staticBody(w, HeightField.sample(21, 21, 0.5, 0.5, (x, z) -> 0.5 * Math.sin(1.3 * x) * Math.cos(1.1 * z)),
                Material.DEFAULT);
        Random rnd = new Random(3);
        for (int i = 0; i < 12; i++) {
            w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(2 + 6 * rnd.nextDouble(), 1.5 + rnd.nextDouble(),
                    2 + 6 * rnd.nextDouble()).orientation(new Quaterniond().rotateXYZ(rnd.nextDouble(), rnd.nextDouble(), 0))
                    .collider(Collider.of(i % 2 == 0 ? new Box(0.4, 0.1, 0.3) : new Capsule(0.4, 0.15), Material.DEFAULT))
                    .build());
        }
        for (int i = 0; i < 70; i++) {
            w.step();
        }
        assertTrue(w.state.contacts.entryCount() > w.debug().pairCount(), "some pair has more than one patch");
        WorldSnapshot snap = w.snapshot();
        long[] expected = new long[60];
        for (int i = 0; i < 60; i++) {
            w.step();
            expected[i] = w.stateHash();
        }
        w.restore(WorldSnapshot.fromBytes(snap.toBytes()));
        for (int i = 0; i < 60; i++) {
            w.step();
            assertEquals(expected[i], w.stateHash(), "tick " + i + " after restore");
        }
    }

    @Test
    void badTerrainIsRejectedAndTheWorldIsUnchanged() {
        World w = new World();
        Worlds.ground(w, Material.DEFAULT);
        Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        w.step();
        long hash = w.stateHash();
        int bodies = w.bodyCount();
        double[] flat = new double[9];
        rejected(w, hash, bodies, "heights[4]", () -> new HeightField(3, 3, 1, 1,
                new double[] {0, 0, 0, 0, Double.NaN, 0, 0, 0, 0}, null));
        rejected(w, hash, bodies, "heights.length", () -> new HeightField(3, 3, 1, 1, new double[8], null));
        rejected(w, hash, bodies, "columns", () -> new HeightField(1, 3, 1, 1, new double[3], null));
        rejected(w, hash, bodies, "spacingX", () -> new HeightField(3, 3, 0, 1, flat, null));
        rejected(w, hash, bodies, "holes.length", () -> new HeightField(3, 3, 1, 1, flat, new boolean[3]));
        rejected(w, hash, bodies, "indices.length", () -> new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1},
                new int[0]));
        rejected(w, hash, bodies, "vertices.length", () -> new TriangleMesh(new double[0], new int[] {0, 1, 2}));
        rejected(w, hash, bodies, "indices[2]", () -> new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1},
                new int[] {0, 1, 3}));
        rejected(w, hash, bodies, "vertices[1].y", () -> new TriangleMesh(new double[] {0, 0, 0, 1,
            Double.POSITIVE_INFINITY, 0, 0, 0, 1}, new int[] {0, 1, 2}));
        rejected(w, hash, bodies, "triangle 0", () -> new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 2, 0, 0},
                new int[] {0, 1, 2}));
        // two triangles running the shared edge the same way: one is wound inside out
        rejected(w, hash, bodies, "triangle 1", () -> new TriangleMesh(new double[] {0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0},
                new int[] {0, 1, 2, 0, 1, 3}));
        // a closed tetrahedron wound clockwise seen from outside
        double[] tet = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        new TriangleMesh(tet, new int[] {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3});
        rejected(w, hash, bodies, "mesh", () -> new TriangleMesh(tet, new int[] {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2}));
        // terrain only on static bodies
        HeightField ok = HeightField.sample(3, 3, 1, 1, (x, z) -> 0);
        rejected(w, hash, bodies, "colliders[0].shape", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .collider(Collider.of(ok, Material.DEFAULT)).build()));
        rejected(w, hash, bodies, "shape", () -> w.queries().overlap(ok, new Vector3d(), new Quaterniond()));
    }

    private static void rejected(World w, long hash, int bodies, String parameter, Executable call) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, call);
        assertTrue(e.parameter().contains(parameter), "names " + parameter + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(e.value()), "message carries the value: " + e.getMessage());
        assertEquals(hash, w.stateHash(), "state unchanged");
        assertEquals(bodies, w.bodyCount());
    }
}
