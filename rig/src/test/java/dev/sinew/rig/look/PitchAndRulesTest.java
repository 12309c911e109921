package dev.sinew.rig.look;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Synthetic;
import java.util.EnumSet;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Pitch is clamped, mapped each side of level onto the chain's range, and cut off past its limit;
 * looking is on when any enable rule holds.
 */
class PitchAndRulesTest {
    private final Pose pose = new Pose(Synthetic.biped());
    private final Vector3d head = pose.evaluate().modelPosition(pose.skeleton().index("Head"), new Vector3d());

    private LookAt settled(LookAtSettings s, double pitchDeg) {
        LookAt look = new LookAt(pose.skeleton(), s);
        double p = Math.toRadians(pitchDeg);
        look.setFacing(0).setMotion(0, true, false, false).setTarget(new Vector3d(head).add(0, 2 * Math.sin(p), 2 * Math.cos(p)));
        for (int i = 0; i < 600; i++) {
            look.update(1.0 / 60, pose);
        }
        return look;
    }

    @Test
    void pitchIsMappedAndClamped() {
        // −70° of [−80°, 0] maps to −70/80 of −35°; 65° is past 60° and clamps to 30°
        assertEquals(-70.0 / 80 * 35, Math.toDegrees(settled(LookTestRig.settings(), -70).pitch()), 1e-9);
        assertEquals(30, Math.toDegrees(settled(LookTestRig.settings(), 65).pitch()), 1e-9);
        assertEquals(0, Math.toDegrees(settled(LookTestRig.settings(), 0).pitch()), 1e-12);
    }

    @Test
    void pastTheCutoffLookingStops() {
        LookAt look = settled(LookTestRig.settings(), 80);
        assertFalse(look.enabled());
        assertEquals(0, look.weight());
        assertEquals(0, look.appliedPitch());
        assertTrue(settled(LookTestRig.settings(), 74).enabled());
    }

    @Test
    void anyRuleTurnsLookingOn() {
        LookAtSettings base = LookTestRig.settings();
        LookAtSettings idleOnly = new LookAtSettings(base.chain(), base.eyeBone(), base.pitchIn(), base.pitchOut(), base.pitchCutoff(),
                base.yawLimit(), base.yawSpeed(), base.response(), base.blendSeconds(), base.stationarySpeed(),
                EnumSet.of(LookAtSettings.Rule.IDLE, LookAtSettings.Rule.ONE_SHOT_ACTION));
        LookAt look = new LookAt(pose.skeleton(), idleOnly).setFacing(0).setTarget(new Vector3d(head).add(0, 0, 2));
        look.setMotion(1.4, false, true, false);
        look.update(1.0 / 60, pose);
        assertFalse(look.enabled(), "walking and strafing, but only idle or a one-shot turn it on");
        look.setMotion(1.4, false, true, true);
        look.update(1.0 / 60, pose);
        assertTrue(look.enabled(), "a one-shot action plays");
        LookAt all = new LookAt(pose.skeleton(), base).setFacing(0).setTarget(new Vector3d(head).add(0, 0, 2));
        all.setMotion(0.1, false, false, false);
        all.update(1.0 / 60, pose);
        assertTrue(all.enabled(), "nearly stationary");
    }
}
