package dev.sinew.rig.look;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Synthetic;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Yaw interpolates on the shortest path across ±180°: the signed difference against a table worked
 * out by hand, and the look-at's yaw going from −170° to +170° through ±180° (20°, not 340°).
 */
class ShortestYawTest {
    @ParameterizedTest(name = "{0}° → {1}°: {2}°")
    @CsvSource({
        "-170, 170, -20",
        "170, -170, 20",
        "179, -179, 2",
        "-179, 179, -2",
        "10, 350, -20",
        "350, 10, 20",
        "0, 180, 180",
        "-90, 90, 180",
        "90, -90, 180",
        "45, -45, -90",
        "730, 20, 10",
        "-540, 170, -10",
        "0, 0, 0"})
    void shortestDeltaAcrossTheWrap(double from, double to, double expected) {
        assertEquals(expected, Math.toDegrees(Rotations.shortestDelta(Math.toRadians(from), Math.toRadians(to))), 1e-9);
    }

    @Property
    void shortestDeltaIsTheShortTurnToTheSameHeading(@ForAll @DoubleRange(min = -20, max = 20) double from,
            @ForAll @DoubleRange(min = -20, max = 20) double to) {
        double d = Rotations.shortestDelta(from, to);
        assertTrue(d > -Math.PI && d <= Math.PI, "in (−π, π]: " + d);
        double turns = (from + d - to) / (2 * Math.PI);
        assertEquals(Math.rint(turns), turns, 1e-9, "lands on the same heading");
    }

    @Test
    void lookAtYawGoesTwentyDegreesThroughTheBackNotThreeHundredForty() {
        Pose pose = new Pose(Synthetic.biped());
        LookAt look = new LookAt(pose.skeleton(), LookTestRig.settings());
        Vector3d head = pose.evaluate().modelPosition(pose.skeleton().index("Head"), new Vector3d());
        double dt = 1.0 / 60;
        look.setFacing(0).setMotion(0, true, false, false);
        look.setTarget(at(head, -170));
        for (int i = 0; i < 600; i++) {
            look.update(dt, pose);
        }
        assertEquals(-170, Math.toDegrees(look.yaw()), 1e-6);
        look.setTarget(at(head, 170));
        double travel = 0;
        double cap = LookTestRig.settings().yawSpeed() * dt;
        for (int i = 0; i < 600; i++) {
            look.update(dt, pose);
            assertTrue(look.yawStep() <= 0, "turns the short way (negative, through −180°), step " + look.yawStep());
            assertTrue(Math.abs(look.yawStep()) < cap, "below yaw speed × tick");
            travel += Math.abs(look.yawStep());
        }
        assertEquals(170, Math.toDegrees(look.yaw()), 1e-6);
        assertEquals(20, Math.toDegrees(travel), 1e-6);
    }

    /** A point 2 m from the head at yaw {@code deg} about +Y, level with it. */
    static Vector3d at(Vector3d head, double deg) {
        double a = Math.toRadians(deg);
        return new Vector3d(head).add(2 * Math.sin(a), 0, 2 * Math.cos(a));
    }
}
