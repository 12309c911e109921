package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A hinge: a point of body A and a point of body B held together, and B free to turn relative
 * to A only about the hinge axis. Its angle is 0 in the pose it is created in, positive turning
 * B about the axis (right-handed, A's axis).
 *
 * @param bodyA            first body
 * @param bodyB            second body (not the same as A)
 * @param anchorInBodyA    the joint point in body A's frame (relative to A's origin), metres
 * @param anchorInBodyB    the joint point in body B's frame (relative to B's origin), metres
 * @param axisInBodyA      the hinge axis in body A's frame, non-zero (normalized here)
 * @param axisInBodyB      the hinge axis in body B's frame, non-zero (normalized here)
 * @param collideConnected whether A and B still collide with each other (default false)
 * @param limited          whether the angle is kept in [lowerAngle, upperAngle] (default false); the
 *                         limit is approached speculatively and pushed out softly if passed
 * @param lowerAngle       lowest angle when limited, rad in [−π, upperAngle]
 * @param upperAngle       highest angle when limited, rad in [lowerAngle, π]
 * @param motorSpeed       the axis motor's target speed of B relative to A about the axis, rad/s
 * @param maxMotorTorque   the motor's largest torque, N·m, finite, ≥ 0 (default 0: no motor)
 * @param limitSpring      a one-sided spring (N·m/rad, N·m·s/rad) past the limits instead of a rigid
 *                         stop (default {@link JointSpring#RIGID})
 * @param breakThresholds  when the joint breaks (default {@link BreakThresholds#NEVER})
 */
public record HingeJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
        Vector3dc anchorInBodyB, Vector3dc axisInBodyA, Vector3dc axisInBodyB, boolean collideConnected,
        boolean limited, double lowerAngle, double upperAngle, double motorSpeed, double maxMotorTorque,
        JointSpring limitSpring, BreakThresholds breakThresholds) implements JointSettings {

    public HingeJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        axisInBodyA = new Vector3d(Check.nonZero("axisInBodyA", axisInBodyA)).normalize();
        axisInBodyB = new Vector3d(Check.nonZero("axisInBodyB", axisInBodyB)).normalize();
        checkLimits(lowerAngle, upperAngle);
        checkMotor(motorSpeed, maxMotorTorque);
        Check.notNull("limitSpring", limitSpring);
        Check.notNull("breakThresholds", breakThresholds);
    }

    /** A hinge without limits or motor, rigid and unbreakable. */
    public HingeJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA, Vector3dc anchorInBodyB,
            Vector3dc axisInBodyA, Vector3dc axisInBodyB, boolean collideConnected) {
        this(bodyA, bodyB, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB, collideConnected, false, -Math.PI,
                Math.PI, 0, 0, JointSpring.RIGID, BreakThresholds.NEVER);
    }

    /** Bodies that do not collide with each other; anchors and axes given in each body's frame. */
    public static HingeJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, Vector3dc axisInBodyA, BodyHandle b,
            Vector3dc anchorInBodyB, Vector3dc axisInBodyB) {
        return new HingeJointSettings(a, b, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB, false);
    }

    /** The same hinge with its angle kept in [lower, upper], rad. */
    public HingeJointSettings withLimits(double lower, double upper) {
        return new HingeJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB,
                collideConnected, true, lower, upper, motorSpeed, maxMotorTorque, limitSpring, breakThresholds);
    }

    /** The same hinge with an axis motor: target speed rad/s, largest torque N·m (0: off). */
    public HingeJointSettings withMotor(double speed, double maxTorque) {
        return new HingeJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB,
                collideConnected, limited, lowerAngle, upperAngle, speed, maxTorque, limitSpring, breakThresholds);
    }

    /** The same hinge with soft limits: stiffness N·m/rad, damping N·m·s/rad. */
    public HingeJointSettings withLimitSpring(double stiffness, double damping) {
        return new HingeJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB,
                collideConnected, limited, lowerAngle, upperAngle, motorSpeed, maxMotorTorque,
                new JointSpring(stiffness, damping), breakThresholds);
    }

    /** The same hinge, breaking above maxForce N or maxTorque N·m. */
    public HingeJointSettings withBreakThresholds(double maxForce, double maxTorque) {
        return new HingeJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB,
                collideConnected, limited, lowerAngle, upperAngle, motorSpeed, maxMotorTorque, limitSpring,
                new BreakThresholds(maxForce, maxTorque));
    }

    /** A hinge's limits: each in [−π, π], lower ≤ upper. */
    static void checkLimits(double lower, double upper) {
        Check.inRange("lower", lower, -Math.PI, Math.PI);
        Check.inRange("upper", upper, -Math.PI, Math.PI);
        if (lower > upper) {
            throw new InvalidArgumentException("lower", lower, "must be <= upper (" + upper + ")");
        }
    }

    /** A motor: finite speed, finite torque ≥ 0. */
    static void checkMotor(double speed, double maxTorque) {
        Check.finite("speed", speed);
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 turns the motor off)");
        }
    }
}
