package dev.sinew.solver.state;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.StaleHandleException;
import dev.sinew.solver.WorldLockedException;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.BroadPhase;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.collision.CollisionFilter;
import dev.sinew.solver.collision.ContactLog;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.joint.JointControl;
import dev.sinew.solver.joint.Joints;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a world is made of, in one place: the stores (bodies, colliders, contact pairs,
 * joints), the broadphase and collision filter, the logs of the step, the settings and the
 * clock. The tick's stages, snapshots, fault containment and queries work on it; the public
 * {@code World} is a facade over it and nothing here refers back to that facade.
 */
public final class WorldState {
    /** This world's identity, carried by its handles so that a handle from another world is refused. */
    public final int id;
    public WorldSettings settings;
    public final Bodies bodies = new Bodies(64);
    public final Colliders colliders = new Colliders(64);
    public final BroadPhase broadPhase = new BroadPhase();
    public final CollisionFilter filter = new CollisionFilter();
    public final Contacts contacts = new Contacts(bodies, colliders);
    public final Joints joints = new Joints();
    public final ContactLog contactLog = new ContactLog();
    public final FaultLog faultLog = new FaultLog();
    /** Ticks run since creation (or as restored from a snapshot). */
    public long stepCount;
    /** Frame time not yet run as ticks by {@code update}, s. */
    public double accumulator;
    /** Number of live bodies. */
    public int bodyCount;
    /** Largest normal impulse of one contact point in one solve, N·s (+∞: none). */
    public double maxContactImpulse = Double.POSITIVE_INFINITY;
    /** Bodies with a finite per-tick contact impulse cap (the solver skips the bookkeeping at 0). */
    public int bodyImpulseCaps;
    /** How often the solver hit a limit in the step, kept across steps (the step clears it). */
    public final SolverCounters counters = new SolverCounters();
    /** Body and joint changes between ticks. */
    public final BodyControl bodyControl = new BodyControl(this);
    public final JointControl jointControl = new JointControl(bodies, joints);
    /** True while the world steps: changes are refused. */
    public boolean locked;

    public WorldState(int id, WorldSettings settings) {
        this.id = id;
        this.settings = settings;
    }

    /**
     * Adds frame time (s) to the update accumulator and runs {@code tick} as many times as it holds
     * whole ticks, at most {@code maxTicksPerUpdate} (the excess is dropped so a slow frame cannot
     * spiral); returns how many.
     */
    public int advance(double frameSeconds, Runnable tick) {
        double dt = settings.tickSeconds();
        accumulator += frameSeconds;
        int ticks = 0;
        // a relative tolerance, so frame times that add up to whole ticks on paper run them despite rounding
        double due = dt * (1 - 1e-9);
        while (accumulator >= due && ticks < settings.maxTicksPerUpdate()) {
            tick.run();
            accumulator = Math.max(0, accumulator - dt);
            ticks++;
        }
        if (accumulator >= due) {
            accumulator = accumulator % dt;
        }
        return ticks;
    }

    /** Fraction (0..1) of a tick the update accumulator holds beyond the last tick. */
    public double interpolationFraction() {
        return Math.min(1, accumulator / settings.tickSeconds());
    }

    /** Throws {@link WorldLockedException} while the world steps (from a step listener). */
    public void checkUnlocked(String operation) {
        if (locked) {
            throw new WorldLockedException(operation);
        }
    }

    /** The handle of live body slot b. */
    public BodyHandle handle(int b) {
        return new BodyHandle(b, bodies.generation[b], id);
    }

    /** True if the handle names a live body of this world. */
    public boolean isValid(BodyHandle h) {
        return h != null && h.world() == id && h.index() >= 0 && h.index() < bodies.high && bodies.alive[h.index()]
                && bodies.generation[h.index()] == h.generation();
    }

    /** The slot of a live body's handle; throws {@link StaleHandleException} for any other. */
    public int slot(BodyHandle h) {
        if (h == null) {
            throw new StaleHandleException("body", null, "must not be null");
        }
        if (!isValid(h)) {
            throw new StaleHandleException("body", h, "stale or foreign handle (the body was destroyed or never existed here)");
        }
        return h.index();
    }

