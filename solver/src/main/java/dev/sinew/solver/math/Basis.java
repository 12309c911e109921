package dev.sinew.solver.math;

/** Orthonormal bases shared by the narrowphase, the contact solver and hull construction. */
public final class Basis {
    private Basis() {
    }

    /**
     * u, v with (u, v, n) right-handed and orthonormal, for a unit n; continuous except across
     * n.z = 0 with n.x, n.y → 0 (Duff et al. 2017, "Building an orthonormal basis, revisited",
     * branchless form).
     */
    public static void orthonormal(double nx, double ny, double nz, double[] u, double[] v) {
        double sign = Math.copySign(1.0, nz);
        double a = -1.0 / (sign + nz);
        double b = nx * ny * a;
        u[0] = 1 + sign * nx * nx * a;
        u[1] = sign * b;
        u[2] = -sign * nx;
        v[0] = b;
        v[1] = sign + ny * ny * a;
        v[2] = -ny;
    }
}
