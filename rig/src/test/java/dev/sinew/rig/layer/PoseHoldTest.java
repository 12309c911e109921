package dev.sinew.rig.layer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.Synthetic;
import java.util.List;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;

/**
 * The OutExpo curve against its closed form, and a pose hold's timeline on a made-up clip whose
 * bones turn at known rates: the held part lands exactly on the hold time and stops there, the
 * other part plays on, the additive layer restarts at that update and eases in along
 * maxWeight·OutExpo, and the next motion plays at speed 1 with the layer at 0.
 */
class PoseHoldTest {
    @Test
    void outExpoClosedForm() {
        assertEquals(0, Ease.outExpo(0));
        assertEquals(0, Ease.outExpo(-1));
        double end = 1 - Math.pow(2, -10);
        assertEquals(0.5 / end, Ease.outExpo(0.1), 1e-15);
        assertEquals((1 - 1.0 / 32) / end, Ease.outExpo(0.5), 1e-15);
        assertEquals((1 - Math.pow(2, -9.9)) / end, Ease.outExpo(0.99), 1e-15);
        assertEquals(1, Ease.outExpo(1 - 1e-15), 1e-14, "reaches 1 without a step");
        assertEquals(1, Ease.outExpo(1));
        assertEquals(1, Ease.outExpo(7));
        double last = 0;
        for (int i = 1; i < 1000; i++) {
            double v = Ease.outExpo(i / 1000.0);
            assertTrue(v > last, "rises");
            last = v;
        }
    }

    /** Head turns 0.5 rad/s about x, the left hip −0.3 rad/s, for 2 s. */
    static Clip turning(Skeleton s) {
        return Synthetic.clip("turning", s, 2, 30, (t, p) -> {
            p.setLocalRotation(s.index("Head"), new Quaterniond().rotateX(0.5 * t));
            p.setLocalRotation(s.index("LeftHip"), new Quaterniond().rotateX(-0.3 * t));
        });
    }

    @Test
    void holdTimeline() {
        Skeleton s = Synthetic.biped();
        BoneMask face = BoneMask.of(s, "face", List.of("Head"));
        BoneMask body = BoneMask.rest(s, "body", List.of(face));
        BoneMask torso = BoneMask.of(s, "torso", List.of("lowerback", "Chest"));
        Clip sway = Synthetic.clip("sway", s, 1, 30, (t, p) -> p.setLocalRotation(s.index("Chest"),
                new Quaterniond().rotateX(0.1 * Math.sin(2 * Math.PI * t))));
        LayerStack stack = new LayerStack(s, List.of(face, body), 0.15);
        AdditiveLayer breath = stack.addAdditive(new AdditiveLayer("breath", AdditiveLayer.differenceClip(sway, 0, 1, torso), torso, 1,
                Clip.Wrap.PING_PONG));
        stack.play(turning(s), Clip.Wrap.CLAMP);
        PoseHold hold = stack.hold(new PoseHold("body", 0.6, "breath", 0.8, 0.5));
        ClipPlayer base = stack.base();
        int fp = base.part("face");
        int bp = base.part("body");
        double dt = 1.0 / 60;
        int k = 0;
        while (!hold.holding()) {
            assertEquals(1, base.speed(bp));
            stack.update(dt);
            k++;
            assertTrue(k < 200, "reaches the hold");
        }
        // 1.2 s = 72 updates of 1/60 s: it lands on the mark itself, not past it
        assertEquals(72, k);
        assertEquals(1.2, base.time(bp), 0);
        assertEquals(0, base.speed(bp));
        assertEquals(1, base.speed(fp));
        assertEquals(dt, breath.time(), 1e-15, "the layer restarted at the hold and advanced this update");
        assertEquals(0, breath.weight());
        Quaterniond hip = stack.basePose().localRotation(s.index("LeftHip"), new Quaterniond());
        assertEquals(0, Rotations.angle(hip, new Quaterniond().rotateX(-0.3 * 1.2)), 1e-12, "the frame at 0.6 of the clip");
        Quaterniond q = new Quaterniond();
        double breathed = 0;
        for (int j = 1; j <= 90; j++) {
            stack.update(dt);
            assertEquals(0.8 * Ease.outExpo(j * dt / 0.5), breath.weight(), 1e-12, "eased in, update " + j);
            assertEquals(0, Rotations.angle(hip, stack.basePose().localRotation(s.index("LeftHip"), q)), 0, "held");
            assertEquals(Math.min(2, (k + j) * dt), base.time(fp), 1e-12, "the face plays on");
            breathed = Math.max(breathed, Rotations.angle(stack.basePose().evaluate().modelRotation(s.index("Chest"), q),
                    stack.layeredPose().evaluate().modelRotation(s.index("Chest"), new Quaterniond())));
        }
        // the sway's difference peaks at 0.1 rad, weighted up to 0.8
        assertTrue(breathed > 0.07 && breathed <= 0.08 + 1e-9, "the chest breathes: " + breathed);
        stack.play(turning(s), Clip.Wrap.CLAMP);
        assertEquals(1, base.speed(bp), "a new clip plays at speed 1: the held speed does not carry over");
        assertEquals(1, base.speed(fp));
        assertEquals(0, breath.weight());
        assertTrue(stack.holds().isEmpty());
        assertFalse(hold.holding());
        stack.update(dt);
        assertEquals(0, breath.weight());
        assertEquals(dt, base.time(bp), 1e-15);
    }

    @Test
    void differenceClipIsFrameAgainstMean() {
        Skeleton s = Synthetic.biped();
        BoneMask torso = BoneMask.of(s, "torso", List.of("Chest"));
        // the chest turns 0.1·sin over a whole period: its mean is the rest, so each difference is the frame itself
        Clip sway = Synthetic.clip("sway", s, 1, 30, (t, p) -> p.setLocalRotation(s.index("Chest"),
                new Quaterniond().rotateX(0.1 * Math.sin(2 * Math.PI * t))));
        Clip diff = AdditiveLayer.differenceClip(sway, 0, 1, torso);
        Pose a = new Pose(s);
        Pose b = new Pose(s);
        Quaterniond qa = new Quaterniond();
        Quaterniond qb = new Quaterniond();
        for (int f = 0; f < diff.frameCount(); f++) {
            sway.frame(f, a);
            diff.frame(f, b);
            assertEquals(0, Rotations.angle(a.localRotation(s.index("Chest"), qa), b.localRotation(s.index("Chest"), qb)), 1e-12);
            assertEquals(0, Rotations.angle(new Quaterniond(), b.localRotation(s.index("Head"), qb)), 0, "outside the mask: identity");
        }
    }
}
