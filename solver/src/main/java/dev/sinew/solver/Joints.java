package dev.sinew.solver;

import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The joints of a world: slots with generations, each a pair of bodies, anchors relative to the
 * bodies' centres of mass in their frames, and its constraint parts. Joints are solved in slot
 * order, before contacts, in every solver stage.
 */
final class Joints {
    int high;
    int count;
    boolean[] alive = new boolean[8];
    int[] generation = new int[8];
    int[] bodyA = new int[8];
    int[] bodyB = new int[8];
    boolean[] collideConnected = new boolean[8];
    /** Break thresholds: force N, torque N·m (+∞: unbreakable). */
    double[] breakForce = new double[8];
    double[] breakTorque = new double[8];
    /** Anchors relative to the centres of mass, body frames: 3 per joint. */
    double[] localA = new double[24];
    double[] localB = new double[24];
    PointConstraintPart[] point = new PointConstraintPart[8];
    /** The angular part of fixed joints (null for ball joints). */
    AngleConstraintPart[] angle = new AngleConstraintPart[8];
    /** Target orientation of B relative to A (x, y, z, w) for joints with an angular part. */
    double[] targetRelative = new double[32];
    /** The angular part of hinges (null for other joints). */
    HingeAnglePart[] hinge = new HingeAnglePart[8];
    /** The limits of swing-twist joints (null for other joints). */
    SwingTwistLimitPart[] swingTwist = new SwingTwistLimitPart[8];
    /** Axis motors (null where a joint has none). */
    AxisMotorPart[] motor = new AxisMotorPart[8];
    /** Joint friction (null where a joint has none). */
    FrictionPart[] friction = new FrictionPart[8];
    /** Slerp drives (null where a joint has none). */
    SlerpDrivePart[] drive = new SlerpDrivePart[8];
    /**
     * The linear axes of 6-DOF joints with an axis not locked (null for every other joint: their
     * point part holds the anchors together). Where set, the point part is not used.
     */
    LinearAxesPart[] linear = new LinearAxesPart[8];
    /**
     * Soft points: a spring (stiffness N/m, damping N·s/m) pulls the anchors together instead of
     * the rigid point rows (null: rigid). It acts in the biased pass only, like a drive.
     */
    SoftCoefficients[] pointSpring = new SoftCoefficients[8];
    double[] pointStiffness = new double[8];
    double[] pointDamping = new double[8];
    /** Joints the exact tree solve must not take (6-DOF joints). */
    boolean[] sequentialOnly = new boolean[8];
    private final double[] la = new double[3];
    private final double[] lb = new double[3];
    private final double[] error = new double[3];

    int allocate() {
        for (int i = 0; i < high; i++) {
            if (!alive[i]) {
                return i;
            }
        }
        if (high == alive.length) {
            int n = 2 * high;
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
        }
        return high++;
    }

    /** True when a live joint between a and b turns their collisions off (binary search, O(log joints)). */
    boolean disablesCollision(int a, int b) {
        if (noCollideDirty) {
            rebuildNoCollide();
        }
        long key = pairKey(a, b);
        int lo = 0;
        int hi = noCollideCount - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = noCollide[mid];
            if (k < key) {
                lo = mid + 1;
            } else if (k > key) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Sorted keys of the body pairs that a live joint keeps from colliding; rebuilt when joints change. */
    private long[] noCollide = new long[8];
    private int noCollideCount;
    /** Set by the world whenever a joint is created or destroyed. */
    boolean noCollideDirty = true;

    private static long pairKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | (Math.max(a, b) & 0xffffffffL);
    }

    /** Body pairs kept from colliding without a joint ({@link World#setCollision}), keys of {@link #pairKey}. */
    long[] ignored = new long[8];
    int ignoredCount;

    /** Adds (collide false) or removes the pair from {@link #ignored}; true if that changed anything. */
    boolean setIgnored(int a, int b, boolean ignore) {
        long key = pairKey(a, b);
        int at = -1;
        for (int i = 0; i < ignoredCount; i++) {
            if (ignored[i] == key) {
                at = i;
            }
        }
        if (ignore == (at >= 0)) {
            return false;
        }
        if (ignore) {
            if (ignoredCount == ignored.length) {
                ignored = Arrays.copyOf(ignored, 2 * ignoredCount);
            }
            ignored[ignoredCount++] = key;
        } else {
            ignored[at] = ignored[--ignoredCount];
        }
        noCollideDirty = true;
        return true;
    }

    /** Drops the ignored pairs that involve a destroyed body. */
    void forgetBody(int body) {
        for (int i = ignoredCount - 1; i >= 0; i--) {
            long k = ignored[i];
            if ((int) (k >>> 32) == body || (int) k == body) {
                ignored[i] = ignored[--ignoredCount];
                noCollideDirty = true;
            }
        }
    }

