package dev.sinew.reactions.weakening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

/** One body's strength over time: a hit's hold and smoothstep recovery, and the combine rule for overlapping hits. */
class RecoveryCurveTest {
    /** The closed form of one hit at t0: m held until t0 + h, then m + (1 − m)(3u² − 2u³), u = (t − t0 − h)/r. */
    static double single(double t, double t0, double m, double h, double r) {
        if (t < t0) {
            return 1;
        }
        if (t < t0 + h) {
            return m;
        }
        if (t >= t0 + h + r) {
            return 1;
        }
        double u = (t - t0 - h) / r;
        return m + (1 - m) * (3 * u * u - 2 * u * u * u);
    }

    @Test
    void oneHitHoldsThenRecoversAlongTheSmoothstep() {
        RecoveryCurve c = new RecoveryCurve();
        c.combine(1.0, 0.25, 0.15, 0.2);
        for (double t = 1.0; t < 1.6; t += 0.001) {
            assertEquals(single(t, 1.0, 0.25, 0.15, 0.2), c.value(t), 1e-12, "t = " + t);
        }
        assertEquals(0.25, c.value(1.0));
        assertEquals(0.25, c.value(1.1499));
        assertEquals(0.25 + 0.75 * 0.5, c.value(1.25), 1e-12); // half way through the recovery
        assertEquals(1, c.value(1.35));
        assertTrue(c.recovered(1.35));
    }

    /**
     * Worked example of the rule: a critical hit (0.25, 0.15 s, 0.2 s) at 0, then a normal one
     * (0.6, 0.1 s, 0.2 s) at 0.2 s, when the first has recovered to 0.25 + 0.75·s(0.25) = 0.367:
     * the weaker value (0.367) is held until the later hold end (0.3 s), then recovers to the later
     * recovery end, max(0.35, 0.3 + 0.2) = 0.5 s.
     */
    @Test
    void overlappingHitsWeakerWinsTimersExtend() {
        RecoveryCurve c = new RecoveryCurve();
        c.combine(0, 0.25, 0.15, 0.2);
        double at = c.value(0.2);
        assertEquals(0.25 + 0.75 * 5.0 / 32, at, 1e-12);
        c.combine(0.2, 0.6, 0.1, 0.2);
        assertEquals(at, c.start(), 1e-15);
        assertEquals(0.3, c.holdEnd(), 1e-15);
        assertEquals(0.5, c.recoverEnd(), 1e-15);
        assertEquals(at, c.value(0.299), 1e-15);
        assertEquals(1, c.value(0.5));
        // a weaker second hit: its own multiplier wins
        RecoveryCurve d = new RecoveryCurve();
        d.combine(0, 0.6, 0.1, 0.2);
        d.combine(0.05, 0.25, 0.15, 0.2);
        assertEquals(0.25, d.start());
        assertEquals(0.2, d.holdEnd(), 1e-15);
        assertEquals(0.4, d.recoverEnd(), 1e-15);
    }

    /**
     * For any two hits, the combined curve is at every time after the second hit at most each
     * hit's own curve (the weaker wins), never below the weaker of the two multipliers, back at 1
     * exactly when the later of the two would be (timers extend, never shorten), and it has no jump
     * after the hit: between samples dt apart it moves at most the steepest smoothstep slope allows.
     */
    @Property(tries = 400)
    void combinedIsNeverStrongerThanEitherHit(@ForAll @DoubleRange(min = 0, max = 1) double m1,
            @ForAll @DoubleRange(min = 0, max = 0.5) double h1, @ForAll @DoubleRange(min = 0.01, max = 0.5) double r1,
            @ForAll @DoubleRange(min = 0, max = 1) double dt2, @ForAll @DoubleRange(min = 0, max = 1) double m2,
            @ForAll @DoubleRange(min = 0, max = 0.5) double h2, @ForAll @DoubleRange(min = 0.01, max = 0.5) double r2) {
        double t1 = 1;
        double t2 = t1 + dt2;
        RecoveryCurve c = new RecoveryCurve();
        c.combine(t1, m1, h1, r1);
        c.combine(t2, m2, h2, r2);
        double slope = 1.5 / Math.min(c.recoverEnd() - c.holdEnd(), 1e9);
        double previous = c.value(t2);
        for (double t = t2; t < t2 + 2; t += 0.0025) {
            double v = c.value(t);
            assertTrue(v <= single(t, t1, m1, h1, r1) + 1e-12, "above the first hit's curve at " + t);
            assertTrue(v <= single(t, t2, m2, h2, r2) + 1e-12, "above the second hit's curve at " + t);
            assertTrue(v >= Math.min(m1, m2) - 1e-12);
            assertTrue(v - previous <= slope * 0.0025 + 1e-12, "jumps at " + t);
            assertTrue(v >= previous - 1e-12, "falls after the hit at " + t);
            previous = v;
        }
        double end = Math.max(t1 + h1 + r1, Math.max(t1 + h1, t2 + h2) + r2);
        assertEquals(end, c.recoverEnd(), 1e-12);
    }
}
