package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Joint friction: constant braking torque while slipping (closed form), holding below its limit. */
class JointFrictionTest {

    /**
     * A box spinning at 2 rad/s about a principal axis on a ball joint at its centre, no gravity,
     * friction 0.5 N·m: it slows at exactly T/I until it stops, then stays stopped.
     */
    @Test
    void slippingJointBrakesAtTheFrictionTorque() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle base = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        double m = 3;
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(m).angularVelocity(0, 0, 2)
                .collider(Collider.of(new Box(0.3, 0.2, 0.1))).build());
        JointHandle j = w.createJoint(BallJointSettings.of(base, new Vector3d(), box, new Vector3d()));
        double torque = 0.5;
        w.joint(j).setFriction(torque);
        double izz = m / 3 * (0.3 * 0.3 + 0.2 * 0.2);
        double dt = w.settings().tickSeconds();
        for (int n = 1; n <= 120; n++) {
            w.step();
            double expected = Math.max(0, 2 - torque * n * dt / izz);
            assertEquals(expected, w.angularVelocity(box, new Vector3d()).z, 1e-9, "tick " + n);
        }
    }

    /**
     * A beam on a horizontal hinge at one end: friction of 1.5 times its gravity torque holds it
     * level; 0.95 times lets it swing. (Friction is solved after the exact point solve, not with
     * it, so just above the load it still creeps: 1.2 mrad in the first second at 1.05 times.)
     */
    @Test
    void frictionAboveTheLoadHoldsAndBelowItSlips() {
        assertTrue(swingAfterOneSecond(1.5) < 1e-9, "held");
        assertTrue(swingAfterOneSecond(0.95) > 0.01, "slips");
    }

    private static double swingAfterOneSecond(double frictionOverLoad) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle wall = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        double m = 4;
        double half = 0.5;
        BodyHandle beam = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(half, 2, 0).mass(m)
                .collider(Collider.of(new Box(half, 0.05, 0.05))).build());
        Vector3d z = new Vector3d(0, 0, 1);
        JointHandle j = w.createJoint(HingeJointSettings.of(wall, new Vector3d(), z, beam, new Vector3d(-half, 0, 0), z));
        w.joint(j).setFriction(frictionOverLoad * m * 9.81 * half);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        Quaterniond q = w.orientation(beam, new Quaterniond());
        return Math.abs(2 * Math.atan2(q.z, q.w));
    }

    /**
     * A forearm (a ragdoll's, as a box) lying 3 mm deep in the ground, a hand on its wrist (a ball
     * joint, so the two are one articulation) with friction 20 N·m, far above anything that turns
     * it: held, the wrist does not turn, so hand and forearm end every tick with the same angular
     * velocity. When the relax solved the joint friction only before the contacts, the forearm's
     * contact impulses (taking back its push-out) came last and left the wrist turning at up to
     * 0.14 rad/s here; on a forearm squeezed between two ragdolls the hand swung so every tick
     * and kept a resting pile of 10 awake.
     */
    @Test
    void aHeldWristEndsEveryTickNotTurning() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BodyHandle arm = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.027, 0).mass(1.2)
                .collider(Collider.of(new Box(0.12, 0.03, 0.03))).build());
        BodyHandle hand = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.16, 0.027, 0).mass(0.4)
                .collider(Collider.of(new Box(0.04, 0.01, 0.03))).build());
        JointHandle j = w.createJoint(BallJointSettings.of(arm, new Vector3d(0.12, 0, 0), hand, new Vector3d(-0.04, 0, 0)));
        w.joint(j).setFriction(20);
        Vector3d wa = new Vector3d();
        Vector3d wh = new Vector3d();
        for (int n = 1; n <= 120; n++) {
            w.step();
            w.angularVelocity(arm, wa);
            w.angularVelocity(hand, wh);
            assertEquals(0, wh.sub(wa).length(), 1e-9, "the wrist's rate, rad/s, tick " + n);
        }
    }

    /**
     * Three beams in a row on ball joints (one articulation), held level from a hook by friction of
     * 1.5 times the gravity torque at each joint: held, they sag only while the friction catches
     * them, then stay still, so from 1 s to 4 s the tip does not move and no beam turns. Once the
     * rows are settled the tree leaves its later biased passes out; the static friction must still
     * hold every substep.
     */
    @Test
    void aChainHeldByFrictionStaysStill() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
        int n = 3;
        double half = 0.15;
        double m = 2;
        BodyHandle[] beams = new BodyHandle[n];
        BodyHandle previous = hook;
        for (int i = 0; i < n; i++) {
            beams[i] = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position((2 * i + 1) * half, 2, 0).mass(m)
                    .collider(Collider.of(new Box(half, 0.04, 0.04))).build());
            Vector3d at = i == 0 ? new Vector3d() : new Vector3d(half, 0, 0);
            JointHandle j = w.createJoint(BallJointSettings.of(previous, at, beams[i], new Vector3d(-half, 0, 0)));
            double load = 0;
            for (int k = i; k < n; k++) {
                load += m * 9.81 * (2 * (k - i) + 1) * half;
            }
            w.joint(j).setFriction(1.5 * load);
            previous = beams[i];
        }
        for (int t = 0; t < 60; t++) {
            w.step();
        }
        Vector3d v = new Vector3d();
        double tip = w.position(beams[n - 1], v).y;
        for (int t = 0; t < 180; t++) {
            w.step();
        }
        assertEquals(tip, w.position(beams[n - 1], v).y, 1e-9, "the tip's height, m");
        for (BodyHandle b : beams) {
            assertEquals(0, w.angularVelocity(b, v).length(), 1e-9, "a beam's angular speed, rad/s");
        }
    }

    @Test
    void badFrictionIsRejected() {
        World w = new World();
        BodyHandle s = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle d = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(Box.cube(0.1))).build());
        JointHandle j = w.createJoint(BallJointSettings.of(s, new Vector3d(), d, new Vector3d()));
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.joint(j).setFriction(bad));
            assertTrue(e.getMessage().contains("maxTorque"), e.getMessage());
        }
    }
}