    private void rebuildNoCollide() {
        if (noCollide.length < high + ignoredCount) {
            noCollide = new long[Math.max(8, 2 * (high + ignoredCount))];
        }
        noCollideCount = 0;
        for (int j = 0; j < high; j++) {
            if (alive[j] && !collideConnected[j]) {
                noCollide[noCollideCount++] = pairKey(bodyA[j], bodyB[j]);
            }
        }
        for (int i = 0; i < ignoredCount; i++) {
            noCollide[noCollideCount++] = ignored[i];
        }
        Arrays.sort(noCollide, 0, noCollideCount);
        noCollideDirty = false;
    }

    boolean touchesMoving(Bodies b, int j) {
        return b.solverInvMass(bodyA[j]) > 0 || b.solverInvMass(bodyB[j]) > 0;
    }

    void prepare(Bodies b, double h) {
        for (int j = 0; j < high; j++) {
            if (alive[j] && touchesMoving(b, j)) {
                anchors(j);
                point[j].prepare(b, bodyA[j], bodyB[j], la, lb);
                if (linear[j] != null) {
                    linear[j].prepare(b, bodyA[j], bodyB[j], la, lb, h);
                }
                if (pointSpring[j] != null) {
                    pointSpring[j].setStiffness(pointStiffness[j], pointDamping[j], true, h);
                }
                if (angle[j] != null) {
                    angle[j].prepare(b, bodyA[j], bodyB[j]);
                }
                if (drive[j] != null) {
                    drive[j].prepare(b, bodyA[j], bodyB[j], h);
                }
                if (friction[j] != null) {
                    friction[j].prepare(b, bodyA[j], bodyB[j], h);
                }
                if (hinge[j] != null) {
                    hinge[j].prepare(h);
                }
                if (swingTwist[j] != null) {
                    swingTwist[j].prepare(h);
                }
                if (motor[j] != null) {
                    motor[j].prepare(h);
                }
            }
        }
    }

    /** Each drive's aim for a substep that starts {@code remaining} s before the tick ends. */
    void aimDrives(double remaining) {
        for (int j = 0; j < high; j++) {
            if (alive[j] && drive[j] != null) {
                drive[j].aim(remaining);
            }
        }
    }

