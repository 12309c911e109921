package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;

/**
 * The linear half of a 6-DOF joint: B's anchor relative to A's, measured along the three axes of
 * A's joint frame, each locked, limited or free. One {@link AxisConstraintPart} row per
 * constrained axis.
 *
 * <pre>
 *   r_A = R_A·a_A, r_B = R_B·a_B                       (levers from the centres of mass, world)
 *   d = (c_B + r_B) − (c_A + r_A)                      (anchor separation, world)
 *   n_k = R_A·F_A·e_k                                  (axis k of A's joint frame, world, unit)
 *   C_k = d·n_k                                        (m)
 *   Ċ_k = n_k·(v_B − v_A) + (r_B × n_k)·ω_B − ((r_A + d) × n_k)·ω_A
 *   J_k = [ −n_k  −(r_A + d) × n_k  n_k  r_B × n_k ]   (n_k turns with A: the d × n_k term)
 * </pre>
 * A locked axis is the equality C_k = 0 (soft in the biased pass, rigid in the relax pass); a
 * limited one is the unilateral row of the nearer limit (C_k − min ≥ 0, or max − C_k ≥ 0 with the
 * row negated), chosen once per tick so that warm start and solves agree; min = max is locked at
 * that value. With a spring (stiffness, damping) a limited axis is a one-sided implicit spring past
 * its limit instead of a rigid stop. Rows are re-evaluated from the current poses at every solve.
 */
public final class LinearAxesPart {
    /** Per axis: 0 locked, 1 limited, 2 free. */
    public final int[] motion = new int[3];
    public final double[] min = new double[3];
    public final double[] max = new double[3];
    /** Joint frame in A's frame (x, y, z, w). */
    public final double[] frameA = new double[4];
    public final AxisConstraintPart[] rows = {new AxisConstraintPart(), new AxisConstraintPart(), new AxisConstraintPart()};
    /** Per limited axis this tick: +1 the lower limit, −1 the upper. */
    private final int[] side = new int[3];
    /** C_k of the last evaluation, m. */
    public final double[] c = new double[3];
    private double h;
    /** Soft limits: stiffness N/m and damping N·s/m of the limited axes' one-sided spring (both 0: rigid). */
    public double springStiffness;
    public double springDamping;
    private final SoftCoefficients spring = new SoftCoefficients();
    private final double[] rA = new double[3];
    private final double[] rB = new double[3];
    private final double[] d = new double[3];
    private final double[] frame = new double[4];
    private final double[] axis = new double[3];

    public static final int LOCKED = 0;
    public static final int LIMITED = 1;
    public static final int FREE = 2;

    /** Once per tick: the substep and, for limited axes, which limit is nearer (a switch drops the old impulse). */
    public void prepare(Bodies b, int ba, int bb, double[] la, double[] lb, double substep) {
        h = substep;
        spring.setStiffness(springStiffness, springDamping, true, substep);
        evaluate(b, ba, bb, la, lb);
        for (int k = 0; k < 3; k++) {
            if (motion[k] == LIMITED && min[k] < max[k]) {
                int s = c[k] - min[k] <= max[k] - c[k] ? 1 : -1;
                if (s != side[k]) {
                    rows[k].impulse = 0;
                    side[k] = s;
                }
            }
        }
    }

    public void warmStart(Bodies b, int ba, int bb, double[] la, double[] lb) {
        evaluate(b, ba, bb, la, lb);
        for (int k = 0; k < 3; k++) {
            if (motion[k] != FREE) {
                rows[k].warmStart(b, ba, bb);
            }
        }
    }

    /** One solve of every constrained axis; {@code soft} null is the relax pass. */
    public void solve(Bodies b, int ba, int bb, double[] la, double[] lb, SoftCoefficients soft) {
        evaluate(b, ba, bb, la, lb);
        for (int k = 0; k < 3; k++) {
            if (motion[k] == FREE) {
                rows[k].impulse = 0;
            } else if (motion[k] == LOCKED || min[k] == max[k]) {
                rows[k].solveEquality(b, ba, bb, c[k] - (motion[k] == LOCKED ? 0 : min[k]), soft);
            } else if (side[k] > 0) {
                rows[k].solveLimit(b, ba, bb, c[k] - min[k], h, soft, spring.active ? spring : null);
            } else {
                rows[k].solveLimit(b, ba, bb, max[k] - c[k], h, soft, spring.active ? spring : null);
            }
        }
    }

    /** The largest violation of a locked or limited axis now, m. */
    public double violation(Bodies b, int ba, int bb, double[] la, double[] lb) {
        evaluate(b, ba, bb, la, lb);
        double worst = 0;
        for (int k = 0; k < 3; k++) {
            double v = motion[k] == LOCKED ? Math.abs(c[k])
                    : motion[k] == LIMITED ? Math.max(0, Math.max(min[k] - c[k], c[k] - max[k])) : 0;
            worst = Math.max(worst, v);
        }
        return worst;
    }

    /** C_k and the rows from the current poses (a limited axis's row points the way its limit pushes). */
    private void evaluate(Bodies b, int ba, int bb, double[] la, double[] lb) {
        rA[0] = Quaternions.rotX(b.rot, ba, la, 0);
        rA[1] = Quaternions.rotY(b.rot, ba, la, 0);
        rA[2] = Quaternions.rotZ(b.rot, ba, la, 0);
        rB[0] = Quaternions.rotX(b.rot, bb, lb, 0);
        rB[1] = Quaternions.rotY(b.rot, bb, lb, 0);
        rB[2] = Quaternions.rotZ(b.rot, bb, lb, 0);
        for (int i = 0; i < 3; i++) {
            d[i] = b.pos[3 * bb + i] + rB[i] - b.pos[3 * ba + i] - rA[i];
        }
        // world orientation of A's joint frame: q_A ⊗ F_A
        Quaternions.mul(b.rot, 4 * ba, frameA, frame);
        for (int k = 0; k < 3; k++) {
            Quaternions.axis(frame, k, axis);
            c[k] = d[0] * axis[0] + d[1] * axis[1] + d[2] * axis[2];
            double sign = motion[k] == LIMITED && min[k] < max[k] ? side[k] : 1;
            AxisConstraintPart row = rows[k];
            double nx = sign * axis[0];
            double ny = sign * axis[1];
            double nz = sign * axis[2];
            row.n[0] = nx;
            row.n[1] = ny;
            row.n[2] = nz;
            double ax = rA[0] + d[0];
            double ay = rA[1] + d[1];
            double az = rA[2] + d[2];
            row.jA[0] = ay * nz - az * ny;
            row.jA[1] = az * nx - ax * nz;
            row.jA[2] = ax * ny - ay * nx;
            row.jB[0] = rB[1] * nz - rB[2] * ny;
            row.jB[1] = rB[2] * nx - rB[0] * nz;
            row.jB[2] = rB[0] * ny - rB[1] * nx;
        }
    }
}
