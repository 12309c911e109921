package dev.sinew.solver;

import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A generic six-degree-of-freedom joint: each of the three linear and three angular axes of the
 * joint frame is locked, limited to a range, or free. The joint frame is given in each body
 * (origin and orientation); the joint is at rest when the two frames coincide.
 * <ul>
 *   <li>Linear axes: the position of B's frame origin along A's frame axes x, y and z, metres.</li>
 *   <li>Angular axes: the angles of {@link SwingTwist} between the frames: twist about x in
 *       [min, max] ⊂ [−π, π]; swing about y and about z, whose limits form an elliptical cone and
 *       are therefore symmetric (a limited swing axis needs min = −max, in (0, π]).</li>
 * </ul>
 * All three angular axes locked hold the relative orientation (a fixed joint's rows); both swing
 * axes locked leave a hinge about x (the hinge's rows, with the twist as its angle); other
 * combinations use the swing-twist limit rows. One swing axis locked and the other not is not
 * supported (the cone would be degenerate): give the locked one a small limited range instead.
 * A 6-DOF joint is always solved by the sequential solver, not by the exact tree solve.
 *
 * @param bodyA            first body
 * @param bodyB            second body (not the same as A)
 * @param anchorInBodyA    origin of the joint frame in body A's frame, metres
 * @param anchorInBodyB    origin of the joint frame in body B's frame, metres
 * @param frameInBodyA     orientation of the joint frame in body A's frame, unit quaternion
 * @param frameInBodyB     orientation of the joint frame in body B's frame, unit quaternion
 * @param linearX          motion along the frame's x axis, metres
 * @param linearY          motion along the frame's y axis, metres
 * @param linearZ          motion along the frame's z axis, metres
 * @param twist            rotation about the frame's x axis (twist), rad
 * @param swingY           rotation about the frame's y axis (swing), rad
 * @param swingZ           rotation about the frame's z axis (swing), rad
 * @param collideConnected whether A and B still collide with each other (default false)
 * @param limitSpring      a one-sided spring past the limits instead of a rigid stop: N·m/rad and
 *                         N·m·s/rad on the angular axes, the same numbers as N/m and N·s/m on the
 *                         limited linear axes (default {@link JointSpring#RIGID})
 * @param breakThresholds  when the joint breaks (default {@link BreakThresholds#NEVER})
 */
public record SixDofJointSettings(BodyHandle bodyA, BodyHandle bodyB, Vector3dc anchorInBodyA,
        Vector3dc anchorInBodyB, Quaterniondc frameInBodyA, Quaterniondc frameInBodyB, Dof linearX, Dof linearY,
        Dof linearZ, Dof twist, Dof swingY, Dof swingZ, boolean collideConnected, JointSpring limitSpring,
        BreakThresholds breakThresholds) implements JointSettings {

    /** How an axis may move. */
    public enum Motion {
        /** Held at 0. */
        LOCKED,
        /** Kept in [min, max]. */
        LIMITED,
        /** Unconstrained. */
        FREE
    }

    /**
     * One axis: its motion and, when limited, its range (metres for linear axes, rad for angular).
     *
     * @param motion locked, limited or free
     * @param min    lowest value when limited (0 otherwise)
     * @param max    highest value when limited (0 otherwise), ≥ min
     */
    public record Dof(Motion motion, double min, double max) {
        public Dof {
            Check.notNull("motion", motion);
            Check.finite("min", min);
            Check.finite("max", max);
            if (min > max) {
                throw new InvalidArgumentException("min", min, "must be <= max (" + max + ")");
            }
        }

        /** Held at 0. */
        public static Dof locked() {
            return new Dof(Motion.LOCKED, 0, 0);
        }

        /** Unconstrained. */
        public static Dof free() {
            return new Dof(Motion.FREE, 0, 0);
        }

        /** Kept in [min, max]; min = max is the same as locked at that value. */
        public static Dof limited(double min, double max) {
            return new Dof(Motion.LIMITED, min, max);
        }
    }

    public SixDofJointSettings {
        Check.jointBodies(bodyA, bodyB);
        anchorInBodyA = new Vector3d(Check.finite("anchorInBodyA", anchorInBodyA));
        anchorInBodyB = new Vector3d(Check.finite("anchorInBodyB", anchorInBodyB));
        frameInBodyA = new Quaterniond(Check.unit("frameInBodyA", frameInBodyA)).normalize();
        frameInBodyB = new Quaterniond(Check.unit("frameInBodyB", frameInBodyB)).normalize();
        Check.notNull("linearX", linearX);
        Check.notNull("linearY", linearY);
        Check.notNull("linearZ", linearZ);
        Check.notNull("twist", twist);
        Check.notNull("swingY", swingY);
        Check.notNull("swingZ", swingZ);
        if (twist.motion() == Motion.LIMITED) {
            Check.inRange("twist.min", twist.min(), -Math.PI, Math.PI);
            Check.inRange("twist.max", twist.max(), -Math.PI, Math.PI);
        }
        checkSwing("swingY", swingY);
        checkSwing("swingZ", swingZ);
        if ((swingY.motion() == Motion.LOCKED) != (swingZ.motion() == Motion.LOCKED)) {
            throw new InvalidArgumentException(swingY.motion() == Motion.LOCKED ? "swingY" : "swingZ", Motion.LOCKED,
                    "one swing axis locked and the other not is not supported; give it a small limited range instead");
        }
        Check.notNull("limitSpring", limitSpring);
        Check.notNull("breakThresholds", breakThresholds);
    }

    private static void checkSwing(String name, Dof d) {
        if (d.motion() == Motion.LIMITED && !(d.max() > 0 && d.max() <= Math.PI && d.min() == -d.max())) {
            throw new InvalidArgumentException(name, "[" + d.min() + ", " + d.max() + "]",
                    "a limited swing axis must be symmetric, [−a, a] with a in (0, π] rad");
        }
    }

    /** A joint with every axis locked (lock and free them with the {@code with} methods); bodies do not collide. */
    public static SixDofJointSettings of(BodyHandle a, Vector3dc anchorInBodyA, Quaterniondc frameInBodyA, BodyHandle b,
            Vector3dc anchorInBodyB, Quaterniondc frameInBodyB) {
        Dof l = Dof.locked();
        return new SixDofJointSettings(a, b, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, l, l, l, l, l, l,
                false, JointSpring.RIGID, BreakThresholds.NEVER);
    }

    /** The same joint with the given linear axes. */
    public SixDofJointSettings withLinear(Dof x, Dof y, Dof z) {
        return new SixDofJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, x, y, z,
                twist, swingY, swingZ, collideConnected, limitSpring, breakThresholds);
    }

    /** The same joint with the given angular axes (twist about x, swing about y and z). */
    public SixDofJointSettings withAngular(Dof twistX, Dof swingAboutY, Dof swingAboutZ) {
        return new SixDofJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, linearX,
                linearY, linearZ, twistX, swingAboutY, swingAboutZ, collideConnected, limitSpring, breakThresholds);
    }

    /** The same joint with its bodies colliding with each other or not. */
    public SixDofJointSettings withCollideConnected(boolean collide) {
        return new SixDofJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, linearX,
                linearY, linearZ, twist, swingY, swingZ, collide, limitSpring, breakThresholds);
    }

    /** The same joint with soft limits (angular N·m/rad and N·m·s/rad; linear N/m and N·s/m). */
    public SixDofJointSettings withLimitSpring(double stiffness, double damping) {
        return new SixDofJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, linearX,
                linearY, linearZ, twist, swingY, swingZ, collideConnected, new JointSpring(stiffness, damping),
                breakThresholds);
    }

    /** The same joint, breaking above maxForce N or maxTorque N·m. */
    public SixDofJointSettings withBreakThresholds(double maxForce, double maxTorque) {
        return new SixDofJointSettings(bodyA, bodyB, anchorInBodyA, anchorInBodyB, frameInBodyA, frameInBodyB, linearX,
                linearY, linearZ, twist, swingY, swingZ, collideConnected, limitSpring,
                new BreakThresholds(maxForce, maxTorque));
    }

    /** True if all three linear axes are locked (the joint holds one point, like a ball joint). */
    public boolean pointLocked() {
        return linearX.motion() == Motion.LOCKED && linearY.motion() == Motion.LOCKED
                && linearZ.motion() == Motion.LOCKED;
    }
}