    void warmStart(Bodies b, JointTreeSolver tree) {
        for (int j = 0; j < high; j++) {
            if (alive[j] && touchesMoving(b, j)) {
                anchors(j);
                point[j].prepare(b, bodyA[j], bodyB[j], la, lb);
                if (linear[j] != null) {
                    linear[j].warmStart(b, bodyA[j], bodyB[j], la, lb);
                } else if (!tree.inTree(j)) {
                    // a tree joint's point impulse is warm-started by the tree, with its tension inertia
                    point[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (angle[j] != null) {
                    angle[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (drive[j] != null) {
                    drive[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (hinge[j] != null) {
                    hinge[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (swingTwist[j] != null) {
                    swingTwist[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (motor[j] != null) {
                    motor[j].warmStart(b, bodyA[j], bodyB[j]);
                }
                if (friction[j] != null) {
                    friction[j].warmStart(b, bodyA[j], bodyB[j]);
                }
            }
        }
    }

    /**
     * The drives of the joints outside the tree solve (which takes the others into its blocks),
     * before the constraints, in the biased pass only (a drive is a force, not a constraint error:
     * the relax pass leaves it alone). The constraint solve that follows, the exact tree solve first, then has the last
     * word, so a drive can never push a joint apart or past a limit.
     */
    void solveDrives(Bodies b, JointTreeSolver tree) {
        for (int j = 0; j < high; j++) {
            if (!alive[j] || !touchesMoving(b, j) || tree.inTree(j)) {
                continue;
            }
            if (drive[j] != null) {
                drive[j].solve(b, bodyA[j], bodyB[j]);
            }
        }
    }

    /**
     * One sequential pass: every joint's angular part, and the point part of the joints the tree
     * solver did not take; {@code soft} null is the relax pass.
     */
    void solve(Bodies b, SoftCoefficients soft, JointTreeSolver tree) {
        for (int j = 0; j < high; j++) {
            if (!alive[j] || !touchesMoving(b, j)) {
                continue;
            }
            if (friction[j] != null) {
                friction[j].solve(b, bodyA[j], bodyB[j]);
            }
            if (motor[j] != null) {
                motor[j].solve(b, bodyA[j], bodyB[j]);
            }
            if (angle[j] != null) {
                AngleConstraintPart.error(b, bodyA[j], bodyB[j], targetRelative, 4 * j, error);
                angle[j].solve(b, bodyA[j], bodyB[j], error, soft);
            }
            if (hinge[j] != null) {
                hinge[j].solve(b, bodyA[j], bodyB[j], soft);
            }
            if (swingTwist[j] != null) {
                swingTwist[j].solve(b, bodyA[j], bodyB[j], soft, tree.inTree(j));
            }
            if (linear[j] != null) {
                anchors(j);
                linear[j].solve(b, bodyA[j], bodyB[j], la, lb, soft);
            } else if (!tree.inTree(j)) {
                error(b, j, error);
                if (pointSpring[j] == null) {
                    point[j].solve(b, bodyA[j], bodyB[j], la, lb, error, soft);
                } else if (soft != null && pointSpring[j].active) {
                    point[j].solveSpring(b, bodyA[j], bodyB[j], la, lb, error, pointSpring[j]);
                }
            }
        }
    }

    /**
     * Joint j's position error C = (c_B + R_B·a_B) − (c_A + R_A·a_A) from the current poses, world,
     * metres, into out[0..2]; also leaves the body-frame anchors in {@link #la}, {@link #lb}.
     */
    void error(Bodies b, int j, double[] out) {
        int ba = bodyA[j];
        int bb = bodyB[j];
        anchors(j);
        out[0] = b.pos[3 * bb] + Quaternions.rotX(b.rot, bb, lb, 0) - b.pos[3 * ba] - Quaternions.rotX(b.rot, ba, la, 0);
        out[1] = b.pos[3 * bb + 1] + Quaternions.rotY(b.rot, bb, lb, 0) - b.pos[3 * ba + 1]
                - Quaternions.rotY(b.rot, ba, la, 0);
        out[2] = b.pos[3 * bb + 2] + Quaternions.rotZ(b.rot, bb, lb, 0) - b.pos[3 * ba + 2]
                - Quaternions.rotZ(b.rot, ba, la, 0);
    }

    private void anchors(int j) {
        System.arraycopy(localA, 3 * j, la, 0, 3);
        System.arraycopy(localB, 3 * j, lb, 0, 3);
    }

    /**
     * Joint j's opening now, metres: the distance between its two anchor points, or, for a 6-DOF
     * joint with a linear axis not locked, its largest violation of a locked or limited linear axis.
     */
    double separation(Bodies b, int j) {
        anchors(j);
        if (linear[j] != null) {
            return linear[j].violation(b, bodyA[j], bodyB[j], la, lb);
        }
        error(b, j, error);
        return Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
    }

    /** The largest {@link #separation} over the live joints without a point spring, metres. */
    double maxSeparation(Bodies b) {
        double worst = 0;
        for (int j = 0; j < high; j++) {
            if (alive[j] && pointSpring[j] == null) {
                worst = Math.max(worst, separation(b, j));
            }
        }
        return worst;
    }

    /** Force the joint's point part carried over the last substep, N (its impulse over h). */
    double force(int j, double h) {
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
    double torque(int j, double h) {
        double[] p = angle[j] != null ? angle[j].impulse : hinge[j] != null ? hinge[j].impulse : null;
        return p == null ? 0 : Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / h;
    }

    /**
     * The angular rows joint j adds to its point rows in the tree solve this pass, into
     * out[o..], with their velocity biases in bias[o..]; returns how many (≤ 3).
     */
    int treeRows(Bodies b, int j, double biasRate, AxisConstraintPart[] out, double[] bias, int o) {
        SwingTwistLimitPart st = swingTwist[j];
        return st == null ? 0 : st.treeRows(b, bodyA[j], bodyB[j], biasRate, out, bias, o);
    }

    /**
     * Joint j's passed limit rows (C &lt; 0) for the position projection, into out[0..] with their
     * errors C in c[0..]; returns how many (≤ 2).
     */
    int passedLimitRows(Bodies b, int j, AxisConstraintPart[] out, double[] c) {
        SwingTwistLimitPart st = swingTwist[j];
        return st == null ? 0 : st.passedRows(b, bodyA[j], bodyB[j], out, c, 0);
    }

    /**
     * The accumulated impulses of joint j's limit and motor rows, in a fixed order (hinge: lower,
     * upper, 0, motor; swing-twist: twist lower, twist upper, cone, 0; others zeros; then the three
     * axis motors', then a 6-DOF joint's three linear rows), for snapshots.
     */
    void rowImpulses(int j, double[] out) {
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
    void clearImpulses(int b) {
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
                Arrays.fill(drive[j].impulse, 0);
            }
            if (friction[j] != null) {
                Arrays.fill(friction[j].impulse, 0);
            }
            setRowImpulses(j, zeros);
        }
    }

    /** Sets what {@link #rowImpulses} reads. */
    void setRowImpulses(int j, double[] in) {
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
    static final int ROW_IMPULSES = 10;

    /** Slots and generations of the joints that broke in the last tick, and how many. */
    int[] broken = new int[4];
    int[] brokenGeneration = new int[4];
    int brokenCount;

    /**
     * Lists the live joints whose last substep's force or torque exceeds their break thresholds
     * (substep h, s) in {@link #broken}, in slot order; the world then destroys them.
     */
    int findOverloaded(double h) {
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
