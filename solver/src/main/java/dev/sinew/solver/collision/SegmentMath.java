package dev.sinew.solver.collision;

/**
 * Closest points between two segments P(s) = p0 + s·(p1 − p0) and Q(t) = q0 + t·(q1 − q0),
 * s, t ∈ [0, 1]. Minimizes |P(s) − Q(t)|² : the unconstrained minimum solves
 * [a −b; b −e]·[s; t] = [−c; −f] with a = d1·d1, b = d1·d2, e = d2·d2, c = d1·r, f = d2·r,
 * r = p0 − q0; it is then clamped to the unit square one parameter at a time (the function is
 * convex, so clamping s, recomputing t, and re-clamping s is exact). Degenerate segments are
 * points. Results are left in {@link #s} and {@link #t}; a scratch object, one per caller.
 */
public final class SegmentMath {
    private static final double EPS = 1e-24;
    public double s;
    public double t;

    public void closest(double p0x, double p0y, double p0z, double p1x, double p1y, double p1z,
            double q0x, double q0y, double q0z, double q1x, double q1y, double q1z) {
        double d1x = p1x - p0x;
        double d1y = p1y - p0y;
        double d1z = p1z - p0z;
        double d2x = q1x - q0x;
        double d2y = q1y - q0y;
        double d2z = q1z - q0z;
        double rx = p0x - q0x;
        double ry = p0y - q0y;
        double rz = p0z - q0z;
        double a = d1x * d1x + d1y * d1y + d1z * d1z;
        double e = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        if (a <= EPS && e <= EPS) {
            s = 0;
            t = 0;
            return;
        }
        if (a <= EPS) {
            s = 0;
            t = clamp01(f / e);
            return;
        }
        double c = d1x * rx + d1y * ry + d1z * rz;
        if (e <= EPS) {
            t = 0;
            s = clamp01(-c / a);
            return;
        }
        double b = d1x * d2x + d1y * d2y + d1z * d2z;
        double denom = a * e - b * b;
        s = denom > EPS * a * e ? clamp01((b * f - c * e) / denom) : 0;
        t = (b * s + f) / e;
        if (t < 0) {
            t = 0;
            s = clamp01(-c / a);
        } else if (t > 1) {
            t = 1;
            s = clamp01((b - c) / a);
        }
    }

    static double clamp01(double x) {
        return x < 0 ? 0 : (x > 1 ? 1 : x);
    }
}
