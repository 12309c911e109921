package dev.sinew.solver;

import dev.sinew.solver.state.WorldState;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * What is done to a body, from {@link World#body(BodyHandle)}: teleports, velocities and kinematic
 * targets, impulses and forces (world frame), and its properties (type, mass properties,
 * colliders, caps, sleep, continuous collision). {@link World} reads its pose and velocity. A view holds its handle: keep one for as long as the body lives (calling it
 * allocates nothing unless a method says so); once the body is destroyed every call throws
 * {@link StaleHandleException}. Changes are refused while the world steps. Impulses and forces
 * act on dynamic bodies only (others are left alone) and wake the body's island.
 */
public final class BodyView {
    private final WorldState state;
    private final BodyHandle handle;
    private final boolean[] impulseCut = new boolean[1];

    BodyView(WorldState state, BodyHandle handle) {
        this.state = state;
        this.handle = handle;
    }

    private int slot() {
        return state.slot(handle);
    }

    /** The body this view controls. */
    public BodyHandle handle() {
        return handle;
    }

    /** Teleports the body origin (m) and orientation, world; velocities are kept. Wakes the body. */
    public void setTransform(Vector3dc position, Quaterniondc orientation) {
        state.checkUnlocked("move a body");
        state.bodyControl.setTransform(slot(), position, orientation);
    }

    /** Sets the linear velocity (m/s, world) of a kinematic or dynamic body and wakes it. */
    public void setLinearVelocity(Vector3dc v) {
        state.checkUnlocked("set a velocity");
        state.bodyControl.setLinearVelocity(slot(), v);
    }

    /** Sets the angular velocity (rad/s, world) of a kinematic or dynamic body and wakes it. */
    public void setAngularVelocity(Vector3dc w) {
        state.checkUnlocked("set a velocity");
        state.bodyControl.setAngularVelocity(slot(), w);
    }

    /** Sets a kinematic body's velocities so that it reaches the target origin (m) and orientation at the end of the next tick. */
    public void moveKinematic(Vector3dc targetPosition, Quaterniondc targetOrientation) {
        state.checkUnlocked("move a kinematic body");
        state.bodyControl.moveKinematic(slot(), targetPosition, targetOrientation);
    }

    /** Adds an impulse (N·s) at the centre of mass. */
    public void applyLinearImpulse(Vector3dc impulse) {
        state.checkUnlocked("apply an impulse");
        state.bodyControl.applyLinearImpulse(slot(), impulse);
    }

    /** Adds an angular impulse (N·m·s). */
    public void applyAngularImpulse(Vector3dc impulse) {
        state.checkUnlocked("apply an impulse");
        state.bodyControl.applyAngularImpulse(slot(), impulse);
    }

    /** Adds an impulse (N·s) at a world point (m): the impulse at the centre of mass and its moment about it. */
    public void applyImpulseAtPoint(Vector3dc impulse, Vector3dc worldPoint) {
        state.checkUnlocked("apply an impulse");
        state.bodyControl.applyImpulseAtPoint(slot(), impulse, worldPoint);
    }

    /**
     * {@link #applyImpulseAtPoint(Vector3dc, Vector3dc)} with the impulse's length held to
     * {@code maxImpulse} (N·s, ≥ 0; direction kept). Returns the impulse applied, N·s; a cut is
     * counted in {@link SolverLimits#appliedImpulseCapped()} of the next step.
     */
    public double applyImpulseAtPoint(Vector3dc impulse, Vector3dc worldPoint, double maxImpulse) {
        state.checkUnlocked("apply an impulse");
        double applied = state.bodyControl.applyImpulseAtPoint(slot(), impulse, worldPoint, maxImpulse, impulseCut);
        if (impulseCut[0]) {
            state.counters.appliedSincePrevious++;
        }
        return applied;
    }

    /** Adds a force (N) at the centre of mass for the next tick. */
    public void applyForce(Vector3dc force) {
        state.checkUnlocked("apply a force");
        state.bodyControl.applyForce(slot(), force);
    }

    /** Adds a force (N) acting at a world point (m) for the next tick: the force at the centre of mass and its torque. */
    public void applyForceAtPoint(Vector3dc force, Vector3dc worldPoint) {
        state.checkUnlocked("apply a force");
        state.bodyControl.applyForceAtPoint(slot(), force, worldPoint);
    }

    /** Adds a torque (N·m) for the next tick. */
    public void applyTorque(Vector3dc torque) {
        state.checkUnlocked("apply a torque");
        state.bodyControl.applyTorque(slot(), torque);
    }

    /**
     * Allows the body to fall asleep (true, the default) or forbids it. Forbidding wakes its island,
     * which then stays awake as long as the body is in it; allowed again, the island sleeps once all
     * of it has rested for {@link WorldSettings#timeToSleep()}.
     */
    public void setSleepAllowed(boolean allow) {
        state.checkUnlocked("allow or forbid sleep");
        int b = slot();
        state.bodies.allowSleep[b] = allow;
        if (!allow) {
            state.bodies.wakeIsland(b);
        }
    }

    /** Whether the body may fall asleep. */
    public boolean sleepAllowed() {
        return state.bodies.allowSleep[slot()];
    }

    /**
     * Whether the time-of-impact sweep checks this body (default true; see
     * {@link BodySettings#continuousCollision()} and, for the whole world,
     * {@link WorldSettings#continuousCollision()}).
     */
    public void setContinuousCollision(boolean on) {
        state.checkUnlocked("switch continuous collision");
        state.bodies.continuous[slot()] = on;
    }

    /** Whether the time-of-impact sweep checks this body. */
    public boolean continuousCollision() {
        return state.bodies.continuous[slot()];
    }

    public BodyType type() {
        return state.bodyControl.type(slot());
    }

    /**
     * Switches the body between dynamic and kinematic, for partial ragdolls (the bodies that only
     * follow the animation are kinematic, moved with {@link #moveKinematic}). A dynamic body made
     * kinematic keeps its mass properties for when it is made dynamic again, and its velocities; a
     * body created kinematic has no mass properties and cannot become dynamic. Joints stay; a joint
     * between two kinematic bodies does nothing until one is dynamic again. Wakes the body.
     * Snapshots taken before the switch no longer restore (the world's layout changed).
     *
     * @throws InvalidArgumentException for static bodies or types, or a body without mass properties
     */
    public void setType(BodyType type) {
        state.checkUnlocked("change a body's type");
        state.bodyControl.setType(slot(), type);
    }

    /** Mass in kg (0 for static and kinematic bodies). */
    public double mass() {
        return state.bodyControl.mass(slot());
    }

    /** Inertia tensor about the centre of mass in body axes, kg·m². */
    public Matrix3d inertiaInBodySpace(Matrix3d dest) {
        return state.bodyControl.inertiaInBodySpace(slot(), dest);
    }

    /**
     * Replaces a dynamic body's mass (kg) and its inertia tensor about the centre of mass in the
     * body's frame (kg·m², symmetric positive definite), keeping its colliders, centre of mass and
     * velocities: for tuning, such as a ragdoll's mass-ratio stabilization.
     *
     * @throws InvalidArgumentException if the body is not dynamic or a value is out of range
     */
    public void setMassProperties(double mass, Matrix3dc inertia) {
        state.checkUnlocked("set mass properties");
        state.bodyControl.setMassProperties(slot(), mass, inertia);
    }

    /**
     * The colliders of the body as it was created with them (shape, pose relative to the body
     * origin, material, filter), in creation order: for renderers and tools (allocates the list).
     */
    public List<Collider> colliders() {
        return state.bodyControl.colliders(slot());
    }

    /**
     * Caps a dynamic body's speeds: linear (m/s) and angular (rad/s), each > 0, or
     * {@code Double.POSITIVE_INFINITY} for none (the default). Applied every substep before the
     * position update and at the end of the tick; each time is counted in {@link SolverLimits#speedCapped()}.
     */
    public void setSpeedCaps(double maxLinearSpeed, double maxAngularSpeed) {
        state.checkUnlocked("set speed caps");
        state.bodyControl.setSpeedCaps(slot(), maxLinearSpeed, maxAngularSpeed);
    }

    /**
     * Caps the normal impulse a dynamic body's contacts may give it in one tick, summed over its
     * contact points and substeps (N·s, > 0; {@code Double.POSITIVE_INFINITY}, the default, for
     * none): each substep's share is cap / substeps, and a contact point's impulse stops growing
     * once its body has had that much (counted in {@link SolverLimits#bodyImpulseCapped()}). A capped
     * body can be pushed into others when it would need more. The ground contacts a joint tree
     * solves with its articulated mass are not counted.
     */
    public void setMaxContactImpulsePerStep(double maxImpulse) {
        state.checkUnlocked("set a body's contact impulse cap");
        int b = slot();
        Check.cap("maxContactImpulsePerStep", maxImpulse, "N·s");
        state.setMaxContactImpulsePerStep(b, maxImpulse);
    }
}
