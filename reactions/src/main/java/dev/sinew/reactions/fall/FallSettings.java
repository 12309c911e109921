package dev.sinew.reactions.fall;

import dev.sinew.solver.InvalidArgumentException;

/**
 * When a character falls, how it goes limp, and when it is down.
 *
 * @param balanceMargin      the centre of mass may lie this far outside the support area before
 *                           balance counts as lost, m (≥ 0)
 * @param balanceLostSeconds how long balance must stay lost before the character falls, s (&gt; 0)
 * @param limpTone           the drive strength multiplier a limp character keeps, [0, 1]: a little
 *                           muscle tone, so limbs do not flop like cloth
 * @param limpSeconds        how long the drives take to ease down to the tone, s (≥ 0)
 * @param rootReleaseSeconds how long the root drive takes to let go, s (≥ 0; 0: at once, so the
 *                           blow that knocked the character down is not held back)
 * @param settleLinearSpeed  every body slower than this counts as still, m/s (&gt; 0)
 * @param settleAngularSpeed every body turning slower than this counts as still, rad/s (&gt; 0)
 * @param settleSeconds      how long the body must stay still to be down, s (≥ 0)
 * @param maxLimpSeconds     a limp body that never comes to rest (rolling down a slope) counts as
 *                           down after this long, s (&gt; 0)
 */
public record FallSettings(double balanceMargin, double balanceLostSeconds, double limpTone, double limpSeconds,
        double rootReleaseSeconds, double settleLinearSpeed, double settleAngularSpeed, double settleSeconds,
        double maxLimpSeconds) {

    /**
     * The defaults. Balance: 5 cm outside for 0.3 s (the CMU walk's first frame, a common standing
     * pose, already has its centre of mass 1.9 cm behind its feet, the left heel lifting; the root
     * drive holds it). Limp: tone 0.02, as the {@code limp} drive profile keeps 2 % of the torque
     * (a trace of resistance, far too little to hold a limb up against gravity), reached in 0.2 s, the
     * root drive let go at once. Down: every body below 0.15 m/s and 1 rad/s for 0.4 s, or 6 s limp.
     */
    public static FallSettings defaults() {
        return new FallSettings(0.05, 0.3, 0.02, 0.2, 0, 0.15, 1.0, 0.4, 6);
    }

    public FallSettings {
        nonNegative("balanceMargin", balanceMargin, "m");
        positive("balanceLostSeconds", balanceLostSeconds, "s");
        if (!(limpTone >= 0 && limpTone <= 1)) {
            throw new InvalidArgumentException("limpTone", limpTone, "must be a strength multiplier in [0, 1]");
        }
        nonNegative("limpSeconds", limpSeconds, "s");
        nonNegative("rootReleaseSeconds", rootReleaseSeconds, "s");
        positive("settleLinearSpeed", settleLinearSpeed, "m/s");
        positive("settleAngularSpeed", settleAngularSpeed, "rad/s");
        nonNegative("settleSeconds", settleSeconds, "s");
        positive("maxLimpSeconds", maxLimpSeconds, "s");
    }

    static void nonNegative(String name, double v, String unit) {
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0 " + unit);
        }
    }

    static void positive(String name, double v, String unit) {
        if (!(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and > 0 " + unit);
        }
    }
}
