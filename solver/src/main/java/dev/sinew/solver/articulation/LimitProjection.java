package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.DenseSolve;
import dev.sinew.solver.math.Quaternions;

/**
 * Position projection of passed joint limits of the joints the tree solver does not take (it
 * projects its own, {@link JointTreeSolver#project}), once per substep right after the position
 * update: one non-linear Gauss–Seidel step per joint over its violated limit rows together with its
 * three point rows, so that the correction turns the bodies about their joint instead of pulling
 * the joint apart.
 * <pre>
 *   rows: the point rows n = e_x, e_y, e_z (j_A = r_A × n, j_B = r_B × n, C = anchor error) and
 *         every limit row with C &lt; 0
 *   K·λ = −C,   K_pq = n_p·n_q·(m_A⁻¹ + m_B⁻¹) + j_Ap·I_A⁻¹·j_Aq + j_Bp·I_B⁻¹·j_Bq
 *   Δx_B = m_B⁻¹·Σ λ_p·n_p,  Δθ_B = I_B⁻¹·Σ λ_p·j_Bp   (A: the negatives with j_A)
 * </pre>
 * A limit row whose λ comes out negative (it would pull) is dropped and the block solved again.
 * Velocities are not touched: the relax pass that follows removes the velocity into the limit.
 * Why: the velocity rows are linear, and a limb sliding fast along a curved cone follows their
 * tangent out of it by (ω·h)²/(2·radius) every substep; correcting that with the soft bias left
 * 19° of violation in the swing-cone scene (a limb struck every 0.25 s), projecting it 0.12°.
 */
public final class LimitProjection {
    private static final int MAX = 6;
    private final AxisConstraintPart[] point = {new AxisConstraintPart(), new AxisConstraintPart(), new AxisConstraintPart()};
    private final AxisConstraintPart[] rows = new AxisConstraintPart[MAX];
    private final double[] c = new double[MAX];
    private final double[] k = new double[MAX * MAX];
    private final double[] rhs = new double[MAX];
    private final double[] lambda = new double[MAX];
    private final double[] ra = new double[3];
    private final double[] rb = new double[3];

    public void project(Bodies b, Joints joints) {
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || joints.inTree[j] || joints.articulated[j]) {
                continue;
            }
            SwingTwistLimitPart st = joints.swingTwist[j];
            if (st == null || st.spring.active || !joints.touchesMoving(b, j)) {
                continue;
            }
            // Correcting the cone can push the twist past its range (and back): repeat while a row is passed.
            for (int pass = 0; pass < Tuning.LIMIT_PROJECTION_PASSES && projectOnce(b, joints, j, st); pass++) {
                // repeat
            }
        }
    }


    /** One projection of joint j's passed limits; false if none was passed. */
    private boolean projectOnce(Bodies b, Joints joints, int j, SwingTwistLimitPart st) {
        int ba = joints.bodyA[j];
        int bb = joints.bodyB[j];
        int n = 3 + st.passedRows(b, ba, bb, rows, c, 3);
        if (n == 3) {
            return false;
        }
        pointRows(b, joints, j, ba, bb);
        return solveAndMove(b, ba, bb, n);
    }

    private void pointRows(Bodies b, Joints joints, int j, int ba, int bb) {
        Quaternions.toWorld(b.rot, ba, joints.localA, 3 * j, ra);
        Quaternions.toWorld(b.rot, bb, joints.localB, 3 * j, rb);
        for (int i = 0; i < 3; i++) {
            AxisConstraintPart p = point[i];
            p.n[0] = i == 0 ? 1 : 0;
            p.n[1] = i == 1 ? 1 : 0;
            p.n[2] = i == 2 ? 1 : 0;
            Quaternions.cross(ra, p.n, p.jA);
            Quaternions.cross(rb, p.n, p.jB);
            rows[i] = p;
            c[i] = 0;
        }
    }

    /** Solves the block and moves the bodies; false if nothing moved (singular, or no row pushes). */
    private boolean solveAndMove(Bodies b, int ba, int bb, int n) {
        for (int pass = 0; pass < 3; pass++) {
            for (int r = 0; r < n; r++) {
                for (int q = 0; q < n; q++) {
                    k[r * MAX + q] = rows[r].coupling(b, ba, bb, rows[q]);
                }
                rhs[r] = -c[r];
            }
            if (!DenseSolve.gauss(k, MAX, rhs, lambda, n)) {
                return false;
            }
            int keep = 3;
            for (int r = 3; r < n; r++) {
                if (lambda[r] >= 0) {
                    rows[keep] = rows[r];
                    c[keep++] = c[r];
                }
            }
            if (keep == n) {
                break;
            }
            n = keep;
            if (n == 3) {
                return false;
            }
        }
        // no body turned by more than the tree projection allows (see Tuning.MAX_PROJECTION_TURN)
        double worst = Math.max(turn(b, ba, -1, n), turn(b, bb, 1, n));
        if (worst > Tuning.MAX_PROJECTION_TURN) {
            double k = Tuning.MAX_PROJECTION_TURN / worst;
            for (int r = 0; r < n; r++) {
                lambda[r] *= k;
            }
        }
        move(b, ba, -1, n);
        move(b, bb, 1, n);
        return true;
    }

    /** How far (rad) the current λ would turn one body. */
    private double turn(Bodies b, int body, double sign, int n) {
        if (!(b.solverInvMass(body) > 0)) {
            return 0;
        }
        double lx = 0;
        double ly = 0;
        double lz = 0;
        for (int r = 0; r < n; r++) {
            double[] ang = sign < 0 ? rows[r].jA : rows[r].jB;
            lx += lambda[r] * ang[0];
            ly += lambda[r] * ang[1];
            lz += lambda[r] * ang[2];
        }
        double[] m = b.invInertiaWorld;
        int o = 9 * body;
        double wx = m[o] * lx + m[o + 1] * ly + m[o + 2] * lz;
        double wy = m[o + 3] * lx + m[o + 4] * ly + m[o + 5] * lz;
        double wz = m[o + 6] * lx + m[o + 7] * ly + m[o + 8] * lz;
        return Math.sqrt(wx * wx + wy * wy + wz * wz);
    }

    /** Moves one body by its share of Σ λ·row (sign −1 for A). */
    private void move(Bodies b, int body, double sign, int n) {
        if (!(b.solverInvMass(body) > 0)) {
            return;
        }
        double im = b.invMass[body];
        double lx = 0;
        double ly = 0;
        double lz = 0;
        for (int r = 0; r < n; r++) {
            AxisConstraintPart row = rows[r];
            double[] ang = sign < 0 ? row.jA : row.jB;
            double l = sign * lambda[r];
            b.pos[3 * body] += im * l * row.n[0];
            b.pos[3 * body + 1] += im * l * row.n[1];
            b.pos[3 * body + 2] += im * l * row.n[2];
            lx += l * ang[0];
            ly += l * ang[1];
            lz += l * ang[2];
        }
        double[] m = b.invInertiaWorld;
        int o = 9 * body;
        double wx = m[o] * lx + m[o + 1] * ly + m[o + 2] * lz;
        double wy = m[o + 3] * lx + m[o + 4] * ly + m[o + 5] * lz;
        double wz = m[o + 6] * lx + m[o + 7] * ly + m[o + 8] * lz;
        b.turn(body, wx, wy, wz);
    }
}
