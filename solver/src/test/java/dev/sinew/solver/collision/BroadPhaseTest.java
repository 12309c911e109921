package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Internals;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.state.WorldState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The broadphase's pairs against a brute force over every two colliders: the pairs whose fat
 * bounds overlap on all three axes (closed intervals, so bounds that touch pair), of two bodies
 * at least one of which is dynamic, plus each collider below a plane's surface; and the same pairs
 * when the search is cut into parts that are merged.
 */
class BroadPhaseTest {

    @Test
    void randomScenesGiveTheBruteForcePairs() {
        for (long seed = 1; seed <= 20; seed++) {
            Random r = new Random(seed);
            World w = world(r, 60 + r.nextInt(200));
            WorldState s = Internals.state(w);
            // bounds chosen here rather than by the shapes: sizes over four decades, some far out,
            // some exactly on cell boundaries and touching one another
            double[] fb = s.colliders.fatBounds;
            for (int k = 0; k < s.colliders.high; k++) {
                if (!s.colliders.alive[k] || s.colliders.isPlane[k]) {
                    continue;
                }
                double size = r.nextInt(10) == 0 ? 50 * r.nextDouble() : 0.05 + r.nextDouble();
                double cx = r.nextInt(8) == 0 ? 1e4 * r.nextGaussian() : 3 * r.nextGaussian();
                double cy = r.nextInt(4) == 0 ? Math.floor(cx) : 3 * r.nextGaussian();
                double cz = 3 * r.nextGaussian();
                if (r.nextInt(6) == 0 && k > 1) { // touch the previous collider's max x
                    cx = fb[6 * (k - 1) + 3] + size / 2;
                }
                fb[6 * k] = cx - size / 2;
                fb[6 * k + 1] = cy - size * r.nextDouble();
                fb[6 * k + 2] = cz - size / 3;
                fb[6 * k + 3] = cx + size / 2;
                fb[6 * k + 4] = cy + size * r.nextDouble();
                fb[6 * k + 5] = cz + size / 3;
            }
            assertPairs(s, "seed " + seed);
            assertQueries(s, r, "seed " + seed);
        }
    }

    /** A box query finds every collider whose bounds overlap the box (the caller tests the bounds). */
    private static void assertQueries(WorldState s, Random r, String what) {
        Colliders c = s.colliders;
        double[] fb = c.fatBounds;
        int answered = 0;
        for (int t = 0; t < 200; t++) {
            double[] box = new double[6];
            double size = r.nextInt(5) == 0 ? 20 * r.nextDouble() : r.nextDouble();
            for (int a = 0; a < 3; a++) {
                double centre = r.nextInt(10) == 0 ? 1e4 * r.nextGaussian() : 3 * r.nextGaussian();
                box[a] = centre - size * r.nextDouble();
                box[a + 3] = centre + size * r.nextDouble();
            }
            int n = s.broadPhase.query(box);
            if (n < 0) {
                continue; // too many cells: the caller scans
            }
            answered++;
            TreeSet<Integer> got = new TreeSet<>();
            for (int i = 0; i < n; i++) {
                assertTrue(got.add(s.broadPhase.found(i)), what + ": a collider found twice");
            }
            for (int k = 0; k < c.high; k++) {
                if (!c.alive[k] || c.isPlane[k]) {
                    continue;
                }
                boolean touch = true;
                for (int e = 0; e < 3; e++) {
                    touch &= box[e] <= fb[6 * k + 3 + e] && fb[6 * k + e] <= box[3 + e];
                }
                if (touch) {
                    assertTrue(got.contains(k), what + ": query missed collider " + k);
                }
            }
        }
        assertTrue(answered > 100, what + ": most small boxes should be answered from the cells");
    }

    @Test
    void aFallingColumnAndAGroundBoxGiveTheBruteForcePairs() {
        World w = new World(WorldSettings.defaults());
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(new Box(50, 0.5, 50)))
                .position(0, -0.5, 0).build());
        // boxes 0.2 m tall every 0.22 m: 2 cm apart, within the speculative distance each bound is grown by
        for (int i = 0; i < 300; i++) {
            w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.01 * (i % 7), 0.22 * i, 0)
                    .collider(Collider.of(new Box(0.2, 0.1, 0.3))).build());
        }
        w.step();
        assertPairs(Internals.state(w), "column");
    }

    private static World world(Random r, int n) {
        World w = new World(WorldSettings.defaults());
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        for (int i = 0; i < n; i++) {
            BodyType type = r.nextInt(5) == 0 ? BodyType.STATIC : BodyType.DYNAMIC;
            w.createBody(BodySettings.builder(type).position(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                    .collider(Collider.of(Box.cube(0.1 + r.nextDouble()))).build());
        }
        return w;
    }

    private static void assertPairs(WorldState s, String what) {
        Colliders c = s.colliders;
        Bodies b = s.bodies;
        s.refreshFilter();
        s.broadPhase.findPairs(c, b, s.filter);
        TreeSet<Long> got = new TreeSet<>();
        for (int i = 0; i < s.broadPhase.pairCount; i++) {
            assertTrue(got.add(s.broadPhase.pairs[i]), what + ": a pair reported twice");
            if (i > 0) {
                assertTrue(s.broadPhase.pairs[i - 1] < s.broadPhase.pairs[i], what + ": pairs not sorted");
            }
        }
        List<Integer> slots = new ArrayList<>();
        for (int k = 0; k < c.high; k++) {
            if (c.alive[k]) {
                slots.add(k);
            }
        }
        TreeSet<Long> want = new TreeSet<>();
        double[] fb = c.fatBounds;
        for (int i = 0; i < slots.size(); i++) {
            for (int j = i + 1; j < slots.size(); j++) {
                int x = slots.get(i);
                int y = slots.get(j);
                if (c.body[x] == c.body[y] || b.type[c.body[x]] != Bodies.DYNAMIC && b.type[c.body[y]] != Bodies.DYNAMIC) {
                    continue;
                }
                boolean touch;
                if (c.isPlane[x] || c.isPlane[y]) {
                    if (c.isPlane[x] && c.isPlane[y]) {
                        continue;
                    }
                    int q = c.isPlane[x] ? y : x;
                    touch = fb[6 * q + 1] <= 0; // the ground plane y = 0, normal +y
                } else {
                    touch = true;
                    for (int e = 0; e < 3; e++) {
                        touch &= fb[6 * x + e] <= fb[6 * y + 3 + e] && fb[6 * y + e] <= fb[6 * x + 3 + e];
                    }
                }
                if (touch) {
                    want.add(((long) x << 32) | y);
                }
            }
        }
        assertTrue(want.size() > 10, what + ": the scene should have pairs to find");
        assertEquals(want, got, what);
        long[] whole = Arrays.copyOf(s.broadPhase.pairs, s.broadPhase.pairCount);
        // the items searched in 2 to 9 parts, in any order, and merged (as the step's tasks do)
        BroadPhase bp = s.broadPhase;
        for (int parts = 2; parts <= 9; parts++) {
            BroadPhase.Pairs[] lists = new BroadPhase.Pairs[parts + 1]; // one more, left empty
            for (int i = 0; i < lists.length; i++) {
                lists[i] = new BroadPhase.Pairs();
            }
            bp.prepare(c, b, s.filter);
            int n = bp.items();
            for (int i = parts - 1; i >= 0; i--) {
                bp.sweep(c, b, n * i / parts, n * (i + 1) / parts, lists[i]);
            }
            bp.gather(lists, lists.length);
            assertArrayEquals(whole, Arrays.copyOf(bp.pairs, bp.pairCount), what + ", " + parts + " parts");
        }
    }
}
