package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Begin, end and touch events of a bouncing ball, with the impulse checked by momentum balance. */
class ContactEventsTest {
    @Test
    void bounceBeginsEndsAndDeliversTheMomentumChange() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Material bouncy = Material.DEFAULT.withRestitution(1);
        BodyHandle ground = Worlds.ground(w, bouncy);
        BodyHandle ball = Worlds.sphere(w, 0, 1.2, 0, 0.2, bouncy);
        double dt = w.settings().tickSeconds();
        int begins = 0;
        int ends = 0;
        boolean checkedImpulse = false;
        for (int i = 0; i < 120; i++) {
            double v0 = Worlds.vel(w, ball).y;
            w.step();
            double v1 = Worlds.vel(w, ball).y;
            ContactEvents e = w.contactEvents();
            for (int k = 0; k < e.count(ContactEvents.Kind.BEGIN); k++) {
                assertEquals(ground, e.bodyA(ContactEvents.Kind.BEGIN, k));
                assertEquals(ball, e.bodyB(ContactEvents.Kind.BEGIN, k));
                begins++;
            }
            ends += e.count(ContactEvents.Kind.END);
            if (e.count(ContactEvents.Kind.TOUCH) == 1 && v1 > 0 && v0 < 0) {
                // Momentum balance over the tick: m (v1 − v0) = J − m g dt.
                double expected = w.body(ball).mass() * (v1 - v0 + 9.81 * dt);
                assertEquals(expected, e.touchImpulse(0), 1e-9 * Math.abs(expected));
                checkedImpulse = true;
            }
        }
        // Drop 1 m: first landing at sqrt(2·1/g) = 0.45 s, then every 2·0.45 s; two in 2 s.
        assertEquals(2, begins, "landings in two seconds");
        assertEquals(2, ends, "lift-offs");
        assertTrue(checkedImpulse);
    }
}
