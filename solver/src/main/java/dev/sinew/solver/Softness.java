package dev.sinew.solver;

/**
 * Soft-constraint coefficients of an implicit spring-damper, computed in one place for every
 * compliant thing in the solver (contacts now; limits and drives later).
 *
 * <p>Derivation (Catto, "Solver2D" / Box2D v3 {@code b2MakeSoft}): a constraint C with a
 * spring of angular frequency ω = 2π·hertz and damping ratio ζ, integrated with implicit Euler
 * over a substep h, gives the velocity update
 * Δλ = −m_eff·massScale·(Jv + biasRate·C) − impulseScale·λ with
 * <pre>
 *   a1 = 2ζ + hω,  a2 = hω·a1,  a3 = 1 / (1 + a2)
 *   biasRate = ω / a1,  massScale = a2·a3,  impulseScale = a3
 * </pre>
 * which is unconditionally stable for any stiffness: as ω → ∞ it tends to the rigid
 * constraint (massScale → 1, impulseScale → 0, biasRate → 1/h).
 */
final class Softness {
    double biasRate;
    double massScale;
    double impulseScale;

    /** Fills this with the coefficients for a spring of {@code hertz} Hz and damping ratio {@code zeta} over step h (s). */
    Softness set(double hertz, double zeta, double h) {
        if (hertz == 0) {
            biasRate = 0;
            massScale = 1;
            impulseScale = 0;
            return this;
        }
        double omega = 2 * Math.PI * hertz;
        double a1 = 2 * zeta + h * omega;
        double a2 = h * omega * a1;
        double a3 = 1 / (1 + a2);
        biasRate = omega / a1;
        massScale = a2 * a3;
        impulseScale = a3;
        return this;
    }

    /**
     * The soft-step impulse of three coupled rows, accumulated into {@code impulse} and returned in
     * {@code out}: Δλ = −massScale·K⁻¹·(Ċ + biasRate·C) − impulseScale·λ; {@code soft} null is the
     * rigid relax solve, Δλ = −K⁻¹·Ċ.
     */
    static void impulse3(Softness soft, double[] kInv, double cdx, double cdy, double cdz, double[] c,
            double[] impulse, double[] out) {
        double massScale = 1;
        double impulseScale = 0;
        if (soft != null) {
            cdx += soft.biasRate * c[0];
            cdy += soft.biasRate * c[1];
            cdz += soft.biasRate * c[2];
            massScale = soft.massScale;
            impulseScale = soft.impulseScale;
        }
        out[0] = -massScale * (kInv[0] * cdx + kInv[1] * cdy + kInv[2] * cdz) - impulseScale * impulse[0];
        out[1] = -massScale * (kInv[3] * cdx + kInv[4] * cdy + kInv[5] * cdz) - impulseScale * impulse[1];
        out[2] = -massScale * (kInv[6] * cdx + kInv[7] * cdy + kInv[8] * cdz) - impulseScale * impulse[2];
        impulse[0] += out[0];
        impulse[1] += out[1];
        impulse[2] += out[2];
    }
}
