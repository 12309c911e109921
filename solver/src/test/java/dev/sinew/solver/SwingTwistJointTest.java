package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Swing-twist joints: the angles round-trip with the relative orientation, the cone and twist
 * limits hold against hard pushes, soft limits give the spring's static deflection T/k, and a drive
 * target outside the limits is clamped onto them.
 */
class SwingTwistJointTest {

    private static Quaterniond randomRotation(Random r) {
        return new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
    }

    @Property(tries = 200, seed = "242424")
    void anglesRoundTripThroughTheOrientation(@ForAll @DoubleRange(min = -3.1, max = 3.1) double twist,
            @ForAll @DoubleRange(min = 0, max = 3.1) double swing, @ForAll @DoubleRange(min = 0, max = 6.28) double dir) {
        Quaterniond q = SwingTwist.compose(twist, swing * Math.cos(dir), swing * Math.sin(dir), new Quaterniond());
        Vector3d back = SwingTwist.decompose(q, new Vector3d());
        assertEquals(twist, back.x, 1e-9, "twist");
        assertEquals(swing * Math.cos(dir), back.y, 1e-9, "swingY");
        assertEquals(swing * Math.sin(dir), back.z, 1e-9, "swingZ");
        // and the other way: any orientation is swing·twist of its own angles (up to sign)
        Quaterniond again = SwingTwist.compose(back.x, back.y, back.z, new Quaterniond());
        assertEquals(1, Math.abs(again.dot(q)), 1e-12, "orientation");
    }

