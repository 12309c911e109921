package dev.sinew.solver.math;

/** Small dense linear solves for the solver's exact block problems. */
public final class DenseSolve {
    private DenseSolve() {
    }

    /**
     * Solves m·x = rhs for the leading s×s block of m (row-major with {@code stride}) by Gaussian
     * elimination with partial pivoting; m and rhs are overwritten.
     *
     * @return false if a pivot is zero (singular block)
     */
    public static boolean gauss(double[] m, int stride, double[] rhs, double[] x, int s) {
        for (int col = 0; col < s; col++) {
            int piv = col;
            for (int r = col + 1; r < s; r++) {
                if (Math.abs(m[r * stride + col]) > Math.abs(m[piv * stride + col])) {
                    piv = r;
                }
            }
            double p = m[piv * stride + col];
            if (!(Math.abs(p) > 1e-300)) {
                return false;
            }
            if (piv != col) {
                for (int c = 0; c < s; c++) {
                    double t = m[col * stride + c];
                    m[col * stride + c] = m[piv * stride + c];
                    m[piv * stride + c] = t;
                }
                double t = rhs[col];
                rhs[col] = rhs[piv];
                rhs[piv] = t;
            }
            for (int r = col + 1; r < s; r++) {
                double f = m[r * stride + col] / p;
                for (int c = col; c < s; c++) {
                    m[r * stride + c] -= f * m[col * stride + c];
                }
                rhs[r] -= f * rhs[col];
            }
        }
        for (int r = s - 1; r >= 0; r--) {
            double v = rhs[r];
            for (int c = r + 1; c < s; c++) {
                v -= m[r * stride + c] * x[c];
            }
            x[r] = v / m[r * stride + r];
        }
        return true;
    }
}
