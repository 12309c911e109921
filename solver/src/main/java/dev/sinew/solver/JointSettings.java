package dev.sinew.solver;

/**
 * The settings of a joint of any kind, for {@link World#createJoint}: a ball, fixed, hinge,
 * swing-twist or 6-DOF joint between two bodies.
 */
public sealed interface JointSettings permits BallJointSettings, FixedJointSettings, HingeJointSettings,
        SwingTwistJointSettings, SixDofJointSettings {
    /** First body. */
    BodyHandle bodyA();

    /** Second body (not the same as A). */
    BodyHandle bodyB();

    /** Whether A and B still collide with each other. */
    boolean collideConnected();

    /** When the joint breaks. */
    BreakThresholds breakThresholds();
}
