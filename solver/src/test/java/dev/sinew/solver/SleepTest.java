package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Islands fall asleep together and wake on impulses, on changes and on contact. */
class SleepTest {

    private static int stepUntilAsleep(World w, int max) {
        for (int i = 0; i < max; i++) {
            w.step();
            if (w.debug().allAsleep()) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void stackSleepsAfterTimeToSleepAndWakesOnImpulse() {
        World w = new World();
        Worlds.ground(w, Material.DEFAULT);
        BodyHandle a = Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        BodyHandle b = Worlds.box(w, 0, 1.5, 0, 0.5, Material.DEFAULT);
        int t = stepUntilAsleep(w, 600);
        // Resting from the first tick: sleeps once the island has rested for timeToSleep.
        assertTrue(t >= 0 && t <= 120, "asleep at tick " + t);
        Vector3d before = Worlds.pos(w, b);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertEquals(before, Worlds.pos(w, b), "a sleeping island does not move");
        w.body(a).applyLinearImpulse(new Vector3d(0, 0, 1));
        assertTrue(w.isAwake(a));
        assertTrue(w.isAwake(b), "the whole island wakes");
    }

    @Test
    void fallingBodyWakesTheSleepingOneItLandsOn() {
        World w = new World();
        Worlds.ground(w, Material.DEFAULT);
        BodyHandle a = Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        assertTrue(stepUntilAsleep(w, 600) >= 0);
        BodyHandle drop = Worlds.sphere(w, 0, 3, 0, 0.3, Material.DEFAULT);
        boolean woke = false;
        for (int i = 0; i < 120 && !woke; i++) {
            w.step();
            woke = w.isAwake(a);
        }
        assertTrue(woke, "contact wakes the sleeping box");
        assertTrue(w.isValid(drop));
    }

    @Test
    void sleepCanBeDisabled() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Worlds.ground(w, Material.DEFAULT);
        BodyHandle a = Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        assertTrue(w.isAwake(a));
        assertFalse(w.debug().allAsleep());
    }
}
