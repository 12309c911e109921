package dev.sinew.reactions;

/**
 * The smoothstep ease s(x) = 3x² − 2x³ on [0, 1], clamped outside: s(0) = 0, s(1) = 1 and
 * s'(0) = s'(1) = 0, so a value eased with it starts and arrives without a jump in rate. Every
 * recovery, blend and ramp of the reactions module eases with this one function.
 */
public final class Smoothstep {
    private Smoothstep() {
    }

    /** s(x) for x in [0, 1]; 0 below, 1 above (NaN stays NaN). */
    public static double of(double x) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        return x * x * (3 - 2 * x);
    }

    /** From {@code a} at x = 0 to {@code b} at x = 1, eased: a + (b − a)·s(x). */
    public static double between(double a, double b, double x) {
        return a + (b - a) * of(x);
    }
}
