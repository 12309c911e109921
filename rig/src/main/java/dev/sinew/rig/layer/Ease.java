package dev.sinew.rig.layer;

/** Easing curves over normalized time t (0 at the start, 1 at the end). */
public final class Ease {
    private Ease() {
    }

    /**
     * OutExpo, the standard curve: 0 for t ≤ 0, 1 − 2^(−10·t) on (0, 1), 1 for t ≥ 1. It rises fast
     * and settles gently (half way by t = 0.1, 99.9 % by t = 1, where it steps the last 2^−10 to 1):
     * what a pose hold raises its additive layer's weight with, so breathing comes in at once without
     * a visible start.
     */
    public static double outExpo(double t) {
        if (!(t > 0)) {
            return 0;
        }
        if (t >= 1) {
            return 1;
        }
        return 1 - StrictMath.pow(2, -10 * t);
    }
}
