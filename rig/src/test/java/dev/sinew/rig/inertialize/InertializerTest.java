package dev.sinew.rig.inertialize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import java.util.function.DoubleFunction;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Inertialization at a switch between two made-up sources: the output is continuous in value and
 * in first derivative (its one-update changes before and after the switch agree, better the finer
 * the updates, while a plain switch jumps by the pose difference), and about one axis it follows
 * the quintic decay worked out by hand, reaching the new source exactly at the blend time.
 */
class InertializerTest {
    static final double BLEND = 0.2;
    static final double SWITCH = 0.5;
    private final Skeleton s = Skeleton.builder().add("root", -1, new Vector3d()).add("bone", 0, new Vector3d(0, 1, 0)).build();

    /** Source A: the bone turns 0.8·sin(3t) about z; the root slides along x and sways in z. */
    private Pose a(double t) {
        Pose p = new Pose(s);
        p.setLocalRotation(1, new Quaterniond().rotateZ(0.8 * Math.sin(3 * t)));
        p.setRootTranslation(new Vector3d(t, 0, 0.2 * Math.sin(t)));
        return p;
    }

    /** Source B: the bone turns 1.1 + 0.7t − 0.4t² about (1, 1, 0)/√2 (or about z); the root elsewhere. */
    private Pose b(double t, boolean sameAxis) {
        Pose p = new Pose(s);
        double angle = 1.1 + 0.7 * t - 0.4 * t * t;
        p.setLocalRotation(1, sameAxis ? new Quaterniond().rotateZ(angle)
                : new Quaterniond().rotateAxis(angle, new Vector3d(1, 1, 0).normalize()));
        p.setRootTranslation(new Vector3d(0.5 + 0.3 * t, 0.1, 0));
        return p;
    }

    /** Outputs at t = dt, 2dt, … up to {@code until}, switching from A to B at the first update at or after SWITCH. */
    private Pose[] run(double dt, double until, boolean sameAxis, boolean inertialize) {
        int n = (int) Math.round(until / dt);
        Pose[] out = new Pose[n + 1];
        Inertializer in = new Inertializer(s, BLEND);
        boolean switched = false;
        for (int k = 1; k <= n; k++) {
            double t = k * dt;
            DoubleFunction<Pose> src = switched || t >= SWITCH - 1e-12 ? x -> b(x, sameAxis) : this::a;
            if (!switched && t >= SWITCH - 1e-12) {
                switched = true;
                if (inertialize) {
                    in.transition(b(t - 2 * dt, sameAxis), b(t - dt, sameAxis), dt);
                }
            }
            out[k] = in.update(src.apply(t), dt, new Pose(s));
        }
        return out;
    }

    /** The rotation vector of bone 1 from output i−1 to output i. */
    private static Vector3d step(Pose[] out, int i) {
        Quaterniond q = out[i].localRotation(1, new Quaterniond());
        Quaterniond p = out[i - 1].localRotation(1, new Quaterniond());
        return Rotations.log(q.mul(p.conjugate()), new Vector3d());
    }

    @Test
    void continuousInValueAndFirstDerivativeAtTheSwitch() {
        double[] dts = {1.0 / 60, 1.0 / 240, 1.0 / 960};
        double[] slopeJump = new double[dts.length];
        for (int i = 0; i < dts.length; i++) {
            double dt = dts[i];
            Pose[] out = run(dt, SWITCH + 0.1, false, true);
            int k = (int) Math.round(SWITCH / dt);
            // value: the step across the switch is one update's motion, |ω|·dt with |ω| ≤ 2.4 rad/s
            assertTrue(step(out, k).length() < 2.5 * dt, "value continuous, dt " + dt + ": " + step(out, k).length());
            // slope: the steps before and across the switch agree to O(dt)
            slopeJump[i] = step(out, k).sub(step(out, k - 1)).length() / dt;
            Vector3d r0 = out[k].rootTranslation(new Vector3d()).sub(out[k - 1].rootTranslation(new Vector3d()));
            Vector3d r1 = out[k - 1].rootTranslation(new Vector3d()).sub(out[k - 2].rootTranslation(new Vector3d()));
            assertTrue(r0.length() < 1.2 * dt, "root continuous");
            assertTrue(r0.sub(r1).length() / dt < 40 * dt, "root slope continuous, dt " + dt);
        }
        assertTrue(slopeJump[1] < slopeJump[0] / 3 && slopeJump[2] < slopeJump[1] / 3,
                "the slope's jump shrinks with dt (first order): " + java.util.Arrays.toString(slopeJump));
        assertTrue(slopeJump[2] < 0.05, "and is small: " + slopeJump[2] + " rad/s");
        // a plain switch jumps by the pose difference, whatever dt
        Pose[] plain = run(1.0 / 960, SWITCH + 0.1, false, false);
        assertTrue(step(plain, 480).length() > 0.5, "without inertialization: " + step(plain, 480).length());
    }

    /**
     * About one axis everything is an angle: the output is B's angle plus the quintic
     * x(t) = x0 + v0·t − (10x0 + 6v0T)(t/T)³ + (15x0 + 8v0T)(t/T)⁴ − (6x0 + 3v0T)(t/T)⁵, with x0 the
     * last output less B one update before the switch and v0 its backward difference.
     */
    @Test
    void followsTheQuinticAndEndsOnTheSource() {
        double dt = 1.0 / 60;
        Pose[] out = run(dt, 1.2, true, true);
        int k = (int) Math.round(SWITCH / dt);
        double x0 = angle(out[k - 1]) - bAngle((k - 1) * dt);
        double v0 = (x0 - (angle(out[k - 2]) - bAngle((k - 2) * dt))) / dt;
        for (int j = k; j < out.length; j++) {
            double t = (j - k + 1) * dt;
            double expected = bAngle(j * dt);
            if (t < BLEND - 1e-12) {
                double u = t / BLEND;
                double vt = v0 * BLEND;
                expected += x0 + v0 * t - (10 * x0 + 6 * vt) * u * u * u + (15 * x0 + 8 * vt) * u * u * u * u
                        - (6 * x0 + 3 * vt) * u * u * u * u * u;
                assertEquals(expected, angle(out[j]), 1e-12, "update " + (j - k));
            } else {
                assertEquals(0, Rotations.angle(out[j].localRotation(1, new Quaterniond()), b(j * dt, true).localRotation(1,
                        new Quaterniond())), 0, "the source itself from the blend time on");
            }
        }
        assertTrue(Math.abs(x0) > 0.5, "a real switch: " + x0);
    }

    @Test
    void beforeAnyOutputASwitchPassesTheSourceThrough() {
        Inertializer in = new Inertializer(s, BLEND);
        in.transition(b(0, true), b(0.1, true), 0.1);
        assertFalse(in.active());
        Pose o = in.update(a(0.2), 0.1, new Pose(s));
        assertEquals(0, Rotations.angle(o.localRotation(1, new Quaterniond()), a(0.2).localRotation(1, new Quaterniond())), 0);
    }

    private static double angle(Pose p) {
        Quaterniond q = p.localRotation(1, new Quaterniond());
        return 2 * Math.atan2(q.z, q.w);
    }

    private static double bAngle(double t) {
        return 1.1 + 0.7 * t - 0.4 * t * t;
    }
}
