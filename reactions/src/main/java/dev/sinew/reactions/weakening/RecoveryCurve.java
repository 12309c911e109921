package dev.sinew.reactions.weakening;

import dev.sinew.reactions.Smoothstep;

/**
 * One body's strength multiplier over time: {@code start} until {@code holdEnd}, then
 * start + (1 − start)·s((t − holdEnd)/(recoverEnd − holdEnd)) with s the smoothstep, and 1 from
 * {@code recoverEnd} on. Times are seconds on the world's tick clock.
 *
 * <p><b>Combining hits.</b> A hit at time t that asks for multiplier m, held for h and recovered
 * over r, while the curve stands at c = value(t):
 * <pre>
 *   start'      = min(c, m)                      the weaker multiplier wins
 *   holdEnd'    = max(holdEnd, t + h)            timers extend, never shorten
 *   recoverEnd' = max(recoverEnd, holdEnd' + r)
 * </pre>
 * The combined curve is at every later time at most both the old curve and the new hit's own
 * curve (both start higher or equal, end their hold no later and recover no later, and
 * (t − H)/(E − H) falls as H or E grows), so a second hit can only deepen or lengthen the
 * weakening, never cut it short; the value drops at the hit only if the hit asks for less than
 * what is left, and it is continuous afterwards.
 */
public final class RecoveryCurve {
    private double start = 1;
    private double holdEnd = Double.NEGATIVE_INFINITY;
    private double recoverEnd = Double.NEGATIVE_INFINITY;

    /** The multiplier at time t, s: in [start, 1]. */
    public double value(double t) {
        if (t >= recoverEnd) {
            return 1;
        }
        if (t < holdEnd) {
            return start;
        }
        return Smoothstep.between(start, 1, (t - holdEnd) / (recoverEnd - holdEnd));
    }

    /** Adds a hit at time t (s) asking for multiplier m, held h s, recovered over r s (see the class comment). */
    public void combine(double t, double m, double h, double r) {
        double now = value(t);
        start = Math.min(now, m);
        holdEnd = Math.max(holdEnd, t + h);
        recoverEnd = Math.max(recoverEnd, holdEnd + r);
    }

    /** Whether the curve is back at 1 for good at time t. */
    public boolean recovered(double t) {
        return t >= recoverEnd;
    }

    /** The multiplier held until {@link #holdEnd()}. */
    public double start() {
        return start;
    }

    /** When the hold ends and the recovery begins, s. */
    public double holdEnd() {
        return holdEnd;
    }

    /** When the multiplier is back at 1, s. */
    public double recoverEnd() {
        return recoverEnd;
    }

    /** Back to 1 with no hit pending. */
    public void reset() {
        start = 1;
        holdEnd = Double.NEGATIVE_INFINITY;
        recoverEnd = Double.NEGATIVE_INFINITY;
    }
}
