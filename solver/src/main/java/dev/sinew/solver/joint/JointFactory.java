package dev.sinew.solver.joint;

import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BreakThresholds;
import dev.sinew.solver.FixedJointSettings;
import dev.sinew.solver.HingeJointSettings;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointSettings;
import dev.sinew.solver.JointSpring;
import dev.sinew.solver.SixDofJointSettings;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AngleConstraintPart;
import dev.sinew.solver.constraint.HingeAnglePart;
import dev.sinew.solver.constraint.LinearAxesPart;
import dev.sinew.solver.constraint.PointConstraintPart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import java.util.Arrays;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Creates joints from validated settings: a slot in the store, the anchors relative to the
 * bodies' centres of mass, and the constraint parts of the joint's kind, with the limits, motor,
 * springs and break thresholds its settings give. Each method returns the new joint's slot; the
 * caller wakes the bodies and updates the collision filter.
 */
public final class JointFactory {
    private final Bodies bodies;
    private final Joints joints;

    public JointFactory(Bodies bodies, Joints joints) {
        this.bodies = bodies;
        this.joints = joints;
    }

    /** Creates the joint the settings describe between bodies a and b (slots); returns its slot. */
    public int create(JointSettings s, int a, int b) {
        if (s instanceof BallJointSettings ball) {
            return ball(ball, a, b);
        } else if (s instanceof FixedJointSettings fixed) {
            return fixed(fixed, a, b);
        } else if (s instanceof HingeJointSettings hinge) {
            return hinge(hinge, a, b);
        } else if (s instanceof SwingTwistJointSettings swingTwist) {
            return swingTwist(swingTwist, a, b);
        }
        return sixDof((SixDofJointSettings) s, a, b);
    }

    private int ball(BallJointSettings s, int a, int b) {
        int j = add(s.bodyA(), a, b, s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
        pointSpring(j, s.pointSpring());
        breakThresholds(j, s.breakThresholds());
        return j;
    }

    /** B's orientation relative to A is held at its value now. */
    private int fixed(FixedJointSettings s, int a, int b) {
        int j = add(s.bodyA(), a, b, s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), true);
        breakThresholds(j, s.breakThresholds());
        return j;
    }

