package dev.sinew.reactions.weakening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import java.util.ArrayDeque;
import org.junit.jupiter.api.Test;

/** Weakening spread over the skeleton from the body hit. */
class BodyWeakeningTest {
    /** Bones between two bodies by breadth-first search over the parent links, both ways. */
    static int bfs(Ragdoll r, int from, int to) {
        int n = r.bodyCount();
        int[] d = new int[n];
        java.util.Arrays.fill(d, -1);
        ArrayDeque<Integer> q = new ArrayDeque<>();
        d[from] = 0;
        q.add(from);
        while (!q.isEmpty()) {
            int a = q.poll();
            for (int b = 0; b < n; b++) {
                boolean linked = r.parent(b) == a || r.parent(a) == b;
                if (linked && d[b] < 0) {
                    d[b] = d[a] + 1;
                    q.add(b);
                }
            }
        }
        return d[to];
    }

    @Test
    void distancesAlongTheSkeletonMatchABreadthFirstSearch() {
        Ragdoll r = TestRig.ragdollForTests();
        BodyWeakening w = new BodyWeakening(r);
        for (int a = 0; a < r.bodyCount(); a++) {
            for (int b = 0; b < r.bodyCount(); b++) {
                assertEquals(bfs(r, a, b), w.distance(a, b), r.bodyName(a) + " to " + r.bodyName(b));
            }
        }
    }

    /**
     * The issue's critical default on the right forearm: the forearm 0.25, the spine 0.7, the
     * neighbours in between by distance (hand and upper arm one bone away: 0.25 + 0.75/3 = 0.5),
     * bodies three or more bones away untouched.
     */
    @Test
    void criticalHitOnTheRightForearm() {
        Ragdoll r = TestRig.ragdollForTests();
        BodyWeakening w = new BodyWeakening(r);
        w.hit(r.bodyIndex("forearm.R"), Weakening.CRITICAL, 2.0, 0, 7);
        assertEquals(0.25, w.multiplier(r.bodyIndex("forearm.R"), 2.0), 1e-15);
        assertEquals(0.5, w.multiplier(r.bodyIndex("hand.R"), 2.0), 1e-15);
        assertEquals(0.5, w.multiplier(r.bodyIndex("upperArm.R"), 2.0), 1e-15);
        assertEquals(0.7, w.multiplier(r.bodyIndex("chest"), 2.0), 1e-15);
        assertEquals(0.7, w.multiplier(r.bodyIndex("abdomen"), 2.0), 1e-15);
        for (String far : new String[] {"head", "upperArm.L", "forearm.L", "pelvis", "thigh.L", "shin.R", "foot.L"}) {
            assertEquals(1, w.multiplier(r.bodyIndex(far), 2.0), far);
        }
        // held until 2.15 s, then recovering, back to 1 at 2.35 s
        assertEquals(0.25, w.multiplier(r.bodyIndex("forearm.R"), 2.149), 1e-15);
        assertEquals(1, w.multiplier(r.bodyIndex("forearm.R"), 2.35));
        assertEquals(false, w.recovered(2.34));
        assertEquals(true, w.recovered(2.35));
    }

    /** The seed spreads the multipliers only when there is jitter, and the same seed spreads them the same. */
    @Test
    void jitterComesFromTheSeed() {
        Ragdoll r = TestRig.ragdollForTests();
        int body = r.bodyIndex("chest");
        BodyWeakening a = new BodyWeakening(r);
        BodyWeakening b = new BodyWeakening(r);
        BodyWeakening c = new BodyWeakening(r);
        a.hit(body, Weakening.CRITICAL, 0, 0.2, 11);
        b.hit(body, Weakening.CRITICAL, 0, 0.2, 11);
        c.hit(body, Weakening.CRITICAL, 0, 0.2, 12);
        assertEquals(a.multiplier(body, 0), b.multiplier(body, 0));
        assertNotEquals(a.multiplier(body, 0), c.multiplier(body, 0));
        assertEquals(0.25, a.multiplier(body, 0), 0.25 * 0.2 + 1e-15);
    }

    @Test
    void badValuesAreRefusedByName() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new Weakening(1.5, 0.7, 3, 0.15, 0.2));
        assertEquals("hitBody", e.parameter());
        assertEquals("holdSeconds", assertThrows(InvalidArgumentException.class,
                () -> new Weakening(0.2, 0.7, 3, Double.NaN, 0.2)).parameter());
        assertEquals("reach", assertThrows(InvalidArgumentException.class, () -> new Weakening(0.2, 0.7, 0, 0.1, 0.2)).parameter());
        Ragdoll r = TestRig.ragdollForTests();
        assertEquals("body", assertThrows(InvalidArgumentException.class,
                () -> new BodyWeakening(r).hit(99, Weakening.CRITICAL, 0, 0, 0)).parameter());
    }

}
