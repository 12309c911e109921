package dev.sinew.solver.joint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.body.Slots;
import dev.sinew.solver.collision.CollisionFilter;
import dev.sinew.solver.constraint.AngleConstraintPart;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.AxisMotorPart;
import dev.sinew.solver.constraint.FrictionPart;
import dev.sinew.solver.constraint.HingeAnglePart;
import dev.sinew.solver.constraint.LinearAxesPart;
import dev.sinew.solver.constraint.PointConstraintPart;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The joints of a world: slots with generations, each a pair of bodies, anchors relative to the
 * bodies' centres of mass in their frames, and its constraint parts; with what the snapshots,
 * the break check and the diagnostics read from them. {@link JointSolver} solves them, in slot
 * order, after the contacts in every pass.
 */
public final class Joints extends Slots {
    public int count;
    public boolean[] alive = new boolean[8];
    public int[] generation = new int[8];
    public int[] bodyA = new int[8];
    public int[] bodyB = new int[8];
    public boolean[] collideConnected = new boolean[8];
    /** Break thresholds: force N, torque N·m (+∞: unbreakable). */
    public double[] breakForce = new double[8];
    public double[] breakTorque = new double[8];
    /** Anchors relative to the centres of mass, body frames: 3 per joint. */
    public double[] localA = new double[24];
    public double[] localB = new double[24];
    public PointConstraintPart[] point = new PointConstraintPart[8];
    /** The angular part of fixed joints (null for ball joints). */
    public AngleConstraintPart[] angle = new AngleConstraintPart[8];
    /**
     * The joint frames in A and B (x, y, z, w, 4 per joint), in which joint-frame drive targets
     * are given: a swing-twist or 6-DOF joint's frames, the identity for other joints.
     */
    public double[] frameA = new double[32];
    public double[] frameB = new double[32];
    /** Target orientation of B relative to A (x, y, z, w) for joints with an angular part. */
    public double[] targetRelative = new double[32];
    /** The angular part of hinges (null for other joints). */
    public HingeAnglePart[] hinge = new HingeAnglePart[8];
    /** The limits of swing-twist joints (null for other joints). */
    public SwingTwistLimitPart[] swingTwist = new SwingTwistLimitPart[8];
    /** Axis motors (null where a joint has none). */
    public AxisMotorPart[] motor = new AxisMotorPart[8];
    /** Joint friction (null where a joint has none). */
    public FrictionPart[] friction = new FrictionPart[8];
    /** Slerp drives (null where a joint has none). */
    public SlerpDrivePart[] drive = new SlerpDrivePart[8];
    /**
     * The linear axes of 6-DOF joints with an axis not locked (null for every other joint: their
     * point part holds the anchors together). Where set, the point part is not used.
     */
    public LinearAxesPart[] linear = new LinearAxesPart[8];
    /**
     * Soft points: a spring (stiffness N/m, damping N·s/m) pulls the anchors together instead of
     * the rigid point rows (null: rigid). It acts in the biased pass only, like a drive.
     */
    public SoftCoefficients[] pointSpring = new SoftCoefficients[8];
    public double[] pointStiffness = new double[8];
    public double[] pointDamping = new double[8];
    /** Joints the exact tree solve must not take (6-DOF joints). */
    public boolean[] sequentialOnly = new boolean[8];
    /** Joints the exact tree solve takes this tick (set when the trees are built); the others are solved sequentially. */
    public boolean[] inTree = new boolean[8];
    /** Joints an articulation carries this tick (reduced coordinates; set when the articulations are built): no other solver touches them. */
    public boolean[] articulated = new boolean[8];
    private final double[] la = new double[3];
    private final double[] lb = new double[3];
    private final double[] error = new double[3];

    /** Takes the lowest free slot, or a new one (growing the arrays). */
    public int allocate() {
        int j = take();
        if (j == alive.length) {
            int n = 2 * j;
            alive = Arrays.copyOf(alive, n);
            generation = Arrays.copyOf(generation, n);
            bodyA = Arrays.copyOf(bodyA, n);
            bodyB = Arrays.copyOf(bodyB, n);
            collideConnected = Arrays.copyOf(collideConnected, n);
            breakForce = Arrays.copyOf(breakForce, n);
            breakTorque = Arrays.copyOf(breakTorque, n);
            localA = Arrays.copyOf(localA, 3 * n);
            localB = Arrays.copyOf(localB, 3 * n);
            point = Arrays.copyOf(point, n);
            angle = Arrays.copyOf(angle, n);
            targetRelative = Arrays.copyOf(targetRelative, 4 * n);
            frameA = Arrays.copyOf(frameA, 4 * n);
            frameB = Arrays.copyOf(frameB, 4 * n);
            drive = Arrays.copyOf(drive, n);
            hinge = Arrays.copyOf(hinge, n);
            swingTwist = Arrays.copyOf(swingTwist, n);
            motor = Arrays.copyOf(motor, n);
            friction = Arrays.copyOf(friction, n);
            linear = Arrays.copyOf(linear, n);
            pointSpring = Arrays.copyOf(pointSpring, n);
            pointStiffness = Arrays.copyOf(pointStiffness, n);
            pointDamping = Arrays.copyOf(pointDamping, n);
            sequentialOnly = Arrays.copyOf(sequentialOnly, n);
            inTree = Arrays.copyOf(inTree, n);
            articulated = Arrays.copyOf(articulated, n);
        }
        return j;
    }

