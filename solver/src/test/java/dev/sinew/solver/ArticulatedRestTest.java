package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.shape.Box;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A chain of boxes on ball joints (one articulation) lying at rest on the ground, its ground
 * contacts solved as the articulation's ground block: by momentum balance the ground's normal
 * impulse over a tick equals M·g·dt while the chain is at rest, and no link may sink or move.
 * (How early the block may stop sweeping is guarded by the ragdoll-rest scene, whose landings
 * stop resting when it stops too early.)
 */
class ArticulatedRestTest {
    @Test
    void theGroundBlockCarriesTheChainsWeightAndNoLinkSinks() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle ground = Worlds.ground(w, Material.DEFAULT);
        double hx = 0.2;
        double hy = 0.05;
        double hz = 0.08;
        List<BodyHandle> links = new ArrayList<>();
        double mass = 0;
        double heaviest = 0;
        for (int i = 0; i < 8; i++) {
            double m = 1 + 0.5 * (i % 3);
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(i * (2 * hx + 0.01), hy + 0.002, 0)
                    .collider(Collider.of(new Box(hx, hy, hz), Material.DEFAULT)).mass(m).build());
            if (i > 0) {
                w.createJoint(BallJointSettings.of(links.get(i - 1), new Vector3d(hx + 0.005, 0, 0), b,
                        new Vector3d(-hx - 0.005, 0, 0)));
            }
            links.add(b);
            mass += m;
            heaviest = Math.max(heaviest, m);
        }
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        assertTrue(groundBlockPairs(w) >= links.size(), "the links' ground pairs are in the articulation's block");
        double[] y0 = new double[links.size()];
        for (int k = 0; k < links.size(); k++) {
            y0[k] = Worlds.pos(w, links.get(k)).y;
        }
        double dt = w.settings().tickSeconds();
        double weight = mass * w.settings().gravity().length() * dt;
        // A biased solve of the block may stop with each row up to its settle speed (10⁻⁶ m/s) short
        // of converged, which is at most that speed times the heaviest link's mass of impulse per row
        // and substep: with a box's 4 ground points per link, 4·8 rows, 4 substeps and 2 kg, 2.6e-4
        // N·s against a weight of 1.96 N·s. (The relax ends at its fixed point, so at rest the
        // balance holds to round-off; this is what the bound allows.)
        int rows = 4 * links.size();
        double tolerance = w.settings().substeps() * rows * heaviest * 1e-6;
        for (int i = 0; i < 60; i++) {
            w.step();
            assertEquals(weight, Worlds.groundImpulse(w, ground), tolerance, "the ground's normal impulse in tick " + i + ", N·s");
        }
        for (int k = 0; k < links.size(); k++) {
            Vector3d p = Worlds.pos(w, links.get(k));
            // at the settle speed a link moves 10⁻⁶ m in the second
            assertTrue(p.y > y0[k] - 1e-6, "link " + k + " sank " + (y0[k] - p.y) + " m in a second at rest");
            // at rest: a fiftieth of the speed below which a body counts as resting (0.05 m/s)
            assertTrue(Worlds.vel(w, links.get(k)).length() < 1e-3, "link " + k + " still moves");
        }
    }

    private static int groundBlockPairs(World w) {
        Contacts c = Internals.state(w).contacts;
        int n = 0;
        for (int i = 0; i < c.pairCount; i++) {
            for (ContactPair p = c.pairs[i]; p != null; p = p.nextPatch) {
                if (p.groundBlock && p.pointCount > 0) {
                    n++;
                }
            }
        }
        return n;
    }
}
