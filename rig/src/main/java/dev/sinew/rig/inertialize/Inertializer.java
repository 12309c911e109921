package dev.sinew.rig.inertialize;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Inertialization: when the source pose switches (a new clip, a motion-matching jump, a layer
 * weight reset), the output carries on from where it was, moving as it was, and the difference
 * to the new source decays to nothing over the blend time, without the old source ever being
 * evaluated again.
 *
 * <p>Each bone's output is exp(x_b)·s_b: the source's local rotation s_b turned by an offset whose
 * rotation vector x_b (rad, in the parent's frame) decays to zero over the blend time T along the
 * quintic polynomial that starts at x0 with rate v0 and no curvature and ends at rest,
 * <pre>
 *   x(t) = x0 + v0·t − (10·x0 + 6·v0·T)·t³/T³ + (15·x0 + 8·v0·T)·t⁴/T⁴ − (6·x0 + 3·v0·T)·t⁵/T⁵,  0 ≤ t ≤ T
 * </pre>
 * (x, x' and x'' are 0 at T, so the blend ends without a kink); the root translation is
 * s_root + x_root (m), decaying the same way. The polynomial bends the output away from the source
 * gently: its curvature peaks at 5.8·x0/T², against y²·x0 = 44·x0/T² for the critically damped
 * spring that is within 1 % of the target by T. At a switch, with the last two outputs o₁, o₂ and
 * the new source as it was at the same two updates, s₁, s₂:
 * <pre>
 *   x0 = log(o₁·conj(s₁))                         the output where it is
 *   v0 = (x0 − log(o₂·conj(s₂))) / dt              the offset changing as it was
 * </pre>
 * so the output o = exp(x)·s goes on from where it was, moving as it was: continuous in value and
 * in first derivative at the switch (the same backward difference on both sides), and the source
 * again from T on. The old source is never evaluated again. Allocates nothing.
 */
public final class Inertializer {
    private final Skeleton skeleton;
    private final int n;
    private final double blend;
    /** Offset and its rate at the switch: 3 per bone (rotation vectors, rad and rad/s), then the root's 3 (m, m/s). */
    private final double[] x0;
    private final double[] v0;
    private final double[] x;
    /** What {@link #bend} computes into. */
    private final double[] px0;
    private final double[] pv0;
    private double elapsed;
    private boolean active;
    /** The last two outputs: 4 per bone then the root's 3. */
    private final double[] last;
    private final double[] beforeLast;
    private int outputs;
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond r = new Quaterniond();
    private final Quaterniond e = new Quaterniond();
    private final Vector3d a = new Vector3d();
    private final Vector3d b = new Vector3d();

    /**
     * @param blendSeconds the blend time T, s (&gt; 0): a switch's offset is gone by then
     */
    public Inertializer(Skeleton skeleton, double blendSeconds) {
        this.skeleton = Check.notNull("skeleton", skeleton);
        Check.positive("blendSeconds", blendSeconds);
        n = skeleton.boneCount();
        blend = blendSeconds;
        x0 = new double[3 * n + 3];
        v0 = new double[3 * n + 3];
        x = new double[3 * n + 3];
        px0 = new double[3 * n + 3];
        pv0 = new double[3 * n + 3];
        last = new double[4 * n + 3];
        beforeLast = new double[4 * n + 3];
    }

    /** Whether an offset is still decaying. */
    public boolean active() {
        return active;
    }

    /**
     * The source switches: {@code twoBack} and {@code oneBack} are the new source as it was two and
     * one updates ({@code dt} s each) before the next {@link #update}, the update that is given it
     * now. Sets the offset so the output goes on from the last two outputs; does nothing before the
     * first update. Allocates nothing.
     */
    public void transition(Pose twoBack, Pose oneBack, double dt) {
        if (offsets(twoBack, oneBack, dt, x0, v0)) {
            System.arraycopy(x0, 0, x, 0, x.length);
            elapsed = 0;
            active = true;
        }
    }

    /**
     * The sharpest bend a {@link #transition} to this source would put into any bone over one update
     * of dt: the largest |x''|·dt² (rad) of the offsets' polynomials, sampled at 16 points of the
     * blend. Changes nothing; allocates nothing. 0 before the first update.
     */
    public double bend(Pose twoBack, Pose oneBack, double dt) {
        if (!offsets(twoBack, oneBack, dt, px0, pv0)) {
            return 0;
        }
        double worst = 0;
        double t2 = blend * blend;
        for (int i = 0; i < 3 * n; i++) {
            double a = px0[i];
            double v = pv0[i] * blend;
            for (int k = 0; k <= 16; k++) {
                double s = k / 16.0;
                // x''·T² = X·(−60s + 180s² − 120s³) + V·(−36s + 96s² − 60s³)
                double c = a * s * (-60 + s * (180 - 120 * s)) + v * s * (-36 + s * (96 - 60 * s));
                worst = Math.max(worst, Math.abs(c) / t2 * dt * dt);
            }
        }
        return worst;
    }

    /** The offsets and their rates a switch to this source would start with, into x0 and v0; false before the first update. */
    private boolean offsets(Pose twoBack, Pose oneBack, double dt, double[] x0, double[] v0) {
        check(twoBack, "twoBack");
        check(oneBack, "oneBack");
        Check.positive("dt", dt);
        if (outputs == 0) {
            return false;
        }
        for (int bone = 0; bone < n; bone++) {
            int o = 4 * bone;
            // x0 = log(o₁·conj(s₁)), and the same one update earlier
            q.set(last[o], last[o + 1], last[o + 2], last[o + 3]);
            Rotations.log(q.mul(oneBack.localRotation(bone, r).conjugate()), a);
            if (outputs > 1) {
                q.set(beforeLast[o], beforeLast[o + 1], beforeLast[o + 2], beforeLast[o + 3]);
                Rotations.log(q.mul(twoBack.localRotation(bone, r).conjugate()), b);
                sameBranch(a, b);
            } else {
                b.set(a);
            }
            int k = 3 * bone;
            x0[k] = a.x;
            x0[k + 1] = a.y;
            x0[k + 2] = a.z;
            v0[k] = (a.x - b.x) / dt;
            v0[k + 1] = (a.y - b.y) / dt;
            v0[k + 2] = (a.z - b.z) / dt;
        }
        int o = 4 * n;
        int k = 3 * n;
        oneBack.rootTranslation(a);
        twoBack.rootTranslation(b);
        for (int i = 0; i < 3; i++) {
            x0[k + i] = last[o + i] - a.get(i);
            double before = outputs > 1 ? beforeLast[o + i] - b.get(i) : x0[k + i];
            v0[k + i] = (x0[k + i] - before) / dt;
        }
        return true;
    }

    /**
     * Puts rotation vector b on a's side of the ±π seam (b and b − 2π·b/|b| are the same rotation),
     * so their difference is the short turn between them.
     */
    private static void sameBranch(Vector3d a, Vector3d b) {
        double len = b.length();
        if (len > Math.PI / 2 && a.dot(b) < 0) {
            b.mul(1 - 2 * Math.PI / len);
        }
    }

    /**
     * Advances the offset by {@code dt} s and writes source ⊕ offset into {@code dest} (which may be
     * the source). The output is remembered for the next switch. Allocates nothing.
     */
    public Pose update(Pose source, double dt, Pose dest) {
        check(source, "source");
        check(dest, "dest");
        Check.positive("dt", dt);
        if (dest != source) {
            dest.set(source);
        }
        if (active) {
            elapsed += dt;
            // summed steps fall a rounding short of T exactly on the last one
            if (elapsed >= blend * (1 - 1e-12)) {
                active = false;
                java.util.Arrays.fill(x, 0);
            }
            double s = Math.min(1, elapsed / blend);
            double s3 = s * s * s;
            double t = elapsed;
            for (int i = 0; active && i < x.length; i++) {
                double a = x0[i];
                double vt = v0[i] * blend;
                x[i] = a + v0[i] * t + s3 * (-(10 * a + 6 * vt) + s * ((15 * a + 8 * vt) - s * (6 * a + 3 * vt)));
            }
        }
        if (active) {
            for (int bone = 0; bone < n; bone++) {
                int k = 3 * bone;
                Rotations.exp(x[k], x[k + 1], x[k + 2], e);
                dest.setLocalRotation(bone, e.mul(dest.localRotation(bone, q)).normalize());
            }
            dest.setRootTranslation(dest.rootTranslation(a).add(x[3 * n], x[3 * n + 1], x[3 * n + 2]));
        }
        System.arraycopy(last, 0, beforeLast, 0, beforeLast.length);
        remember(dest);
        outputs = Math.min(outputs + 1, 2);
        return dest;
    }

    /**
     * Forgets any offset and takes {@code still} as the last two outputs, a pose at rest: the next
     * switch blends from it.
     */
    public void start(Pose still) {
        check(still, "still");
        reset();
        remember(still);
        System.arraycopy(last, 0, beforeLast, 0, last.length);
        outputs = 2;
    }

    /** Keeps p as the last output. */
    private void remember(Pose p) {
        for (int bone = 0; bone < n; bone++) {
            p.localRotation(bone, q);
            last[4 * bone] = q.x;
            last[4 * bone + 1] = q.y;
            last[4 * bone + 2] = q.z;
            last[4 * bone + 3] = q.w;
        }
        p.rootTranslation(a);
        last[4 * n] = a.x;
        last[4 * n + 1] = a.y;
        last[4 * n + 2] = a.z;
    }

    /** Forgets the output history and any offset (the next update passes its source through). */
    public void reset() {
        active = false;
        outputs = 0;
        java.util.Arrays.fill(x, 0);
    }

    private void check(Pose p, String name) {
        if (p == null || p.skeleton() != skeleton) {
            throw new InvalidArgumentException(name, p, "must be a pose of the inertializer's skeleton");
        }
    }
}
