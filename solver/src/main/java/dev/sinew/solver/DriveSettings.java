package dev.sinew.solver;

/**
 * Gains of an angular drive toward a target relative orientation, in one of three forms. All
 * three are turned into implicit soft coefficients in one place ({@link SoftCoefficients}), so a
 * drive is an implicit-Euler spring-damper: stable at any stiffness, overshoot bounded by its
 * damping ratio.
 *
 * <ul>
 *   <li>{@link Gains#STIFFNESS_DAMPING}: stiffness N·m/rad, damping N·m·s/rad.</li>
 *   <li>{@link Gains#FREQUENCY_DAMPING_RATIO}: natural frequency Hz, damping ratio (1 = critical),
 *       both relative to the joint's effective inertia, so the response does not depend on the
 *       masses.</li>
 *   <li>{@link Gains#ACCELERATION}: mass-normalized stiffness 1/s² and damping 1/s (stiffness and
 *       damping divided by the effective inertia).</li>
 * </ul>
 *
 * @param gains     which form {@code stiffness} and {@code damping} are in
 * @param stiffness ≥ 0, finite, in the form's unit
 * @param damping   ≥ 0, finite, in the form's unit
 * @param maxTorque largest torque the drive applies, N·m, &gt; 0 ({@link Double#POSITIVE_INFINITY}
 *                  for no limit); the impulse of each substep is clamped to {@code maxTorque·h}
 */
public record DriveSettings(Gains gains, double stiffness, double damping, double maxTorque) {

    /** The form a drive's gains are given in. */
    public enum Gains { STIFFNESS_DAMPING, FREQUENCY_DAMPING_RATIO, ACCELERATION }

    public DriveSettings {
        Check.notNull("gains", gains);
        Check.nonNegative("stiffness", Check.finite("stiffness", stiffness));
        Check.nonNegative("damping", Check.finite("damping", damping));
        if (!(maxTorque > 0)) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be > 0 (POSITIVE_INFINITY for no limit)");
        }
    }

    /** Stiffness N·m/rad and damping N·m·s/rad. */
    public static DriveSettings stiffnessDamping(double stiffness, double damping, double maxTorque) {
        return new DriveSettings(Gains.STIFFNESS_DAMPING, stiffness, damping, maxTorque);
    }

    /** Natural frequency Hz and damping ratio. */
    public static DriveSettings frequency(double hertz, double dampingRatio, double maxTorque) {
        return new DriveSettings(Gains.FREQUENCY_DAMPING_RATIO, hertz, dampingRatio, maxTorque);
    }

    /** Mass-normalized stiffness 1/s² and damping 1/s. */
    public static DriveSettings acceleration(double stiffness, double damping, double maxTorque) {
        return new DriveSettings(Gains.ACCELERATION, stiffness, damping, maxTorque);
    }
}
