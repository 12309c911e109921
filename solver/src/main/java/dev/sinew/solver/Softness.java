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
}
