package dev.sinew.solver;

import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A swing-twist joint, the ragdoll's shoulder, hip and neck: a point of body A and a point of body
 * B held together, B's twist about the joint's twist axis kept in [twistMin, twistMax] and the
 * twist axis kept inside an elliptical cone around A's twist axis. Angles are those of
 * {@link SwingTwist}, measured between the two joint frames: each frame's x axis is the twist axis,
 * its y and z axes the swing axes; the joint is at rest (all angles 0) when the frames coincide.
 *
 * @param bodyA            first body (the parent)
 * @param bodyB            second body (the child)
 * @param anchorInBodyA    the joint point in body A's frame (relative to A's origin), metres
 * @param anchorInBodyB    the joint point in body B's frame, metres
 * @param frameInBodyA     the joint frame in body A's frame (x: twist axis), unit quaternion
 * @param frameInBodyB     the joint frame in body B's frame, unit quaternion
 * @param swingYHalfAngle  largest swing about the frame's y axis, rad in (0, π]; π: free
 * @param swingZHalfAngle  largest swing about the frame's z axis, rad in (0, π]; π: free
 * @param twistMin         lowest twist, rad in [−π, twistMax]
 * @param twistMax         highest twist, rad in [twistMin, π]; [−π, π]: free
 * @param collideConnected whether A and B still collide with each other (default false)
 * @param limitSpring      a one-sided spring (N·m/rad, N·m·s/rad) past the limits instead of a rigid
 *                         stop (default {@link JointSpring#RIGID})
 * @param breakThresholds  when the joint breaks (default {@link BreakThresholds#NEVER})
 */
public record SwingTwistJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
        Vector3dc anchorInBodyB, Quaterniondc frameInBodyA, Quaterniondc frameInBodyB, double swingYHalfAngle,
        double swingZHalfAngle, double twistMin, double twistMax, boolean collideConnected, JointSpring limitSpring,
        BreakThresholds breakThresholds) implements JointSettings {

    public SwingTwistJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        frameInBodyA = new Quaterniond(Check.unit("frameInBodyA", frameInBodyA)).normalize();
        frameInBodyB = new Quaterniond(Check.unit("frameInBodyB", frameInBodyB)).normalize();
        if (!(swingYHalfAngle > 0 && swingYHalfAngle <= Math.PI)) {
            throw new InvalidArgumentException("swingYHalfAngle", swingYHalfAngle, "must be in (0, π] rad");
        }
        if (!(swingZHalfAngle > 0 && swingZHalfAngle <= Math.PI)) {
            throw new InvalidArgumentException("swingZHalfAngle", swingZHalfAngle, "must be in (0, π] rad");
        }
        Check.inRange("twistMin", twistMin, -Math.PI, Math.PI);
        Check.inRange("twistMax", twistMax, -Math.PI, Math.PI);
        if (twistMin > twistMax) {
            throw new InvalidArgumentException("twistMin", twistMin, "must be <= twistMax (" + twistMax + ")");
        }
        Check.notNull("limitSpring", limitSpring);
        Check.notNull("breakThresholds", breakThresholds);
    }

    /** A rigid, unbreakable swing-twist joint. */
    public SwingTwistJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
            Vector3dc anchorInBodyB, Quaterniondc frameInBodyA, Quaterniondc frameInBodyB, double swingYHalfAngle,
            double swingZHalfAngle, double twistMin, double twistMax, boolean collideConnected) {
        this(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, swingYHalfAngle, swingZHalfAngle,
                twistMin, twistMax, collideConnected, JointSpring.RIGID, BreakThresholds.NEVER);
    }

    /**
     * A joint with free swing and twist (limits set with {@link #withSwing} and {@link #withTwist});
     * bodies do not collide with each other.
     */
    public static SwingTwistJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, Quaterniondc frameInBodyA,
            BodyHandle b, Vector3dc anchorInBodyB, Quaterniondc frameInBodyB) {
        return new SwingTwistJointSettings(a, b, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, Math.PI,
                Math.PI, -Math.PI, Math.PI, false);
    }

    /** The same joint with swing half-angles about the frame's y and z axes, rad. */
    public SwingTwistJointSettings withSwing(double yHalfAngle, double zHalfAngle) {
        return new SwingTwistJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB,
                yHalfAngle, zHalfAngle, twistMin, twistMax, collideConnected, limitSpring, breakThresholds);
    }

    /** The same joint with the twist range [min, max], rad. */
    public SwingTwistJointSettings withTwist(double min, double max) {
        return new SwingTwistJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB,
                swingYHalfAngle, swingZHalfAngle, min, max, collideConnected, limitSpring, breakThresholds);
    }

    /** The same joint with its bodies colliding with each other or not. */
    public SwingTwistJointSettings withCollideConnected(boolean collide) {
        return new SwingTwistJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB,
                swingYHalfAngle, swingZHalfAngle, twistMin, twistMax, collide, limitSpring, breakThresholds);
    }

    /** The same joint with soft limits: stiffness N·m/rad, damping N·m·s/rad. */
    public SwingTwistJointSettings withLimitSpring(double stiffness, double damping) {
        return new SwingTwistJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB,
                swingYHalfAngle, swingZHalfAngle, twistMin, twistMax, collideConnected,
                new JointSpring(stiffness, damping), breakThresholds);
    }

    /** The same joint, breaking above maxForce N or maxTorque N·m. */
    public SwingTwistJointSettings withBreakThresholds(double maxForce, double maxTorque) {
        return new SwingTwistJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB,
                swingYHalfAngle, swingZHalfAngle, twistMin, twistMax, collideConnected, limitSpring,
                new BreakThresholds(maxForce, maxTorque));
    }

    /**
     * The joint frame whose x axis is {@code twistAxis} and whose y axis is {@code yAxis} made
     * perpendicular to it (both in a body's frame, non-zero, not parallel).
     */
    public static Quaterniond frame(Vector3dc twistAxis, Vector3dc yAxis) {
        Vector3d x = new Vector3d(Check.nonZero("twistAxis", twistAxis)).normalize();
        Vector3d y = new Vector3d(Check.nonZero("yAxis", yAxis));
        y.sub(new Vector3d(x).mul(x.dot(y)));
        if (y.length() < 1e-9 * Math.max(1, yAxis.length())) {
            throw new InvalidArgumentException("yAxis", yAxis, "must not be parallel to twistAxis " + twistAxis);
        }
        y.normalize();
        Vector3d z = x.cross(y, new Vector3d());
        return new Quaterniond().setFromNormalized(new Matrix3d(x, y, z)).normalize();
    }
}
