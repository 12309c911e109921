package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A fixed joint: a point of body A and a point of body B held together, and B's orientation
 * relative to A held at what it is when the joint is created.
 *
 * @param bodyA            first body
 * @param bodyB            second body (not the same as A)
 * @param anchorInBodyA    the joint point in body A's frame (relative to A's origin), metres
 * @param anchorInBodyB    the joint point in body B's frame (relative to B's origin), metres
 * @param collideConnected whether A and B still collide with each other (default false)
 * @param breakThresholds  when the joint breaks (default {@link BreakThresholds#NEVER})
 */
public record FixedJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
        Vector3dc anchorInBodyB, boolean collideConnected, BreakThresholds breakThresholds)
        implements JointSettings {

    public FixedJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        Check.notNull("breakThresholds", breakThresholds);
    }

    /** An unbreakable fixed joint. */
    public FixedJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA, Vector3dc anchorInBodyB,
            boolean collideConnected) {
        this(bodyA, bodyB, anchorInBodyA, anchorInBodyB, collideConnected, BreakThresholds.NEVER);
    }

    /** Bodies that do not collide with each other, anchors given in each body's frame. */
    public static FixedJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, BodyHandle b, Vector3dc anchorInBodyB) {
        return new FixedJointSettings(a, b, anchorInBodyA, anchorInBodyB, false);
    }

    /** The same joint, breaking above maxForce N or maxTorque N·m. */
    public FixedJointSettings withBreakThresholds(double maxForce, double maxTorque) {
        return new FixedJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, collideConnected,
                new BreakThresholds(maxForce, maxTorque));
    }
}
