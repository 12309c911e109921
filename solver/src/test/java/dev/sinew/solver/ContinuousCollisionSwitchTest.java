package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Continuous collision can be turned off, per world and per body, and the time-of-impact sweep is
 * what stops a fast body knocked toward a wall it had no contact with. A 0.05 m sphere at 300 m/s
 * glances off a static plate turned 45° and leaves it at about 150 m/s toward a static wall 0.1 m
 * thick that lies 1 m to the side of its first path: the wall is outside the sphere's bounds when
 * the tick starts, so no speculative contact exists with it, and within the same tick the sphere
 * crosses it (it ends the first tick at z = 1.3 m, the third at 4.4 m). With the sweep it is moved
 * back to 1 mm before the wall and then slides along it; without, it passes.
 */
class ContinuousCollisionSwitchTest {
    private static final double WALL_NEAR = 1.0;
    private static final double WALL_FAR = 1.1;
    private static final double RADIUS = 0.05;

    /** The sphere's z after 3 ticks, m. */
    private static double shoot(boolean worldSweeps, boolean bodySweeps) {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withContinuousCollision(worldSweeps));
        // the plate's face passes through the origin with normal (−1, 0, 1)/√2, facing the shot
        Quaterniond turn = new Quaterniond().rotateY(-Math.PI / 4);
        Vector3d centre = turn.transform(new Vector3d(0, 0, -0.05));
        w.createBody(BodySettings.builder(BodyType.STATIC).position(centre).orientation(turn)
                .collider(Collider.of(new Box(0.7, 0.5, 0.05))).build());
        w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 0, 0.5 * (WALL_NEAR + WALL_FAR))
                .collider(Collider.of(new Box(5, 1, 0.5 * (WALL_FAR - WALL_NEAR)))).build());
        BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-1, 0, 0)
                .linearVelocity(300, 0, 0).continuousCollision(bodySweeps)
                .collider(Collider.of(new Sphere(RADIUS))).build());
        for (int i = 0; i < 3; i++) {
            w.step();
        }
        return w.position(ball, new Vector3d()).z;
    }

    @Test
    void aKnockedSpherePassesAThinWallWithoutTheSweepAndStopsWithIt() {
        double with = shoot(true, true);
        assertTrue(with + RADIUS <= WALL_NEAR + 1e-3, "with the sweep the sphere ends at z = " + with);
        double worldOff = shoot(false, true);
        assertTrue(worldOff - RADIUS > WALL_FAR, "with the sweep off for the world it ends at z = " + worldOff);
        double bodyOff = shoot(true, false);
        assertTrue(bodyOff - RADIUS > WALL_FAR, "with the sweep off for the body it ends at z = " + bodyOff);
    }

    @Test
    void theSweepIsOnByDefaultAndSwitchesAtRuntime() {
        assertTrue(WorldSettings.defaults().continuousCollision());
        World w = new World();
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(new Sphere(0.1))).build());
        BodyView view = w.body(b);
        assertTrue(view.continuousCollision());
        view.setContinuousCollision(false);
        assertFalse(view.continuousCollision());
        assertEquals(0, w.debug().sweepCount());
    }
}
