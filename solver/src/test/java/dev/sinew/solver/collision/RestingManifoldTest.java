package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Internals;
import dev.sinew.solver.World;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.state.WorldState;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;

/**
 * What a limb resting on a static box ground gets, against what it gets on a plane: the same
 * points, and points that keep their places and ids from tick to tick.
 *
 * <p>Regression: a capsule over a box's face got, besides the two clipped ends of its core, the
 * exact closest point of the core, which over a face is one of those ends: a third point at the
 * same place under its own id. As the capsule rocked by rounding, the lower end changed and the
 * extra point moved from one end to the other, taking its warm-start impulse with it; on a plane
 * the same capsule had two points. (The CMU ragdoll's limbs rested on a plane but not on a box.)
 */
class RestingManifoldTest {
    private static final double MARGIN = 0.02;
    /** The ground box: 100 × 1 × 100 m with its top face at y = 0. */
    private static final Box GROUND = new Box(50, 0.5, 50);
    private static final Transform GROUND_POSE = new Transform().set(0, -0.5, 0, 0, 0, 0, 1);
    private static final Transform PLANE_POSE = new Transform().set(0, 0, 0, 0, 0, 0, 1);

    /**
     * A capsule lying near flat (axis within 10° of horizontal) anywhere over the middle of the
     * box, from 3 mm into it to 2 cm above: its manifold on the box is its manifold on the plane,
     * and both are the closed form: a point under each core end e whose height h_e over y = 0 is
     * within the margin, with separation h_e − r, halfway between the surfaces.
     */
    @Property(tries = 300, seed = "20261130")
    void capsuleOverABigBoxGetsThePlaneManifold(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        double halfHeight = 0.05 + 0.25 * r.nextDouble();
        double radius = 0.02 + 0.08 * r.nextDouble();
        Capsule capsule = new Capsule(halfHeight, radius);
        double tilt = Math.toRadians(10) * (2 * r.nextDouble() - 1);
        Quaterniond q = new Quaterniond().rotateY(2 * Math.PI * r.nextDouble()).rotateZ(Math.PI / 2 + tilt);
        double lowestCore = -0.003 + 0.023 * r.nextDouble() + radius;
        double cy = lowestCore + halfHeight * Math.abs(Math.sin(tilt));
        Transform tc = new Transform().set(20 * (r.nextDouble() - 0.5), cy, 20 * (r.nextDouble() - 0.5), q);
        NarrowPhase np = new NarrowPhase();
        ContactManifold onBox = new ContactManifold();
        ContactManifold onPlane = new ContactManifold();
        np.collide(GROUND, GROUND_POSE, capsule, tc, MARGIN, onBox);
        np.collide(Plane.ground(), PLANE_POSE, capsule, tc, MARGIN, onPlane);

        double[] expected = new double[2];
        int n = 0;
        for (int e = -1; e <= 1; e += 2) {
            double h = tc.pointY(0, e * halfHeight, 0) - radius;
            if (h <= MARGIN) {
                expected[n++] = h;
            }
        }
        assertEquals(n, onBox.pointCount, "points on the box (seed " + seed + ")");
        assertEquals(n, onPlane.pointCount, "points on the plane (seed " + seed + ")");
        assertEquals(1, onBox.ny, 1e-12, "the normal is the box's top face's");
        double[] box = sortedSeparations(onBox);
        Arrays.sort(expected, 0, n);
        for (int k = 0; k < n; k++) {
            assertEquals(expected[k], box[k], 1e-12, "separation of a core end over the box");
            assertEquals(sortedSeparations(onPlane)[k], box[k], 1e-12, "the plane's separation");
        }
        for (int k = 0; k < n; k++) {
            // each box point is a plane point: same place (midway between the surfaces)
            int match = -1;
            for (int j = 0; j < onPlane.pointCount; j++) {
                if (Math.abs(onPlane.px[j] - onBox.px[k]) < 1e-12 && Math.abs(onPlane.py[j] - onBox.py[k]) < 1e-12
                        && Math.abs(onPlane.pz[j] - onBox.pz[k]) < 1e-12) {
                    match = j;
                }
            }
            assertTrue(match >= 0, "box point " + k + " is where a plane point is (seed " + seed + ")");
            assertEquals(0.5 * onBox.separation[k], onBox.py[k], 1e-12, "halfway between the surfaces");
        }
    }

    private static double[] sortedSeparations(ContactManifold m) {
        double[] s = Arrays.copyOf(m.separation, m.pointCount);
        Arrays.sort(s);
        return s;
    }

    /**
     * A capsule settled on the box ground and kept awake: over 2 s, tick after tick, its pair with
     * the ground keeps the same ids, each id stays on the same spot of the capsule (its anchor in
     * the capsule's frame moves less than 0.1 mm) and no two points share a spot. The ground's
     * box and a plane give the capsule the same two points.
     */
    @Test
    void restingCapsuleKeepsItsPointsAndIdsTickToTick() {
        for (Shape ground : new Shape[] {GROUND, Plane.ground()}) {
            World w = new World();
            w.createBody(BodySettings.builder(BodyType.STATIC).position(0, ground == GROUND ? -0.5 : 0, 0)
                    .collider(Collider.of(ground)).build());
            BodyHandle capsule = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.3, 0.036, -0.2)
                    .orientation(new Quaterniond().rotateY(0.4).rotateZ(Math.PI / 2)).allowSleep(false)
                    .collider(Collider.of(new Capsule(0.15, 0.035))).build());
            WorldState st = Internals.state(w);
            for (int i = 0; i < 60; i++) {
                w.step();
            }
            int[] ids = null;
            double[] anchors = null;
            for (int tick = 0; tick < 120; tick++) {
                w.step();
                ContactPair p = groundPair(st, st.slot(capsule));
                assertEquals(2, p.pointCount, ground.typeName() + ": two points, one under each end (tick " + tick + ")");
                double apart = Math.sqrt(sq(p.localB[0] - p.localB[3]) + sq(p.localB[1] - p.localB[4])
                        + sq(p.localB[2] - p.localB[5]));
                assertEquals(0.3, apart, 1e-3, ground.typeName() + ": the points are the core's ends, 0.3 m apart");
                int[] nowIds = Arrays.copyOf(p.id, p.pointCount);
                double[] nowAnchors = Arrays.copyOf(p.localB, 3 * p.pointCount);
                if (ids != null) {
                    assertTrue(Arrays.equals(ids, nowIds), ground.typeName() + ": ids kept at tick " + tick);
                    for (int k = 0; k < 3 * p.pointCount; k++) {
                        assertEquals(anchors[k], nowAnchors[k], 1e-4, ground.typeName() + ": point stays put (tick " + tick + ")");
                    }
                }
                ids = nowIds;
                anchors = nowAnchors;
            }
        }
    }

    private static ContactPair groundPair(WorldState st, int body) {
        for (int i = 0; i < st.contacts.pairCount; i++) {
            ContactPair p = st.contacts.pairs[i];
            if (p.bodyA == body || p.bodyB == body) {
                return p;
            }
        }
        throw new AssertionError("the capsule has no contact pair");
    }

    private static double sq(double v) {
        return v * v;
    }
}
