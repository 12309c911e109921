package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A hinge: a point of body A and a point of body B held together, and B free to turn relative
 * to A only about the hinge axis.
 *
 * @param bodyA            first body
 * @param bodyB            second body (not the same as A)
 * @param anchorInBodyA    the joint point in body A's frame (relative to A's origin), metres
 * @param anchorInBodyB    the joint point in body B's frame (relative to B's origin), metres
 * @param axisInBodyA      the hinge axis in body A's frame, non-zero (normalized here)
 * @param axisInBodyB      the hinge axis in body B's frame, non-zero (normalized here)
 * @param collideConnected whether A and B still collide with each other (default false)
 */
public record HingeJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
        Vector3dc anchorInBodyB, Vector3dc axisInBodyA, Vector3dc axisInBodyB, boolean collideConnected) {

    public HingeJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        axisInBodyA = new Vector3d(Check.nonZero("axisInBodyA", axisInBodyA)).normalize();
        axisInBodyB = new Vector3d(Check.nonZero("axisInBodyB", axisInBodyB)).normalize();
    }

    /** Bodies that do not collide with each other; anchors and axes given in each body's frame. */
    public static HingeJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, Vector3dc axisInBodyA, BodyHandle b,
            Vector3dc anchorInBodyB, Vector3dc axisInBodyB) {
        return new HingeJointSettings(a, b, anchorInBodyA, anchorInBodyB, axisInBodyA, axisInBodyB, false);
    }
}
