package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Plane;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Which vertices of a hull a plane manifold keeps, against a brute-force list of every vertex's
 * height over the plane: all of them when at most four are within the margin; otherwise the
 * deepest, and no vertex left out may be lower than one kept unless the kept one lies within
 * {@link NarrowPhase#PLANE_NEAR_BAND} of the deepest (one resting face, reduced by area).
 */
class PlaneManifoldPropertyTest {
    private static final double MARGIN = 0.3;

    private static void check(ConvexHull hull, long seed) {
        Random r = new Random(seed);
        double qx = r.nextGaussian();
        double qy = r.nextGaussian();
        double qz = r.nextGaussian();
        double qw = r.nextGaussian();
        double l = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        Transform tb = new Transform().set(0, 0.3 * r.nextDouble() - 0.05, 0, qx / l, qy / l, qz / l, qw / l);
        Transform tp = new Transform().set(0, 0, 0, 0, 0, 0, 1);
        // brute force: the height of every vertex over the ground y = 0
        int n = hull.vertexCount();
        double[] height = new double[n];
        int within = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            height[i] = tb.pointY(hull.vertex(i, 0), hull.vertex(i, 1), hull.vertex(i, 2));
            lowest = Math.min(lowest, height[i]);
            within += height[i] <= MARGIN ? 1 : 0;
        }
        ContactManifold m = new ContactManifold();
        new NarrowPhase().collide(Plane.ground(), tp, hull, tb, MARGIN, m);
        assertEquals(Math.min(within, ContactManifold.MAX_POINTS), m.pointCount, "points (seed " + seed + ")");
        boolean[] kept = new boolean[n];
        for (int k = 0; k < m.pointCount; k++) {
            int v = m.id[k];
            kept[v] = true;
            assertEquals(height[v], m.separation[k], 1e-12, "a point's separation is its vertex's height");
        }
        if (within == 0) {
            return;
        }
        assertEquals(lowest, m.minSeparation(), 1e-12, "the deepest vertex is kept (seed " + seed + ")");
        for (int o = 0; o < n; o++) {
            if (kept[o] || height[o] > MARGIN) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                if (kept[k] && height[o] < height[k]) {
                    assertTrue(height[k] <= lowest + NarrowPhase.PLANE_NEAR_BAND,
                            "vertex " + o + " at " + height[o] + " left out for one at " + height[k] + " (seed " + seed + ")");
                }
            }
        }
    }

    @Property(tries = 300, seed = "20261130")
    void box(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0xB0);
        check(new Box(0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble(), 0.05 + 0.3 * r.nextDouble()).hull(), seed);
    }

    @Property(tries = 300, seed = "20261130")
    void hull(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        check(NarrowPhasePropertyTest.randomHull(new Random(seed ^ 0x407)), seed);
    }

    /** A box lying flat keeps its four bottom corners, whatever else the margin takes in. */
    @Property(tries = 50, seed = "20261130")
    void flatBoxKeepsItsBottomFace(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        double hy = 0.02 + 0.1 * r.nextDouble();
        Box box = new Box(0.1 + 0.3 * r.nextDouble(), hy, 0.1 + 0.3 * r.nextDouble());
        double yaw = r.nextDouble() * Math.PI;
        Transform tb = new Transform().set(0, hy - 0.001, 0, 0, StrictMath.sin(yaw / 2), 0, StrictMath.cos(yaw / 2));
        ContactManifold m = new ContactManifold();
        new NarrowPhase().collide(Plane.ground(), new Transform().set(0, 0, 0, 0, 0, 0, 1), box.hull(), tb, MARGIN, m);
        assertEquals(4, m.pointCount);
        for (int k = 0; k < 4; k++) {
            assertEquals(-0.001, m.separation[k], 1e-12, "a bottom corner");
        }
    }
}
