package dev.sinew.scenes.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** What the probe reads from a world, against closed forms. */
class WorldProbeTest {
    /**
     * A 0.1 m ball falling from 5 m: its lowest point is its centre less the radius, and its
     * energy stays m·g·h₀ (a conservation law; the integrator's error after half a second is far
     * under 1 %).
     */
    @Test
    void aFallingBallKeepsItsEnergyAndItsLowestPointIsItsBottom() {
        World w = new World();
        BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 5, 0).damping(0, 0)
                .collider(Collider.of(new Sphere(0.1))).build());
        WorldProbe probe = new WorldProbe(w, null);
        double m = w.body(ball).mass();
        double e0 = m * 9.81 * 5;
        for (int k = 0; k < 30; k++) {
            w.step();
            TickSample s = probe.read(k);
            assertEquals(w.position(ball, new Vector3d()).y - 0.1, s.lowest[0], 1e-12);
            assertEquals(e0, s.energy, 0.01 * e0, "tick " + k);
            assertEquals(m, s.mass, 1e-12);
        }
        assertEquals(0.1, probe.sample().extent[0], 1e-12, "a ball reaches its radius");
    }

    /** A box spinning about its x axis in zero gravity: energy ½·I·ω², I = m(b² + c²)/12 for full sides b, c. */
    @Test
    void spinningEnergyIsTheClosedForm() {
        World w = new World(dev.sinew.solver.WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).angularVelocity(3, 0, 0).damping(0, 0)
                .collider(Collider.of(new Box(0.1, 0.2, 0.3))).build());
        WorldProbe probe = new WorldProbe(w, null);
        TickSample s = probe.read(0);
        double m = w.body(box).mass();
        double inertia = m * (0.4 * 0.4 + 0.6 * 0.6) / 12;
        assertEquals(0.5 * inertia * 9, s.energy, 1e-9 * s.energy);
        assertEquals(Math.sqrt(0.01 + 0.04 + 0.09), s.extent[0], 1e-12, "the box's corner");
    }

    /**
     * A swing-twist joint whose twist range is ±0.3 rad, body B turned 0.5 rad about the twist
     * axis: 0.2 rad past the limit, 11.46°; and turned 0.2 rad, within it: nothing past.
     */
    @Test
    void overshootIsHowFarPastTheLimit() {
        for (double twist : new double[] {0.5, 0.2}) {
            World w = new World();
            BodyHandle a = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1.7, 0)
                    .orientation(new Quaterniond().rotateY(twist)).collider(Collider.of(new Sphere(0.05))).build());
            Quaterniond down = SwingTwistJointSettings.frame(new Vector3d(0, -1, 0), new Vector3d(1, 0, 0));
            w.createJoint(SwingTwistJointSettings.of(a, new Vector3d(), down, b, new Vector3d(0, 0.3, 0), down)
                    .withSwing(Math.toRadians(45), Math.toRadians(45)).withTwist(-0.3, 0.3));
            TickSample s = new WorldProbe(w, null).read(0);
            double expected = Math.toDegrees(Math.max(0, Math.abs(twist) - 0.3));
            assertEquals(expected, s.limitOvershootDeg, 1e-9, "twist " + twist);
            assertTrue(s.jointSeparation < 1e-9, "the anchors meet");
        }
    }
}