    /** The slot of a live joint's handle; throws {@link StaleHandleException} for any other. */
    public int jointSlot(JointHandle h) {
        if (h == null || h.world() != id || h.index() < 0 || h.index() >= joints.high || !joints.alive[h.index()]
                || joints.generation[h.index()] != h.generation()) {
            throw new StaleHandleException("joint", h, "stale or foreign handle (the joint was destroyed or never existed here)");
        }
        return h.index();
    }

    public JointHandle jointHandle(int j) {
        return new JointHandle(j, joints.generation[j], id);
    }

    /** Handles of every live body, in slot order. */
    public List<BodyHandle> bodyHandles() {
        List<BodyHandle> out = new ArrayList<>(bodyCount);
        for (int i = 0; i < bodies.high; i++) {
            if (bodies.alive[i]) {
                out.add(handle(i));
            }
        }
        return out;
    }

    /** Handles of every live joint, in slot order. */
    public List<JointHandle> jointHandles() {
        List<JointHandle> out = new ArrayList<>(joints.count);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                out.add(jointHandle(j));
            }
        }
        return out;
    }

    /** The (now stale) handle of the i-th joint that broke in the last tick, in slot order. */
    public JointHandle brokenJoint(int i) {
        if (i < 0 || i >= joints.brokenCount) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + joints.brokenCount + ")");
        }
        return new JointHandle(joints.broken[i], joints.brokenGeneration[i], id);
    }

    /** Destroys body b: its pairs end, its joints go, its colliders leave the broadphase. */
    public void destroyBody(int b) {
        if (bodies.maxContactImpulsePerStep[b] != Double.POSITIVE_INFINITY) {
            bodyImpulseCaps--;
        }
        bodies.wakeIsland(b);
        contacts.removeBody(b);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && (joints.bodyA[j] == b || joints.bodyB[j] == b)) {
                releaseJoint(j);
            }
        }
        for (int k : bodies.shapes[b]) {
            broadPhase.remove(colliders, k);
            colliders.release(k);
        }
        filter.forgetBody(b);
        bodies.release(b);
        bodyCount--;
    }

    /** Destroys joint j (its handle becomes stale); its bodies may collide again if it kept them apart. */
    public void releaseJoint(int j) {
        filter.markDirty();
        joints.release(j);
    }

    /**
     * A new joint in slot j between bodies a and b: both woken, and their pair dropped when the
     * joint keeps them from colliding.
     */
    public void jointAdded(int j) {
        filter.markDirty();
        int a = joints.bodyA[j];
        int b = joints.bodyB[j];
        bodies.wakeIsland(a);
        bodies.wakeIsland(b);
        if (!joints.collideConnected[j]) {
            contacts.removePair(a, b);
        }
    }

    /** Lets two bodies collide with each other or not (see {@code World.setCollision}). */
    public void setCollision(int a, int b, boolean collide) {
        if (a == b) {
            throw new InvalidArgumentException("b", handle(b), "is the same body as a");
        }
        if (filter.setIgnored(a, b, !collide) && !collide) {
            contacts.removePair(a, b);
        }
        bodies.wakeIsland(a);
        bodies.wakeIsland(b);
    }

    /** Sets a body's per-tick contact impulse cap, N·s (+∞ for none), keeping the count of capped bodies. */
    public void setMaxContactImpulsePerStep(int b, double maxImpulse) {
        boolean was = bodies.maxContactImpulsePerStep[b] != Double.POSITIVE_INFINITY;
        boolean now = maxImpulse != Double.POSITIVE_INFINITY;
        bodyImpulseCaps += (now ? 1 : 0) - (was ? 1 : 0);
        bodies.maxContactImpulsePerStep[b] = maxImpulse;
    }

    /**
     * Destroys the joints whose last substep's force or torque passed their break thresholds
     * (listed in the joint store's broken list, in slot order), waking their bodies.
     */
    public void breakOverloadedJoints() {
        int n = joints.findOverloaded(settings.tickSeconds() / settings.substeps());
        for (int i = 0; i < n; i++) {
            int j = joints.broken[i];
            bodies.wakeIsland(joints.bodyA[j]);
            bodies.wakeIsland(joints.bodyB[j]);
            releaseJoint(j);
        }
    }

    /** The joints' collision pairs listed again if a joint changed since the last tick. */
    public void refreshFilter() {
        if (filter.isDirty()) {
            joints.fillFilter(filter);
        }
    }
}