    /** A joint in a world reports the angles its bodies were posed at, for random frames. */
    @Property(tries = 100, seed = "252525")
    void jointReportsTheAnglesItsBodiesArePosedAt(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        Quaterniond qa = randomRotation(r);
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).orientation(qa)
                .collider(Collider.of(Box.cube(0.1))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0)
                .collider(Collider.of(Box.cube(0.1))).build());
        Quaterniond fa = randomRotation(r);
        Quaterniond fb = randomRotation(r);
        JointHandle j = w.createJoint(SwingTwistJointSettings.of(a, new Vector3d(), fa, b, new Vector3d(), fb));
        double twist = (r.nextDouble() * 2 - 1) * 3;
        double sy = (r.nextDouble() * 2 - 1) * 2;
        double sz = (r.nextDouble() * 2 - 1) * 2;
        Quaterniond q = SwingTwist.compose(twist, sy, sz, new Quaterniond());
        // conj(q_A·f_A)·(q_B·f_B) = q  ⇒  q_B = q_A·f_A·q·conj(f_B)
        Quaterniond qb = new Quaterniond(qa).mul(fa).mul(q).mul(new Quaterniond(fb).conjugate()).normalize();
        w.body(b).setTransform(new Vector3d(1, 0, 0), qb);
        Vector3d angles = w.swingTwist(j).angles(new Vector3d());
        assertEquals(twist, angles.x, 1e-9, "twist");
        assertEquals(sy, angles.y, 1e-9, "swingY");
        assertEquals(sz, angles.z, 1e-9, "swingZ");
        assertEquals(1, Math.abs(w.joint(j).relativeOrientation(new Quaterniond()).dot(q)), 1e-12, "orientation");
    }

    private World world;
    private BodyHandle limb;
    private JointHandle joint;

    /**
     * A 1 kg, 0.6 m limb along x on a swing-twist joint at its end to a static body, no gravity;
     * joint frames identity (twist axis x).
     */
    private void limb(double swingY, double swingZ, double twistMin, double twistMax) {
        world = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle anchor = world.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        limb = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.3, 2, 0).mass(1)
                .collider(Collider.of(new Box(0.3, 0.05, 0.05))).build());
        joint = world.createJoint(SwingTwistJointSettings.of(anchor, new Vector3d(), new Quaterniond(), limb,
                new Vector3d(-0.3, 0, 0), new Quaterniond()).withSwing(swingY, swingZ).withTwist(twistMin, twistMax));
    }

    /** Radial swing past the ellipse, rad (0 inside). */
    private static double coneViolation(Vector3d angles, double ay, double az) {
        double phi = Math.hypot(angles.y, angles.z);
        double g = Math.hypot(angles.y / ay, angles.z / az);
        return g > 1 ? phi - phi / g : 0;
    }

    /**
     * A torque of 28 N·m (about 240 rad/s² about the anchor on this limb) pushes the limb into the
     * cone between its axes, and 0.5 N·m (300 rad/s² about its own axis) against the twist limit,
     * for 3 s: both hold within 1° at every step, and the limb ends on both limits.
     */
    @Test
    void coneAndTwistLimitsHoldUnderHardPush() {
        double ay = 0.4;
        double az = 0.8;
        limb(ay, az, -0.3, 0.5);
        assertPushHeld(ay, az);
    }

    /** 3 s of the hard push: cone and twist within 1° at every step, the limb resting on both. */
    private void assertPushHeld(double ay, double az) {
        double worstCone = 0;
        double worstTwist = 0;
        Vector3d angles = new Vector3d();
        for (int i = 0; i < 180; i++) {
            world.body(limb).applyTorque(new Vector3d(0.5, 20, 20));
            world.step();
            world.swingTwist(joint).angles(angles);
            worstCone = Math.max(worstCone, coneViolation(angles, ay, az));
            worstTwist = Math.max(worstTwist, angles.x - 0.5);
        }
        assertTrue(worstCone < Math.toRadians(1), "cone passed by " + Math.toDegrees(worstCone) + "°");
        assertTrue(worstTwist < Math.toRadians(1), "twist passed by " + Math.toDegrees(worstTwist) + "°");
        assertEquals(1, Math.hypot(angles.y / ay, angles.z / az), 0.02, "rests on the cone");
        assertEquals(0.5, angles.x, 0.02, "rests on the twist limit");
    }

    /**
     * The same push on a limb that the tree solver cannot take (a second, redundant ball joint at
     * the same anchor makes two joints to the world): the sequential solve and the per-joint limit
     * projection hold the cone and the twist within 1° too.
     */
    @Test
    void limitsHoldOutsideTheTreeSolve() {
        double ay = 0.4;
        double az = 0.8;
        limb(ay, az, -0.3, 0.5);
        BodyHandle anchor = world.bodyHandles().get(0);
        world.createJoint(BallJointSettings.of(anchor, new Vector3d(), limb, new Vector3d(-0.3, 0, 0)));
        assertPushHeld(ay, az);
    }

    /**
     * A soft twist limit (k = 100 N·m/rad, c = 20 N·m·s/rad) under a steady 5 N·m twisting torque
     * rests at max + T/k: the implicit one-sided spring's equilibrium is exact.
     */
    @Test
    void softTwistLimitDeflectsByTorqueOverStiffness() {
        limb(Math.PI, Math.PI, -0.5, 0.5);
        double k = 100;
        double torque = 5;
        world.joint(joint).setLimitSpring(k, 20);
        for (int i = 0; i < 600; i++) {
            world.body(limb).applyTorque(new Vector3d(torque, 0, 0));
            world.step();
        }
        Vector3d angles = world.swingTwist(joint).angles(new Vector3d());
        assertEquals(0.5 + torque / k, angles.x, 1e-6, "twist at rest");
        assertTrue(world.angularVelocity(limb, new Vector3d()).length() < 1e-6, "at rest");
    }

    /**
     * A drive asked to reach twist 1.0 and swing 0.9 about y, outside twist ≤ 0.2 and a 0.5 rad cone,
     * is given the clamped target: the limb rests on the limits with the drive idle (it does not
     * fight them).
     */
    @Test
    void driveTargetOutsideTheLimitsIsClamped() {
        limb(0.5, 0.5, -0.2, 0.2);
        world.joint(joint).setDrive(DriveSettings.stiffnessDamping(1000, 60, 1e6));
        world.joint(joint).setDriveTarget(SwingTwist.compose(1.0, 0.9, 0, new Quaterniond()), new Vector3d());
        for (int i = 0; i < 300; i++) {
            world.step();
        }
        Vector3d angles = world.swingTwist(joint).angles(new Vector3d());
        assertEquals(0.2, angles.x, 1e-4, "twist");
        assertEquals(0.5, angles.y, 1e-4, "swingY");
        assertEquals(0, angles.z, 1e-4, "swingZ");
        assertTrue(world.joint(joint).driveTorque(new Vector3d()).length() < 1e-3, "drive torque at rest "
                + world.joint(joint).driveTorque(new Vector3d()).length());
        assertTrue(world.joint(joint).driveAngleError() < 1e-4, "the drive sits on its clamped target");
    }

    /** Without limits a smaller swinging torque turns the limb far past where the limits would stop it. */
    @Test
    void freeJointSwingsAndTwistsFreely() {
        limb(Math.PI, Math.PI, -Math.PI, Math.PI);
        double widest = 0;
        for (int i = 0; i < 30; i++) {
            world.body(limb).applyTorque(new Vector3d(0, 5, 5));
            world.step();
            Vector3d a = world.swingTwist(joint).angles(new Vector3d());
            widest = Math.max(widest, Math.hypot(a.y, a.z));
        }
        assertTrue(widest > 1.5, "swung " + widest + " rad");
    }

    @Test
    void badSettingsAreRejectedAndLeaveTheWorldUnchanged() {
        limb(0.5, 0.5, -0.2, 0.2);
        BodyHandle anchor = world.bodyHandles().get(0);
        Vector3d o = new Vector3d();
        Quaterniond id = new Quaterniond();
        SwingTwistJointSettings base = SwingTwistJointSettings.of(anchor, o, id, limb, o, id);
        assertMessage("twistMin", () -> base.withTwist(0.3, 0.1));
        assertMessage("swingYHalfAngle", () -> base.withSwing(0, 0.5));
        assertMessage("swingZHalfAngle", () -> base.withSwing(0.5, -1));
        assertMessage("swingYHalfAngle", () -> base.withSwing(Double.NaN, 0.5));
        assertMessage("twistMax", () -> base.withTwist(0, 4));
        assertMessage("frameInBodyA", () -> SwingTwistJointSettings.of(anchor, o, new Quaterniond(0, 0, 0, 2), limb, o, id));
        assertMessage("bodyB", () -> SwingTwistJointSettings.of(limb, o, id, limb, o, id));
        assertMessage("yAxis", () -> SwingTwistJointSettings.frame(new Vector3d(1, 0, 0), new Vector3d(2, 0, 0)));
        long before = world.stateHash();
        int joints = world.jointCount();
        World other = new World();
        BodyHandle foreign = other.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.1))).build());
        assertThrows(RuntimeException.class,
                () -> world.createJoint(SwingTwistJointSettings.of(anchor, o, id, foreign, o, id)));
        assertMessage("stiffness", () -> world.joint(joint).setLimitSpring(-1, 0));
        assertMessage("damping", () -> world.joint(joint).setLimitSpring(1, Double.NaN));
        assertEquals(before, world.stateHash());
        assertEquals(joints, world.jointCount());
    }

    @Test
    void frameHelperPutsTheTwistAxisOnX() {
        Quaterniond f = SwingTwistJointSettings.frame(new Vector3d(0, -2, 0), new Vector3d(1, 1, 0));
        Vector3d x = f.transform(new Vector3d(1, 0, 0));
        Vector3d y = f.transform(new Vector3d(0, 1, 0));
        assertEquals(0, x.distance(0, -1, 0), 1e-12);
        assertEquals(0, y.distance(1, 0, 0), 1e-12);
    }

    /**
     * A swing/twist drive has one spring about the twist axis and another across it: a box on a
     * swing-twist joint at its centre (no gravity), turned 60° about the twist axis or 60° about a
     * swing axis, follows the implicit-Euler recursion of the twist spring (k_t, c_t, I_xx) or of
     * the swing spring (k_s, c_s, I_zz), each to 1e-9 rad.
     */
    @Test
    void swingTwistDriveIsTwoImplicitSprings() {
        double ks = 40;
        double cs = 1.5;
        double kt = 6;
        double ct = 0.2;
        assertSpring(new Vector3d(1, 0, 0), kt, ct, ks, cs, 0);
        assertSpring(new Vector3d(0, 0, 1), kt, ct, ks, cs, 2);
    }

    private static void assertSpring(Vector3d axis, double kt, double ct, double ks, double cs, int inertiaAxis) {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle base = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 1, 0).build());
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1, 0).mass(6)
                .collider(Collider.of(new Box(0.3, 0.2, 0.1))).build());
        JointHandle j = w.createJoint(SwingTwistJointSettings.of(base, new Vector3d(), new Quaterniond(), box,
                new Vector3d(), new Quaterniond()));
        w.swingTwist(j).setDrive(DriveSettings.stiffnessDamping(ks, cs, Double.POSITIVE_INFINITY),
                DriveSettings.stiffnessDamping(kt, ct, Double.POSITIVE_INFINITY));
        double theta0 = Math.toRadians(60);
        w.body(box).setTransform(new Vector3d(0, 1, 0), new Quaterniond().fromAxisAngleRad(axis, theta0));
        boolean twist = inertiaAxis == 0;
        double k = twist ? kt : ks;
        double c = twist ? ct : cs;
        double inertia = inertiaAxis == 0 ? w.body(box).inertiaInBodySpace(new org.joml.Matrix3d()).m00
                : w.body(box).inertiaInBodySpace(new org.joml.Matrix3d()).m22;
        int n = w.settings().substeps();
        double h = w.settings().tickSeconds() / n;
        double theta = theta0;
        double omega = 0;
        double worst = 0;
        for (int step = 0; step < 240; step++) {
            w.step();
            for (int s = 0; s < n; s++) {
                omega = (inertia * omega - h * k * theta) / (inertia + h * c + h * h * k);
                theta += 2 * Math.atan(h * omega / 2);
            }
            Quaterniond q = w.orientation(box, new Quaterniond());
            double angle = 2 * Math.atan2(new Vector3d(q.x, q.y, q.z).dot(axis), q.w);
            worst = Math.max(worst, Math.abs(angle - theta));
        }
        assertTrue(worst < 1e-9, (twist ? "twist" : "swing") + " spring: largest difference " + worst + " rad");
        assertTrue(Math.abs(theta) < 0.5 * theta0, "the reference itself moved");
    }

    @Test
    void swingTwistDriveNeedsASwingTwistJointAndBothParts() {
        limb(0.5, 0.5, -0.2, 0.2);
        BodyHandle anchor = world.bodyHandles().get(0);
        BodyHandle other = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(3, 2, 0)
                .collider(Collider.of(Box.cube(0.1))).build());
        JointHandle ball = world.createJoint(BallJointSettings.of(anchor, new Vector3d(3, 0, 0), other, new Vector3d()));
        DriveSettings d = DriveSettings.frequency(2, 1, 10);
        assertMessage("joint", () -> world.swingTwist(ball).setDrive(d, d));
        assertMessage("twist", () -> world.swingTwist(joint).setDrive(d, null));
    }

    /**
     * Axis motors on a swing-twist joint whose frame turns the box's z axis into the twist axis: a
     * motor about the twist axis (3 rad/s, 0.2 N·m) spins the box up at T/I_zz and then holds 3 rad/s;
     * with a second motor about a swing axis holding 0 rad/s, the spin stays about the twist axis.
     */
    @Test
    void axisMotorsSpinUpAtTheirLimitAndHoldTheirSpeed() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle base = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        double m = 2;
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(m)
                .collider(Collider.of(new Box(0.3, 0.2, 0.1))).build());
        Quaterniond frame = SwingTwistJointSettings.frame(new Vector3d(0, 0, 1), new Vector3d(1, 0, 0));
        JointHandle j = w.createJoint(SwingTwistJointSettings.of(base, new Vector3d(), frame, box, new Vector3d(), frame));
        double torque = 0.2;
        w.joint(j).setAxisMotor(0, 3, torque);
        w.joint(j).setAxisMotor(1, 0, 5);
        double izz = m / 3 * (0.3 * 0.3 + 0.2 * 0.2);
        double dt = w.settings().tickSeconds();
        for (int n = 1; n <= 180; n++) {
            w.step();
            Vector3d om = w.angularVelocity(box, new Vector3d());
            assertEquals(Math.min(3, torque * n * dt / izz), om.z, 1e-9, "tick " + n);
            assertEquals(0, Math.hypot(om.x, om.y), 1e-9, "tick " + n);
        }
        assertMessage("axis", () -> w.joint(j).setAxisMotor(3, 1, 1));
        assertMessage("maxTorque", () -> w.joint(j).setAxisMotor(0, 1, -1));
        assertMessage("speed", () -> w.joint(j).setAxisMotor(0, Double.NaN, 1));
        w.joint(j).setAxisMotor(0, 0, 0);
        w.joint(j).setAxisMotor(1, 0, 0);
        w.step();
        assertEquals(3, w.angularVelocity(box, new Vector3d()).z, 1e-9, "coasts once the motors are off");
    }

    /**
     * A limb thrown far past its limits (swing 2.6 rad against a 0.3 rad cone, twist 2.5 rad against
     * ±0.2) is brought back within 2 s, calmly (no spin-up) and with its joint closed.
     */
    @Test
    void limbFarPastItsLimitsComesBackCalmly() {
        limb(0.3, 0.3, -0.2, 0.2);
        Quaterniond far = SwingTwist.compose(2.5, 1.8, 1.9, new Quaterniond());
        world.body(limb).setTransform(new Vector3d(0, 2, 0).add(far.transform(new Vector3d(0.3, 0, 0))), far);
        double fastest = 0;
        for (int i = 0; i < 120; i++) {
            world.step();
            fastest = Math.max(fastest, world.angularVelocity(limb, new Vector3d()).length());
        }
        Vector3d a = world.swingTwist(joint).angles(new Vector3d());
        assertTrue(fastest < 100, "spun up to " + fastest + " rad/s");
        assertTrue(coneViolation(a, 0.3, 0.3) < Math.toRadians(1), "back inside the cone: " + a);
        assertTrue(Math.abs(a.x) < 0.2 + Math.toRadians(1), "back inside the twist range: " + a.x);
        assertTrue(world.debug().maxJointSeparation() < 1e-3, "joint closed: " + world.debug().maxJointSeparation());
    }

    private static void assertMessage(String field, org.junit.jupiter.api.function.Executable e) {
        InvalidArgumentException ex = assertThrows(InvalidArgumentException.class, e);
        assertTrue(ex.getMessage().contains(field), ex.getMessage());
    }
}
