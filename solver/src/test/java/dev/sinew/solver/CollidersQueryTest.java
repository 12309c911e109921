package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** {@link BodyView#colliders()}: what a renderer reads back is what the body was made of. */
class CollidersQueryTest {
    @Test
    void returnsTheCollidersInCreationOrderAndRejectsADestroyedBody() {
        World w = new World();
        Collider box = Collider.of(new Box(0.1, 0.2, 0.3)).at(new Vector3d(0, 0.5, 0), new Quaterniond().rotateY(0.3));
        Collider ball = Collider.of(new Sphere(0.25), Material.DEFAULT.withFriction(0.9));
        BodyHandle h = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(box).collider(ball).build());
        List<Collider> cs = w.body(h).colliders();
        assertEquals(2, cs.size());
        assertSame(box, cs.get(0));
        assertSame(ball, cs.get(1));
        assertThrows(UnsupportedOperationException.class, () -> cs.add(ball));
        w.destroyBody(h);
        assertThrows(StaleHandleException.class, () -> w.body(h).colliders());
    }
}
