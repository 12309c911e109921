package dev.sinew.solver.contact;

import dev.sinew.solver.math.DenseSolve;

/**
 * Exact solver of a linear complementarity problem w = M·λ + q ≥ 0, λ ≥ 0, λᵢ·wᵢ = 0 with a
 * symmetric positive (semi-)definite M of up to {@value #MAX} rows, used for the normal rows of
 * small islands. Principal pivoting: guess the set S of pushing rows, solve M_SS·λ_S = −q_S,
 * and move the rows that violate the conditions in or out of S; the first few rounds move every
 * violator at once (fast when the guess is close, as it is from the last substep), after that one
 * row at a time, the largest index first (Murty's rule, which terminates for positive-definite M).
 * A relative regularization of {@value SmallLcp#REGULARIZATION} on the diagonal makes M
 * positive definite when coplanar points make it singular.
 */
public final class BlockLcp {
    public static final int MAX = 16;
    private final double[] m = new double[MAX * MAX];
    private final double[] rhs = new double[MAX];
    private final double[] x = new double[MAX];
    private final int[] idx = new int[MAX];
    private final boolean[] in = new boolean[MAX];

    /**
     * @param n      rows
     * @param a      M without the diagonal compliance, row-major with stride {@value #MAX}
     * @param diag   M's diagonal
     * @param q      constant term
     * @param lambda in: the last impulses (their support is the first guess); out: the solution
     * @return false if no solution was found within the pivot budget
     */
    public boolean solve(int n, double[] a, double[] diag, double[] q, double[] lambda) {
        double scale = 0;
        double qMax = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, diag[i]);
            qMax = Math.max(qMax, Math.abs(q[i]));
            in[i] = lambda[i] > 0;
        }
        if (!(scale > 0)) {
            return false;
        }
        double reg = SmallLcp.REGULARIZATION * scale;
        double tolW = 1e-9 * (1 + qMax);
        for (int round = 0; round < 8 * MAX; round++) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                if (in[i]) {
                    idx[s++] = i;
                }
            }
            for (int r = 0; r < s; r++) {
                for (int c = 0; c < s; c++) {
                    int i = idx[r];
                    int j = idx[c];
                    m[r * MAX + c] = i == j ? diag[i] + reg : a[i * MAX + j];
                }
                rhs[r] = -q[idx[r]];
            }
            if (!DenseSolve.gauss(m, MAX, rhs, x, s)) {
                return false;
            }
            int worst = -1;
            int violators = 0;
            for (int r = 0; r < s; r++) {
                if (x[r] < 0) {
                    violators++;
                    worst = Math.max(worst, idx[r]);
                }
            }
            for (int i = 0; i < n; i++) {
                if (in[i]) {
                    continue;
                }
                double w = q[i];
                for (int r = 0; r < s; r++) {
                    w += a[i * MAX + idx[r]] * x[r];
                }
                if (w < -tolW) {
                    violators++;
                    worst = Math.max(worst, i);
                }
            }
            if (violators == 0) {
                for (int i = 0; i < n; i++) {
                    lambda[i] = 0;
                }
                for (int r = 0; r < s; r++) {
                    lambda[idx[r]] = x[r];
                }
                return true;
            }
            if (round < 4) {
                // Move every violator.
                int r = 0;
                boolean[] flip = in;
                for (int i = 0; i < n; i++) {
                    boolean isIn = flip[i];
                    if (isIn) {
                        double xi = x[r++];
                        if (xi < 0) {
                            flip[i] = false;
                        }
                    } else {
                        double w = q[i];
                        for (int k = 0; k < s; k++) {
                            w += a[i * MAX + idx[k]] * x[k];
                        }
                        if (w < -tolW) {
                            flip[i] = true;
                        }
                    }
                }
            } else {
                in[worst] = !in[worst];
            }
        }
        return false;
    }
}
