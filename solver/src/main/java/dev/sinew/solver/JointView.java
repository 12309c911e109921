package dev.sinew.solver;

import dev.sinew.solver.state.WorldState;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A joint's runtime controls, from {@link World#joint(JointHandle)}: its drive and drive target,
 * axis motors, friction, springs and break thresholds, and what it measures now. A view holds
 * its handle: keep one for as long as the joint lives (calling it allocates nothing); once the
 * joint is destroyed every call throws {@link StaleHandleException}. Changes are refused while
 * the world steps ({@link WorldLockedException}).
 *
 * <p><b>Drive targets.</b> A drive pulls B's orientation relative to A toward a target. Two
 * conventions are offered:
 * <ul>
 *   <li>{@link #setDriveTarget(Quaterniondc, Vector3dc) body frames}: the target is
 *       q_rel = conj(q_A)·q_B, B's body orientation seen from A's body frame;</li>
 *   <li>{@link #setDriveTargetInJointFrame(Quaterniondc, Vector3dc) joint frames}, as PhysX's D6
 *       and Jolt's swing-twist take them: the target is q_J = conj(F_A)·q_rel·F_B, B's joint frame
 *       seen from A's joint frame, where F_A and F_B are the joint frames in the bodies (the
 *       {@code frameInBodyA} and {@code frameInBodyB} of a swing-twist or 6-DOF joint; the
 *       identity for other joints, where the two conventions agree). The identity target holds the
 *       joint at rest, frames aligned.</li>
 * </ul>
 * Worked example: a swing-twist joint whose frame in A is turned 90° about A's z axis
 * (F_A = (0, 0, sin 45°, cos 45°), twist axis along A's y) and whose frame in B is the identity.
 * The joint-frame target "twist by 30°" is q_J = rotation of 30° about x; in body frames this is
 * q_rel = F_A·q_J·conj(F_B): B turned 30° about A's y axis, and also turned 90° about z, because
 * at rest B's frame lines up with A's turned frame. A target velocity ω_J (rad/s) is given in A's
 * joint frame and means F_A·ω_J in A's frame.
 */
public class JointView {
    final WorldState state;
    final JointHandle handle;

    JointView(WorldState state, JointHandle handle) {
        this.state = state;
        this.handle = handle;
    }

    final int slot() {
        return state.jointSlot(handle);
    }

    /** The joint this view controls. */
    public JointHandle handle() {
        return handle;
    }

    /** True when {@link World#hinge} applies: a hinge, or a 6-DOF joint that turns about one axis only. */
    public boolean isHinge() {
        return state.joints.hinge[slot()] != null;
    }

    /** True when {@link World#swingTwist} applies: a swing-twist joint, or a 6-DOF joint with swing-twist limits. */
    public boolean isSwingTwist() {
        return state.joints.swingTwist[slot()] != null;
    }

    /** Body A of the joint. */
    public BodyHandle bodyA() {
        return state.handle(state.joints.bodyA[slot()]);
    }

    /** Body B of the joint. */
    public BodyHandle bodyB() {
        return state.handle(state.joints.bodyB[slot()]);
    }

    /**
     * Gives the joint a slerp drive (or new gains for the one it has; {@code null} removes it): an
     * implicit angular spring-damper pulling B's orientation relative to A toward its target. A new
     * drive's target is the joint's relative orientation now, so adding a drive moves nothing.
     */
    public void setDrive(DriveSettings settings) {
        state.checkUnlocked("set a drive");
        state.jointControl.setDrive(slot(), settings);
    }

    /**
     * Sets the drive's target in body frames: B's orientation relative to A, conj(q_A)·q_B (unit),
     * at the end of the next tick, and B's angular velocity relative to A in A's frame, rad/s
     * (feed-forward; zero to hold still). With a target velocity the drive aims, substep by
     * substep, at a target turning at that velocity that arrives at the given orientation when the
     * tick ends (for an animation: the pose at the tick's end and the turn since the last tick over
     * the tick). A target outside the joint's limits is moved onto them.
     *
     * @throws InvalidArgumentException if the joint has no drive
     */
    public void setDriveTarget(Quaterniondc relativeOrientation, Vector3dc relativeAngularVelocity) {
        state.checkUnlocked("set a drive target");
        state.jointControl.setDriveTarget(slot(), handle, relativeOrientation, relativeAngularVelocity);
    }

    /** {@link #setDriveTarget(Quaterniondc, Vector3dc)} with no target velocity (hold still there). */
    public void setDriveTarget(Quaterniondc relativeOrientation) {
        setDriveTarget(relativeOrientation, ZERO);
    }

    /**
     * Sets the drive's target in joint frames (see the class doc): B's joint frame relative to A's,
     * conj(F_A)·conj(q_A)·q_B·F_B (unit), and B's angular velocity relative to A in A's joint frame,
     * rad/s.
     *
     * @throws InvalidArgumentException if the joint has no drive
     */
    public void setDriveTargetInJointFrame(Quaterniondc jointOrientation, Vector3dc jointAngularVelocity) {
        state.checkUnlocked("set a drive target");
        state.jointControl.setDriveTargetInJointFrame(slot(), handle, jointOrientation, jointAngularVelocity);
    }

    /** {@link #setDriveTargetInJointFrame(Quaterniondc, Vector3dc)} with no target velocity. */
    public void setDriveTargetInJointFrame(Quaterniondc jointOrientation) {
        setDriveTargetInJointFrame(jointOrientation, ZERO);
    }

    private static final Vector3dc ZERO = new Vector3d();

    /** The torque the drive applied on B over the last substep, N·m, world (zero without a drive). */
    public Vector3d driveTorque(Vector3d dest) {
        return state.jointControl.driveTorque(slot(), dest);
    }

    /** The angle between B's relative orientation now and the drive's target, rad (zero without a drive). */
    public double driveAngleError() {
        return state.jointControl.driveAngleError(slot());
    }

    /**
     * Runs a velocity motor about one axis of the joint's frame in body A (for a swing-twist joint
     * its joint frame: 0 the twist axis x, 1 and 2 the swing axes y and z; for other joints body A's
     * own axes): B's angular velocity relative to A about that axis is driven toward {@code speed}
     * rad/s with at most {@code maxTorque} N·m. maxTorque 0 turns that axis's motor off.
     */
    public void setAxisMotor(int axis, double speed, double maxTorque) {
        state.checkUnlocked("set an axis motor");
        state.jointControl.setAxisMotor(slot(), axis, speed, maxTorque);
    }

    /**
     * Gives the joint friction: a resisting torque of up to {@code maxTorque} N·m against any turning
     * of B relative to A; it holds the joint under smaller loads and brakes it with exactly
     * {@code maxTorque} under larger ones. 0 removes it.
     */
    public void setFriction(double maxTorque) {
        state.checkUnlocked("set joint friction");
        state.jointControl.setFriction(slot(), maxTorque);
    }

    /**
     * Makes the anchors soft: a spring of {@code stiffness} N/m and {@code damping} N·s/m (implicit,
     * stable at any stiffness) pulls them together instead of holding them rigidly; both 0 makes
     * the joint rigid again. The angular rows, limits and drives stay as they are. A joint to a
     * kinematic body with a soft point and a slerp drive is a six-degree-of-freedom spring that the
     * tree solve handles exactly (a root drive is one).
     */
    public void setPointSpring(double stiffness, double damping) {
        state.checkUnlocked("set a point spring");
        state.jointControl.setPointSpring(slot(), handle, stiffness, damping);
    }

    /**
     * Makes the limits soft: past a limit a one-sided implicit spring of {@code stiffness} N·m/rad and
     * {@code damping} N·m·s/rad pushes back instead of a rigid stop (a 6-DOF joint's limited linear
     * axes take the same numbers as N/m and N·s/m). Both 0 makes the limits rigid again.
     *
     * @throws InvalidArgumentException if the joint has no limits to soften
     */
    public void setLimitSpring(double stiffness, double damping) {
        state.checkUnlocked("set a limit spring");
        state.jointControl.setLimitSpring(slot(), handle, stiffness, damping);
    }

    /** Sets when the joint breaks: above {@code maxForce} N or {@code maxTorque} N·m (see {@link BreakThresholds}). */
    public void setBreakThresholds(double maxForce, double maxTorque) {
        state.checkUnlocked("set break thresholds");
        state.jointControl.setBreakThresholds(slot(), maxForce, maxTorque);
    }

    /**
     * How far the joint is open now, m: the distance between its two anchor points (for a 6-DOF
     * joint with a free or limited linear axis, its largest violation of a locked or limited one).
     */
    public double separation() {
        return state.joints.separation(state.bodies, slot());
    }

    /**
     * The orientation of B's joint frame relative to A's now (for a swing-twist joint; for other
     * joints the body frames: conj(q_A)·q_B), unit, w ≥ 0.
     */
    public Quaterniond relativeOrientation(Quaterniond dest) {
        return state.jointControl.relativeOrientation(slot(), dest);
    }
}
