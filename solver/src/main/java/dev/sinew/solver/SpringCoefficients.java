package dev.sinew.solver;

/**
 * The one place where drive gains become implicit soft-constraint coefficients for a substep h.
 * An implicit-Euler spring-damper on a row with inverse effective mass K, error C and velocity Ċ
 * takes the impulse
 * <pre>
 *   λ = −(Ċ + b·C) / (K + 1/D),   D = h²·k + h·c,   b = k / (h·k + c)
 * </pre>
 * which is exactly what {ω_{n+1} = ω_n + K·λ, θ_{n+1} = θ_n + h·ω_{n+1}} with torque
 * −k·θ_{n+1} − c·ω_{n+1} gives. In matrix form (3 angular rows) 1/(K + 1/D) becomes
 * (K + I/D)⁻¹ for physical gains; for gains relative to the effective mass (frequency or
 * acceleration form) k = K⁻¹·k_a and c = K⁻¹·c_a, which gives λ = −massScale·K⁻¹·(Ċ + b·C) with
 * massScale = D_a/(1 + D_a), D_a = h²·k_a + h·c_a (Box2D's soft step). Warm starting is taken care
 * of by the accumulated-impulse terms {@code invD} and {@code impulseScale}.
 */
final class SpringCoefficients {
    /** Bias rate b, 1/s. */
    double biasRate;
    /** True when the gains are physical (N·m/rad): use (K + I/D)⁻¹ with {@link #invD}. */
    boolean physical;
    /** 1/D for physical gains, rad/(N·m·s). */
    double invD;
    /** Mass-relative gains: scale of K⁻¹, and of the accumulated impulse. */
    double massScale;
    double impulseScale;
    /** False when both gains are zero: the drive does nothing. */
    boolean active;

    SpringCoefficients set(DriveSettings s, double h) {
        double k = s.stiffness();
        double c = s.damping();
        if (s.gains() == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO) {
            double omega = 2 * Math.PI * s.stiffness();
            k = omega * omega;
            c = 2 * s.damping() * omega;
        }
        return set(k, c, s.gains() == DriveSettings.Gains.STIFFNESS_DAMPING, h);
    }

    /**
     * Coefficients of stiffness k and damping c over a substep h: physical (N·m/rad, N·m·s/rad)
     * or relative to the effective mass (1/s², 1/s).
     */
    SpringCoefficients set(double k, double c, boolean physicalGains, double h) {
        physical = physicalGains;
        double d = h * h * k + h * c;
        active = d > 0;
        if (!active) {
            return this;
        }
        biasRate = k / (h * k + c);
        invD = 1 / d;
        massScale = d / (1 + d);
        impulseScale = 1 / (1 + d);
        return this;
    }
}
