package dev.sinew.rig.layer;

/** Easing curves over normalized time t (0 at the start, 1 at the end). */
public final class Ease {
    private Ease() {
    }

    /** 1 − 2^−10: where the textbook OutExpo is at t = 1. */
    private static final double OUT_EXPO_END = 1 - 1.0 / 1024;

    /**
     * OutExpo: (1 − 2^(−10·t)) / (1 − 2^−10) on [0, 1], 0 before and 1 after. It rises fast and
     * settles gently (half way by t = 0.1): what a pose hold raises its additive layer's weight
     * with, so breathing comes in at once without a visible start. The textbook curve
     * 1 − 2^(−10·t) stops 2^−10 short of 1 and steps up at t = 1; scaled by 1/(1 − 2^−10) it
     * reaches 1 continuously, so the weight never jumps.
     */
    public static double outExpo(double t) {
        if (!(t > 0)) {
            return 0;
        }
        if (t >= 1) {
            return 1;
        }
        return (1 - StrictMath.pow(2, -10 * t)) / OUT_EXPO_END;
    }
}
