package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A 10 kg ball hanging at rest from a hook carries m·g = 98.1 N in its joint: a threshold above
 * that holds, one below breaks in the first tick, after which the ball falls freely.
 */
class BreakableJointTest {
    private static final double MASS = 10;

    private record Hang(World world, BodyHandle ball, JointHandle joint) {
    }

    private static Hang hang(double maxForce) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 5, 0).build());
        BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 4, 0).mass(MASS)
                .collider(Collider.of(new Sphere(0.1))).build());
        JointHandle j = w.createJoint(BallJointSettings.of(hook, new Vector3d(), ball, new Vector3d(0, 1, 0)));
        w.joint(j).setBreakThresholds(maxForce, Double.POSITIVE_INFINITY);
        return new Hang(w, ball, j);
    }

    @Test
    void holdsBelowItsThreshold() {
        double weight = MASS * 9.81;
        Hang h = hang(1.02 * weight);
        for (int i = 0; i < 120; i++) {
            h.world().step();
            assertEquals(0, h.world().brokenJointCount());
        }
        assertEquals(1, h.world().jointCount());
        assertEquals(4, Worlds.pos(h.world(), h.ball()).y, 1e-9);
    }

    @Test
    void breaksAboveItAndTheBallFallsFreely() {
        double weight = MASS * 9.81;
        Hang h = hang(0.98 * weight);
        World w = h.world();
        w.step();
        assertEquals(1, w.brokenJointCount());
        assertEquals(h.joint(), w.brokenJoint(0));
        assertEquals(0, w.jointCount());
        assertThrows(StaleHandleException.class, () -> w.joint(h.joint()).setBreakThresholds(1, 1));
        // The tick in which it broke was still held; from then on free fall: y = 4 − g·t²/2 sampled
        // by the semi-implicit integrator, y_n = 4 − g·h²·n(n+1)/2 after n substeps.
        int substeps = w.settings().substeps();
        double hs = w.settings().tickSeconds() / substeps;
        for (int i = 0; i < 30; i++) {
            w.step();
            assertEquals(0, w.brokenJointCount());
        }
        int n = 30 * substeps;
        assertEquals(4 - 9.81 * hs * hs * n * (n + 1) / 2, Worlds.pos(w, h.ball()).y, 1e-9);
    }

    @Test
    void thresholdsMustBePositive() {
        Hang h = hang(Double.POSITIVE_INFINITY);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> h.world().joint(h.joint()).setBreakThresholds(0, 1));
        assertTrue(e.getMessage().contains("maxForce"), e.getMessage());
        e = assertThrows(InvalidArgumentException.class,
                () -> h.world().joint(h.joint()).setBreakThresholds(1, Double.NaN));
        assertTrue(e.getMessage().contains("maxTorque"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> h.world().brokenJoint(0));
    }
}
