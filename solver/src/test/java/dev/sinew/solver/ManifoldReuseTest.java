package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.state.WorldState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A pair whose bodies have not moved since its manifold was computed keeps that manifold for the
 * next tick. Checked against a fresh collision of the same shapes at the poses now (the brute-force
 * answer): the kept points must be the points the narrowphase finds, to within what the motion
 * allowed; a body given a velocity must be collided afresh before it moves; and a snapshot must
 * carry the kept poses, so a restored world goes on bit for bit as the original did.
 */
class ManifoldReuseTest {
    private static final double HALF = 0.1;
    /**
     * How far a kept point may be from the fresh collision's, m: each body is within
     * REUSE_DISTANCE of the pose its manifold was computed at, so the two collisions' poses differ
     * by at most twice that per body; twice again covers points moving with both bodies at once.
     */
    private static final double KEPT = 4 * Contacts.REUSE_DISTANCE;

    private static World pyramid(List<BodyHandle> boxes) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Worlds.ground(w, Material.DEFAULT);
        for (int layer = 0; layer < 4; layer++) {
            int n = 4 - layer;
            for (int i = 0; i < n; i++) {
                double x = (i - 0.5 * (n - 1)) * (2 * HALF + 0.01);
                boxes.add(Worlds.box(w, x, HALF + layer * (2 * HALF + 0.002), 0, HALF, Material.DEFAULT));
            }
        }
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        return w;
    }

    @Test
    void aRestingPyramidKeepsItsManifoldsAndTheyAreWhatAFreshCollisionFinds() {
        World w = pyramid(new ArrayList<>());
        WorldState s = Internals.state(w);
        Contacts c = s.contacts;
        NarrowPhase narrow = new NarrowPhase();
        ContactManifold fresh = new ContactManifold();
        Transform ta = new Transform();
        Transform tb = new Transform();
        int kept = 0;
        int touching = 0;
        for (int tick = 0; tick < 60; tick++) {
            double[][] before = new double[c.pairCount][];
            for (int i = 0; i < c.pairCount; i++) {
                ContactPair p = c.pairs[i];
                before[i] = p.referenced ? Arrays.copyOfRange(p.d, ContactPair.REF_POSE_A, ContactPair.DATA) : null;
            }
            int pairsBefore = c.pairCount;
            w.step();
            assertEquals(pairsBefore, c.pairCount, "the pyramid's pairs");
            for (int i = 0; i < c.pairCount; i++) {
                ContactPair p = c.pairs[i];
                assertTrue(p.referenced, "pair " + i + " keeps the poses of its manifold");
                if (before[i] != null
                        && Arrays.equals(before[i], Arrays.copyOfRange(p.d, ContactPair.REF_POSE_A, ContactPair.DATA))) {
                    kept++;
                }
                // the brute-force answer: the shapes collided at the poses now, with the margin kept
                c.colliderTransform(p.colliderA, ta);
                c.colliderTransform(p.colliderB, tb);
                narrow.collide(s.colliders.shape[p.colliderA], ta, s.colliders.shape[p.colliderB], tb,
                        p.d[ContactPair.REF_MARGIN], fresh);
                assertEquals(fresh.pointCount, p.pointCount, "points of pair " + i + " in tick " + tick);
                if (p.pointCount == 0) {
                    continue;
                }
                touching++;
                double dot = fresh.nx * p.nx + fresh.ny * p.ny + fresh.nz * p.nz;
                assertTrue(dot > 1 - 1e-9, "normal of pair " + i + ": cos " + dot);
                for (int f = 0; f < fresh.pointCount; f++) {
                    double best = Double.POSITIVE_INFINITY;
                    int match = -1;
                    for (int k = 0; k < p.pointCount; k++) {
                        double dist = midpoint(s, p, k).distance(fresh.px[f], fresh.py[f], fresh.pz[f]);
                        if (dist < best) {
                            best = dist;
                            match = k;
                        }
                    }
                    assertTrue(best < KEPT,
                            "fresh point " + f + " of pair " + i + " is " + best + " m from the nearest kept one");
                    assertEquals(fresh.separation[f], p.separationNow(s.bodies, match), KEPT,
                            "separation of point " + f + " of pair " + i);
                    // what the tick's rows started from: the separation and the world levers
                    assertEquals(fresh.separation[f], p.d[ContactPair.SEPARATION + match], KEPT,
                            "starting separation of point " + f + " of pair " + i);
                    double[] pos = s.bodies.pos;
                    Vector3d lever = midpoint(s, p, match).sub(pos[3 * p.bodyA], pos[3 * p.bodyA + 1], pos[3 * p.bodyA + 2]);
                    Vector3d held = new Vector3d(p.d[ContactPair.R_A + 3 * match], p.d[ContactPair.R_A + 3 * match + 1],
                            p.d[ContactPair.R_A + 3 * match + 2]);
                    // A's anchor lies s/2 behind the point midway across the gap
                    assertTrue(lever.distance(held) < KEPT + 0.5 * Math.abs(fresh.separation[f]),
                            "lever on A of point " + f + " of pair " + i + ": " + held + " against " + lever);
                }
            }
        }
        // every pair, tick after tick, once the pyramid rests (its bodies move by picometres)
        assertEquals(60 * c.pairCount, kept, "manifolds kept");
        // the 16 pairs bearing the pyramid: 4 boxes on the ground, 3 + 3, 2 + 2, 1 + 1 between layers
        assertTrue(touching >= 60 * 16, "pairs with points checked: " + touching);
    }

    /** Point k of the pair now: midway between its two anchors at the bodies' poses. */
    private static Vector3d midpoint(WorldState s, ContactPair p, int k) {
        double[] pos = s.bodies.pos;
        double[] rot = s.bodies.rot;
        Vector3d m = new Vector3d();
        int[] body = {p.bodyA, p.bodyB};
        int[] local = {ContactPair.LOCAL_A + 3 * k, ContactPair.LOCAL_B + 3 * k};
        for (int j = 0; j < 2; j++) {
            int b = body[j];
            m.add(pos[3 * b] + Quaternions.rotX(rot, b, p.d, local[j]),
                    pos[3 * b + 1] + Quaternions.rotY(rot, b, p.d, local[j]),
                    pos[3 * b + 2] + Quaternions.rotZ(rot, b, p.d, local[j]));
        }
        return m.mul(0.5);
    }

    @Test
    void aBodyGivenAVelocityIsCollidedAfreshBeforeItMoves() {
        List<BodyHandle> boxes = new ArrayList<>();
        World w = pyramid(boxes);
        WorldState s = Internals.state(w);
        Contacts c = s.contacts;
        w.step();
        // the top box, sent sideways at 1 m/s: its pose is still the one its manifolds were made at
        BodyHandle top = boxes.get(boxes.size() - 1);
        int topSlot = s.slot(top);
        w.body(top).setLinearVelocity(new Vector3d(1, 0, 0));
        double[] topPos = Arrays.copyOfRange(s.bodies.pos, 3 * topSlot, 3 * topSlot + 3);
        w.step();
        int pairsOfTop = 0;
        for (int i = 0; i < c.pairCount; i++) {
            ContactPair p = c.pairs[i];
            if (p.bodyA != topSlot && p.bodyB != topSlot) {
                continue;
            }
            pairsOfTop++;
            int o = p.bodyA == topSlot ? ContactPair.REF_POSE_A : ContactPair.REF_POSE_B;
            // collided this tick, at the pose the box had at its start
            assertTrue(Arrays.equals(topPos, Arrays.copyOfRange(p.d, o, o + 3)), "pair " + i + " collided afresh");
            assertTrue(p.d[ContactPair.REF_MARGIN] > 1.0 / 60, "its margin covers a tick at 1 m/s: "
                    + p.d[ContactPair.REF_MARGIN]);
        }
        assertTrue(pairsOfTop >= 2, "pairs of the top box: " + pairsOfTop);
    }

    @Test
    void aRestoredWorldGoesOnAsTheOriginalDid() {
        World w = pyramid(new ArrayList<>());
        WorldSnapshot snap = w.snapshot();
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        long original = w.stateHash();
        w.restore(snap);
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        assertEquals(original, w.stateHash());
    }
}
