package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A resting pyramid of boxes: once settled, a substep's later biased passes pass by the pairs its
 * first pass left quiet. Passing by a pair that still had work to do would let the boxes above it
 * sink; so the ground must carry the pyramid's whole weight every tick (momentum balance: the
 * ground's normal impulse over a tick equals M·g·dt while the pyramid is at rest) and no box may
 * move down.
 */
class RestingStackTest {
    @Test
    void theGroundCarriesTheWeightAndNoBoxSinksWhileQuietPairsArePassedBy() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle ground = Worlds.ground(w, Material.DEFAULT);
        double half = 0.1;
        List<BodyHandle> boxes = new ArrayList<>();
        for (int layer = 0; layer < 4; layer++) {
            int n = 4 - layer;
            for (int i = 0; i < n; i++) {
                double x = (i - 0.5 * (n - 1)) * (2 * half + 0.01);
                boxes.add(Worlds.box(w, x, half + layer * (2 * half + 0.002), 0, half, Material.DEFAULT));
            }
        }
        double mass = 0;
        for (BodyHandle b : boxes) {
            mass += w.body(b).mass();
        }
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        double[] y0 = new double[boxes.size()];
        for (int k = 0; k < boxes.size(); k++) {
            y0[k] = Worlds.pos(w, boxes.get(k)).y;
        }
        double dt = w.settings().tickSeconds();
        double weight = mass * w.settings().gravity().length() * dt;
        long quietPairs = 0;
        for (int i = 0; i < 60; i++) {
            w.step();
            assertEquals(weight, Worlds.groundImpulse(w, ground), 1e-3 * weight, "the ground's normal impulse in tick " + i + ", N·s");
            quietPairs += quietInLastSubstep(w);
        }
        for (int k = 0; k < boxes.size(); k++) {
            Vector3d p = Worlds.pos(w, boxes.get(k));
            assertTrue(p.y > y0[k] - 1e-5, "box " + k + " sank " + (y0[k] - p.y) + " m in a second at rest");
        }
        // the skip is what this exercises: of the 16 pairs that bear the pyramid (4 on the ground,
        // 12 between layers) more than 5 a tick were quiet, tick after tick
        assertTrue(quietPairs > 60 * 5, "quiet pairs passed by: " + quietPairs);
    }

    /** Pairs the last substep's first biased pass found quiet (so its later passes passed them by). */
    private static int quietInLastSubstep(World w) {
        Contacts c = Internals.state(w).contacts;
        long newest = -1;
        for (int i = 0; i < c.pairCount; i++) {
            newest = Math.max(newest, c.pairs[i].quietIn);
        }
        int n = 0;
        for (int i = 0; i < c.pairCount; i++) {
            ContactPair p = c.pairs[i];
            if (p.quietIn == newest && newest >= 0) {
                n++;
            }
        }
        return n;
    }
}
