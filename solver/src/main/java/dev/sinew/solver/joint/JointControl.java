package dev.sinew.solver.joint;

import dev.sinew.solver.Check;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AxisMotorPart;
import dev.sinew.solver.constraint.FrictionPart;
import dev.sinew.solver.constraint.HingeAnglePart;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Changes to a live joint at runtime (the public joint views call these): drives and their
 * targets, limits, motors, springs, friction and break thresholds, each validated before anything
 * is written, each waking the joint's bodies when it changes how they move. The handle is passed
 * for error messages; the slot has been checked.
 */
public final class JointControl {
    private final Bodies bodies;
    private final Joints joints;
    private final Quaterniond scratchTarget = new Quaterniond();
    private final Quaterniond scratchFrame = new Quaterniond();
    private final Vector3d scratchVelocity = new Vector3d();

    public JointControl(Bodies bodies, Joints joints) {
        this.bodies = bodies;
        this.joints = joints;
    }

    private void wake(int j) {
        bodies.wakeIsland(joints.bodyA[j]);
        bodies.wakeIsland(joints.bodyB[j]);
    }

    /** See {@code JointView.setDrive}. */
    public void setDrive(int j, DriveSettings settings) {
        if (settings == null) {
            joints.drive[j] = null;
            return;
        }
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            d = new SlerpDrivePart();
            Quaterniond rel = new Quaterniond(rotation(joints.bodyA[j])).conjugate()
                    .mul(rotation(joints.bodyB[j])).normalize();
            double[] t = d.data;
            t[SlerpDrivePart.TARGET] = rel.x;
            t[SlerpDrivePart.TARGET + 1] = rel.y;
            t[SlerpDrivePart.TARGET + 2] = rel.z;
            t[SlerpDrivePart.TARGET + 3] = rel.w;
            clampToLimits(j, t, SlerpDrivePart.TARGET);
            joints.drive[j] = d;
        }
        d.settings = settings;
        d.twistSettings = null;
        wake(j);
    }

    /** See {@code SwingTwistJointView.setDrive}. */
    public void setSwingTwistDrive(int j, JointHandle h, DriveSettings swing, DriveSettings twist) {
        SwingTwistLimitPart st = joints.swingTwist[j];
        if (st == null) {
            throw new InvalidArgumentException("joint", h, "is not a swing-twist joint (use setDrive for a slerp drive)");
        }
        if (swing == null && twist == null) {
            setDrive(j, null);
            return;
        }
        Check.notNull("swing", swing);
        Check.notNull("twist", twist);
        setDrive(j, swing);
        SlerpDrivePart d = joints.drive[j];
        d.twistSettings = twist;
        // the twist axis is the joint frame's x axis, in A's frame
        double[] f = st.frameA;
        Vector3d x = new Quaterniond(f[0], f[1], f[2], f[3]).transform(new Vector3d(1, 0, 0));
        d.twistAxisInA[0] = x.x;
        d.twistAxisInA[1] = x.y;
        d.twistAxisInA[2] = x.z;
    }

    /** See {@code JointView.setDriveTarget}: B's orientation relative to A, in the bodies' frames. */
    public void setDriveTarget(int j, JointHandle h, Quaterniondc relativeOrientation, Vector3dc relativeAngularVelocity) {
        Check.unit("relativeOrientation", relativeOrientation);
        Check.finite("relativeAngularVelocity", relativeAngularVelocity);
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            throw new InvalidArgumentException("joint", h, "has no drive (call setDrive first)");
        }
        double inv = 1 / Math.sqrt(relativeOrientation.lengthSquared());
        double[] t = d.data;
        t[SlerpDrivePart.TARGET] = relativeOrientation.x() * inv;
        t[SlerpDrivePart.TARGET + 1] = relativeOrientation.y() * inv;
        t[SlerpDrivePart.TARGET + 2] = relativeOrientation.z() * inv;
        t[SlerpDrivePart.TARGET + 3] = relativeOrientation.w() * inv;
        clampToLimits(j, t, SlerpDrivePart.TARGET);
        t[SlerpDrivePart.TARGET_VEL] = relativeAngularVelocity.x();
        t[SlerpDrivePart.TARGET_VEL + 1] = relativeAngularVelocity.y();
        t[SlerpDrivePart.TARGET_VEL + 2] = relativeAngularVelocity.z();
        wake(j);
    }

    /**
     * See {@code JointView.setDriveTargetInJointFrame}: the target as B's joint frame relative to
     * A's, q_J = conj(F_A)·conj(q_A)·q_B·F_B, is the body-frame target F_A·q_J·conj(F_B); the
     * target angular velocity in A's joint frame is F_A·ω_J in A's frame.
     */
    public void setDriveTargetInJointFrame(int j, JointHandle h, Quaterniondc jointOrientation,
            Vector3dc jointAngularVelocity) {
        Check.unit("jointOrientation", jointOrientation);
        Check.finite("jointAngularVelocity", jointAngularVelocity);
        double[] fa = joints.frameA;
        double[] fb = joints.frameB;
        int o = 4 * j;
        Quaterniond target = scratchTarget.set(fa[o], fa[o + 1], fa[o + 2], fa[o + 3]).mul(jointOrientation)
                .mul(scratchFrame.set(fb[o], fb[o + 1], fb[o + 2], fb[o + 3]).conjugate()).normalize();
        Vector3d w = scratchFrame.set(fa[o], fa[o + 1], fa[o + 2], fa[o + 3])
                .transform(jointAngularVelocity, scratchVelocity);
        setDriveTarget(j, h, target, w);
    }

    /**
     * Limits never fight the drive: a target outside a joint's limits is moved onto them, and a
     * hinge's target onto the turns about its axis.
     */
    private void clampToLimits(int j, double[] target, int o) {
        if (joints.swingTwist[j] != null) {
            joints.swingTwist[j].clampTarget(target, o);
        } else if (joints.hinge[j] != null) {
            joints.hinge[j].clampTarget(target, o);
        }
    }

    /** The torque the joint's drive applied on B over the last substep, N·m, world (zero without a drive). */
    public Vector3d driveTorque(int j, Vector3d dest) {
        SlerpDrivePart d = joints.drive[j];
        return d == null ? dest.zero() : dest.set(d.torque(0), d.torque(1), d.torque(2));
    }

    /** The angle between B's relative orientation now and the drive's target, rad (zero without a drive). */
    public double driveAngleError(int j) {
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            return 0;
        }
        d.rotationError(bodies, joints.bodyA[j], joints.bodyB[j], SlerpDrivePart.TARGET);
        double[] e = d.data;
        int o = SlerpDrivePart.ERROR;
        return Math.sqrt(e[o] * e[o] + e[o + 1] * e[o + 1] + e[o + 2] * e[o + 2]);
    }

    public HingeAnglePart hinge(int j, JointHandle h) {
        HingeAnglePart part = joints.hinge[j];
        if (part == null) {
            throw new InvalidArgumentException("joint", h, "is not a hinge");
        }
        return part;
    }

    public SwingTwistLimitPart swingTwist(int j, JointHandle h) {
        SwingTwistLimitPart part = joints.swingTwist[j];
        if (part == null) {
            throw new InvalidArgumentException("joint", h, "is not a swing-twist joint");
        }
        return part;
    }

    /** See {@code HingeJointView.setLimits}. */
    public void setHingeLimits(int j, JointHandle h, double lower, double upper) {
        HingeAnglePart part = hinge(j, h);
        Check.inRange("lower", lower, -Math.PI, Math.PI);
        Check.inRange("upper", upper, -Math.PI, Math.PI);
        if (lower > upper) {
            throw new InvalidArgumentException("lower", lower, "must be <= upper (" + upper + ")");
        }
        part.limited = true;
        part.lower = lower;
        part.upper = upper;
        part.lowerRow.impulse = 0;
        part.upperRow.impulse = 0;
        if (joints.drive[j] != null) {
            part.clampTarget(joints.drive[j].data, SlerpDrivePart.TARGET);
        }
        wake(j);
    }

    /** See {@code HingeJointView.setMotor}. */
    public void setHingeMotor(int j, JointHandle h, double speed, double maxTorque) {
        HingeAnglePart part = hinge(j, h);
        Check.finite("speed", speed);
        checkMotorTorque(maxTorque);
        part.motorSpeed = speed;
        part.motorMaxTorque = maxTorque;
        if (maxTorque == 0) {
            part.motorRow.impulse = 0;
        }
        wake(j);
    }

    private static void checkMotorTorque(double maxTorque) {
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 turns the motor off)");
        }
    }

    /** See {@code JointView.setLimitSpring}. */
    public void setLimitSpring(int j, JointHandle h, double stiffness, double damping) {
        if (joints.hinge[j] == null && joints.swingTwist[j] == null && joints.linear[j] == null) {
            throw new InvalidArgumentException("joint", h, "is neither a hinge, a swing-twist nor a 6-DOF joint with limits");
        }
        Check.nonNegative("stiffness", stiffness);
        Check.nonNegative("damping", damping);
        if (joints.linear[j] != null) {
            joints.linear[j].springStiffness = stiffness;
            joints.linear[j].springDamping = damping;
        }
        if (joints.hinge[j] != null) {
            joints.hinge[j].springStiffness = stiffness;
            joints.hinge[j].springDamping = damping;
        } else if (joints.swingTwist[j] != null) {
            joints.swingTwist[j].springStiffness = stiffness;
            joints.swingTwist[j].springDamping = damping;
        }
        wake(j);
    }

    /** See {@code JointView.setPointSpring}. */
    public void setPointSpring(int j, JointHandle h, double stiffness, double damping) {
        Check.nonNegative("stiffness", stiffness);
        Check.nonNegative("damping", damping);
        if (stiffness == Double.POSITIVE_INFINITY || damping == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("stiffness", stiffness, "must be finite (use 0, 0 for a rigid point)");
        }
        if (joints.linear[j] != null) {
            throw new InvalidArgumentException("joint", h, "is a 6-DOF joint with free linear axes: it has no point to soften");
        }
        if (stiffness == 0 && damping == 0) {
            joints.pointSpring[j] = null;
        } else {
            if (joints.pointSpring[j] == null) {
                joints.pointSpring[j] = new SoftCoefficients();
            }
            joints.pointStiffness[j] = stiffness;
            joints.pointDamping[j] = damping;
        }
        wake(j);
    }

    /** See {@code JointView.setAxisMotor}. */
    public void setAxisMotor(int j, int axis, double speed, double maxTorque) {
        if (axis < 0 || axis > 2) {
            throw new InvalidArgumentException("axis", axis, "must be 0 (x), 1 (y) or 2 (z)");
        }
        Check.finite("speed", speed);
        checkMotorTorque(maxTorque);
        AxisMotorPart m = joints.motor[j];
        if (m == null) {
            if (maxTorque == 0) {
                return;
            }
            m = new AxisMotorPart();
            SwingTwistLimitPart st = joints.swingTwist[j];
            if (st != null) {
                Quaterniond f = new Quaterniond(st.frameA[0], st.frameA[1], st.frameA[2], st.frameA[3]);
                for (int i = 0; i < 3; i++) {
                    Vector3d a = f.transform(new Vector3d(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0));
                    m.axisInA[3 * i] = a.x;
                    m.axisInA[3 * i + 1] = a.y;
                    m.axisInA[3 * i + 2] = a.z;
                }
            }
            joints.motor[j] = m;
        }
        m.speed[axis] = speed;
        m.maxTorque[axis] = maxTorque;
        if (maxTorque == 0) {
            m.rows[axis].impulse = 0;
            if (!m.any()) {
                joints.motor[j] = null;
            }
        }
        wake(j);
    }

    /** See {@code JointView.setFriction}. */
    public void setFriction(int j, double maxTorque) {
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 removes friction)");
        }
        if (maxTorque == 0) {
            joints.friction[j] = null;
            return;
        }
        if (joints.friction[j] == null) {
            joints.friction[j] = new FrictionPart();
        }
        joints.friction[j].maxTorque = maxTorque;
        wake(j);
    }

    /** See {@code JointView.setBreakThresholds}. */
    public void setBreakThresholds(int j, double maxForce, double maxTorque) {
        Check.cap("maxForce", maxForce, "N");
        Check.cap("maxTorque", maxTorque, "N·m");
        joints.breakForce[j] = maxForce;
        joints.breakTorque[j] = maxTorque;
    }

    /**
     * The orientation of B's joint frame relative to A's now (for a swing-twist joint; for other
     * joints the body frames: conj(q_A)·q_B), unit, w ≥ 0.
     */
    public Quaterniond relativeOrientation(int j, Quaterniond dest) {
        dest.set(rotation(joints.bodyA[j])).conjugate().mul(rotation(joints.bodyB[j]));
        SwingTwistLimitPart st = joints.swingTwist[j];
        if (st != null) {
            Quaterniond fa = new Quaterniond(st.frameA[0], st.frameA[1], st.frameA[2], st.frameA[3]);
            Quaterniond fb = new Quaterniond(st.frameB[0], st.frameB[1], st.frameB[2], st.frameB[3]);
            dest.premul(fa.conjugate()).mul(fb);
        }
        dest.normalize();
        return dest.w < 0 ? dest.set(-dest.x, -dest.y, -dest.z, -dest.w) : dest;
    }

    /** The world orientation now of a swing-twist joint's frame on body A or B. */
    public Quaterniond swingTwistFrame(int j, SwingTwistLimitPart p, boolean onA, Quaterniond dest) {
        int b = onA ? joints.bodyA[j] : joints.bodyB[j];
        double[] f = onA ? p.frameA : p.frameB;
        return dest.set(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3])
                .mul(f[0], f[1], f[2], f[3]);
    }

    private Quaterniond rotation(int b) {
        return new Quaterniond(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }
}
