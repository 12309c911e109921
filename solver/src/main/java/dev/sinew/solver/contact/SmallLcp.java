package dev.sinew.solver.contact;

import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.math.DenseSolve;

/**
 * Exact solver of the small linear complementarity problem of one manifold's normal rows:
 * find λ ≥ 0 with w = M·λ + q ≥ 0 and λᵢ·wᵢ = 0, for n ≤ 4 rows, M = A + diag(c) symmetric
 * positive semi-definite.
 *
 * <p>Active-set enumeration: for each set S of rows assumed pushing, solve M_SS·λ_S = −q_S and
 * accept the first S with λ_S ≥ 0 and w ≥ 0 outside S. Sets are tried in a fixed order (none,
 * all, then by decreasing size), so the result is deterministic. Four coplanar points give a
 * singular A (a face has only three constrained motions); a relative regularization of
 * {@value #REGULARIZATION} on the diagonal picks the nearly minimum-norm split, which changes the
 * body motion by a negligible amount.
 */
public final class SmallLcp {
    public static final double REGULARIZATION = 1e-9;
    private static final int MAX = ContactPair.N;
    private final double[] m = new double[MAX * MAX];
    private final double[] rhs = new double[MAX];
    private final double[] x = new double[MAX];
    private final int[] idx = new int[MAX];
    private final int[] order = buildOrder();

    /** Masks of 4 bits: 0, 15, then 3-subsets, 2-subsets, singles. */
    private static int[] buildOrder() {
        int[] o = new int[16];
        int k = 0;
        o[k++] = 0;
        for (int size = 4; size >= 1; size--) {
            for (int mask = 15; mask >= 1; mask--) {
                if (Integer.bitCount(mask) == size) {
                    o[k++] = mask;
                }
            }
        }
        return o;
    }

    /**
     * @param n      rows (1..4)
     * @param a      coupling matrix, row-major with stride {@code stride}
     * @param diag   the diagonal of M (A's diagonal plus compliance)
     * @param q      the constant term
     * @param lambda out: the solution
     * @return false if no active set satisfied the conditions within round-off
     */
    public boolean solve(int n, double[] a, int stride, double[] diag, double[] q, double[] lambda) {
        return solve(n, a, stride, diag, q, lambda, -1) >= 0;
    }

    /**
     * As {@link #solve(int, double[], int, double[], double[], double[])}, trying the active set
     * {@code hint} (the previous solve's, for warm starting) first.
     *
     * @return the active set that solved it, or −1
     */
    public int solve(int n, double[] a, int stride, double[] diag, double[] q, double[] lambda, int hint) {
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, diag[i]);
        }
        if (!(scale > 0)) {
            for (int i = 0; i < n; i++) {
                lambda[i] = 0;
            }
            return 0;
        }
        double reg = REGULARIZATION * scale;
        double tolW = 1e-9 * (1 + maxAbs(q, n));
        int full = (1 << n) - 1;
        for (int attempt = -1; attempt < order.length; attempt++) {
            int mask = attempt < 0 ? hint : order[attempt];
            if (mask < 0 || (mask & ~full) != 0 || (attempt >= 0 && mask == hint)) {
                continue;
            }
            int s = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & (1 << i)) != 0) {
                    idx[s++] = i;
                }
            }
            for (int r = 0; r < s; r++) {
                for (int c = 0; c < s; c++) {
                    int i = idx[r];
                    int j = idx[c];
                    m[r * MAX + c] = i == j ? diag[i] + reg : a[i * stride + j];
                }
                rhs[r] = -q[idx[r]];
            }
            if (!DenseSolve.gauss(m, MAX, rhs, x, s)) {
                continue;
            }
            boolean ok = true;
            for (int r = 0; r < s && ok; r++) {
                ok = x[r] >= 0;
            }
            if (!ok) {
                continue;
            }
            for (int i = 0; i < n && ok; i++) {
                if ((mask & (1 << i)) != 0) {
                    continue;
                }
                double w = q[i];
                for (int r = 0; r < s; r++) {
                    w += a[i * stride + idx[r]] * x[r];
                }
                ok = w >= -tolW;
            }
            if (ok) {
                for (int i = 0; i < n; i++) {
                    lambda[i] = 0;
                }
                for (int r = 0; r < s; r++) {
                    lambda[idx[r]] = x[r];
                }
                return mask;
            }
        }
        return -1;
    }

    private static double maxAbs(double[] v, int n) {
        double m = 0;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, Math.abs(v[i]));
        }
        return m;
    }
}
