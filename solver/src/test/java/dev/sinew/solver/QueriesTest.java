package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Sphere;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Queries against analytic answers. */
class QueriesTest {
    private static World scene(BodyHandle[] out) {
        World w = new World();
        out[0] = Worlds.ground(w, Material.DEFAULT);
        out[1] = Worlds.sphere(w, 0, 1, 0, 0.5, Material.DEFAULT);
        out[2] = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(3, 1, 0)
                .orientation(Worlds.axisAngle(0, 1, 0, Math.PI / 4)).collider(Collider.of(Box.cube(0.5))).build());
        out[3] = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-3, 1, 0)
                .orientation(Worlds.axisAngle(0, 0, 1, Math.PI / 2)).collider(Collider.of(new Capsule(0.5, 0.25))).build());
        return w;
    }

    @Test
    void rayCastsHitTheAnalyticPoints() {
        BodyHandle[] b = new BodyHandle[4];
        World w = scene(b);
        Queries q = w.queries();
        RayHit down = q.rayCast(new Vector3d(0.3, 5, 0), new Vector3d(0, -1, 0), 10).orElseThrow();
        assertEquals(b[1], down.body());
        double ySphere = 1 + Math.sqrt(0.25 - 0.09);
        assertEquals(5 - ySphere, down.distance(), 1e-12);
        assertEquals(0.3 / 0.5, down.normal().x(), 1e-12);
        // Box rotated 45° about y: a ray along −x at y = 1 hits its vertical edge at x = 3 + 0.5·√2.
        RayHit box = q.rayCast(new Vector3d(10, 1, 0), new Vector3d(-1, 0, 0), 20).orElseThrow();
        assertEquals(b[2], box.body());
        assertEquals(10 - (3 + 0.5 * Math.sqrt(2)), box.distance(), 1e-12);
        // Capsule lying along x: the end cap at x = −3 − 0.5 − 0.25.
        RayHit cap = q.rayCast(new Vector3d(-10, 1, 0), new Vector3d(1, 0, 0), 20).orElseThrow();
        assertEquals(b[3], cap.body());
        assertEquals(10 - 3.75, cap.distance(), 1e-12);
        // Ground plane from above at an angle.
        RayHit g = q.rayCast(new Vector3d(10, 2, 10), new Vector3d(1, -1, 0), 10).orElseThrow();
        assertEquals(b[0], g.body());
        assertEquals(2 * Math.sqrt(2), g.distance(), 1e-12);
        assertFalse(q.rayCast(new Vector3d(0, 5, 0), new Vector3d(0, 1, 0), 10).isPresent());
        // Too short to reach.
        assertFalse(q.rayCast(new Vector3d(0.3, 5, 0), new Vector3d(0, -1, 0), 1).isPresent());
    }

    /**
     * A body knocked during a tick ends outside the bound swept along its velocity at the tick's
     * start (at rest: only the speculative distance around it); a ray cast after the step must still
     * find it where it is, at the analytic distance.
     */
    @Test
    void aBodyKnockedDuringTheTickIsFoundWhereItEnds() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle struck = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, 0)
                .collider(Collider.of(new Sphere(0.5))).mass(1).build());
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-1.02, 0, 0).linearVelocity(12, 0, 0)
                .collider(Collider.of(new Sphere(0.5))).mass(50).build());
        // at rest, its bound at the tick's start reaches its radius plus the speculative distance past its centre
        double startBoundEdge = 0.5 + w.settings().speculativeDistance();
        w.step();
        Vector3d at = w.position(struck, new Vector3d());
        // straight down onto the sphere 0.45 m ahead of its centre: outside where it was, inside where it is
        double dx = 0.45;
        assertTrue(at.x + dx > startBoundEdge, "the struck sphere moved " + at.x + " m, too little to leave its bound");
        RayHit hit = w.queries().rayCast(new Vector3d(at.x + dx, at.y + 5, at.z), new Vector3d(0, -1, 0), 10)
                .orElseThrow(() -> new AssertionError("the ray missed the struck sphere"));
        assertEquals(struck, hit.body());
        assertEquals(5 - Math.sqrt(0.25 - dx * dx), hit.distance(), 1e-9);
    }

    @Test
    void rayCastAllIsSortedAndComplete() {
        BodyHandle[] b = new BodyHandle[4];
        World w = scene(b);
        List<RayHit> hits = w.queries().rayCastAll(new Vector3d(-10, 1, 0), new Vector3d(1, 0, 0), 30);
        assertEquals(List.of(b[3], b[1], b[2]), hits.stream().map(RayHit::body).toList());
        assertEquals(10 - 0.5, hits.get(1).distance(), 1e-12);
    }

    @Test
    void overlapFindsExactlyTheTouchedBodies() {
        BodyHandle[] b = new BodyHandle[4];
        World w = scene(b);
        List<BodyHandle> o = w.queries().overlap(new Sphere(0.3), new Vector3d(0, 1.7, 0), new Quaterniond());
        assertEquals(List.of(b[1]), o);
        // 0.3 + 0.5 = 0.8 > 0.79: a sphere 0.81 away touches nothing.
        assertTrue(w.queries().overlap(new Sphere(0.3), new Vector3d(0, 1.81, 0), new Quaterniond()).isEmpty());
        assertEquals(List.of(b[0], b[1]), w.queries().overlap(new Box(0.2, 0.6, 0.2), new Vector3d(0, 0.5, 0),
                new Quaterniond()));
    }

    @Test
    void sphereCastStopsWhereTheSurfacesMeet() {
        BodyHandle[] b = new BodyHandle[4];
        World w = scene(b);
        // Down onto the sphere: centres meet at distance 0.5 + 0.2.
        RayHit h = w.queries().shapeCast(new Sphere(0.2), new Vector3d(0, 5, 0), new Quaterniond(),
                new Vector3d(0, -10, 0)).orElseThrow();
        assertEquals(b[1], h.body());
        assertEquals((5 - 1.7) / 10, h.fraction(), 2e-6);
        assertEquals(1, h.normal().y(), 1e-6);
        // Sideways, the capsule against the rotated box's edge.
        RayHit c = w.queries().shapeCast(new Capsule(0.3, 0.1), new Vector3d(10, 1, 0), new Quaterniond(),
                new Vector3d(-10, 0, 0)).orElseThrow();
        assertEquals(b[2], c.body());
        assertEquals((10 - (3 + 0.5 * Math.sqrt(2) + 0.1)) / 10, c.fraction(), 2e-6);
    }
}
