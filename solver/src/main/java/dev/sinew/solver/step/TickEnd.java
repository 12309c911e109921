package dev.sinew.solver.step;

import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactLog;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.joint.Joints;
import java.util.Arrays;

/**
 * The last stage of a tick: applied forces cleared, colliders moved to their bodies' poses, each
 * pair's touching state and its begin, end and touch events, then islands (bodies joined by a
 * joint or a touching contact) and sleep.
 */
final class TickEnd {
    private final Bodies bodies;
    private final Contacts contacts;
    private final Joints joints;
    private final ContactLog events;
    private final Islands islands = new Islands();
    private final Parallel par;

    TickEnd(Bodies bodies, Contacts contacts, Joints joints, ContactLog events, Parallel par) {
        this.bodies = bodies;
        this.contacts = contacts;
        this.joints = joints;
        this.events = events;
        this.par = par;
    }

    // the tick being ended
    private double dt;
    private double lin2;
    private double ang2;
    private double touchLimit;
    private final Parallel.Range bodyRange = this::endBodies;
    private final Parallel.Range pairRange = this::endPairs;

    /**
     * Per pair, what the serial part of the end does with it ({@link #endPairs} finds it in
     * parallel): join its bodies' islands, mark one restless, and which events it raises.
     */
    private byte[] pairFlags = new byte[64];
    private double[] pairImpulse = new double[64];
    private static final int UNION = 1;
    private static final int RESTLESS_A = 2;
    private static final int RESTLESS_B = 4;
    private static final int BEGIN = 8;
    private static final int END = 16;
    private static final int TOUCH = 32;

    void run(TickContext ctx) {
        WorldSettings s = ctx.settings;
        Bodies b = bodies;
        dt = ctx.dt;
        lin2 = s.sleepLinearSpeed() * s.sleepLinearSpeed();
        ang2 = s.sleepAngularSpeed() * s.sleepAngularSpeed();
        touchLimit = s.linearSlop();
        par.run(0, b.high, Parallel.PAIRS, bodyRange);
        islands.begin(b);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && b.type[joints.bodyA[j]] == Bodies.DYNAMIC && b.type[joints.bodyB[j]] == Bodies.DYNAMIC) {
                islands.union(joints.bodyA[j], joints.bodyB[j]);
            }
        }
        int n = contacts.pairCount;
        if (pairFlags.length < n) {
            pairFlags = new byte[Math.max(n, 2 * pairFlags.length)];
            pairImpulse = new double[pairFlags.length];
        }
        par.run(0, n, Parallel.FLAGS, pairRange);
        // islands and events in pair order (the islands' roots do not depend on the order of the
        // unions, the events' order does)
        for (int i = 0; i < n; i++) {
            int f = pairFlags[i];
            if (f == 0) {
                continue;
            }
            ContactPair p = contacts.pairs[i];
            if ((f & UNION) != 0) {
                islands.union(p.bodyA, p.bodyB);
            }
            if ((f & RESTLESS_A) != 0) {
                islands.markRestless(p.bodyA);
            }
            if ((f & RESTLESS_B) != 0) {
                islands.markRestless(p.bodyB);
            }
            // events per pair of colliders (a terrain pair's patches together), kept on the first
            if ((f & BEGIN) != 0) {
                events.add(ContactLog.BEGIN, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            } else if ((f & END) != 0) {
                events.add(ContactLog.END, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            }
            if ((f & TOUCH) != 0) {
                events.add(ContactLog.TOUCH, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB],
                        pairImpulse[i]);
            }
        }
        islands.finish(b, s.sleepEnabled(), s.timeToSleep());
    }

    /** Bodies [from, to): forces cleared, colliders moved to their bodies' poses, time at rest. */
    private void endBodies(int lane, int from, int to) {
        Bodies b = bodies;
        for (int i = from; i < to; i++) {
            if (!b.alive[i]) {
                continue;
            }
            Arrays.fill(b.force, 3 * i, 3 * i + 3, 0);
            Arrays.fill(b.torque, 3 * i, 3 * i + 3, 0);
            if (b.type[i] == Bodies.STATIC) {
                continue;
            }
            if (b.isMoving(i)) {
                for (int k : b.shapes[i]) {
                    contacts.updateColliderPose(k);
                }
            }
            if (b.type[i] != Bodies.DYNAMIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            double v2 = b.linVel[o] * b.linVel[o] + b.linVel[o + 1] * b.linVel[o + 1] + b.linVel[o + 2] * b.linVel[o + 2];
            double w2 = b.angVel[o] * b.angVel[o] + b.angVel[o + 1] * b.angVel[o + 1] + b.angVel[o + 2] * b.angVel[o + 2];
            b.sleepTime[i] = (v2 < lin2 && w2 < ang2) ? b.sleepTime[i] + dt : 0;
        }
    }

    /** Pairs [from, to): each patch's touching state, and the pair's {@link #pairFlags} and impulse. */
    private void endPairs(int lane, int from, int to) {
        Bodies b = bodies;
        for (int i = from; i < to; i++) {
            ContactPair p = contacts.pairs[i];
            boolean touching = false;
            double impulse = 0;
            int f = 0;
            for (ContactPair q = p; q != null; q = q.nextPatch) {
                if (q.pointCount == 0) {
                    q.touching = false;
                    continue;
                }
                if (b.isMoving(q.bodyA) || b.isMoving(q.bodyB)) {
                    q.touching = q.totalImpulse() > 0 || q.minSeparation() <= touchLimit;
                }
                boolean dynA = b.type[q.bodyA] == Bodies.DYNAMIC;
                boolean dynB = b.type[q.bodyB] == Bodies.DYNAMIC;
                if (dynA && dynB) {
                    f |= UNION;
                } else if (dynA && b.type[q.bodyB] == Bodies.KINEMATIC && b.isMoving(q.bodyB)) {
                    f |= RESTLESS_A;
                } else if (dynB && b.type[q.bodyA] == Bodies.KINEMATIC && b.isMoving(q.bodyA)) {
                    f |= RESTLESS_B;
                }
                touching |= q.touching;
                impulse += q.totalImpulse();
            }
            if (touching && !p.wasTouching) {
                f |= BEGIN;
            } else if (!touching && p.wasTouching) {
                f |= END;
            }
            if (touching) {
                f |= TOUCH;
            }
            p.wasTouching = touching;
            pairFlags[i] = (byte) f;
            pairImpulse[i] = impulse;
        }
    }
}
