package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Fixed joints: a cantilever's soft-constraint sag against its closed form, momentum, bad settings. */
class FixedJointTest {

    /**
     * A 1 m × 0.2 m × 0.2 m, 40 kg beam held at one end by a fixed joint to a static wall. The
     * point part is solved exactly (a tree); the angular part is a soft constraint of frequency
     * ω = 2π·(2·contactHertz) on the effective mass K⁻¹ = I_zz, an implicit spring of stiffness
     * I_zz·ω². At rest it carries the gravity torque about the beam's centre, m·g·d with d the
     * anchor-to-centre distance, so the beam sags by θ = m·g·d / (I_zz·ω²) about z.
     */
    @Test
    void cantileverSagsByTheSoftConstraintsClosedForm() {
        WorldSettings settings = WorldSettings.defaults().withSleep(false);
        World w = new World(settings);
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        double m = 40;
        double hx = 0.5;
        double hy = 0.1;
        double hz = 0.1;
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(hx, 2, 0).mass(m)
                .collider(Collider.of(new Box(hx, hy, hz))).build());
        w.createJoint(FixedJointSettings.of(wall, new Vector3d(), beam, new Vector3d(-hx, 0, 0)));
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        double izz = m / 3 * (hx * hx + hy * hy);
        double omega = 2 * Math.PI * 2 * settings.contactHertz();
        double g = -settings.gravity().y();
        double expected = m * g * hx / (izz * omega * omega);
        Quaterniond q = w.orientation(beam, new Quaterniond());
        double sag = -2 * Math.asin(q.z) * Math.signum(q.w);
        assertEquals(expected, sag, 1e-3 * expected, "sag about z, rad");
        assertEquals(0, q.x, 1e-9);
        assertEquals(0, q.y, 1e-9);
        assertTrue(w.debug().maxJointSeparation() < 1e-9, "anchor error " + w.debug().maxJointSeparation());
        assertTrue(w.angularVelocity(beam, new Vector3d()).length() < 1e-6, "at rest");
    }

    /** Two free bodies welded together move as one: momentum kept, relative pose kept. */
    @Test
    void weldedPairConservesMomentumAndKeepsItsRelativePose() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, 0).linearVelocity(1, 2, 0)
                .angularVelocity(0, 0, 1).collider(Collider.of(new Box(0.2, 0.2, 0.2))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.6, 0, 0)
                .orientation(new Quaterniond().rotateY(0.4)).linearVelocity(-1, 0, 0.5)
                .collider(Collider.of(new Box(0.4, 0.1, 0.1))).build());
        w.createJoint(FixedJointSettings.of(a, new Vector3d(0.3, 0, 0), b,
                new Quaterniond().rotateY(0.4).conjugate().transform(new Vector3d(-0.3, 0, 0))));
        Quaterniond rel0 = new Quaterniond(w.orientation(a, new Quaterniond())).conjugate()
                .mul(w.orientation(b, new Quaterniond()));
        Vector3d p0 = momentum(w, a, b);
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        Vector3d p1 = momentum(w, a, b);
        assertTrue(p1.distance(p0) < 1e-9 * p0.length(), p0 + " vs " + p1);
        Quaterniond rel1 = new Quaterniond(w.orientation(a, new Quaterniond())).conjugate()
                .mul(w.orientation(b, new Quaterniond()));
        double angle = 2 * Math.acos(Math.min(1, Math.abs(rel0.dot(rel1))));
        assertTrue(angle < 0.02, "relative rotation drifted by " + angle + " rad");
        Vector3d wa = w.angularVelocity(a, new Vector3d());
        Vector3d wb = w.angularVelocity(b, new Vector3d());
        assertTrue(wa.distance(wb) < 1e-3 * wa.length(), "one spin: " + wa + " vs " + wb);
    }

    @Test
    void snapshotRestoresEveryJointPartsImpulsesBitForBit() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.5, 2, 0).mass(10)
                .collider(Collider.of(new Box(0.5, 0.1, 0.1))).build());
        w.createJoint(FixedJointSettings.of(wall, new Vector3d(), beam, new Vector3d(-0.5, 0, 0)));
        // Every other joint part with warm-started state: a hinge with limits, motor and friction,
        // a ball joint with a torque-limited drive, and a swing-twist joint on its limits.
        BodyHandle arm = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(3.5, 2, 0).mass(2)
                .collider(Collider.of(new Box(0.5, 0.05, 0.05))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle hinge = w.createJoint(HingeJointSettings.of(wall, new Vector3d(3, 0, 0), z, arm,
                new Vector3d(-0.5, 0, 0), z));
        // The motor (1 rad/s, below its torque limit) lifts the arm into its upper limit mid-replay.
        w.hinge(hinge).setLimits(-0.3, 1.0);
        w.hinge(hinge).setMotor(1, 50);
        w.joint(hinge).setFriction(0.5);
        BodyHandle bob = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-3, 2, 0.5).mass(1)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        JointHandle ball = w.createJoint(BallJointSettings.of(wall, new Vector3d(-3, 0, 0), bob, new Vector3d(0, 0, -0.5)));
        w.joint(ball).setDrive(DriveSettings.stiffnessDamping(50, 2, 3));
        w.joint(ball).setDriveTarget(new Quaterniond().rotateX(1), new Vector3d());
        // A swing-twist limb spun into its cone and twist limits, pressed there by gravity.
        BodyHandle limb = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(6, 1.7, 0).mass(1.5)
                .angularVelocity(4, 2, 5).collider(Collider.of(new Box(0.05, 0.3, 0.05))).build());
        Quaterniond down = SwingTwistJointSettings.frame(new Vector3d(0, -1, 0), new Vector3d(1, 0, 0));
        JointHandle shoulder = w.createJoint(SwingTwistJointSettings.of(wall, new Vector3d(6, 0, 0), down, limb,
                new Vector3d(0, 0.3, 0), down).withSwing(0.3, 0.5).withTwist(-0.2, 0.2));
        w.joint(shoulder).setAxisMotor(1, 2, 3);
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        WorldSnapshot snap = w.snapshot();
        long[] first = new long[60];
        for (int i = 0; i < first.length; i++) {
            w.step();
            first[i] = w.stateHash();
        }
        w.restore(snap);
        long[] second = new long[60];
        for (int i = 0; i < second.length; i++) {
            w.step();
            second[i] = w.stateHash();
        }
        assertArrayEquals(first, second);
    }

    /**
     * A welded chain of five beams off a wall, each turned a little more than the last so that
     * their anchors start apart and the chain moves while they close: the step allocates nothing
     * once warm (the JVM's per-thread allocation counter, bytes).
     */
    @Test
    void weldedChainStepAllocatesNothing() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle last = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 3, 0).build());
        for (int i = 0; i < 5; i++) {
            BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.4 * i + 0.2, 3, 0)
                    .orientation(new Quaterniond().rotateZ(0.1 * i)).mass(2)
                    .collider(Collider.of(new Box(0.2, 0.05, 0.05))).build());
            w.createJoint(FixedJointSettings.of(last, i == 0 ? new Vector3d() : new Vector3d(0.2, 0, 0), beam,
                    new Vector3d(-0.2, 0, 0)));
            last = beam;
        }
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        assertEquals(0, mx.getThreadAllocatedBytes(tid) - before, "bytes allocated by 300 ticks");
        assertTrue(w.debug().maxJointSeparation() < 1e-6, "joint error " + w.debug().maxJointSeparation());
    }

    @Test
    void badSettingsAreRejected() {
        World w = new World();
        BodyHandle s = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle d = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        assertThrows(InvalidArgumentException.class,
                () -> FixedJointSettings.of(d, new Vector3d(), d, new Vector3d()));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> FixedJointSettings.of(s, new Vector3d(Double.NaN, 0, 0), d, new Vector3d()));
        assertTrue(e.getMessage().contains("anchorInBodyA"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> FixedJointSettings.of(null, new Vector3d(), d, new Vector3d()));
        BodyHandle s2 = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        long before = w.stateHash();
        assertThrows(InvalidArgumentException.class,
                () -> w.createJoint(FixedJointSettings.of(s, new Vector3d(), s2, new Vector3d())));
        assertEquals(0, w.jointCount());
        assertEquals(before, w.stateHash());
    }

    private static Vector3d momentum(World w, BodyHandle a, BodyHandle b) {
        return new Vector3d(w.linearVelocity(a, new Vector3d()).mul(w.body(a).mass()))
                .add(w.linearVelocity(b, new Vector3d()).mul(w.body(b).mass()));
    }
}
