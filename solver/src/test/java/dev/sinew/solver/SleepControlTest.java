package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sleep is controlled at runtime: a body forbidden to sleep wakes its resting pile and keeps it
 * awake (the island sleeps only when all of it may), allowed again the pile sleeps within the time
 * to sleep; and the world-wide switch turned off wakes everything.
 */
class SleepControlTest {
    private final World w = new World();
    private final List<BodyHandle> pile = new ArrayList<>();

    SleepControlTest() {
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        for (int i = 0; i < 4; i++) {
            pile.add(w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.05 * i, 0.5 + i, 0)
                    .collider(Collider.of(Box.cube(0.5))).build()));
        }
    }

    private void run(double seconds) {
        for (int i = 0; i < Math.round(seconds * 60); i++) {
            w.step();
        }
    }

    private boolean anyAwake() {
        for (BodyHandle h : pile) {
            if (w.isAwake(h)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aBodyForbiddenToSleepKeepsItsRestingPileAwakeUntilAllowed() {
        run(4);
        assertTrue(w.debug().allAsleep(), "the pile rests and sleeps");
        BodyView middle = w.body(pile.get(1));
        middle.setSleepAllowed(false);
        assertFalse(middle.sleepAllowed());
        for (BodyHandle h : pile) {
            assertTrue(w.isAwake(h), "forbidding wakes the island: " + h);
        }
        run(3); // six times the time to sleep
        for (BodyHandle h : pile) {
            assertTrue(w.isAwake(h), "still awake after 3 s: " + h);
        }
        middle.setSleepAllowed(true);
        run(w.settings().timeToSleep() + 0.1);
        assertTrue(w.debug().allAsleep(), "allowed again, the pile sleeps");
    }

    @Test
    void turningSleepOffForTheWorldWakesEveryBodyAndKeepsThemAwake() {
        run(4);
        assertTrue(w.debug().allAsleep());
        w.setSettings(w.settings().withSleep(false));
        for (BodyHandle h : pile) {
            assertTrue(w.isAwake(h), "woken: " + h);
        }
        run(2);
        assertTrue(anyAwake());
        assertFalse(w.debug().allAsleep());
        w.setSettings(w.settings().withSleep(true));
        run(w.settings().timeToSleep() + 0.1);
        assertTrue(w.debug().allAsleep(), "on again, the pile sleeps");
    }
}
