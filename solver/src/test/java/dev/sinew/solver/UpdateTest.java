package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The accumulator of World.update. */
class UpdateTest {
    @Test
    void runsWholeTicksKeepsTheRemainderAndCapsTheCount() {
        World w = new World();
        double dt = w.settings().tickSeconds();
        assertEquals(2, w.update(2.5 * dt));
        assertEquals(0.5, w.interpolationFraction(), 1e-9);
        assertEquals(1, w.update(0.5 * dt));
        assertEquals(0, w.interpolationFraction(), 1e-9);
        // A one-second stall runs at most maxTicksPerUpdate ticks and drops the rest.
        assertEquals(w.settings().maxTicksPerUpdate(), w.update(1.0));
        assertEquals(2 + 1 + w.settings().maxTicksPerUpdate(), w.stepCount());
    }
}
