package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.SixDofJointSettings.Dof;
import dev.sinew.solver.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The generic 6-DOF joint, one mode at a time, against closed forms. */
class SixDofJointTest {
    private static final Quaterniond IDENTITY = new Quaterniond();

    private static World world(Vector3d gravity) {
        return new World(WorldSettings.defaults().withGravity(gravity).withSleep(false));
    }

    private static BodyHandle wall(World w) {
        return w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 5, 0).build());
    }

    private static BodyHandle block(World w, double x, double y, double z) {
        return w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, 5 + y, z).mass(2)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
    }

    /**
     * A slider (x free, everything else locked) under gravity pointing partly along the rail: the
     * block slides without friction, so x(t) = ½·g_x·t², and the locked axes and the orientation
     * stay put whatever the other gravity components push.
     */
    @Test
    void sliderFollowsTheFreeFallAlongItsRail() {
        World w = world(new Vector3d(2, -9.81, 3));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, 0, 0);
        // frame x along world x
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, b, new Vector3d(), IDENTITY)
                .withLinear(Dof.free(), Dof.locked(), Dof.locked()));
        double t = 0;
        double worstOff = 0;
        for (int i = 0; i < 60; i++) {
            w.step();
            t += w.settings().tickSeconds();
            Vector3d p = Worlds.pos(w, b);
            worstOff = Math.max(worstOff, Math.max(Math.abs(p.y - 5), Math.abs(p.z)));
        }
        double expected = 0.5 * 2 * t * t;
        assertEquals(expected, Worlds.pos(w, b).x, 0.01 * expected, "x after 1 s");
        assertTrue(worstOff < 1e-4, "off the rail by " + worstOff + " m");
        assertTrue(w.orientation(b, new Quaterniond()).angle() < 1e-6, "turned");
    }

    /**
     * A limited slider comes to rest on its end stop, [−0.5, 0.5] m along a rail pointing down
     * (frame x = world −y): gravity pushes it onto the upper stop, 0.5 m below the wall.
     */
    @Test
    void limitedSliderRestsOnItsEndStop() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, 0, 0);
        Quaterniond railDown = Worlds.axisAngle(0, 0, 1, -Math.PI / 2); // frame x = world −y
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), railDown, b, new Vector3d(), railDown)
                .withLinear(Dof.limited(-0.5, 0.5), Dof.locked(), Dof.locked()));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        assertEquals(5 - 0.5, Worlds.pos(w, b).y, 2e-3, "rests on the upper stop");
        assertTrue(Worlds.vel(w, b).length() < 1e-3, "at rest");
        assertTrue(w.debug().maxJointSeparation() < 2e-3, "stop violated by " + w.debug().maxJointSeparation());
    }

    /**
     * A soft end stop: a slider pushed along its rail by a steady 40 N force past its 0.2 m stop,
     * with a limit spring of 2000 N/m, rests F/k = 2 cm past the stop.
     */
    @Test
    void softEndStopYieldsByHookesLaw() {
        World w = world(new Vector3d());
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, 0, 0);
        JointHandle j = w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, b, new Vector3d(), IDENTITY)
                .withLinear(Dof.limited(-0.2, 0.2), Dof.locked(), Dof.locked()));
        w.joint(j).setLimitSpring(2000, 150);
        for (int i = 0; i < 600; i++) {
            w.body(b).applyForce(new Vector3d(40, 0, 0));
            w.step();
        }
        assertEquals(0.2 + 40.0 / 2000, Worlds.pos(w, b).x, 1e-6);
    }

    /**
     * Linear axes locked, angular free: a ball joint. A 1 m pendulum from 90° keeps its energy
     * (the sequential solve of a single joint is exact up to its soft drift correction).
     */
    @Test
    void pointLockedAngularFreeIsAPendulum() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 1, 0, 0);
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, b, new Vector3d(-1, 0, 0), IDENTITY)
                .withAngular(Dof.free(), Dof.free(), Dof.free()));
        double e0 = energy(w, b);
        double worstSep = 0;
        for (int i = 0; i < 120; i++) {
            w.step();
            worstSep = Math.max(worstSep, w.debug().maxJointSeparation());
        }
        assertTrue(Math.abs(energy(w, b) - e0) < 0.01 * 2 * 9.81, "energy " + e0 + " -> " + energy(w, b));
        assertTrue(worstSep < 1e-3, "joint opened " + worstSep + " m");
        assertTrue(Worlds.pos(w, b).y < 5 - 0.1, "it swung");
    }

    /**
     * Both swings locked: a hinge about the frame's x axis (here world z), its twist limited to
     * [−0.5, 0.5] rad. A beam hinged at the wall falls until the twist limit holds it 0.5 rad below
     * horizontal, and its axis stays parallel.
     */
    @Test
    void bothSwingsLockedIsALimitedHinge() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        // spawned turned 0.3 rad up: the joint's zero is where the frames coincide, not the spawn pose
        double up = 0.3;
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .position(0.5 * Math.cos(up), 5 + 0.5 * Math.sin(up), 0).orientation(Worlds.axisAngle(0, 0, 1, up))
                .mass(2).collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        Quaterniond alongZ = Worlds.axisAngle(0, 1, 0, -Math.PI / 2); // frame x = world z
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), alongZ, b, new Vector3d(-0.5, 0, 0), alongZ)
                .withAngular(Dof.limited(-0.5, 0.5), Dof.locked(), Dof.locked()));
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        Vector3d p = Worlds.pos(w, b);
        double angle = Math.atan2(p.y - 5, p.x);
        assertEquals(-0.5, angle, Math.toRadians(1), "held at the limit");
        Quaterniond q = w.orientation(b, new Quaterniond());
        Vector3d axis = q.transform(new Vector3d(0, 0, 1));
        assertTrue(axis.z > Math.cos(1e-3), "axis tilted to " + axis);
    }

    /** Every axis locked with turned frames: B rests where the frames coincide, q_B = q_A·F_A·F_B⁻¹. */
    @Test
    void allLockedHoldsTheFramesTogether() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0.3, 0, 0);
        Quaterniond fa = Worlds.axisAngle(0, 0, 1, 0.4);
        Quaterniond fb = Worlds.axisAngle(1, 0, 0, -0.3);
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(0.3, 0, 0), fa, b, new Vector3d(), fb));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        Quaterniond expected = new Quaterniond(fa).mul(new Quaterniond(fb).conjugate());
        Quaterniond actual = w.orientation(b, new Quaterniond());
        double angle = new Quaterniond(expected).conjugate().mul(actual).normalize().angle();
        assertTrue(Math.min(angle, 2 * Math.PI - angle) < 2e-3, "off by " + angle + " rad");
        assertEquals(0.3, Worlds.pos(w, b).x, 1e-3);
    }

    /**
     * Twist locked, swing limited to 0.3 rad: a hanging block pushed round the cone with a spin
     * keeps its twist near 0 and its swing inside the cone.
     */
    @Test
    void lockedTwistAndLimitedSwingStayInRange() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, -0.5, 0);
        Quaterniond down = Worlds.axisAngle(0, 0, 1, -Math.PI / 2); // frame x = world −y
        JointHandle j = w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), down, b, new Vector3d(0, 0.5, 0), down)
                .withAngular(Dof.locked(), Dof.limited(-0.3, 0.3), Dof.limited(-0.3, 0.3)));
        w.body(b).setLinearVelocity(new Vector3d(3, 0, 1));
        w.body(b).setAngularVelocity(new Vector3d(0, 4, 0));
        double worstTwist = 0;
        double worstSwing = 0;
        for (int i = 0; i < 180; i++) {
            w.step();
            Vector3d a = w.swingTwist(j).angles(new Vector3d());
            worstTwist = Math.max(worstTwist, Math.abs(a.x));
            worstSwing = Math.max(worstSwing, Math.hypot(a.y, a.z));
        }
        assertTrue(worstTwist < Math.toRadians(1), "twist reached " + Math.toDegrees(worstTwist) + "°");
        assertTrue(worstSwing < 0.3 + Math.toRadians(1), "swing reached " + Math.toDegrees(worstSwing) + "°");
    }

    /**
     * Two free blocks on a spinning slider moving apart along it, no gravity: the joint's forces
     * are internal, so linear and angular momentum (about the origin) are conserved. The rows'
     * angular part on A must act at B's anchor, (r_A + d) × n; with r_A × n alone the moment of
     * each impulse is off by d × n and angular momentum drifts.
     */
    @Test
    void sliderBetweenTwoFreeBodiesConservesMomentum() {
        World w = world(new Vector3d());
        BodyHandle a = block(w, 0, 0, 0);
        BodyHandle b = block(w, 0.3, 0, 0);
        w.createJoint(SixDofJointSettings.of(a, new Vector3d(0.15, 0, 0), IDENTITY, b, new Vector3d(-0.15, 0, 0), IDENTITY)
                .withLinear(Dof.free(), Dof.locked(), Dof.locked()).withAngular(Dof.free(), Dof.locked(), Dof.locked()));
        w.body(a).setLinearVelocity(new Vector3d(-0.5, 0.2, 0));
        w.body(b).setLinearVelocity(new Vector3d(0.5, -0.2, 0.1));
        w.body(a).setAngularVelocity(new Vector3d(0.3, 0, 2));
        w.body(b).setAngularVelocity(new Vector3d(0, 0.5, 2));
        Vector3d l0 = angularMomentum(w, a).add(angularMomentum(w, b));
        Vector3d p0 = Worlds.vel(w, a).mul(w.body(a).mass()).add(Worlds.vel(w, b).mul(w.body(b).mass()));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        Vector3d l1 = angularMomentum(w, a).add(angularMomentum(w, b));
        Vector3d p1 = Worlds.vel(w, a).mul(w.body(a).mass()).add(Worlds.vel(w, b).mul(w.body(b).mass()));
        assertTrue(p1.distance(p0) < 1e-9, "linear momentum " + p0 + " -> " + p1);
        assertTrue(l1.distance(l0) < 1e-6 * l0.length(), "angular momentum " + l0 + " -> " + l1 + ", off by " + l1.distance(l0));
        assertTrue(Worlds.pos(w, b).distance(Worlds.pos(w, a)) > 0.6, "they slid apart");
    }

    /** L = m·(x × v) + R·I·Rᵀ·ω about the origin. */
    private static Vector3d angularMomentum(World w, BodyHandle h) {
        Quaterniond q = w.orientation(h, new Quaterniond());
        Vector3d om = q.transformInverse(w.angularVelocity(h, new Vector3d()));
        Vector3d spin = q.transform(w.body(h).inertiaInBodySpace(new org.joml.Matrix3d()).transform(om));
        return Worlds.pos(w, h).cross(Worlds.vel(w, h)).mul(w.body(h).mass()).add(spin);
    }

    @Test
    void snapshotRestoresTheLinearRowsBitForBit() {
        World w = world(new Vector3d(1, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, 0, 0);
        w.createJoint(SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, b, new Vector3d(), IDENTITY)
                .withLinear(Dof.limited(-0.2, 0.2), Dof.free(), Dof.locked()));
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        WorldSnapshot snap = w.snapshot();
        long[] expected = new long[60];
        for (int i = 0; i < 60; i++) {
            w.step();
            expected[i] = w.stateHash();
        }
        w.restore(snap);
        for (int i = 0; i < 60; i++) {
            w.step();
            assertEquals(expected[i], w.stateHash(), "tick " + i + " after restore");
        }
    }

    @Test
    void badSettingsAreRejectedAndLeaveTheWorldAlone() {
        World w = world(new Vector3d(0, -9.81, 0));
        BodyHandle wall = wall(w);
        BodyHandle b = block(w, 0, 0, 0);
        SixDofJointSettings ok = SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, b, new Vector3d(), IDENTITY);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Dof.limited(1, -1));
        assertEquals("min", e.parameter());
        e = assertThrows(InvalidArgumentException.class,
                () -> ok.withAngular(Dof.free(), Dof.limited(-0.2, 0.5), Dof.limited(-0.5, 0.5)));
        assertEquals("swingY", e.parameter());
        e = assertThrows(InvalidArgumentException.class,
                () -> ok.withAngular(Dof.free(), Dof.locked(), Dof.limited(-0.5, 0.5)));
        assertEquals("swingY", e.parameter());
        e = assertThrows(InvalidArgumentException.class,
                () -> ok.withAngular(Dof.limited(-4, 0), Dof.free(), Dof.free()));
        assertEquals("twist.min", e.parameter());
        e = assertThrows(InvalidArgumentException.class, () -> Dof.limited(Double.NaN, 1));
        assertEquals("min", e.parameter());
        e = assertThrows(InvalidArgumentException.class,
                () -> SixDofJointSettings.of(b, new Vector3d(), IDENTITY, b, new Vector3d(), IDENTITY));
        assertEquals(0, w.jointCount());
        long before = w.stateHash();
        World other = world(new Vector3d());
        BodyHandle stranger = block(other, 0, 0, 0);
        assertThrows(RuntimeException.class, () -> w.createJoint(
                SixDofJointSettings.of(wall, new Vector3d(), IDENTITY, stranger, new Vector3d(), IDENTITY)));
        assertEquals(0, w.jointCount());
        assertEquals(before, w.stateHash());
    }

    private static double energy(World w, BodyHandle b) {
        double m = w.body(b).mass();
        Quaterniond q = w.orientation(b, new Quaterniond());
        Vector3d om = q.transformInverse(w.angularVelocity(b, new Vector3d()));
        return 0.5 * m * Worlds.vel(w, b).lengthSquared() + m * 9.81 * Worlds.pos(w, b).y
                + 0.5 * om.dot(w.body(b).inertiaInBodySpace(new org.joml.Matrix3d()).transform(new Vector3d(om)));
    }
}
