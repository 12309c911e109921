package dev.sinew.solver.constraint;

import dev.sinew.solver.DriveSettings;

/**
 * The soft-constraint coefficients of an implicit spring-damper over a substep h: the one type
 * in which every compliant thing in the solver (contact push-out, joint drift correction, soft
 * limits, point springs and drives) is solved.
 *
 * <p>An implicit-Euler spring-damper on a row with inverse effective mass K, error C and velocity
 * Ċ takes the impulse
 * <pre>
 *   λ = −(Ċ + b·C) / (K + 1/D),   D = h²·k + h·c,   b = k / (h·k + c)
 * </pre>
 * which is exactly what {v_{n+1} = v_n + K·λ, C_{n+1} = C_n + h·Ċ_{n+1}} with the force
 * −k·C_{n+1} − c·Ċ_{n+1} gives. Two forms of the gains:
 * <ul>
 *   <li>Physical gains (N/m and N·s/m, or N·m/rad and N·m·s/rad): λ = −(K + I/D)⁻¹·(Ċ + b·C) − λ_acc/D
 *       terms, with {@link #invD} = 1/D ({@link #setStiffness}, {@code physical} true).</li>
 *   <li>Gains relative to the row's effective mass (k = K⁻¹·k_a, c = K⁻¹·c_a; a frequency and a
 *       damping ratio, or an acceleration drive): λ = −massScale·K⁻¹·(Ċ + b·C) − impulseScale·λ_acc
 *       with massScale = D_a/(1 + D_a), impulseScale = 1/(1 + D_a), D_a = h²·k_a + h·c_a.</li>
 * </ul>
 * For a frequency f and damping ratio ζ (ω = 2πf, k_a = ω², c_a = 2ζω), after Catto's
 * {@code b2MakeSoft} (Box2D v3, "Solver2D"):
 * <pre>
 *   a1 = 2ζ + hω,  a2 = hω·a1,  a3 = 1 / (1 + a2)
 *   biasRate = ω / a1,  massScale = a2·a3,  impulseScale = a3
 * </pre>
 * unconditionally stable for any stiffness: as ω → ∞ it tends to the rigid constraint
 * (massScale → 1, impulseScale → 0, biasRate → 1/h). The two forms are the same algebra
 * ({@link #setFrequency} and {@link #setStiffness} with k = ω², c = 2ζω), evaluated in a
 * different order; each caller keeps the order it was tuned with.
 */
public final class SoftCoefficients {
    /** Bias rate b, 1/s. */
    public double biasRate;
    /** Mass-relative gains: scale of K⁻¹, and of the accumulated impulse. */
    public double massScale;
    public double impulseScale;
    /** True when the gains are physical: use (K + I/D)⁻¹ with {@link #invD}. */
    public boolean physical;
    /** 1/D for physical gains, per (N·s/m) or per (N·m·s/rad). */
    public double invD;
    /** False when both gains are zero: the spring does nothing. */
    public boolean active;

    /** Copies another's coefficients. */
    public void copyFrom(SoftCoefficients o) {
        biasRate = o.biasRate;
        massScale = o.massScale;
        impulseScale = o.impulseScale;
        physical = o.physical;
        invD = o.invD;
        active = o.active;
    }

    /**
     * A spring of {@code hertz} Hz and damping ratio {@code zeta} over step h (s), relative to the
     * row's mass; 0 Hz gives the rigid solve without bias.
     */
    public SoftCoefficients setFrequency(double hertz, double zeta, double h) {
        if (hertz == 0) {
            biasRate = 0;
            massScale = 1;
            impulseScale = 0;
            physical = false;
            active = true;
            return this;
        }
        double omega = 2 * Math.PI * hertz;
        return setAngularFrequency(omega, zeta, h * omega);
    }

    /** A spring of angular frequency {@code omega} (rad/s), damping ratio {@code zeta}, with hω given. */
    public SoftCoefficients setAngularFrequency(double omega, double zeta, double hOmega) {
        double a1 = 2 * zeta + hOmega;
        double a2 = hOmega * a1;
        double a3 = 1 / (1 + a2);
        biasRate = omega / a1;
        massScale = a2 * a3;
        impulseScale = a3;
        physical = false;
        active = true;
        return this;
    }

    /** A drive's gains over step h, in the form its settings give them. */
    public SoftCoefficients setDrive(DriveSettings s, double h) {
        double k = s.stiffness();
        double c = s.damping();
        if (s.gains() == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO) {
            double omega = 2 * Math.PI * s.stiffness();
            k = omega * omega;
            c = 2 * s.damping() * omega;
        }
        return setStiffness(k, c, s.gains() == DriveSettings.Gains.STIFFNESS_DAMPING, h);
    }

    /**
     * Stiffness k and damping c over a substep h: physical (N/m and N·s/m, or N·m/rad and
     * N·m·s/rad) or relative to the effective mass (1/s², 1/s).
     */
    public SoftCoefficients setStiffness(double k, double c, boolean physicalGains, double h) {
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

    /**
     * The soft-step impulse of three coupled rows, accumulated into {@code impulse} and returned in
     * {@code out}: Δλ = −massScale·K⁻¹·(Ċ + biasRate·C) − impulseScale·λ; {@code soft} null is the
     * rigid relax solve, Δλ = −K⁻¹·Ċ.
     */
    public static void impulse3(SoftCoefficients soft, double[] kInv, double cdx, double cdy, double cdz, double[] c,
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
