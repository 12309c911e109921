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

    TickEnd(Bodies bodies, Contacts contacts, Joints joints, ContactLog events) {
        this.bodies = bodies;
        this.contacts = contacts;
        this.joints = joints;
        this.events = events;
    }

    void run(TickContext ctx) {
        WorldSettings s = ctx.settings;
        double dt = ctx.dt;
        Bodies b = bodies;
        double lin2 = s.sleepLinearSpeed() * s.sleepLinearSpeed();
        double ang2 = s.sleepAngularSpeed() * s.sleepAngularSpeed();
        for (int i = 0; i < b.high; i++) {
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
        islands.begin(b);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && b.type[joints.bodyA[j]] == Bodies.DYNAMIC && b.type[joints.bodyB[j]] == Bodies.DYNAMIC) {
                islands.union(joints.bodyA[j], joints.bodyB[j]);
            }
        }
        double touchLimit = s.linearSlop();
        for (int i = 0; i < contacts.pairCount; i++) {
            ContactPair p = contacts.pairs[i];
            boolean touching = false;
            double impulse = 0;
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
                    islands.union(q.bodyA, q.bodyB);
                } else if (dynA && b.type[q.bodyB] == Bodies.KINEMATIC && b.isMoving(q.bodyB)) {
                    islands.markRestless(q.bodyA);
                } else if (dynB && b.type[q.bodyA] == Bodies.KINEMATIC && b.isMoving(q.bodyA)) {
                    islands.markRestless(q.bodyB);
                }
                touching |= q.touching;
                impulse += q.totalImpulse();
            }
            // events per pair of colliders (a terrain pair's patches together), kept on the first
            if (touching && !p.wasTouching) {
                events.add(ContactLog.BEGIN, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            } else if (!touching && p.wasTouching) {
                events.add(ContactLog.END, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            }
            if (touching) {
                events.add(ContactLog.TOUCH, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], impulse);
            }
            p.wasTouching = touching;
        }
        islands.finish(b, s.sleepEnabled(), s.timeToSleep());
    }
}
