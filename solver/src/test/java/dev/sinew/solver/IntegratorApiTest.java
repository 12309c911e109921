package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Capsule;
import org.junit.jupiter.api.Test;

/** The names and defaults an integrator meets first: the fixed tick, capsule factories, the default material. */
class IntegratorApiTest {
    @Test
    void stepTakesOnlyTheFixedTickAndSaysWhereItLives() {
        World w = new World();
        w.step(1.0 / 60);
        assertEquals(1, w.stepCount());
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.step(0.02));
        assertTrue(e.getMessage().contains("WorldSettings.tickSeconds") && e.getMessage().contains("update"),
                e.getMessage());
        assertEquals(1, w.stepCount(), "a refused step changes nothing");
        assertThrows(InvalidArgumentException.class, () -> w.step(Double.NaN));
    }

    @Test
    void capsuleFactoriesSayWhichNumberIsTheRadius() {
        Capsule c = Capsule.ofRadiusAndHalfHeight(0.1, 0.4);
        assertEquals(0.1, c.radius());
        assertEquals(0.4, c.halfHeight());
        Capsule d = Capsule.ofRadiusAndLength(0.1, 1.0);
        assertEquals(0.1, d.radius());
        assertEquals(0.4, d.halfHeight(), 1e-15);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Capsule.ofRadiusAndLength(0.5, 0.8));
        assertTrue(e.getMessage().contains("length"), e.getMessage());
    }

    @Test
    void theDefaultMaterialIsTheDocumentedOne() {
        assertEquals(0.6, Material.DEFAULT.friction());
        assertEquals(0, Material.DEFAULT.restitution());
        assertEquals(1000, Material.DEFAULT.density());
        assertEquals(Material.DEFAULT, Collider.of(Capsule.ofRadiusAndHalfHeight(0.1, 0.2)).material());
    }
}
