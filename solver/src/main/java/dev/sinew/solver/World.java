package dev.sinew.solver;

import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.joint.JointFactory;
import dev.sinew.solver.query.QueryEngine;
import dev.sinew.solver.state.BodyControl;
import dev.sinew.solver.state.BodyFactory;
import dev.sinew.solver.state.SnapshotCodec;
import dev.sinew.solver.state.StateHash;
import dev.sinew.solver.state.WorldState;
import dev.sinew.solver.step.Stepper;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A physics world advanced in fixed ticks: the facade over its bodies, joints, events and
 * snapshots. {@link #step()} runs one tick (its stages are listed in docs/architecture.md);
 * {@link #update(double)} runs as many as a frame's time holds. The world reads a body's pose and
 * velocities; what is done to a body goes through {@link #body}, to a joint through
 * {@link #joint}, {@link #hinge} and {@link #swingTwist}, and tools read contacts, sweeps and
 * anchors through {@link #debug()}.
 *
 * <p>The world is single-threaded: call it from one thread at a time. Every public method
 * validates its arguments and throws before changing anything. All values are SI, in the world
 * frame unless a name says otherwise.
 */
public final class World implements AutoCloseable {
    private static final AtomicInteger NEXT_ID = new AtomicInteger(1);
    final WorldState state;
    private final BodyControl bodyControl;
    private final JointFactory jointFactory;
    private final Stepper stepper;
    private final SnapshotCodec codec = new SnapshotCodec();
    private final ContactEvents events;
    private final FaultEvents faults;
    private final SolverLimits limits;
    private final Queries queries;
    private final WorldDebug debug;
    private final PoseReader poses;
    private final List<StepListener> listeners = new ArrayList<>();
    private final Runnable notifyListeners = this::notifyListeners;
    private final Runnable stepOnce = this::step;
    /** The engine's job system given with {@link #setTaskRunner}, or null. */
    private TaskRunner external;
    /** The world's own pool while {@link WorldSettings#threads()} is above 1 and no runner is given. */
    private WorkerPool pool;

    public World() {
        this(WorldSettings.defaults());
    }

    public World(WorldSettings settings) {
        state = new WorldState(NEXT_ID.getAndIncrement(), Check.notNull("settings", settings));
        bodyControl = state.bodyControl;
        jointFactory = new JointFactory(state.bodies, state.joints);
        stepper = new Stepper(state, codec);
        events = new ContactEvents(state.id, state.contactLog);
        faults = new FaultEvents(state.id, state.faultLog);
        limits = new SolverLimits(state.counters);
        queries = new Queries(new QueryEngine(state, new NarrowPhase()));
        debug = new WorldDebug(state, stepper.continuous());
        poses = new PoseReader(state);
    }

    // ------------------------------------------------------------------ settings, stepping, events

    public WorldSettings settings() {
        return state.settings;
    }

    /**
     * Replaces the settings; they take effect at the next tick. Turning sleep off
     * ({@link WorldSettings#withSleep}) wakes every sleeping body.
     */
    public void setSettings(WorldSettings s) {
        checkUnlocked("change settings");
        Check.notNull("settings", s);
        if (state.settings.sleepEnabled() && !s.sleepEnabled()) {
            state.bodies.wakeAll();
        }
        state.settings = s;
    }

    /**
     * Advances the world by exactly one tick of {@link WorldSettings#tickSeconds()}. Bodies whose
     * state is not finite or outside the world bound are contained before and after the tick
     * ({@link #faultEvents()}). While step listeners are registered the world keeps its state from
     * before the tick, and a listener that throws leaves the world as it was before the step (the
     * exception is rethrown); keeping it costs a snapshot into a reused buffer each tick.
     */
    public void step() {
        checkUnlocked("step");
        state.locked = true;
        try {
            stepper.use(runner());
            stepper.step(listeners.isEmpty() ? null : notifyListeners);
        } finally {
            state.locked = false;
        }
    }

    /** What runs this tick's parallel stages: the engine's runner, the world's pool, or null (one thread). */
    private TaskRunner runner() {
        if (external != null) {
            return external;
        }
        int threads = state.settings.threads();
        if (pool != null && pool.parallelism() != threads) {
            pool.close();
            pool = null;
        }
        if (pool == null && threads > 1) {
            pool = new WorkerPool(threads);
        }
        return pool;
    }

    /**
     * Runs the step's parallel stages on an engine's own job system from the next tick on, in place
     * of the world's pool ({@link WorldSettings#threads()} is then not used); null goes back to the
     * pool. The world's results are the same bits with any runner and any parallelism.
     */
    public void setTaskRunner(TaskRunner runner) {
        checkUnlocked("change the task runner");
        external = runner;
        if (runner != null && pool != null) {
            pool.close();
            pool = null;
        }
    }

    /**
     * Stops the world's worker threads, if it started any ({@link WorldSettings#threads()} above 1);
     * a later step starts them again. Worlds of one thread have nothing to close. The threads are
     * daemon threads, so an unclosed world never keeps the JVM alive.
     */
    @Override
    public void close() {
        checkUnlocked("close");
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }

    /**
     * Runs one tick when {@code seconds} is the world's fixed tick: the tick does not vary (the
     * solver's softness and every test are tuned to it). Change it with
     * {@link WorldSettings#withTick}, and call {@link #update(double)} for variable frame times.
     *
     * @throws InvalidArgumentException when {@code seconds} is not the tick, within 1e-9 of it
     */
    public void step(double seconds) {
        double tick = state.settings.tickSeconds();
        if (!(Math.abs(seconds - tick) <= 1e-9 * tick)) {
            throw new InvalidArgumentException("seconds", seconds, "the tick is fixed at " + tick
                    + " s (WorldSettings.tickSeconds); use update(frameSeconds) for variable frame times");
        }
        step();
    }

    /**
     * The call for variable frame times: adds {@code frameSeconds} (s, finite, ≥ 0) to an
     * accumulator and runs as many fixed ticks as it holds, at most
     * {@link WorldSettings#maxTicksPerUpdate()} (the excess is dropped so a slow frame cannot
     * spiral). Render with the interpolated poses, {@link #interpolationFraction()} of a tick past
     * the one before the last. Returns the number of ticks run.
     */
    public int update(double frameSeconds) {
        checkUnlocked("update");
        Check.nonNegative("frameSeconds", frameSeconds);
        return state.advance(frameSeconds, stepOnce);
    }

    /** Fraction (0..1) of a tick the accumulator holds beyond the last tick: the render blend factor. */
    public double interpolationFraction() {
        return state.interpolationFraction();
    }

    /** Ticks run since creation (or as restored from a snapshot). */
    public long stepCount() {
        return state.stepCount;
    }

    /** The contact events of the last tick. */
    public ContactEvents contactEvents() {
        return events;
    }

    /** The faults contained in the last step (cleared at the start of each step). */
    public FaultEvents faultEvents() {
        return faults;
    }

    /** How often the solver hit one of its limits in the last step. */
    public SolverLimits solverLimits() {
        return limits;
    }

    public void addStepListener(StepListener l) {
        checkUnlocked("add a listener");
        listeners.add(Check.notNull("listener", l));
    }

    public void removeStepListener(StepListener l) {
        checkUnlocked("remove a listener");
        listeners.remove(l);
    }

    // ------------------------------------------------------------------ bodies

    /**
     * Creates a body. Mass properties are integrated from the colliders (exactly, per shape),
     * or scaled to {@link BodySettings#mass()} when that is given.
     *
     * @throws InvalidArgumentException for a dynamic body whose mass or inertia is not positive
     */
    public BodyHandle createBody(BodySettings s) {
        checkUnlocked("create a body");
        int b = BodyFactory.create(state, Check.notNull("settings", s));
        state.bodyCount++;
        return state.handle(b);
    }

    /** Destroys a body; its handle becomes stale. Its pairs end (and are reported as ended), its joints go. */
    public void destroyBody(BodyHandle h) {
        checkUnlocked("destroy a body");
        state.destroyBody(state.slot(h));
    }

    /**
     * What is done to a body: teleports, velocities, kinematic targets, impulses and forces, type,
     * mass properties and caps. The view holds the handle: keep it to call it every tick without
     * allocating.
     */
    public BodyView body(BodyHandle h) {
        state.slot(h);
        return new BodyView(state, h);
    }

    /** True if the handle names a live body of this world. */
    public boolean isValid(BodyHandle h) {
        return state.isValid(h);
    }

    /** Number of live bodies. */
    public int bodyCount() {
        return state.bodyCount;
    }

    /** Handles of every live body, in slot order. */
    public List<BodyHandle> bodyHandles() {
        return state.bodyHandles();
    }

    /** Every body's (or a list of bodies') pose at once into caller arrays, now or interpolated; allocates nothing. */
    public PoseReader poses() {
        return poses;
    }

    /** Body origin, world, m. */
    public Vector3d position(BodyHandle h, Vector3d dest) {
        return bodyControl.position(state.slot(h), dest);
    }

    /** Centre of mass, world, m. */
    public Vector3d centerOfMass(BodyHandle h, Vector3d dest) {
        return bodyControl.centerOfMass(state.slot(h), dest);
    }

    /** Orientation, world. */
    public Quaterniond orientation(BodyHandle h, Quaterniond dest) {
        return bodyControl.orientation(state.slot(h), dest);
    }

    /** Linear velocity of the centre of mass, world, m/s. */
    public Vector3d linearVelocity(BodyHandle h, Vector3d dest) {
        return bodyControl.linearVelocity(state.slot(h), dest);
    }

    /** Angular velocity, world, rad/s. */
    public Vector3d angularVelocity(BodyHandle h, Vector3d dest) {
        return bodyControl.angularVelocity(state.slot(h), dest);
    }

    /** Body origin (m, world) between the last two ticks by {@link #interpolationFraction()}, for rendering. */
    public Vector3d interpolatedPosition(BodyHandle h, Vector3d dest) {
        return bodyControl.interpolatedPosition(state.slot(h), interpolationFraction(), dest);
    }

    /** Orientation between the last two ticks (normalized lerp on the shorter arc), for rendering. */
    public Quaterniond interpolatedOrientation(BodyHandle h, Quaterniond dest) {
        return bodyControl.interpolatedOrientation(state.slot(h), interpolationFraction(), dest);
    }

    public boolean isAwake(BodyHandle h) {
        return state.bodies.awake[state.slot(h)];
    }

    /** Wakes the body and every body in its island. */
    public void wake(BodyHandle h) {
        checkUnlocked("wake a body");
        state.bodies.wakeIsland(state.slot(h));
    }

    /**
     * Caps the normal impulse one contact point may take in one solve (each substep's), N·s, > 0,
     * or {@code Double.POSITIVE_INFINITY} (the default) for none; each time it acts is counted in
     * {@link SolverLimits#contactImpulseCapped()}. A capped contact lets bodies sink into each other.
     */
    public void setMaxContactImpulse(double maxImpulse) {
        checkUnlocked("set the contact impulse cap");
        state.maxContactImpulse = Check.cap("maxContactImpulse", maxImpulse, "N·s");
    }

    // ------------------------------------------------------------------ joints

    /**
     * Creates a joint of the kind its settings describe ({@link BallJointSettings},
     * {@link FixedJointSettings}, {@link HingeJointSettings}, {@link SwingTwistJointSettings},
     * {@link SixDofJointSettings}). Its bodies stop colliding with each other unless the settings
     * say otherwise, and both wake. A 6-DOF joint is solved sequentially, never by the exact tree solve.
     *
     * @throws InvalidArgumentException if a handle is stale or neither body is dynamic
     */
    public JointHandle createJoint(JointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        int j = jointFactory.create(s, state.slot(s.bodyA()), state.slot(s.bodyB()));
        state.jointAdded(j);
        return state.jointHandle(j);
    }

    /** Destroys a joint; its handle becomes stale, and both bodies wake. */
    public void destroyJoint(JointHandle h) {
        checkUnlocked("destroy a joint");
        int j = state.jointSlot(h);
        state.bodies.wakeIsland(state.joints.bodyA[j]);
        state.bodies.wakeIsland(state.joints.bodyB[j]);
        state.releaseJoint(j);
    }

    /** A joint's runtime controls: drives and targets, motors, friction, springs, break thresholds. */
    public JointView joint(JointHandle h) {
        state.jointSlot(h);
        return new JointView(state, h);
    }

    /** A hinge's runtime controls (limits, motor, angle) besides those of every joint. */
    public HingeJointView hinge(JointHandle h) {
        state.jointControl.hinge(state.jointSlot(h), h);
        return new HingeJointView(state, h);
    }

    /** A swing-twist joint's runtime controls (swing/twist drive, limits, frames, angles) besides those of every joint. */
    public SwingTwistJointView swingTwist(JointHandle h) {
        state.jointControl.swingTwist(state.jointSlot(h), h);
        return new SwingTwistJointView(state, h);
    }

    /**
     * Lets two bodies collide with each other or not (default: they do, unless a joint between them
     * says otherwise); kept until changed or a body is destroyed.
     */
    public void setCollision(BodyHandle a, BodyHandle b, boolean collide) {
        checkUnlocked("set collision between bodies");
        state.setCollision(state.slot(a), state.slot(b), collide);
    }

    /** Number of live joints. */
    public int jointCount() {
        return state.joints.count;
    }

    /** Handles of every live joint, in slot order. */
    public List<JointHandle> jointHandles() {
        return state.jointHandles();
    }

    /** Number of joints that broke in the last tick ({@link BreakThresholds}). */
    public int brokenJointCount() {
        return state.joints.brokenCount;
    }

    /** The (now stale) handle of the i-th joint that broke in the last tick, in slot order. */
    public JointHandle brokenJoint(int i) {
        return state.brokenJoint(i);
    }

    // ------------------------------------------------------------------ state, snapshots, queries, tools

    /**
     * A 64-bit hash of the bits of every live body's slot, generation, position, orientation and
     * velocities, in slot order. Equal inputs give equal hashes on any JVM and CPU.
     */
    public long stateHash() {
        return StateHash.of(state.bodies);
    }

    /** The hash as 16 lower-case hex digits, the form reports use. */
    public String stateHashHex() {
        return String.format("%016x", stateHash());
    }

    /** Captures the whole dynamic state (bodies, contacts and their warm-start impulses, bounds). */
    public WorldSnapshot snapshot() {
        checkUnlocked("take a snapshot");
        ByteBuffer buf = codec.write(state, null);
        return new WorldSnapshot(Arrays.copyOf(buf.array(), buf.position()));
    }

    /**
     * Restores a snapshot taken from this world (or from one built the same way). A snapshot whose
     * checksum fails, or whose body layout differs from this world's, is rejected with
     * {@link InvalidArgumentException} and the world is left unchanged.
     */
    public void restore(WorldSnapshot snapshot) {
        checkUnlocked("restore a snapshot");
        Check.notNull("snapshot", snapshot);
        codec.restore(state, snapshot.bytes());
    }

    /** Ray casts, overlap tests and shape casts against this world (single-threaded, like the world). */
    public Queries queries() {
        return queries;
    }

    /** Contact points, sweeps, joint anchors and fault injection, for debug drawing, tools and tests. */
    public WorldDebug debug() {
        return debug;
    }

    private void notifyListeners() {
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).afterStep(this);
        }
    }

    private void checkUnlocked(String operation) {
        state.checkUnlocked(operation);
    }
}
