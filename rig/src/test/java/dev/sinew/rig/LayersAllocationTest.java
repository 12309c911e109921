package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.rig.layer.AdditiveLayer;
import dev.sinew.rig.layer.BoneMask;
import dev.sinew.rig.layer.LayerStack;
import dev.sinew.rig.layer.PoseHold;
import dev.sinew.rig.look.LookAt;
import dev.sinew.rig.look.LookAtSettings;
import dev.sinew.rig.match.MatchDatabase;
import dev.sinew.rig.match.MatchSettings;
import dev.sinew.rig.match.MotionMatcher;
import java.lang.management.ManagementFactory;
import java.util.EnumSet;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The layers sit on the physics tick's path (the pose driver reads their output every tick), so
 * an update allocates nothing once warmed up: counted with the JVM's per-thread allocation counter
 * (bytes, not time), the quietest of three windows of 300 updates after 3,000 of warm-up (a late
 * JIT recompilation can materialize an object once).
 */
class LayersAllocationTest {
    private final com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private long quietest(Runnable update) {
        for (int i = 0; i < 3000; i++) {
            update.run();
        }
        long tid = Thread.currentThread().getId();
        long best = Long.MAX_VALUE;
        for (int w = 0; w < 3; w++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 300; i++) {
                update.run();
            }
            best = Math.min(best, mx.getThreadAllocatedBytes(tid) - before);
        }
        return best;
    }

    @Test
    void layerStackWithHoldBreathingAndLookAtAllocatesNothing() {
        Skeleton s = Synthetic.biped();
        BoneMask face = BoneMask.of(s, "face", List.of("Head"));
        BoneMask torso = BoneMask.of(s, "torso", List.of("lowerback", "Chest"));
        LayerStack stack = new LayerStack(s, List.of(face, BoneMask.rest(s, "body", List.of(face))), 0.15);
        Clip walk = Synthetic.clip("walk", s, 2, 60, Synthetic.walk(0, 0, 0, 1, 1));
        stack.addAdditive(new AdditiveLayer("breath", AdditiveLayer.differenceClip(walk, 0, 1, torso), torso, 0.4,
                Clip.Wrap.PING_PONG));
        stack.setLookAt(new LookAt(s, new LookAtSettings(List.of(new LookAtSettings.ChainBone("Neck", 0.4),
                new LookAtSettings.ChainBone("Head", 0.6)), "Head", new double[] {-1.2, 1}, new double[] {-0.6, 0.5}, 1.3, 1.2, 4,
                8, 0.3, 0.3, EnumSet.allOf(LookAtSettings.Rule.class))));
        stack.play(walk, Clip.Wrap.LOOP);
        stack.hold(new PoseHold("body", 0.5, "breath", 1, 1));
        Vector3d target = new Vector3d();
        double[] t = {0};
        long bytes = quietest(() -> {
            t[0] += 1.0 / 60;
            stack.lookAt().setTarget(target.set(2 * Math.sin(t[0]), 1.6, 2 * Math.cos(t[0]))).setFacing(0)
                    .setMotion(0, true, false, false);
            stack.update(1.0 / 60);
        });
        assertEquals(0, bytes, "bytes allocated by the quietest 300 updates");
    }

    @Test
    void motionMatcherAllocatesNothing() {
        Skeleton s = Synthetic.biped();
        Clip walk = Synthetic.clip("walk", s, 4, 60, Synthetic.walk(0, 0, 0, 1.2, 1));
        Clip stand = Synthetic.clip("stand", s, 3, 60, (time, p) -> p.setLocalRotation(s.index("Chest"),
                new Quaterniond().rotateX(0.05 * Math.sin(time))));
        ClipSource source = name -> Synthetic.bvh(name.equals("walk") ? walk : stand);
        MatchSettings settings = MatchSettings.parse(Synthetic.matchSettings(
                "{\"file\": \"walk\", \"mirror\": false}, {\"file\": \"walk\", \"mirror\": true}, {\"file\": \"stand\", \"mirror\": false}"),
                "t.json");
        MotionMatcher m = new MotionMatcher(MatchDatabase.build(settings, source));
        m.setVerify(true);
        int[] tick = {0};
        long bytes = quietest(() -> {
            double t = ++tick[0] / 60.0;
            double on = Math.sin(0.3 * t) > 0 ? 1 : 0;
            m.setStick(on * Math.sin(0.5 * t), on * Math.cos(0.5 * t));
            m.update(1.0 / 60);
        });
        assertEquals(0, bytes, "bytes allocated by the quietest 300 updates");
        assertEquals(0, m.mismatches());
    }
}
