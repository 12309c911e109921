package dev.sinew.rig.layer;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * An additive layer: a clip of rotation differences played on its own clock and added to the pose
 * below it, bone by bone in each bone's own frame, over a mask and scaled by a weight. With δ_b the
 * layer's local rotation of bone b and w its weight, the bone's rotation q becomes q·δ_b^w (δ^w =
 * exp(w·log δ), so 0 adds nothing, 1 adds the whole difference, more exaggerates it). Root
 * translations are not added. {@link #restart} starts the clip again (a pose hold restarts its
 * breathing at the moment it holds).
 */
public final class AdditiveLayer {
    private final String name;
    private final Clip deltas;
    private final BoneMask mask;
    private final int[] bones;
    private final double speed;
    private final Clip.Wrap wrap;
    private double time;
    private double weight;
    private final Pose sampled;
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond d = new Quaterniond();
    private final Vector3d v = new Vector3d();

    /**
     * @param deltas the rotation differences (for example from {@link #differenceClip})
     * @param mask   the bones the layer moves
     * @param speed  clip seconds per second (&gt; 0)
     * @param wrap   how the clip repeats (PING_PONG keeps a stretch of capture continuous when looped)
     */
    public AdditiveLayer(String name, Clip deltas, BoneMask mask, double speed, Clip.Wrap wrap) {
        this.name = Check.notNull("name", name);
        this.deltas = Check.notNull("deltas", deltas);
        this.mask = Check.notNull("mask", mask);
        this.bones = mask.bones();
        this.speed = Check.positive("speed", speed);
        this.wrap = Check.notNull("wrap", wrap);
        this.sampled = new Pose(deltas.skeleton());
    }

    /**
     * The additive form of a stretch of a clip: for each bone of the mask, its rotation in every
     * frame from {@code from} to {@code to} s relative to its mean over the stretch (δ = conj(mean)·q,
     * so that mean·δ is the frame again); other bones get the identity. The mean is the normalized sum
     * of the sign-aligned quaternions (the chordal mean, exact to second order in the spread, which
     * for a standing idle is a few degrees). Built at the source's frame rate.
     *
     * @throws InvalidArgumentException if the stretch is not inside the clip or shorter than two frames
     */
    public static Clip differenceClip(Clip source, double from, double to, BoneMask mask) {
        Check.finite("from", from);
        Check.finite("to", to);
        if (!(from >= 0 && to <= source.duration() + 1e-9 && to - from >= 1 / source.frameRate())) {
            throw new InvalidArgumentException("stretch", "[" + from + ", " + to + "] s",
                    "must lie within " + source.name() + " (0 to " + source.duration() + " s) and span two frames at least");
        }
        Skeleton s = source.skeleton();
        int n = s.boneCount();
        int f0 = (int) Math.ceil(from * source.frameRate() - 1e-9);
        int f1 = Math.min(source.frameCount() - 1, (int) Math.floor(to * source.frameRate() + 1e-9));
        int frames = f1 - f0 + 1;
        Pose pose = new Pose(s);
        double[] mean = new double[4 * n];
        Quaterniond r = new Quaterniond();
        for (int f = f0; f <= f1; f++) {
            source.frame(f, pose);
            for (int b = 0; b < n; b++) {
                pose.localRotation(b, r);
                int o = 4 * b;
                double sign = mean[o] * r.x + mean[o + 1] * r.y + mean[o + 2] * r.z + mean[o + 3] * r.w < 0 ? -1 : 1;
                mean[o] += sign * r.x;
                mean[o + 1] += sign * r.y;
                mean[o + 2] += sign * r.z;
                mean[o + 3] += sign * r.w;
            }
        }
        double[] rotations = new double[4 * n * frames];
        Quaterniond m = new Quaterniond();
        for (int f = f0; f <= f1; f++) {
            source.frame(f, pose);
            for (int b = 0; b < n; b++) {
                int o = 4 * ((f - f0) * n + b);
                if (mask.contains(b)) {
                    m.set(mean[4 * b], mean[4 * b + 1], mean[4 * b + 2], mean[4 * b + 3]).normalize().conjugate();
                    m.mul(pose.localRotation(b, r)).normalize();
                    rotations[o] = m.x;
                    rotations[o + 1] = m.y;
                    rotations[o + 2] = m.z;
                    rotations[o + 3] = m.w;
                } else {
                    rotations[o + 3] = 1;
                }
            }
        }
        return Clip.of(source.name() + " [" + from + ", " + to + "] s, additive", s, source.frameRate(), rotations,
                new double[3 * frames]);
    }

    public String name() {
        return name;
    }

    public BoneMask mask() {
        return mask;
    }

    public Clip clip() {
        return deltas;
    }

    /** The layer's clip time, s. */
    public double time() {
        return time;
    }

    public double weight() {
        return weight;
    }

    /** Sets the weight (≥ 0; 1 adds the clip's differences as they are). */
    public void setWeight(double weight) {
        this.weight = Check.nonNegative("weight", weight);
    }

    /** Starts the clip again from its first frame. */
    public void restart() {
        time = 0;
    }

    /** Moves the clock on by speed × dt. */
    void advance(double dt) {
        time += speed * dt;
    }

    /** Samples the differences at the current time (once per update, before {@link #apply}). */
    void sample() {
        deltas.sampleBones(time, wrap, bones, false, sampled);
    }

    /** Adds the last sample, weighted, to {@code pose}: q_b ← q_b·δ_b^w for the mask's bones. */
    void apply(Pose pose) {
        if (weight == 0) {
            return;
        }
        for (int b : bones) {
            Rotations.log(sampled.localRotation(b, d), v).mul(weight);
            Rotations.exp(v, d);
            pose.setLocalRotation(b, pose.localRotation(b, q).mul(d).normalize());
        }
    }
}
