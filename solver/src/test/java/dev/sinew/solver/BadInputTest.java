package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Sphere;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every validated entry point rejects bad input with an exception that names the parameter and
 * the value, and leaves the world's state hash (and body count) exactly as it was.
 */
class BadInputTest {
    private World w;
    private BodyHandle box;
    private long hash;

    @BeforeEach
    void setUp() {
        w = new World();
        Worlds.ground(w, Material.DEFAULT);
        box = Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        for (int i = 0; i < 10; i++) {
            w.step();
        }
        hash = w.stateHash();
    }

    private void rejected(String parameter, Executable call) {
        int bodies = w.bodyCount();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, call);
        assertTrue(e.parameter().contains(parameter), "names " + parameter + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(e.value()), "message carries the value: " + e.getMessage());
        assertEquals(hash, w.stateHash(), "state unchanged");
        assertEquals(bodies, w.bodyCount());
    }

    @Test
    void shapes() {
        rejected("radius", () -> new Sphere(0));
        rejected("radius", () -> new Sphere(Double.NaN));
        rejected("halfHeight", () -> new Capsule(-1, 0.1));
        rejected("halfExtents.y", () -> new Box(1, 0, 1));
        rejected("halfExtents.z", () -> new Box(1, 1, Double.POSITIVE_INFINITY));
        rejected("normal", () -> new Plane(new Vector3d(), 0));
        rejected("points", () -> ConvexHull.of(List.of(new Vector3d(0, 0, 0), new Vector3d(1, 0, 0),
                new Vector3d(0, 1, 0), new Vector3d(1, 1, 0))));
        rejected("points", () -> ConvexHull.of(List.of(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0))));
        rejected("points[1]", () -> ConvexHull.of(List.of(new Vector3d(), new Vector3d(Double.NaN, 0, 0),
                new Vector3d(0, 1, 0), new Vector3d(0, 0, 1))));
    }

    @Test
    void bodySettings() {
        Collider c = Collider.of(new Sphere(0.1));
        rejected("position", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(Double.NaN, 0, 0)
                .collider(c).build()));
        rejected("orientation", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .orientation(new Quaterniond(0.5, 0, 0, 1)).collider(c).build()));
        rejected("mass", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(-2).collider(c).build()));
        rejected("mass", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(0).collider(c).build()));
        rejected("linearVelocity", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .linearVelocity(0, Double.POSITIVE_INFINITY, 0).collider(c).build()));
        rejected("linearDamping", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC).damping(-1, 0)
                .collider(c).build()));
        rejected("colliders", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC).build()));
        rejected("colliders[0].shape", () -> w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .collider(Collider.of(Plane.ground())).build()));
        rejected("density", () -> new Material(0.5, 0, -1, CombineRule.MAX, CombineRule.MAX));
        rejected("restitution", () -> Material.DEFAULT.withRestitution(1.5));
        rejected("localRotation", () -> Collider.of(new Sphere(1)).at(new Vector3d(), new Quaterniond(1, 1, 0, 0)));
    }

    @Test
    void worldSettings() {
        rejected("tickSeconds", () -> WorldSettings.defaults().withTick(0, 4));
        rejected("tickSeconds", () -> WorldSettings.defaults().withTick(-1 / 60.0, 4));
        rejected("substeps", () -> WorldSettings.defaults().withTick(1 / 60.0, 0));
        rejected("gravity", () -> WorldSettings.defaults().withGravity(new Vector3d(0, Double.NaN, 0)));
        rejected("frameSeconds", () -> w.update(-0.1));
        rejected("frameSeconds", () -> w.update(Double.NaN));
    }

    @Test
    void bodyCalls() {
        rejected("impulse", () -> w.body(box).applyLinearImpulse(new Vector3d(Double.NaN, 0, 0)));
        rejected("worldPoint", () -> w.body(box).applyImpulseAtPoint(new Vector3d(1, 0, 0), new Vector3d(0, Double.NaN, 0)));
        rejected("force", () -> w.body(box).applyForce(new Vector3d(0, 0, Double.NEGATIVE_INFINITY)));
        rejected("orientation", () -> w.body(box).setTransform(new Vector3d(), new Quaterniond(0, 0, 0, 2)));
        rejected("position", () -> w.body(box).setTransform(new Vector3d(Double.NaN, 0, 0), new Quaterniond()));
        rejected("linearVelocity", () -> w.body(box).setLinearVelocity(new Vector3d(Double.NaN, 0, 0)));
        rejected("body", () -> w.body(box).moveKinematic(new Vector3d(), new Quaterniond()));
    }

    @Test
    void queries() {
        Queries q = w.queries();
        rejected("origin", () -> q.rayCast(new Vector3d(Double.NaN, 0, 0), new Vector3d(0, -1, 0), 10));
        rejected("direction", () -> q.rayCast(new Vector3d(), new Vector3d(), 10));
        rejected("maxDistance", () -> q.rayCastAll(new Vector3d(), new Vector3d(0, -1, 0), -1));
        rejected("shape", () -> q.overlap(Plane.ground(), new Vector3d(), new Quaterniond()));
        rejected("rotation", () -> q.overlap(new Sphere(1), new Vector3d(), new Quaterniond(0, 0, 0, 0.5)));
        rejected("shape", () -> q.shapeCast(Box.cube(1), new Vector3d(), new Quaterniond(), new Vector3d(1, 0, 0)));
        rejected("translation", () -> q.shapeCast(new Sphere(1), new Vector3d(), new Quaterniond(), new Vector3d()));
    }

    @Test
    void snapshotsAndEvents() {
        rejected("snapshot", () -> w.restore(null));
        rejected("bytes", () -> WorldSnapshot.fromBytes(null));
        rejected("snapshot", () -> w.restore(WorldSnapshot.fromBytes(new byte[3])));
        rejected("index", () -> w.contactEvents().bodyA(ContactEvents.Kind.BEGIN, 5));
        rejected("kind", () -> w.contactEvents().count(null));
    }

    @Test
    void staleHandles() {
        BodyHandle gone = Worlds.sphere(w, 3, 3, 3, 0.2, Material.DEFAULT);
        w.destroyBody(gone);
        hash = w.stateHash();
        rejected("body", () -> w.position(gone, new Vector3d()));
        rejected("body", () -> w.body(gone).applyLinearImpulse(new Vector3d(1, 0, 0)));
        rejected("body", () -> w.destroyBody(gone));
        // The slot is reused by a new body, yet the old handle stays stale.
        BodyHandle reused = Worlds.sphere(w, 3, 3, 3, 0.2, Material.DEFAULT);
        assertEquals(gone.index(), reused.index());
        hash = w.stateHash();
        rejected("body", () -> w.body(gone).setLinearVelocity(new Vector3d(1, 0, 0)));
        rejected("body", () -> w.position(new BodyHandle(999, 0, 0), new Vector3d()));
    }

    @Test
    void changingTheWorldFromAStepCallbackIsRejected() {
        w.addStepListener(world -> world.body(box).applyLinearImpulse(new Vector3d(0, 10, 0)));
        assertThrows(WorldLockedException.class, w::step);
        World w2 = new World();
        BodyHandle b = Worlds.sphere(w2, 0, 0, 0, 0.2, Material.DEFAULT);
        w2.addStepListener(world -> world.createBody(BodySettings.builder(BodyType.STATIC)
                .collider(Collider.of(Plane.ground())).build()));
        assertThrows(WorldLockedException.class, w2::step);
        assertEquals(1, w2.bodyCount());
        w2.position(b, new Vector3d());
    }
}
