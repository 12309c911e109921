package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Hinges: what they hold (closed-form soft sag), what they leave free (spin kept), bad settings. */
class HingeJointTest {

    /**
     * A 40 kg beam hinged to a wall about the vertical axis: gravity would turn it about z, which
     * the hinge's two soft angular rows resist like the fixed joint's: θ = m·g·d / (I_zz·ω²).
     */
    @Test
    void hingeHoldsTheOffAxisRotationsWithTheSoftConstraintsSag() {
        WorldSettings settings = WorldSettings.defaults().withSleep(false);
        World w = new World(settings);
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        double m = 40;
        double hx = 0.5;
        double hy = 0.1;
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(hx, 2, 0).mass(m)
                .collider(Collider.of(new Box(hx, hy, 0.1))).build());
        Vector3d up = new Vector3d(0, 1, 0);
        w.createJoint(HingeJointSettings.of(wall, new Vector3d(), up, beam, new Vector3d(-hx, 0, 0), up));
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        double izz = m / 3 * (hx * hx + hy * hy);
        double omega = 2 * Math.PI * 2 * settings.contactHertz();
        double expected = m * -settings.gravity().y() * hx / (izz * omega * omega);
        Quaterniond q = w.orientation(beam, new Quaterniond());
        assertEquals(expected, -2 * Math.asin(q.z) * Math.signum(q.w), 1e-3 * expected, "sag about z, rad");
        assertTrue(w.debug().maxJointSeparation() < 1e-9, "anchor error " + w.debug().maxJointSeparation());
    }

    /**
     * A box spinning about all three axes, hinged at its centre about z (a principal axis): the
     * hinge removes the x and y spin within the first substep, and once the tilt of that substep
     * is pulled back the z spin stays exactly what it is (the first substep's gyroscopic coupling,
     * (I_xx − I_yy)/I_zz·ω_x·ω_y·h, moves it by 0.1 % before the hinge acts).
     */
    @Test
    void spinAboutTheAxisIsFreeAndTheRestIsRemoved() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle base = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).angularVelocity(1, 2, 3)
                .collider(Collider.of(new Box(0.3, 0.2, 0.1))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        w.createJoint(HingeJointSettings.of(base, new Vector3d(), z, box, new Vector3d(), z));
        w.step();
        assertEquals(3, w.angularVelocity(box, new Vector3d()).z, 0.01);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        double spin = w.angularVelocity(box, new Vector3d()).z;
        for (int i = 0; i < 240; i++) {
            w.step();
            Vector3d om = w.angularVelocity(box, new Vector3d());
            assertEquals(spin, om.z, 1e-9, "spin about the hinge axis");
            assertTrue(Math.hypot(om.x, om.y) < 1e-6, "off-axis spin " + om);
        }
        Vector3d axis = w.orientation(box, new Quaterniond()).transform(new Vector3d(0, 0, 1));
        assertTrue(axis.angle(z) < 0.02, "axis tilted by " + axis.angle(z) + " rad");
    }

    /**
     * An axis motor (3 rad/s, 0.2 N·m) on a box hinged at its centre, no gravity: it spins up at
     * exactly T/I, ω_n = T·n·dt/I, until it reaches the target speed, and then holds it.
     */
    @Test
    void motorSpinsUpAtItsTorqueLimitAndHoldsItsSpeed() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle base = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        double m = 2;
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(m)
                .collider(Collider.of(new Box(0.3, 0.2, 0.1))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle j = w.createJoint(HingeJointSettings.of(base, new Vector3d(), z, box, new Vector3d(), z));
        double torque = 0.2;
        w.hinge(j).setMotor(3, torque);
        double izz = m / 3 * (0.3 * 0.3 + 0.2 * 0.2);
        double dt = w.settings().tickSeconds();
        for (int n = 1; n <= 180; n++) {
            w.step();
            assertEquals(Math.min(3, torque * n * dt / izz), w.angularVelocity(box, new Vector3d()).z, 1e-9, "tick " + n);
        }
        assertThrows(InvalidArgumentException.class, () -> w.hinge(j).setMotor(Double.NaN, 1));
        assertThrows(InvalidArgumentException.class, () -> w.hinge(j).setMotor(1, -1));
    }

    @Test
    void badSettingsAreRejected() {
        World w = new World();
        BodyHandle s = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle d = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(new Box(0.1, 0.1, 0.1)))
                .build());
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> HingeJointSettings.of(s, new Vector3d(), new Vector3d(), d, new Vector3d(), new Vector3d(0, 1, 0)));
        assertTrue(e.getMessage().contains("axisInBodyA"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> HingeJointSettings.of(s, new Vector3d(), new Vector3d(0, 1, 0),
                d, new Vector3d(), new Vector3d(0, Double.NaN, 0)));
        assertThrows(InvalidArgumentException.class, () -> HingeJointSettings.of(d, new Vector3d(), new Vector3d(0, 1, 0),
                d, new Vector3d(), new Vector3d(0, 1, 0)));
        assertEquals(0, w.jointCount());
    }
}