    private int hinge(HingeJointSettings s, int a, int b) {
        int j = add(s.bodyA(), a, b, s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
        HingeAnglePart part = new HingeAnglePart(s.axisInBodyA(), s.axisInBodyB(), rotation(a), rotation(b));
        joints.hinge[j] = part;
        if (s.limited()) {
            part.limited = true;
            part.lower = s.lowerAngle();
            part.upper = s.upperAngle();
        }
        part.motorSpeed = s.motorSpeed();
        part.motorMaxTorque = s.maxMotorTorque();
        part.springStiffness = s.limitSpring().stiffness();
        part.springDamping = s.limitSpring().damping();
        breakThresholds(j, s.breakThresholds());
        return j;
    }

    private int swingTwist(SwingTwistJointSettings s, int a, int b) {
        int j = add(s.bodyA(), a, b, s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
        SwingTwistLimitPart part = new SwingTwistLimitPart();
        Quaterniondc fa = s.frameInBodyA();
        Quaterniondc fb = s.frameInBodyB();
        for (int i = 0; i < 4; i++) {
            part.frameA[i] = component(fa, i);
            part.frameB[i] = component(fb, i);
        }
        part.swingY = s.swingYHalfAngle();
        part.swingZ = s.swingZHalfAngle();
        part.twistMin = s.twistMin();
        part.twistMax = s.twistMax();
        part.springStiffness = s.limitSpring().stiffness();
        part.springDamping = s.limitSpring().damping();
        joints.swingTwist[j] = part;
        frames(j, fa, fb);
        breakThresholds(j, s.breakThresholds());
        return j;
    }

    /**
     * All three angular axes locked: a fixed joint's rows at the frames' relative orientation;
     * both swing axes locked: a hinge about the frame's x axis with the twist as its angle;
     * otherwise the swing-twist rows. A linear axis not locked replaces the point rows by the
     * linear-axes part. Always solved sequentially, never by the exact tree solve.
     */
    private int sixDof(SixDofJointSettings s, int a, int bb) {
        if (bodies.type[a] != Bodies.DYNAMIC && bodies.type[bb] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("bodyA", s.bodyA(), "a joint needs at least one dynamic body");
        }
        SixDofJointSettings.Motion locked = SixDofJointSettings.Motion.LOCKED;
        boolean angularLocked = s.twist().motion() == locked && s.swingY().motion() == locked;
        boolean hinge = !angularLocked && s.swingY().motion() == locked;
        int j = add(s.bodyA(), a, bb, s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), angularLocked);
        Quaterniondc fa = s.frameInBodyA();
        Quaterniondc fb = s.frameInBodyB();
        // B's orientation at which the two frames coincide: q_A·F_A = q_B·F_B
        Quaterniond restB = rotation(a).mul(fa).mul(new Quaterniond(fb).conjugate()).normalize();
        if (angularLocked) {
            Quaterniond rel = new Quaterniond(fa).mul(new Quaterniond(fb).conjugate()).normalize();
            joints.targetRelative[4 * j] = rel.x;
            joints.targetRelative[4 * j + 1] = rel.y;
            joints.targetRelative[4 * j + 2] = rel.z;
            joints.targetRelative[4 * j + 3] = rel.w;
        } else if (hinge) {
            HingeAnglePart part = new HingeAnglePart(fa.transform(new Vector3d(1, 0, 0)),
                    fb.transform(new Vector3d(1, 0, 0)), rotation(a), restB);
            if (s.twist().motion() == SixDofJointSettings.Motion.LIMITED) {
                part.limited = true;
                part.lower = s.twist().min();
                part.upper = s.twist().max();
            }
            part.springStiffness = s.limitSpring().stiffness();
            part.springDamping = s.limitSpring().damping();
            joints.hinge[j] = part;
        } else {
            SwingTwistLimitPart part = new SwingTwistLimitPart();
            for (int i = 0; i < 4; i++) {
                part.frameA[i] = component(fa, i);
                part.frameB[i] = component(fb, i);
            }
            part.swingY = swingHalfAngle(s.swingY());
            part.swingZ = swingHalfAngle(s.swingZ());
            SixDofJointSettings.Dof t = s.twist();
            part.twistMin = t.motion() == SixDofJointSettings.Motion.FREE ? -Math.PI : t.min();
            part.twistMax = t.motion() == SixDofJointSettings.Motion.FREE ? Math.PI : t.max();
            part.springStiffness = s.limitSpring().stiffness();
            part.springDamping = s.limitSpring().damping();
            joints.swingTwist[j] = part;
        }
        if (!s.pointLocked()) {
            LinearAxesPart part = new LinearAxesPart();
            SixDofJointSettings.Dof[] axes = {s.linearX(), s.linearY(), s.linearZ()};
            for (int k = 0; k < 3; k++) {
                part.motion[k] = axes[k].motion().ordinal();
                part.min[k] = axes[k].min();
                part.max[k] = axes[k].max();
            }
            for (int i = 0; i < 4; i++) {
                part.frameA[i] = component(fa, i);
            }
            part.springStiffness = s.limitSpring().stiffness();
            part.springDamping = s.limitSpring().damping();
            joints.linear[j] = part;
        }
        joints.sequentialOnly[j] = true;
        frames(j, fa, fb);
        breakThresholds(j, s.breakThresholds());
        return j;
    }

    /** A joint's slot with its bodies, anchors and point part; fixed adds the angle part at the relative orientation now. */
    private int add(BodyHandle ha, int a, int b, Vector3dc anchorA, Vector3dc anchorB, boolean collideConnected,
            boolean fixed) {
        if (bodies.type[a] != Bodies.DYNAMIC && bodies.type[b] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("bodyA", ha, "a joint needs at least one dynamic body");
        }
        int j = joints.allocate();
        joints.alive[j] = true;
        joints.bodyA[j] = a;
        joints.bodyB[j] = b;
        joints.collideConnected[j] = collideConnected;
        for (int i = 0; i < 3; i++) {
            joints.localA[3 * j + i] = anchorA.get(i) - bodies.localCom[3 * a + i];
            joints.localB[3 * j + i] = anchorB.get(i) - bodies.localCom[3 * b + i];
        }
        if (joints.point[j] == null) {
            joints.point[j] = new PointConstraintPart();
        }
        Arrays.fill(joints.point[j].impulse, 0);
        if (fixed) {
            joints.angle[j] = new AngleConstraintPart();
            // target = conj(q_A)·q_B now
            Quaterniond rel = new Quaterniond(rotation(a)).conjugate().mul(rotation(b)).normalize();
            joints.targetRelative[4 * j] = rel.x;
            joints.targetRelative[4 * j + 1] = rel.y;
            joints.targetRelative[4 * j + 2] = rel.z;
            joints.targetRelative[4 * j + 3] = rel.w;
        } else {
            joints.angle[j] = null;
        }
        joints.drive[j] = null;
        joints.hinge[j] = null;
        joints.swingTwist[j] = null;
        joints.motor[j] = null;
        joints.friction[j] = null;
        joints.linear[j] = null;
        joints.pointSpring[j] = null;
        joints.sequentialOnly[j] = false;
        joints.breakForce[j] = Double.POSITIVE_INFINITY;
        joints.breakTorque[j] = Double.POSITIVE_INFINITY;
        frames(j, IDENTITY, IDENTITY);
        joints.count++;
        return j;
    }

    private static final Quaterniond IDENTITY = new Quaterniond();

    /** The joint frames in A and B, in which joint-frame drive targets are given. */
    private void frames(int j, Quaterniondc fa, Quaterniondc fb) {
        for (int i = 0; i < 4; i++) {
            joints.frameA[4 * j + i] = component(fa, i);
            joints.frameB[4 * j + i] = component(fb, i);
        }
    }

    private void pointSpring(int j, JointSpring spring) {
        if (spring.stiffness() != 0 || spring.damping() != 0) {
            joints.pointSpring[j] = new SoftCoefficients();
            joints.pointStiffness[j] = spring.stiffness();
            joints.pointDamping[j] = spring.damping();
        }
    }

    private void breakThresholds(int j, BreakThresholds t) {
        joints.breakForce[j] = t.maxForce();
        joints.breakTorque[j] = t.maxTorque();
    }

    /** Component i of q: 0 x, 1 y, 2 z, 3 w. */
    static double component(Quaterniondc q, int i) {
        return i == 0 ? q.x() : i == 1 ? q.y() : i == 2 ? q.z() : q.w();
    }

    private static double swingHalfAngle(SixDofJointSettings.Dof d) {
        return d.motion() == SixDofJointSettings.Motion.FREE ? Math.PI : d.max();
    }

    private Quaterniond rotation(int b) {
        return new Quaterniond(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }
}
