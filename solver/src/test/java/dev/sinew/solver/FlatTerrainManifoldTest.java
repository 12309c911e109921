package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.collision.TerrainManifolds;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.HeightField;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Terrain;
import dev.sinew.solver.shape.TriangleMesh;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * A hull over a terrain: over flat terrain its manifold is its manifold over a plane (itself
 * checked against every vertex's height in {@code PlaneManifoldPropertyTest}), and on any terrain
 * no two of a contact's points share a feature id.
 *
 * <p>Regressions. The hull's incident face clipped against each triangle gave, besides the
 * face's vertices, a point wherever the face crossed a seam between two triangles; on flat ground
 * these cuts through the middle of the face took places among the patch's four points, and a box
 * landing on an edge kept a cut on that edge instead of the corner about to land (10 of 100
 * tumbling boxes dropped on a flat heightfield went more than 5 mm deep, on a plane none). And
 * the local feature codes, six bits, gave a crossing the code of a vertex (2.7 % of a ragdoll's
 * terrain contacts had two points under one id, both then warm-started with one's impulse).
 */
class FlatTerrainManifoldTest {
    private static final double MARGIN = 0.3;
    /** 20 m square of 0.5 m cells, y = 0, its corner at the origin. */
    private static final HeightField FIELD = HeightField.sample(41, 41, 0.5, 0.5, (x, z) -> 0);
    private static final TriangleMesh MESH = TerrainTest.grid(40, 0.5, (x, z) -> 0);
    private static final HeightField BUMPY = HeightField.sample(41, 41, 0.5, 0.5, FlatTerrainManifoldTest::surface);
    private static final TriangleMesh BUMPY_MESH = TerrainTest.grid(40, 0.5, FlatTerrainManifoldTest::surface);

    /** A random box turned at random, its lowest corner {@code lowest} metres above y = 0 at (x, z) in the field's middle. */
    private static Transform pose(Random r, Box box, double lowest) {
        double qx = r.nextGaussian();
        double qy = r.nextGaussian();
        double qz = r.nextGaussian();
        double qw = r.nextGaussian();
        double l = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        Transform t = new Transform().set(5 + 10 * r.nextDouble(), 0, 5 + 10 * r.nextDouble(), qx / l, qy / l, qz / l, qw / l);
        ConvexHull h = box.hull();
        double low = Double.POSITIVE_INFINITY;
        for (int i = 0; i < h.vertexCount(); i++) {
            low = Math.min(low, t.pointY(h.vertex(i, 0), h.vertex(i, 1), h.vertex(i, 2)));
        }
        return t.set(t.px, lowest - low, t.pz, qx / l, qy / l, qz / l, qw / l);
    }

    private static Box randomBox(Random r) {
        return new Box(0.02 + 0.2 * r.nextDouble(), 0.02 + 0.2 * r.nextDouble(), 0.02 + 0.2 * r.nextDouble());
    }

    /**
     * A box at a random turn, its lowest corner from 3 mm into flat terrain to 2 cm above it, with
     * a margin (0.3 m) that takes in corners a fast turn may bring down within the tick: over the
     * heightfield and over the mesh it gets one patch, the plane's normal and the plane's points
     * (same places, same separations; ids aside).
     */
    @Property(tries = 300, seed = "20261130")
    void boxOverFlatTerrainGetsThePlaneManifold(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        Box box = randomBox(r);
        Transform tb = pose(r, box, -0.003 + 0.023 * r.nextDouble());
        Transform origin = new Transform().set(0, 0, 0, 0, 0, 0, 1);
        NarrowPhase np = new NarrowPhase();
        ContactManifold plane = new ContactManifold();
        np.collide(Plane.ground(), origin, box, tb, MARGIN, plane);
        for (Terrain terrain : new Terrain[] {FIELD, MESH}) {
            TerrainManifolds out = new TerrainManifolds();
            np.collideTerrain(terrain, origin, box, tb, MARGIN, out);
            String what = terrain.typeName() + " (seed " + seed + ")";
            assertEquals(1, out.count, "one patch over " + what);
            ContactManifold m = out.patch[0];
            assertEquals(1, m.ny, 1e-12, "the plane's normal over " + what);
            assertEquals(plane.pointCount, m.pointCount, "the plane's point count over " + what);
            for (int k = 0; k < m.pointCount; k++) {
                boolean found = false;
                for (int j = 0; j < plane.pointCount; j++) {
                    found |= Math.abs(plane.px[j] - m.px[k]) < 1e-9 && Math.abs(plane.py[j] - m.py[k]) < 1e-9
                            && Math.abs(plane.pz[j] - m.pz[k]) < 1e-9
                            && Math.abs(plane.separation[j] - m.separation[k]) < 1e-9;
                }
                assertTrue(found, "point " + k + " over " + what + " is one of the plane's");
            }
        }
    }

    /**
     * A box anywhere over bumpy terrain (several patches, active and inactive seams), from 5 cm
     * into it to 30 cm above: every point of every patch has its own feature id.
     */
    @Property(tries = 500, seed = "20261130")
    void noTwoPointsShareAnId(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        Box box = randomBox(r);
        Transform tb = pose(r, box, 0);
        Transform origin = new Transform().set(0, 0, 0, 0, 0, 0, 1);
        NarrowPhase np = new NarrowPhase();
        for (Terrain terrain : new Terrain[] {BUMPY, BUMPY_MESH}) {
            // lifted by the surface under the box's centre, so the box meets the bumps
            Transform at = new Transform().set(tb);
            at.py += surface(tb.px, tb.pz) - 0.05 + 0.35 * r.nextDouble();
            TerrainManifolds out = new TerrainManifolds();
            np.collideTerrain(terrain, origin, box, at, MARGIN, out);
            Set<Integer> ids = new HashSet<>();
            for (int p = 0; p < out.count; p++) {
                ContactManifold m = out.patch[p];
                for (int k = 0; k < m.pointCount; k++) {
                    assertTrue(ids.add(m.id[k]), terrain.typeName() + ": id " + Integer.toHexString(m.id[k])
                            + " twice (seed " + seed + ")");
                }
            }
        }
    }

    private static double surface(double x, double z) {
        return 0.3 * Math.sin(1.3 * x) * Math.cos(0.9 * z);
    }
}
