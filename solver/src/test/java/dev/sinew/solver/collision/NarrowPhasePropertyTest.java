package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Vector3d;

/**
 * Contact depth and points of the narrowphase against the brute-force support-function
 * reference, on random poses. The manifold's deepest separation must equal the true signed
 * distance when the shapes overlap (SAT gives the exact minimum translation), every reported
 * point must lie on both surfaces to within its separation, and the normal must be the
 * direction of least penetration.
 */
class NarrowPhasePropertyTest {
    private static final double TOL = 2e-4;

    private static Transform randomPose(Random r, double spread) {
        double qx = r.nextGaussian();
        double qy = r.nextGaussian();
        double qz = r.nextGaussian();
        double qw = r.nextGaussian();
        double l = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        return new Transform().set(spread * (r.nextDouble() - 0.5), spread * (r.nextDouble() - 0.5),
                spread * (r.nextDouble() - 0.5), qx / l, qy / l, qz / l, qw / l);
    }

    static ConvexHull randomHull(Random r) {
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            pts.add(new Vector3d(r.nextGaussian() * 0.4, r.nextGaussian() * 0.3, r.nextGaussian() * 0.35));
        }
        return ConvexHull.of(pts);
    }

    private static boolean round(Shape s) {
        return s instanceof Capsule || s instanceof dev.sinew.solver.shape.Sphere;
    }

    private static void check(Shape a, Shape b, long seed) {
        Random r = new Random(seed);
        Transform ta = randomPose(r, 0.0);
        Transform tb = randomPose(r, 1.2);
        NarrowPhase np = new NarrowPhase();
        ContactManifold m = new ContactManifold();
        np.collide(a, ta, b, tb, 10, m);
        double[] dir = new double[3];
        double truth = BruteForce.signedDistance(a, ta, b, tb, dir);
        assertTrue(m.pointCount > 0, "a manifold with margin 10 m has points");
        double reported = m.minSeparation();
        if (truth < 0) {
            // Overlap: the depth is the minimum translation, except that the collider keeps a face
            // axis unless an edge axis is better by more than 1 mm (stable resting manifolds), so
            // it may report up to that much more.
            assertTrue(reported <= truth + TOL && reported >= truth - 1e-3 - TOL,
                    "penetration depth " + reported + " vs " + truth + " (seed " + seed + ")");
            // The collider prefers a face axis unless an edge axis is better by more than 1 mm
            // (stable resting manifolds), so the normal may be that much off the exact one.
            double along = BruteForce.gap(a, ta, b, tb, m.nx, m.ny, m.nz);
            assertEquals(truth, along, 1e-3 + TOL, "gap along the reported normal (seed " + seed + ")");
        } else if (round(a) && round(b)) {
            // Apart, two round shapes: the distance is exact.
            assertEquals(truth, reported, TOL, "distance (seed " + seed + ")");
        }
        // Each point is separated by its own value along the normal from both surfaces.
        for (int i = 0; i < m.pointCount; i++) {
            double s = m.separation[i];
            double pa = m.px[i] * m.nx + m.py[i] * m.ny + m.pz[i] * m.nz;
            double supA = BruteForce.support(a, ta, m.nx, m.ny, m.nz);
            double supB = -BruteForce.support(b, tb, -m.nx, -m.ny, -m.nz);
            assertTrue(pa <= supA + 0.5 * s + TOL, "point within reach of A (seed " + seed + ")");
            assertTrue(pa >= supB - 0.5 * s - TOL, "point within reach of B (seed " + seed + ")");
            assertTrue(s >= reported - 1e-12, "min separation is the smallest");
            assertTrue(supB - supA <= s + TOL, "point separation not below the gap along n (seed " + seed + ")");
        }
    }

    @Property(tries = 200, seed = "20261130")
    void boxBox(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0xB0B);
        check(new Box(0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble()),
                new Box(0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble()), seed);
    }

    @Property(tries = 200, seed = "20261130")
    void hullHull(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0x4011);
        check(randomHull(r), randomHull(r), seed);
    }

    @Property(tries = 200, seed = "20261130")
    void capsuleCapsule(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0xCA95);
        check(new Capsule(0.1 + 0.4 * r.nextDouble(), 0.1 + 0.3 * r.nextDouble()),
                new Capsule(0.1 + 0.4 * r.nextDouble(), 0.1 + 0.3 * r.nextDouble()), seed);
    }

    @Property(tries = 200, seed = "20261130")
    void capsuleHull(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0xC4);
        check(new Capsule(0.1 + 0.4 * r.nextDouble(), 0.1 + 0.3 * r.nextDouble()), randomHull(r), seed);
    }

    @Property(tries = 200, seed = "20261130")
    void sphereBox(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed ^ 0x5B);
        check(new dev.sinew.solver.shape.Sphere(0.1 + 0.4 * r.nextDouble()),
                new Box(0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble(), 0.2 + 0.4 * r.nextDouble()), seed);
    }
}
