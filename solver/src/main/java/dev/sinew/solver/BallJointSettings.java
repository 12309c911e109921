package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A ball joint: a point of body A and a point of body B held together; rotation is free.
 *
 * @param bodyA            first body
 * @param bodyB            second body (not the same as A)
 * @param anchorInBodyA    the joint point in body A's frame (relative to A's origin), metres
 * @param anchorInBodyB    the joint point in body B's frame (relative to B's origin), metres
 * @param collideConnected whether A and B still collide with each other (default false)
 * @param pointSpring      a spring (N/m, N·s/m) pulling the anchors together instead of holding them
 *                         rigidly (default {@link JointSpring#RIGID})
 * @param breakThresholds  when the joint breaks (default {@link BreakThresholds#NEVER})
 */
public record BallJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA, Vector3dc anchorInBodyB,
        boolean collideConnected, JointSpring pointSpring, BreakThresholds breakThresholds)
        implements JointSettings {

    public BallJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        Check.notNull("pointSpring", pointSpring);
        Check.notNull("breakThresholds", breakThresholds);
    }

    /** A rigid, unbreakable ball joint. */
    public BallJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA, Vector3dc anchorInBodyB,
            boolean collideConnected) {
        this(bodyA, bodyB, anchorInBodyA, anchorInBodyB, collideConnected, JointSpring.RIGID, BreakThresholds.NEVER);
    }

    /** Bodies that do not collide with each other, anchors given in each body's frame. */
    public static BallJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, BodyHandle b, Vector3dc anchorInBodyB) {
        return new BallJointSettings(a, b, anchorInBodyA, anchorInBodyB, false);
    }

    /** The same joint with a soft point: stiffness N/m, damping N·s/m. */
    public BallJointSettings withPointSpring(double stiffness, double damping) {
        return new BallJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, collideConnected,
                new JointSpring(stiffness, damping), breakThresholds);
    }

    /** The same joint, breaking above maxForce N or maxTorque N·m. */
    public BallJointSettings withBreakThresholds(double maxForce, double maxTorque) {
        return new BallJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, collideConnected, pointSpring,
                new BreakThresholds(maxForce, maxTorque));
    }
}
