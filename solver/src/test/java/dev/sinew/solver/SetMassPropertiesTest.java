package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.solver.shape.Box;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Replacing a body's mass properties: the new mass and inertia answer impulses, bad values are refused. */
class SetMassPropertiesTest {
    @Test
    void newMassAndInertiaAnswerImpulses() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.5))).build());
        Matrix3d inertia = new Matrix3d(2, 0, 0, 0, 3, 0, 0, 0, 4);
        w.body(box).setMassProperties(5, inertia);
        w.body(box).applyLinearImpulse(new Vector3d(10, 0, 0));
        w.body(box).applyAngularImpulse(new Vector3d(2, 3, 4));
        assertEquals(2, w.linearVelocity(box, new Vector3d()).x, 1e-12, "v = J/m");
        Vector3d om = w.angularVelocity(box, new Vector3d());
        assertEquals(1, om.x, 1e-12, "ω = I⁻¹·L");
        assertEquals(1, om.y, 1e-12);
        assertEquals(1, om.z, 1e-12);
        assertEquals(5, w.body(box).mass(), 0);
    }

    @Test
    void badValuesAreRefusedAndChangeNothing() {
        World w = new World();
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.5))).build());
        BodyHandle ground = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        long hash = w.stateHash();
        Matrix3d ok = new Matrix3d().scaling(1);
        assertThrows(InvalidArgumentException.class, () -> w.body(box).setMassProperties(0, ok));
        assertThrows(InvalidArgumentException.class, () -> w.body(box).setMassProperties(Double.NaN, ok));
        assertThrows(InvalidArgumentException.class, () -> w.body(box).setMassProperties(1, new Matrix3d(1, 0.5, 0, 0, 1, 0, 0, 0, 1)));
        assertThrows(InvalidArgumentException.class, () -> w.body(box).setMassProperties(1, new Matrix3d().scaling(1, 1, -1)));
        assertThrows(InvalidArgumentException.class, () -> w.body(ground).setMassProperties(1, ok));
        assertEquals(hash, w.stateHash());
        assertEquals(1000 * 1.0, w.body(box).mass(), 1e-9, "unchanged (1 m³ at the default density)");
    }
}