    /** Destroys joint j: its slot is free and its handles stale. */
    public void release(int j) {
        alive[j] = false;
        generation[j]++;
        count--;
        free(j);
    }

    /** Lists the body pairs the live joints keep from colliding into {@code filter} (after a joint changed). */
    public void fillFilter(CollisionFilter filter) {
        filter.beginRebuild();
        for (int j = 0; j < high; j++) {
            if (alive[j] && !collideConnected[j]) {
                filter.addJointPair(bodyA[j], bodyB[j]);
            }
        }
        filter.endRebuild();
    }

    public boolean touchesMoving(Bodies b, int j) {
        return b.solverInvMass(bodyA[j]) > 0 || b.solverInvMass(bodyB[j]) > 0;
    }

    /** {@link #error(Bodies, int, double[], double[], double[])} with this store's anchor scratch. */
    public void error(Bodies b, int j, double[] out) {
        error(b, j, la, lb, out);
    }

    /**
     * Joint j's position error C = (c_B + R_B·a_B) − (c_A + R_A·a_A) from the current poses, world,
     * metres, into out[0..2]; leaves the body-frame anchors (relative to the centres of mass) in
     * la and lb.
     */
    public void error(Bodies b, int j, double[] la, double[] lb, double[] out) {
        int ba = bodyA[j];
        int bb = bodyB[j];
        anchors(j, la, lb);
        out[0] = b.pos[3 * bb] + Quaternions.rotX(b.rot, bb, lb, 0) - b.pos[3 * ba] - Quaternions.rotX(b.rot, ba, la, 0);
        out[1] = b.pos[3 * bb + 1] + Quaternions.rotY(b.rot, bb, lb, 0) - b.pos[3 * ba + 1]
                - Quaternions.rotY(b.rot, ba, la, 0);
        out[2] = b.pos[3 * bb + 2] + Quaternions.rotZ(b.rot, bb, lb, 0) - b.pos[3 * ba + 2]
                - Quaternions.rotZ(b.rot, ba, la, 0);
    }

    /** Joint j's anchors relative to the centres of mass, body frames, into la and lb. */
    public void anchors(int j, double[] la, double[] lb) {
        System.arraycopy(localA, 3 * j, la, 0, 3);
        System.arraycopy(localB, 3 * j, lb, 0, 3);
    }

    /**
     * Joint j's opening now, metres: the distance between its two anchor points, or, for a 6-DOF
     * joint with a linear axis not locked, its largest violation of a locked or limited linear axis.
     */
    public double separation(Bodies b, int j) {
        anchors(j, la, lb);
        if (linear[j] != null) {
            return linear[j].violation(b, bodyA[j], bodyB[j], la, lb);
        }
        error(b, j, error);
        return Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
    }

    /** The largest {@link #separation} over the live joints without a point spring, metres. */
    public double maxSeparation(Bodies b) {
        double worst = 0;
        for (int j = 0; j < high; j++) {
            if (alive[j] && pointSpring[j] == null) {
                worst = Math.max(worst, separation(b, j));
            }
        }
        return worst;
    }

    /** Force the joint's point part carried over the last substep, N (its impulse over h). */
    public double force(int j, double h) {
        if (linear[j] != null) {
            double s = 0;
            for (AxisConstraintPart row : linear[j].rows) {
                s += row.impulse * row.impulse;
            }
            return Math.sqrt(s) / h;
        }
        double[] p = point[j].impulse;
        return Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / h;
    }

    /** Torque the joint's angular rows (not its drive) carried over the last substep, N·m. */
    public double torque(int j, double h) {
        double[] p = angle[j] != null ? angle[j].impulse : hinge[j] != null ? hinge[j].impulse : null;
        return p == null ? 0 : Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / h;
    }

    /**
     * The angular rows joint j adds to its point rows in the tree solve this pass, into
     * out[o..], with their velocity biases in bias[o..]; returns how many (≤ 3).
     */
    public int treeRows(Bodies b, int j, double biasRate, AxisConstraintPart[] out, double[] bias, int o) {
        SwingTwistLimitPart st = swingTwist[j];
        return st == null ? 0 : st.treeRows(b, bodyA[j], bodyB[j], biasRate, out, bias, o);
    }

