package dev.sinew.reactions.weakening;

import dev.sinew.solver.InvalidArgumentException;

/**
 * How a hit weakens a character's drives: a strength multiplier per body, held for a while, then
 * recovered to 1 with {@link dev.sinew.reactions.Smoothstep smoothstep}.
 *
 * <p>The body hit gets {@code hitBody}; a body {@code d} bones away along the skeleton gets
 * {@code hitBody + (1 − hitBody)·min(1, d / reach)}, so its neighbours lie in between and bodies
 * {@code reach} or more bones away are untouched; a spine body (regions abdomen, chest, neck) gets
 * at most {@code spine}, wherever the hit landed. For a critical hit on the right forearm with the
 * defaults: forearm 0.25, hand and upper arm 0.5, chest and abdomen 0.7, everything else 1.
 *
 * @param hitBody         multiplier of the body hit, [0, 1]
 * @param spine           largest multiplier of the spine bodies, [0, 1]
 * @param reach           bones (≥ 1) over which the weakening fades out along the skeleton
 * @param holdSeconds     how long the multipliers are held, s (≥ 0)
 * @param recoverySeconds how long they then take to recover to 1, s (≥ 0; 0 jumps back)
 */
public record Weakening(double hitBody, double spine, int reach, double holdSeconds, double recoverySeconds) {
    /** A critical hit: the hit limb at 0.25, the spine at 0.7, held 0.15 s, recovered over 0.2 s. */
    public static final Weakening CRITICAL = new Weakening(0.25, 0.7, 3, 0.15, 0.2);
    /**
     * A normal hit: a brief give in the limb hit (0.6) and a trace in the spine (0.9), held 0.1 s,
     * recovered over 0.2 s, so the blow reads without the character losing its pose.
     */
    public static final Weakening NORMAL = new Weakening(0.6, 0.9, 2, 0.1, 0.2);
    /** No weakening at all. */
    public static final Weakening NONE = new Weakening(1, 1, 1, 0, 0);

    public Weakening {
        unit("hitBody", hitBody);
        unit("spine", spine);
        if (reach < 1) {
            throw new InvalidArgumentException("reach", reach, "must be >= 1 bone");
        }
        seconds("holdSeconds", holdSeconds);
        seconds("recoverySeconds", recoverySeconds);
    }

    private static void unit(String name, double v) {
        if (!(v >= 0 && v <= 1)) {
            throw new InvalidArgumentException(name, v, "must be a strength multiplier in [0, 1]");
        }
    }

    private static void seconds(String name, double v) {
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0 s");
        }
    }

    /** The multiplier this weakening sets on a body {@code distance} bones from the body hit. */
    public double multiplier(int distance, boolean spineBody) {
        double m = hitBody + (1 - hitBody) * Math.min(1.0, (double) distance / reach);
        return spineBody ? Math.min(m, spine) : m;
    }
}
