package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The read-only views tools draw from: joint anchors and contact points. */
class InspectionTest {
    @Test
    void jointAnchorsAreTheBodyFrameAnchorsCarriedByTheBodies() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1, 0)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.5, 1, 0)
                .orientation(new Quaterniond().rotateZ(0.4)).collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        Vector3d anchorA = new Vector3d(0.3, 0, 0);
        Vector3d anchorB = new Vector3d(-0.2, 0.05, 0);
        JointHandle j = w.createJoint(BallJointSettings.of(a, anchorA, b, anchorB));
        assertEquals(List.of(j), w.jointHandles());
        assertEquals(a, w.joint(j).bodyA());
        assertEquals(b, w.joint(j).bodyB());
        Vector3d onA = new Vector3d();
        Vector3d onB = new Vector3d();
        w.debug().jointAnchors(j, onA, onB);
        // by hand: origin + R·anchor (the boxes' centres of mass are their origins)
        Vector3d expectA = new Vector3d(anchorA).add(0, 1, 0);
        Vector3d expectB = new Quaterniond().rotateZ(0.4).transform(new Vector3d(anchorB)).add(0.5, 1, 0);
        assertTrue(onA.distance(expectA) < 1e-12, onA + " vs " + expectA);
        assertTrue(onB.distance(expectB) < 1e-12, onB + " vs " + expectB);
        assertEquals(onA.distance(onB), w.joint(j).separation(), 1e-12);
    }

    @Test
    void swingTwistLimitsAndFramesAreThoseOfTheSettingsCarriedByTheBodies() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        Quaterniond qa = new Quaterniond().rotateY(0.3);
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).orientation(qa)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.4, 0, 0)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        Quaterniond fa = new Quaterniond().rotateZ(0.5);
        Quaterniond fb = new Quaterniond().rotateX(-0.2);
        JointHandle j = w.createJoint(new SwingTwistJointSettings(a, b, new Vector3d(0.2, 0, 0), new Vector3d(-0.2, 0, 0),
                fa, fb, 0.6, 0.4, -0.3, 0.7, false));
        assertEquals(new SwingTwistLimits(0.6, 0.4, -0.3, 0.7), w.swingTwist(j).limits());
        Quaterniond frameA = w.swingTwist(j).frame(true, new Quaterniond());
        Quaterniond frameB = w.swingTwist(j).frame(false, new Quaterniond());
        assertTrue(frameA.equals(new Quaterniond(qa).mul(fa), 1e-12), frameA.toString());
        assertTrue(frameB.equals(new Quaterniond(fb), 1e-12), frameB.toString());
        JointHandle ball = w.createJoint(BallJointSettings.of(a, new Vector3d(), b, new Vector3d()));
        assertFalse(w.joint(ball).isSwingTwist());
        org.junit.jupiter.api.Assertions.assertThrows(InvalidArgumentException.class, () -> w.swingTwist(ball));
    }

    @Test
    void aHingeViewMeasuresItsAngleFromAsReferenceAboutItsAxis() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.4, 0, 0)
                .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
        JointHandle j = w.createJoint(HingeJointSettings.of(a, new Vector3d(0.2, 0, 0), new Vector3d(0, 0, 1), b,
                new Vector3d(-0.2, 0, 0), new Vector3d(0, 0, 1)));
        w.hinge(j).setLimits(-0.5, 1.0);
        w.body(b).setTransform(new Vector3d(0.4, 0, 0), new Quaterniond().rotateZ(0.7));
        HingeState v = w.hinge(j).state();
        assertEquals(1, Math.abs(v.axis().z()), 1e-12);
        assertTrue(v.limited());
        assertEquals(-0.5, v.lower(), 0);
        assertEquals(1.0, v.upper(), 0);
        // the angle from A's reference to B's about the axis is the hinge angle
        Vector3d cross = new Vector3d(v.referenceA()).cross(v.referenceB());
        double theta = Math.atan2(cross.dot(v.axis()), v.referenceA().dot(v.referenceB()));
        assertEquals(w.hinge(j).angle(), theta, 1e-12);
        assertEquals(0.7, theta, 1e-9);
        JointHandle ball = w.createJoint(BallJointSettings.of(a, new Vector3d(), b, new Vector3d()));
        org.junit.jupiter.api.Assertions.assertThrows(InvalidArgumentException.class, () -> w.hinge(ball));
    }

    @Test
    void aBoxRestingOnTheGroundTouchesItAtItsFourBottomCorners() {
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.3, 0.25, -0.2)
                .collider(Collider.of(new Box(0.4, 0.25, 0.3))).build());
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        List<double[]> pts = new ArrayList<>();
        w.debug().forEachContactPoint(new ContactPoint(), c -> {
            assertTrue(c.bodyA().equals(box) || c.bodyB().equals(box));
            assertEquals(1, Math.abs(c.normal().y()), 1e-9);
            pts.add(new double[] {c.point().x(), c.point().y(), c.point().z(), c.depth()});
        });
        assertEquals(4, pts.size());
        Vector3d p = w.position(box, new Vector3d());
        for (double[] q : pts) {
            // a bottom corner: x = ±0.4, z = ±0.3 about the box, on the ground within the slop
            assertEquals(0.4, Math.abs(q[0] - p.x), 1e-3);
            assertEquals(0.3, Math.abs(q[2] - p.z), 1e-3);
            assertEquals(0, q[1], 2e-3);
            assertTrue(Math.abs(q[3]) < 2e-3, "resting depth " + q[3]);
        }
    }
}