    /**
     * Joint j's passed limit rows (C &lt; 0) for the position projection, into out[0..] with their
     * errors C in c[0..]; returns how many (≤ 2).
     */
    public int passedLimitRows(Bodies b, int j, AxisConstraintPart[] out, double[] c) {
        SwingTwistLimitPart st = swingTwist[j];
        return st == null ? 0 : st.passedRows(b, bodyA[j], bodyB[j], out, c, 0);
    }

    /**
     * The accumulated impulses of joint j's limit and motor rows, in a fixed order (hinge: lower,
     * upper, 0, motor; swing-twist: twist lower, twist upper, cone, 0; others zeros; then the three
     * axis motors', then a 6-DOF joint's three linear rows), for snapshots.
     */
    public void rowImpulses(int j, double[] out) {
        Arrays.fill(out, 0, ROW_IMPULSES, 0);
        if (linear[j] != null) {
            for (int i = 0; i < 3; i++) {
                out[7 + i] = linear[j].rows[i].impulse;
            }
        }
        if (motor[j] != null) {
            for (int i = 0; i < 3; i++) {
                out[4 + i] = motor[j].rows[i].impulse;
            }
        }
        if (hinge[j] != null) {
            out[0] = hinge[j].lowerRow.impulse;
            out[1] = hinge[j].upperRow.impulse;
            out[3] = hinge[j].motorRow.impulse;
        } else if (swingTwist[j] != null) {
            out[0] = swingTwist[j].twistLower.impulse;
            out[1] = swingTwist[j].twistUpper.impulse;
            out[2] = swingTwist[j].cone.impulse;
        }
    }

    /** Zeroes every accumulated (warm-start) impulse of the joints of body b (after a fault). */
    public void clearImpulses(int b) {
        double[] zeros = new double[ROW_IMPULSES];
        for (int j = 0; j < high; j++) {
            if (!alive[j] || (bodyA[j] != b && bodyB[j] != b)) {
                continue;
            }
            Arrays.fill(point[j].impulse, 0);
            if (angle[j] != null) {
                Arrays.fill(angle[j].impulse, 0);
            }
            if (hinge[j] != null) {
                Arrays.fill(hinge[j].impulse, 0);
            }
            if (drive[j] != null) {
                Arrays.fill(drive[j].data, SlerpDrivePart.IMPULSE, SlerpDrivePart.IMPULSE + 3, 0);
            }
            if (friction[j] != null) {
                Arrays.fill(friction[j].impulse, 0);
            }
            setRowImpulses(j, zeros);
        }
    }

    /** Sets what {@link #rowImpulses} reads. */
    public void setRowImpulses(int j, double[] in) {
        if (linear[j] != null) {
            for (int i = 0; i < 3; i++) {
                linear[j].rows[i].impulse = in[7 + i];
            }
        }
        if (motor[j] != null) {
            for (int i = 0; i < 3; i++) {
                motor[j].rows[i].impulse = in[4 + i];
            }
        }
        if (hinge[j] != null) {
            hinge[j].lowerRow.impulse = in[0];
            hinge[j].upperRow.impulse = in[1];
            hinge[j].motorRow.impulse = in[3];
        } else if (swingTwist[j] != null) {
            swingTwist[j].twistLower.impulse = in[0];
            swingTwist[j].twistUpper.impulse = in[1];
            swingTwist[j].cone.impulse = in[2];
        }
    }

    /** How many values {@link #rowImpulses} writes. */
    public static final int ROW_IMPULSES = 10;

    /** Slots and generations of the joints that broke in the last tick, and how many. */
    public int[] broken = new int[4];
    public int[] brokenGeneration = new int[4];
    public int brokenCount;

    /**
     * Lists the live joints whose last substep's force or torque exceeds their break thresholds
     * (substep h, s) in {@link #broken}, in slot order; the world then destroys them.
     */
    public int findOverloaded(double h) {
        brokenCount = 0;
        for (int j = 0; j < high; j++) {
            if (!alive[j] || (breakForce[j] == Double.POSITIVE_INFINITY && breakTorque[j] == Double.POSITIVE_INFINITY)) {
                continue;
            }
            if (force(j, h) > breakForce[j] || torque(j, h) > breakTorque[j]) {
                if (brokenCount == broken.length) {
                    broken = Arrays.copyOf(broken, 2 * brokenCount);
                    brokenGeneration = Arrays.copyOf(brokenGeneration, 2 * brokenCount);
                }
                broken[brokenCount] = j;
                brokenGeneration[brokenCount++] = generation[j];
            }
        }
        return brokenCount;
    }
}
