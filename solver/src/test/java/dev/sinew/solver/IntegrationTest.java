package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Free fall and projectile motion against closed forms. Symplectic Euler with substep h gives,
 * after n substeps from (x₀, v₀): v = v₀ + n·g·h and x = x₀ + n·h·v₀ + g·h²·n(n+1)/2, which is the
 * continuous x₀ + v₀t + g t²/2 plus g·h·t/2 (first order in h).
 */
class IntegrationTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void projectileMatchesTheDiscreteAndTheContinuousClosedForm(int substeps) {
        World w = new World(WorldSettings.defaults().withTick(1 / 60.0, substeps).withSleep(false));
        Vector3d v0 = new Vector3d(3, 5, -1);
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 2, 3).linearVelocity(v0.x, v0.y, v0.z)
                .collider(Collider.of(new dev.sinew.solver.shape.Sphere(0.1))).build());
        int ticks = 90;
        for (int i = 0; i < ticks; i++) {
            w.step();
        }
        double g = -9.81;
        double h = 1 / 60.0 / substeps;
        long n = (long) ticks * substeps;
        double t = n * h;
        Vector3d p = Worlds.pos(w, b);
        Vector3d v = Worlds.vel(w, b);
        // Exact discrete solution.
        assertEquals(v0.y + n * g * h, v.y, 1e-10);
        assertEquals(2 + n * h * v0.y + g * h * h * n * (n + 1) / 2.0, p.y, 1e-10);
        assertEquals(1 + v0.x * t, p.x, 1e-10);
        assertEquals(3 + v0.z * t, p.z, 1e-10);
        assertEquals(v0.x, v.x, 0);
        // Continuous solution within the first-order bound |g|·h·t/2.
        double continuous = 2 + v0.y * t + 0.5 * g * t * t;
        assertTrue(Math.abs(p.y - continuous) <= Math.abs(g) * h * t / 2 + 1e-9, "within g·h·t/2 of the exact parabola");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void freeFallFromRest(int substeps) {
        World w = new World(WorldSettings.defaults().withTick(1 / 60.0, substeps));
        BodyHandle b = Worlds.sphere(w, 0, 10, 0, 0.2, Material.DEFAULT);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        double h = 1 / 60.0 / substeps;
        long n = 60L * substeps;
        assertEquals(10 - 9.81 * h * h * n * (n + 1) / 2.0, Worlds.pos(w, b).y, 1e-10);
        assertEquals(-9.81 * 1.0, Worlds.vel(w, b).y, 1e-10);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.1, 1.0})
    void linearDampingFollowsTheImplicitDecay(double c) {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).linearVelocity(2, 0, 0).damping(c, 0)
                .collider(Collider.of(new dev.sinew.solver.shape.Sphere(0.1))).build());
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        double h = 1 / 240.0;
        assertEquals(2 * Math.pow(1 / (1 + h * c), 120), Worlds.vel(w, b).x, 1e-12);
    }
}
