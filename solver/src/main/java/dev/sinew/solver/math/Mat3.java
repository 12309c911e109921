package dev.sinew.solver.math;

import java.util.Arrays;

/** Small 3×3 (row-major double[9]) helpers for the constraint parts. */
public final class Mat3 {
    private Mat3() {
    }

    /** out = m⁻¹ by cofactors; out is all zero when m is singular (the rows then do nothing). */
    public static void invert(double[] m, double[] out) {
        if (!invert(m, 0, out, 0)) {
            Arrays.fill(out, 0);
        }
    }

    /**
     * The inverse of the 3×3 at m[mo..mo+8] by cofactors, into out[oo..oo+8]; false, with those
     * entries zero, when it is singular.
     */
    public static boolean invert(double[] m, int mo, double[] out, int oo) {
        double m0 = m[mo];
        double m1 = m[mo + 1];
        double m2 = m[mo + 2];
        double m3 = m[mo + 3];
        double m4 = m[mo + 4];
        double m5 = m[mo + 5];
        double m6 = m[mo + 6];
        double m7 = m[mo + 7];
        double m8 = m[mo + 8];
        double c00 = m4 * m8 - m5 * m7;
        double c01 = m5 * m6 - m3 * m8;
        double c02 = m3 * m7 - m4 * m6;
        double det = m0 * c00 + m1 * c01 + m2 * c02;
        if (!(Math.abs(det) > 0)) {
            Arrays.fill(out, oo, oo + 9, 0);
            return false;
        }
        double inv = 1 / det;
        out[oo] = c00 * inv;
        out[oo + 1] = (m2 * m7 - m1 * m8) * inv;
        out[oo + 2] = (m1 * m5 - m2 * m4) * inv;
        out[oo + 3] = c01 * inv;
        out[oo + 4] = (m0 * m8 - m2 * m6) * inv;
        out[oo + 5] = (m2 * m3 - m0 * m5) * inv;
        out[oo + 6] = c02 * inv;
        out[oo + 7] = (m1 * m6 - m0 * m7) * inv;
        out[oo + 8] = (m0 * m4 - m1 * m3) * inv;
        return true;
    }

    /** Inverse of the symmetric positive definite 3×3 at m[o..], into out[oo..]; false if it is not. */
    public static boolean invertSpd(double[] m, int o, double[] out, int oo) {
        double a = m[o];
        double b = 0.5 * (m[o + 1] + m[o + 3]);
        double c = 0.5 * (m[o + 2] + m[o + 6]);
        double d = m[o + 4];
        double e = 0.5 * (m[o + 5] + m[o + 7]);
        double f = m[o + 8];
        double c00 = d * f - e * e;
        double c01 = c * e - b * f;
        double c02 = b * e - c * d;
        double det = a * c00 + b * c01 + c * c02;
        if (!(a > 0) || !(det > 0) || !Double.isFinite(det)) {
            return false;
        }
        double inv = 1 / det;
        out[oo] = c00 * inv;
        out[oo + 1] = c01 * inv;
        out[oo + 2] = c02 * inv;
        out[oo + 3] = c01 * inv;
        out[oo + 4] = (a * f - c * c) * inv;
        out[oo + 5] = (b * c - a * e) * inv;
        out[oo + 6] = c02 * inv;
        out[oo + 7] = (b * c - a * e) * inv;
        out[oo + 8] = (a * d - b * b) * inv;
        return true;
    }

    /** out = A·Bᵀ (3×3 row-major blocks at the given offsets). */
    public static void mulTransposed(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        for (int r = 0; r < 3; r++) {
            double a0 = a[ao + 3 * r];
            double a1 = a[ao + 3 * r + 1];
            double a2 = a[ao + 3 * r + 2];
            for (int c = 0; c < 3; c++) {
                out[oo + 3 * r + c] = a0 * b[bo + 3 * c] + a1 * b[bo + 3 * c + 1] + a2 * b[bo + 3 * c + 2];
            }
        }
    }

    /** out −= A·B (3×3 row-major blocks at the given offsets). */
    public static void subMul(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        for (int r = 0; r < 3; r++) {
            double a0 = a[ao + 3 * r];
            double a1 = a[ao + 3 * r + 1];
            double a2 = a[ao + 3 * r + 2];
            out[oo + 3 * r] -= a0 * b[bo] + a1 * b[bo + 3] + a2 * b[bo + 6];
            out[oo + 3 * r + 1] -= a0 * b[bo + 1] + a1 * b[bo + 4] + a2 * b[bo + 7];
            out[oo + 3 * r + 2] -= a0 * b[bo + 2] + a1 * b[bo + 5] + a2 * b[bo + 8];
        }
    }

    /** out = A·v. */
    public static void mulVec(double[] a, int ao, double[] v, int vo, double[] out, int oo) {
        double x = v[vo];
        double y = v[vo + 1];
        double z = v[vo + 2];
        out[oo] = a[ao] * x + a[ao + 1] * y + a[ao + 2] * z;
        out[oo + 1] = a[ao + 3] * x + a[ao + 4] * y + a[ao + 5] * z;
        out[oo + 2] = a[ao + 6] * x + a[ao + 7] * y + a[ao + 8] * z;
    }

    /** out −= A·v. */
    public static void subVec(double[] a, int ao, double[] v, int vo, double[] out, int oo) {
        double x = v[vo];
        double y = v[vo + 1];
        double z = v[vo + 2];
        out[oo] -= a[ao] * x + a[ao + 1] * y + a[ao + 2] * z;
        out[oo + 1] -= a[ao + 3] * x + a[ao + 4] * y + a[ao + 5] * z;
        out[oo + 2] -= a[ao + 6] * x + a[ao + 7] * y + a[ao + 8] * z;
    }

    /** out −= Aᵀ·v. */
    public static void subTransposedVec(double[] a, int ao, double[] v, int vo, double[] out, int oo) {
        double x = v[vo];
        double y = v[vo + 1];
        double z = v[vo + 2];
        out[oo] -= a[ao] * x + a[ao + 3] * y + a[ao + 6] * z;
        out[oo + 1] -= a[ao + 1] * x + a[ao + 4] * y + a[ao + 7] * z;
        out[oo + 2] -= a[ao + 2] * x + a[ao + 5] * y + a[ao + 8] * z;
    }
}
