package dev.sinew.solver.math;

import java.util.Arrays;

/** Small 3×3 (row-major double[9]) helpers for the constraint parts. */
public final class Mat3 {
    private Mat3() {
    }

    /** out = m⁻¹ by cofactors; out is all zero when m is singular (the rows then do nothing). */
    public static void invert(double[] m, double[] out) {
        double c00 = m[4] * m[8] - m[5] * m[7];
        double c01 = m[5] * m[6] - m[3] * m[8];
        double c02 = m[3] * m[7] - m[4] * m[6];
        double det = m[0] * c00 + m[1] * c01 + m[2] * c02;
        if (!(Math.abs(det) > 0)) {
            Arrays.fill(out, 0);
            return;
        }
        double inv = 1 / det;
        out[0] = c00 * inv;
        out[1] = (m[2] * m[7] - m[1] * m[8]) * inv;
        out[2] = (m[1] * m[5] - m[2] * m[4]) * inv;
        out[3] = c01 * inv;
        out[4] = (m[0] * m[8] - m[2] * m[6]) * inv;
        out[5] = (m[2] * m[3] - m[0] * m[5]) * inv;
        out[6] = c02 * inv;
        out[7] = (m[1] * m[6] - m[0] * m[7]) * inv;
        out[8] = (m[0] * m[4] - m[1] * m[3]) * inv;
    }
}
