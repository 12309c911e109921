package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Hinge limits: a falling beam stops at its limit and rests there by the soft row's closed form. */
class HingeLimitTest {

    /**
     * A 4 kg beam on a horizontal hinge at one end, level at creation, limited to θ ≥ −30°. It
     * swings down, stops at the limit, passing it by less than half a degree, and rests at
     * −30° − m·g·d·cos 30° / (I_zz·ω²): the limit row carries the torque about the beam's centre
     * that the anchor force makes, as a soft row of frequency ω = 2π·(2·contactHertz).
     */
    @Test
    void fallingBeamRestsOnItsLimit() {
        WorldSettings settings = WorldSettings.defaults().withSleep(false);
        World w = new World(settings);
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        double m = 4;
        double hx = 0.5;
        double hy = 0.05;
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(hx, 2, 0).mass(m)
                .collider(Collider.of(new Box(hx, hy, 0.05))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle j = w.createJoint(HingeJointSettings.of(wall, new Vector3d(), z, beam, new Vector3d(-hx, 0, 0), z));
        double lower = Math.toRadians(-30);
        w.hinge(j).setLimits(lower, Math.PI);
        double izz = m / 3 * (hx * hx + hy * hy);
        double omega = 2 * Math.PI * 2 * settings.contactHertz();
        double sag = m * 9.81 * hx * Math.cos(lower) / (izz * omega * omega);
        double lowest = 0;
        for (int i = 0; i < 300; i++) {
            w.step();
            lowest = Math.min(lowest, w.hinge(j).angle());
        }
        // The impact passes the limit briefly (0.18° measured: the limit row and the anchor's exact
        // tree solve meet one after the other in a substep); issue 3 allows limits 1°.
        assertTrue(lowest > lower - Math.toRadians(0.5), "passed the limit by " + Math.toDegrees(lower - lowest) + "°");
        assertEquals(lower - sag, w.hinge(j).angle(), 0.01 * sag, "rest angle");
        assertTrue(w.angularVelocity(beam, new Vector3d()).length() < 1e-6, "at rest");
    }

    /** Without a limit the same beam swings through −90° (the angle measure itself). */
    @Test
    void unlimitedBeamSwingsDown() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.5, 2, 0).mass(4)
                .collider(Collider.of(new Box(0.5, 0.05, 0.05))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle j = w.createJoint(HingeJointSettings.of(wall, new Vector3d(), z, beam, new Vector3d(-0.5, 0, 0), z));
        double lowest = 0;
        for (int i = 0; i < 120; i++) {
            w.step();
            lowest = Math.min(lowest, w.hinge(j).angle());
        }
        assertTrue(lowest < Math.toRadians(-170), "swung to " + Math.toDegrees(lowest) + "°");
    }

    /**
     * A soft hinge limit (k = 200 N·m/rad, c = 30 N·m·s/rad) under a steady 10 N·m torque, no gravity:
     * the beam rests past its upper limit by exactly T/k, the implicit one-sided spring's equilibrium.
     */
    @Test
    void softLimitDeflectsByTorqueOverStiffness() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        JointHandle j = beamOnAWall(w);
        BodyHandle beam = w.bodyHandles().get(1);
        w.hinge(j).setLimits(-0.5, 0.5);
        double k = 200;
        double torque = 10;
        w.joint(j).setLimitSpring(k, 30);
        for (int i = 0; i < 600; i++) {
            w.body(beam).applyTorque(new Vector3d(0, 0, torque));
            w.step();
        }
        assertEquals(0.5 + torque / k, w.hinge(j).angle(), 1e-6, "angle at rest");
    }

    /**
     * A drive on a limited hinge asked for 90° past a 40° upper limit, no gravity: the target is
     * clamped to the limit, so the beam rests on it with the drive idle (it does not fight the limit).
     */
    @Test
    void driveTargetPastTheLimitIsClamped() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        JointHandle j = beamOnAWall(w);
        double upper = Math.toRadians(40);
        w.hinge(j).setLimits(-upper, upper);
        w.joint(j).setDrive(DriveSettings.stiffnessDamping(200, 20, 1e6));
        w.joint(j).setDriveTarget(new org.joml.Quaterniond().rotateZ(Math.toRadians(130)), new Vector3d());
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        assertEquals(upper, w.hinge(j).angle(), 1e-4, "rests on the limit");
        assertTrue(w.joint(j).driveTorque(new Vector3d()).length() < 1e-3, "drive idle: " + w.joint(j).driveTorque(new Vector3d()).length());
        assertTrue(w.joint(j).driveAngleError() < 1e-4, "on its clamped target");
    }

    /** A 4 kg, 1 m beam on a hinge about z at its end to a static wall at (0, 2, 0); returns the hinge. */
    /**
     * A hinge drive asked for a turn of 0.3 rad about the axis combined with a 0.4 rad tilt the
     * hinge cannot make: the target is projected onto the turns about the axis, so the beam rests at
     * 0.3 rad with the drive idle (a drive toward the tilted target would hold the hinge rows against
     * its torque for ever).
     */
    @Test
    void driveTargetOffTheAxisIsProjectedOntoIt() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        JointHandle j = beamOnAWall(w);
        w.joint(j).setDrive(DriveSettings.stiffnessDamping(200, 20, 1e6));
        w.joint(j).setDriveTarget(new org.joml.Quaterniond().rotateZ(0.3).rotateX(0.4), new Vector3d());
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        assertEquals(0.3, w.hinge(j).angle(), 1e-4, "rests at the target's turn about the axis");
        assertTrue(w.joint(j).driveTorque(new Vector3d()).length() < 1e-3, "drive idle: " + w.joint(j).driveTorque(new Vector3d()).length());
    }

    private static JointHandle beamOnAWall(World w) {
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.5, 2, 0).mass(4)
                .collider(Collider.of(new Box(0.5, 0.05, 0.05))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        return w.createJoint(HingeJointSettings.of(wall, new Vector3d(), z, beam, new Vector3d(-0.5, 0, 0), z));
    }

    @Test
    void badLimitsAreRejected() {
        World w = new World();
        BodyHandle s = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle d = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.1))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle hinge = w.createJoint(HingeJointSettings.of(s, new Vector3d(), z, d, new Vector3d(), z));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.hinge(hinge).setLimits(0.5, 0.1));
        assertTrue(e.getMessage().contains("lower"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> w.hinge(hinge).setLimits(-4, 0));
        assertThrows(InvalidArgumentException.class, () -> w.hinge(hinge).setLimits(Double.NaN, 0));
        BodyHandle d2 = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.1))).build());
        JointHandle ball = w.createJoint(BallJointSettings.of(s, new Vector3d(), d2, new Vector3d()));
        assertThrows(InvalidArgumentException.class, () -> w.hinge(ball).setLimits(-1, 1));
    }
}
