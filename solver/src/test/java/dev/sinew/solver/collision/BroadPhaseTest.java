package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.state.WorldState;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The broadphase's pairs against a brute-force test of every two colliders' fat bounds. */
class BroadPhaseTest {
    /**
     * 400 boxes and spheres (some static) in a 6 m cube over a ground plane: the sweep on x, run
     * whole or cut into 2 to 9 parts that are merged, finds exactly the pairs whose fat bounds
     * overlap on all three axes (or lie under the plane), between two bodies of which one is
     * dynamic, sorted by key.
     */
    @Test
    void theSweepInAnyNumberOfPartsFindsEveryOverlappingPairOnce() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(new Plane(new Vector3d(0, 1, 0), 0))).build());
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 400; i++) {
            BodyType type = i % 9 == 0 ? BodyType.STATIC : BodyType.DYNAMIC;
            Collider c = i % 2 == 0 ? Collider.of(new Sphere(0.1 + 0.3 * rnd.nextDouble()))
                    : Collider.of(new Box(0.1 + 0.3 * rnd.nextDouble(), 0.1 + 0.2 * rnd.nextDouble(), 0.2));
            w.createBody(BodySettings.builder(type)
                    .position(6 * rnd.nextDouble() - 3, 6 * rnd.nextDouble() - 0.5, 6 * rnd.nextDouble() - 3)
                    .collider(c).build());
        }
        w.step();
        WorldState s = Internals.state(w);
        long[] expected = bruteForce(s.colliders, s.bodies);
        assertTrue(expected.length > 200 && expected[0] >>> 32 == 0, expected.length + " pairs, the plane's among them");
        BroadPhase bp = s.broadPhase;
        bp.findPairs(s.colliders, s.bodies, s.filter);
        assertArrayEquals(expected, Arrays.copyOf(bp.pairs, bp.pairCount), "whole");
        for (int parts = 2; parts <= 9; parts++) {
            BroadPhase.Pairs[] lists = new BroadPhase.Pairs[parts + 1]; // one more, left empty
            bp.sortProxies(s.colliders, s.filter);
            int n = bp.sweepItems();
            for (int i = 0; i < lists.length; i++) {
                lists[i] = new BroadPhase.Pairs();
            }
            for (int i = parts - 1; i >= 0; i--) { // in any order
                bp.sweep(s.colliders, s.bodies, n * i / parts, n * (i + 1) / parts, lists[i]);
            }
            bp.gather(lists, lists.length);
            assertArrayEquals(expected, Arrays.copyOf(bp.pairs, bp.pairCount), parts + " parts");
        }
    }

    private static long[] bruteForce(Colliders c, Bodies b) {
        long[] out = new long[c.high * c.high];
        int n = 0;
        double[] fb = c.fatBounds;
        for (int x = 0; x < c.high; x++) {
            for (int y = x + 1; y < c.high; y++) {
                if (!c.alive[x] || !c.alive[y] || c.isPlane[x] && c.isPlane[y]) {
                    continue;
                }
                int ba = c.body[x];
                int bb = c.body[y];
                if (ba == bb || b.type[ba] != Bodies.DYNAMIC && b.type[bb] != Bodies.DYNAMIC) {
                    continue;
                }
                boolean overlap;
                if (c.isPlane[x] || c.isPlane[y]) {
                    int pl = c.isPlane[x] ? x : y;
                    int q = c.isPlane[x] ? y : x;
                    // the lowest corner of the box along the plane's normal is on or under it
                    double lowest = Double.POSITIVE_INFINITY;
                    for (int corner = 0; corner < 8; corner++) {
                        double d = 0;
                        for (int a = 0; a < 3; a++) {
                            d += c.worldNormal(pl, a) * fb[6 * q + a + ((corner >> a & 1) == 1 ? 3 : 0)];
                        }
                        lowest = Math.min(lowest, d);
                    }
                    overlap = lowest <= c.worldPlaneOffset(pl);
                } else {
                    overlap = true;
                    for (int a = 0; a < 3; a++) {
                        overlap &= fb[6 * x + a] <= fb[6 * y + a + 3] && fb[6 * y + a] <= fb[6 * x + a + 3];
                    }
                }
                if (overlap) {
                    out[n++] = (long) x << 32 | y;
                }
            }
        }
        return Arrays.copyOf(out, n);
    }
}
