package dev.sinew.solver;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.state.WorldState;
import dev.sinew.solver.step.Continuous;
import java.util.function.Consumer;
import org.joml.Vector3d;

/**
 * What debug drawing, tools, metrics and tests read from a world beyond its public state, from
 * {@link World#debug()}: contact points and the deepest overlap, joint anchors and openings, the
 * last tick's time-of-impact sweeps, and fault injection for drills.
 */
public final class WorldDebug {
    private final WorldState state;
    private final Continuous continuous;

    WorldDebug(WorldState state, Continuous continuous) {
        this.state = state;
        this.continuous = continuous;
    }

    /** Number of contact pairs whose bounds overlap (with or without points). */
    public int pairCount() {
        return state.contacts.pairCount;
    }

    /** The deepest overlap among current contacts, m (≥ 0): each point's separation from the bodies' poses now. */
    public double deepestPenetration() {
        return state.contacts.deepest();
    }

    /**
     * The deepest current contact point: fills {@code out} (bodies, depth in m, world point on A
     * and normal from A to B) when there is an overlap and returns its depth (0 when nothing
     * overlaps, and {@code out} is left as it was).
     */
    public double deepestContact(ContactPoint out) {
        Check.notNull("out", out);
        Contacts contacts = state.contacts;
        double deepest = contacts.deepest();
        ContactPair best = contacts.deepestPair;
        if (best != null) {
            int ba = best.bodyA;
            int o = 3 * contacts.deepestPoint;
            Bodies b = state.bodies;
            out.set(state.handle(ba), state.handle(best.bodyB), deepest,
                    b.pos[3 * ba] + Quaternions.rotX(b.rot, ba, best.d, ContactPair.LOCAL_A + o),
                    b.pos[3 * ba + 1] + Quaternions.rotY(b.rot, ba, best.d, ContactPair.LOCAL_A + o),
                    b.pos[3 * ba + 2] + Quaternions.rotZ(b.rot, ba, best.d, ContactPair.LOCAL_A + o), best.nx, best.ny, best.nz);
        }
        return deepest;
    }

    /**
     * Calls {@code action} once for every point of every current contact manifold, in pair order,
     * with {@code scratch} filled (bodies, point on A, normal from A to B, and depth: the overlap
     * now, m, negative for a speculative point whose shapes are still apart). Do not change the
     * world from the action.
     */
    public void forEachContactPoint(ContactPoint scratch, Consumer<ContactPoint> action) {
        Check.notNull("scratch", scratch);
        Check.notNull("action", action);
        Bodies b = state.bodies;
        Contacts contacts = state.contacts;
        for (int i = 0; i < contacts.pairCount; i++) {
            for (ContactPair c = contacts.pairs[i]; c != null; c = c.nextPatch) {
                int ba = c.bodyA;
                for (int k = 0; k < c.pointCount; k++) {
                    int o = 3 * k;
                    double ax = b.pos[3 * ba] + Quaternions.rotX(b.rot, ba, c.d, ContactPair.LOCAL_A + o);
                    double ay = b.pos[3 * ba + 1] + Quaternions.rotY(b.rot, ba, c.d, ContactPair.LOCAL_A + o);
                    double az = b.pos[3 * ba + 2] + Quaternions.rotZ(b.rot, ba, c.d, ContactPair.LOCAL_A + o);
                    double s = c.separationNow(b, k);
                    scratch.set(state.handle(ba), state.handle(c.bodyB), -s, ax, ay, az, c.nx, c.ny, c.nz);
                    action.accept(scratch);
                }
            }
        }
    }

    /** The largest joint opening now over all joints without a point spring, m ({@link JointView#separation()}). */
    public double maxJointSeparation() {
        return state.joints.maxSeparation(state.bodies);
    }

    /** A joint's anchor points now, world, m: on body A into {@code onA}, on body B into {@code onB}. */
    public void jointAnchors(JointHandle h, Vector3d onA, Vector3d onB) {
        int j = state.jointSlot(h);
        Bodies b = state.bodies;
        int ba = state.joints.bodyA[j];
        int bb = state.joints.bodyB[j];
        int o = 3 * j;
        double[] la = state.joints.localA;
        double[] lb = state.joints.localB;
        onA.set(b.pos[3 * ba] + Quaternions.rotX(b.rot, ba, la, o), b.pos[3 * ba + 1] + Quaternions.rotY(b.rot, ba, la, o),
                b.pos[3 * ba + 2] + Quaternions.rotZ(b.rot, ba, la, o));
        onB.set(b.pos[3 * bb] + Quaternions.rotX(b.rot, bb, lb, o), b.pos[3 * bb + 1] + Quaternions.rotY(b.rot, bb, lb, o),
                b.pos[3 * bb + 2] + Quaternions.rotZ(b.rot, bb, lb, o));
    }

    /** True when every dynamic body is asleep (and there is at least one). */
    public boolean allAsleep() {
        return state.bodyControl.allAsleep();
    }

    /** Time-of-impact sweeps of the last tick (one per fast body swept). */
    public int sweepCount() {
        return continuous.sweepCount;
    }

    /**
     * Sweep i of the last tick: where the body's core started ({@code from}, m, world) and where it
     * is now ({@code to}, after being moved back if it hit); returns whether it hit a surface.
     */
    public boolean sweep(int i, Vector3d from, Vector3d to) {
        if (i < 0 || i >= continuous.sweepCount) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + continuous.sweepCount + ")");
        }
        int o = 6 * i;
        from.set(continuous.sweeps[o], continuous.sweeps[o + 1], continuous.sweeps[o + 2]);
        to.set(continuous.sweeps[o + 3], continuous.sweeps[o + 4], continuous.sweeps[o + 5]);
        return continuous.sweepHit[i];
    }

    /**
     * For fault-containment tests and drills: writes NaN into the body's linear velocity, as a
     * solver blow-up would. The next {@link World#step()} contains it before the tick.
     */
    public void injectFault(BodyHandle h) {
        state.checkUnlocked("inject a fault");
        int b = state.slot(h);
        Bodies.setVec(state.bodies.linVel, b, Double.NaN, Double.NaN, Double.NaN);
    }
}
