package dev.sinew.solver.body;

/**
 * Implicit gyroscopic torque (Catto, "Numerical Methods", GDC 2015). In body coordinates the
 * torque-free Euler equation is I·ω̇ + ω × (I·ω) = 0. Backward Euler over a substep h gives
 * f(ω') = I·(ω' − ω) + h·ω' × (I·ω') = 0; one Newton step from ω' = ω is
 * ω' = ω − J⁻¹·f(ω), f(ω) = h·ω × (I·ω), J = I + h·(skew(ω)·I − skew(I·ω)).
 * Unlike the explicit torque it cannot add energy, so a thin spinning limb stays stable.
 */
public final class Gyroscopic {
    private Gyroscopic() {
    }

    public static void apply(Bodies b, int i, double h) {
        step(b, i, h, b.angVel, 3 * i, b.angVel, 3 * i);
    }

    /**
     * Body i's angular velocity after the implicit gyroscopic step, from src[so..so+2] (world) into
     * dst[d..d+2] (they may alias; left unchanged when ω is zero or the Newton matrix singular).
     */
    public static void step(Bodies b, int i, double h, double[] src, int so, double[] dst, int d) {
        step(b, i, h, src, so, dst, d, b.rotationMatrix(i));
    }

    /**
     * {@link #step(Bodies, int, double, double[], int, double[], int)} with body i's rotation matrix
     * r = R(q), row-major: r[3·row + col], from the caller's own scratch (tasks running at once).
     */
    public static void step(Bodies b, int i, double h, double[] src, int so, double[] dst, int d, double[] r) {
        double wx0 = src[so];
        double wy0 = src[so + 1];
        double wz0 = src[so + 2];
        if (wx0 == 0 && wy0 == 0 && wz0 == 0) {
            return;
        }
        // ω in body coordinates: Rᵀ ω
        double wx = r[0] * wx0 + r[3] * wy0 + r[6] * wz0;
        double wy = r[1] * wx0 + r[4] * wy0 + r[7] * wz0;
        double wz = r[2] * wx0 + r[5] * wy0 + r[8] * wz0;
        int l = 6 * i;
        double ixx = b.inertiaLocal[l];
        double iyy = b.inertiaLocal[l + 1];
        double izz = b.inertiaLocal[l + 2];
        double ixy = b.inertiaLocal[l + 3];
        double ixz = b.inertiaLocal[l + 4];
        double iyz = b.inertiaLocal[l + 5];
        double lx = ixx * wx + ixy * wy + ixz * wz;
        double ly = ixy * wx + iyy * wy + iyz * wz;
        double lz = ixz * wx + iyz * wy + izz * wz;
        double fx = h * (wy * lz - wz * ly);
        double fy = h * (wz * lx - wx * lz);
        double fz = h * (wx * ly - wy * lx);
        // skew(ω)·I: column j is ω × I_j (I symmetric, columns = rows)
        double s00 = wy * ixz - wz * ixy;
        double s10 = wz * ixx - wx * ixz;
        double s20 = wx * ixy - wy * ixx;
        double s01 = wy * iyz - wz * iyy;
        double s11 = wz * ixy - wx * iyz;
        double s21 = wx * iyy - wy * ixy;
        double s02 = wy * izz - wz * iyz;
        double s12 = wz * ixz - wx * izz;
        double s22 = wx * iyz - wy * ixz;
        // skew(Iω) = [0 −lz ly; lz 0 −lx; −ly lx 0]
        double j00 = ixx + h * s00;
        double j01 = ixy + h * (s01 + lz);
        double j02 = ixz + h * (s02 - ly);
        double j10 = ixy + h * (s10 - lz);
        double j11 = iyy + h * s11;
        double j12 = iyz + h * (s12 + lx);
        double j20 = ixz + h * (s20 + ly);
        double j21 = iyz + h * (s21 - lx);
        double j22 = izz + h * s22;
        double c00 = j11 * j22 - j12 * j21;
        double c01 = j12 * j20 - j10 * j22;
        double c02 = j10 * j21 - j11 * j20;
        double det = j00 * c00 + j01 * c01 + j02 * c02;
        if (!(Math.abs(det) > 0) || !Double.isFinite(det)) {
            return;
        }
        double inv = 1 / det;
        // δ = J⁻¹ f by Cramer's rule (adjugate transpose)
        double dx = inv * (c00 * fx + (j02 * j21 - j01 * j22) * fy + (j01 * j12 - j02 * j11) * fz);
        double dy = inv * (c01 * fx + (j00 * j22 - j02 * j20) * fy + (j02 * j10 - j00 * j12) * fz);
        double dz = inv * (c02 * fx + (j01 * j20 - j00 * j21) * fy + (j00 * j11 - j01 * j10) * fz);
        wx -= dx;
        wy -= dy;
        wz -= dz;
        dst[d] = r[0] * wx + r[1] * wy + r[2] * wz;
        dst[d + 1] = r[3] * wx + r[4] * wy + r[5] * wz;
        dst[d + 2] = r[6] * wx + r[7] * wy + r[8] * wz;
    }
}
