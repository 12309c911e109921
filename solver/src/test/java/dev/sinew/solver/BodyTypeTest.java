package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.solver.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Switching bodies between dynamic and kinematic (partial ragdolls). */
class BodyTypeTest {
    /**
     * A falling box made kinematic keeps its velocity and stops accelerating (no gravity on a
     * kinematic body: x = x0 + v·t exactly); made dynamic again it falls with its old mass
     * (v = v0 − g·t).
     */
    @Test
    void aBodyMadeKinematicCoastsAndMadeDynamicFallsAgain() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 10, 0).mass(3)
                .collider(Collider.of(new Box(0.2, 0.2, 0.2))).build());
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        w.body(box).setType(BodyType.KINEMATIC);
        assertEquals(BodyType.KINEMATIC, w.body(box).type());
        assertEquals(0, w.body(box).mass());
        double v = Worlds.vel(w, box).y;
        double y = Worlds.pos(w, box).y;
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertEquals(v, Worlds.vel(w, box).y, 1e-12);
        assertEquals(y + v * 1.0, Worlds.pos(w, box).y, 1e-9);
        w.body(box).setType(BodyType.DYNAMIC);
        assertEquals(3, w.body(box).mass(), 1e-12);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertEquals(v - 9.81, Worlds.vel(w, box).y, 1e-9);
    }

    @Test
    void staticBodiesAndBodiesWithoutMassDoNotSwitch() {
        World w = new World();
        BodyHandle ground = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle mover = w.createBody(BodySettings.builder(BodyType.KINEMATIC).build());
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        long before = w.stateHash();
        assertThrows(InvalidArgumentException.class, () -> w.body(ground).setType(BodyType.DYNAMIC));
        assertThrows(InvalidArgumentException.class, () -> w.body(box).setType(BodyType.STATIC));
        assertThrows(InvalidArgumentException.class, () -> w.body(mover).setType(BodyType.DYNAMIC));
        assertEquals(before, w.stateHash());
    }
}
