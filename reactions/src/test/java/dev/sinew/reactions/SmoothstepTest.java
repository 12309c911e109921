package dev.sinew.reactions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

/**
 * The smoothstep against what defines it: the cubic with s(0) = 0, s(1) = 1 and zero slope at both
 * ends (four conditions fix a cubic, so these pin it down), its point symmetry about (½, ½), values
 * worked by hand and its integral by Simpson's rule (exact for cubics).
 */
class SmoothstepTest {
    @Test
    void endsAndSlopes() {
        assertEquals(0, Smoothstep.of(0));
        assertEquals(1, Smoothstep.of(1));
        double h = 1e-6;
        assertEquals(0, (Smoothstep.of(h) - Smoothstep.of(0)) / h, 1e-5, "slope at 0");
        assertEquals(0, (Smoothstep.of(1) - Smoothstep.of(1 - h)) / h, 1e-5, "slope at 1");
        // the steepest point is the middle, slope 3/2
        assertEquals(1.5, (Smoothstep.of(0.5 + h) - Smoothstep.of(0.5 - h)) / (2 * h), 1e-6);
    }

    @Test
    void valuesWorkedByHand() {
        assertEquals(0.5, Smoothstep.of(0.5), 1e-15);
        assertEquals(5.0 / 32, Smoothstep.of(0.25), 1e-15); // 3/16 − 2/64
        assertEquals(27.0 / 32, Smoothstep.of(0.75), 1e-15);
        assertEquals(0.028, Smoothstep.of(0.1), 1e-15); // 0.03 − 0.002
    }

    @Test
    void integralIsOneHalf() {
        // Simpson's rule is exact for a cubic
        double simpson = (Smoothstep.of(0) + 4 * Smoothstep.of(0.5) + Smoothstep.of(1)) / 6;
        assertEquals(0.5, simpson, 1e-15);
    }

    @Test
    void clampedOutsideTheUnitInterval() {
        assertEquals(0, Smoothstep.of(-3));
        assertEquals(1, Smoothstep.of(7));
        assertEquals(0.7, Smoothstep.between(0.7, 1, -1));
        assertEquals(1, Smoothstep.between(0.7, 1, 2));
        assertTrue(Double.isNaN(Smoothstep.of(Double.NaN)));
    }

    @Property
    void symmetricAndMonotone(@ForAll @DoubleRange(min = 0, max = 1) double x, @ForAll @DoubleRange(min = 0, max = 1) double y) {
        assertEquals(1, Smoothstep.of(x) + Smoothstep.of(1 - x), 1e-15);
        if (x < y) {
            assertTrue(Smoothstep.of(x) <= Smoothstep.of(y));
        }
    }
}
