package dev.sinew.rig;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Vector3d;

/**
 * An animation clip: poses of one skeleton at a fixed frame rate. Sampling at any time slerps the
 * bones' local rotations (shortest path) and lerps the root translation between the two nearest
 * frames, clamped at the ends or looping. The root's horizontal travel is also a track of its own
 * ({@link #rootMotion}), so a clip can be played in place ({@link #sampleInPlace}) and its travel
 * applied to the character instead.
 */
public final class Clip {
    /**
     * What sampling outside [0, duration] does: hold the end frames, start again from frame 0, or
     * play back and forth (period twice the duration; continuous in value at both ends, the way an
     * additive breathing stretch is looped).
     */
    public enum Wrap { CLAMP, LOOP, PING_PONG }

    private final String name;
    private final Skeleton skeleton;
    private final double frameRate;
    private final int frames;
    /** Local rotations, frame-major: frame f, bone b at 4·(f·n + b). */
    private final double[] rotations;
    /** Root translations, 3 per frame, metres. */
    private final double[] roots;

    Clip(String name, Skeleton skeleton, double frameRate, int frames, double[] rotations, double[] roots) {
        this.name = name;
        this.skeleton = skeleton;
        this.frameRate = frameRate;
        this.frames = frames;
        this.rotations = rotations;
        this.roots = roots;
    }

    /**
     * A clip from its frames: {@code rotations} holds every frame's local rotations (x, y, z, w; 4
     * per bone, frame-major: frame f, bone b at 4·(f·n + b)), {@code roots} every frame's root
     * translation (3 per frame, metres). The arrays are copied and the rotations normalized.
     *
     * @param frameRate frames per second (&gt; 0)
     * @throws InvalidArgumentException on lengths that do not fit the skeleton, a non-finite value or
     *                                  a zero quaternion
     */
    public static Clip of(String name, Skeleton skeleton, double frameRate, double[] rotations, double[] roots) {
        Check.notNull("skeleton", skeleton);
        Check.positive("frameRate", frameRate);
        int n = skeleton.boneCount();
        if (roots.length == 0 || roots.length % 3 != 0) {
            throw new InvalidArgumentException("roots", roots.length, "must hold 3 values per frame, at least one frame");
        }
        int frames = roots.length / 3;
        if (rotations.length != 4 * n * frames) {
            throw new InvalidArgumentException("rotations", rotations.length,
                    "must hold 4 values per bone per frame (" + 4 * n * frames + " for " + frames + " frames of " + n + " bones)");
        }
        double[] r = rotations.clone();
        for (int i = 0; i < r.length; i += 4) {
            double len = Math.sqrt(r[i] * r[i] + r[i + 1] * r[i + 1] + r[i + 2] * r[i + 2] + r[i + 3] * r[i + 3]);
            if (!(len > 1e-9) || !Double.isFinite(len)) {
                throw new InvalidArgumentException("rotations[" + i + "..]", len, "must be a finite, non-zero quaternion");
            }
            r[i] /= len;
            r[i + 1] /= len;
            r[i + 2] /= len;
            r[i + 3] /= len;
        }
        for (double v : roots) {
            Check.finite("roots", v);
        }
        return new Clip(name, skeleton, frameRate, frames, r, roots.clone());
    }

    /**
     * This clip's motion on another skeleton whose bones have the same names (matched by name, so
     * two files of one capture subject share clips): each target bone takes the clip's rotation of
     * the bone of its name, a bone the clip lacks keeps its rest rotation; root translations are
     * kept. The clip itself when {@code target} is its own skeleton.
     */
    public Clip retarget(Skeleton target) {
        Check.notNull("target", target);
        if (target == skeleton) {
            return this;
        }
        int m = target.boneCount();
        int n = skeleton.boneCount();
        double[] r = new double[4 * m * frames];
        org.joml.Quaterniond rest = new org.joml.Quaterniond();
        for (int b = 0; b < m; b++) {
            int src = skeleton.find(target.name(b));
            target.restRotation(b, rest);
            for (int f = 0; f < frames; f++) {
                int o = 4 * (f * m + b);
                if (src >= 0) {
                    System.arraycopy(rotations, 4 * (f * n + src), r, o, 4);
                } else {
                    r[o] = rest.x;
                    r[o + 1] = rest.y;
                    r[o + 2] = rest.z;
                    r[o + 3] = rest.w;
                }
            }
        }
        return new Clip(name, target, frameRate, frames, r, roots);
    }

    /**
     * A clip of the same skeleton, rate and length whose frame f is what {@code map} makes of this
     * clip's frame f: map(frame, out) fills out (a fresh rest pose each frame), the frame being
     * read only.
     */
    public Clip mapped(String newName, java.util.function.BiConsumer<Pose, Pose> map) {
        int n = skeleton.boneCount();
        double[] r = new double[4 * n * frames];
        double[] t = new double[3 * frames];
        Pose in = new Pose(skeleton);
        for (int f = 0; f < frames; f++) {
            Pose out = new Pose(skeleton);
            map.accept(frame(f, in), out);
            System.arraycopy(out.local, 0, r, 4 * n * f, 4 * n);
            t[3 * f] = out.root.x;
            t[3 * f + 1] = out.root.y;
            t[3 * f + 2] = out.root.z;
        }
        return of(newName, skeleton, frameRate, r, t);
    }

    public String name() {
        return name;
    }

    public Skeleton skeleton() {
        return skeleton;
    }

    /** Frames per second. */
    public double frameRate() {
        return frameRate;
    }

    public int frameCount() {
        return frames;
    }

    /** Time of the last frame, s (a one-frame clip lasts 0). */
    public double duration() {
        return (frames - 1) / frameRate;
    }

    /**
     * The frames {@code first} to {@code last} (both included) as a clip of their own, at the same
     * rate: its frame 0 is this clip's frame {@code first}.
     *
     * @throws InvalidArgumentException unless 0 ≤ first ≤ last < frameCount
     */
    public Clip frames(int first, int last) {
        if (first < 0 || first >= frames) {
            throw new InvalidArgumentException("first", first, "must be in [0, " + frames + ")");
        }
        if (last < first || last >= frames) {
            throw new InvalidArgumentException("last", last, "must be in [" + first + ", " + frames + ")");
        }
        int n = skeleton.boneCount();
        int count = last - first + 1;
        double[] rot = java.util.Arrays.copyOfRange(rotations, 4 * n * first, 4 * n * (last + 1));
        double[] root = java.util.Arrays.copyOfRange(roots, 3 * first, 3 * (last + 1));
        return new Clip(name, skeleton, frameRate, count, rot, root);
    }

    /** The pose of frame f, exactly as stored. */
    public Pose frame(int f, Pose dest) {
        if (f < 0 || f >= frames) {
            throw new InvalidArgumentException("frame", f, "must be in [0, " + frames + ")");
        }
        return blend(f, f, 0, dest);
    }

    /** The pose at {@code time} s. */
    public Pose sample(double time, Wrap wrap, Pose dest) {
        Check.finite("time", time);
        double t = local(time, wrap);
        double x = t * frameRate;
        int f0 = Math.min((int) Math.floor(x), frames - 1);
        int f1 = Math.min(f0 + 1, frames - 1);
        return blend(f0, f1, x - f0, dest);
    }

    /**
     * Samples only {@code bones} (and the root translation when {@code withRoot}) into dest, leaving
     * its other bones as they are: how a player with a separate clock per body part samples.
     */
    public Pose sampleBones(double time, Wrap wrap, int[] bones, boolean withRoot, Pose dest) {
        Check.finite("time", time);
        if (dest.skeleton() != skeleton) {
            throw new InvalidArgumentException("dest", dest, "is a pose of another skeleton");
        }
        double x = local(time, wrap) * frameRate;
        int f0 = Math.min((int) Math.floor(x), frames - 1);
        int f1 = Math.min(f0 + 1, frames - 1);
        double a = x - f0;
        int n = skeleton.boneCount();
        for (int b : bones) {
            slerp(rotations, 4 * (f0 * n + b), 4 * (f1 * n + b), a, dest, b);
        }
        if (withRoot) {
            dest.root.set(roots[3 * f0] + a * (roots[3 * f1] - roots[3 * f0]),
                    roots[3 * f0 + 1] + a * (roots[3 * f1 + 1] - roots[3 * f0 + 1]),
                    roots[3 * f0 + 2] + a * (roots[3 * f1 + 2] - roots[3 * f0 + 2]));
        }
        return dest;
    }

    /** {@link #sample} with the root's horizontal travel taken out: root x and z stay at frame 0's. */
    public Pose sampleInPlace(double time, Wrap wrap, Pose dest) {
        sample(time, wrap, dest);
        dest.root.x = roots[0];
        dest.root.z = roots[2];
        return dest;
    }

    /**
     * The root's horizontal travel from frame 0 to {@code time}, metres (x, 0, z); looping adds a
     * whole clip's travel per cycle.
     */
    public Vector3d rootMotion(double time, Wrap wrap, Vector3d dest) {
        Check.finite("time", time);
        double t = local(time, wrap);
        double x = t * frameRate;
        int f0 = Math.min((int) Math.floor(x), frames - 1);
        int f1 = Math.min(f0 + 1, frames - 1);
        double a = x - f0;
        double rx = roots[3 * f0] + a * (roots[3 * f1] - roots[3 * f0]) - roots[0];
        double rz = roots[3 * f0 + 2] + a * (roots[3 * f1 + 2] - roots[3 * f0 + 2]) - roots[2];
        if (wrap == Wrap.LOOP && duration() > 0) {
            double cycles = Math.floor(time / duration());
            rx += cycles * (roots[3 * (frames - 1)] - roots[0]);
            rz += cycles * (roots[3 * (frames - 1) + 2] - roots[2]);
        }
        return dest.set(rx, 0, rz);
    }

    private double local(double time, Wrap wrap) {
        double d = duration();
        if (d == 0) {
            return 0;
        }
        if (wrap == Wrap.LOOP) {
            double t = time % d;
            return t < 0 ? t + d : t;
        }
        if (wrap == Wrap.PING_PONG) {
            double t = time % (2 * d);
            t = t < 0 ? t + 2 * d : t;
            return t > d ? 2 * d - t : t;
        }
        return Math.max(0, Math.min(d, time));
    }

    private Pose blend(int f0, int f1, double a, Pose dest) {
        if (dest.skeleton() != skeleton) {
            throw new InvalidArgumentException("dest", dest, "is a pose of another skeleton");
        }
        int n = skeleton.boneCount();
        for (int b = 0; b < n; b++) {
            int o0 = 4 * (f0 * n + b);
            int o1 = 4 * (f1 * n + b);
            slerp(rotations, o0, o1, a, dest, b);
        }
        dest.root.set(roots[3 * f0] + a * (roots[3 * f1] - roots[3 * f0]),
                roots[3 * f0 + 1] + a * (roots[3 * f1 + 1] - roots[3 * f0 + 1]),
                roots[3 * f0 + 2] + a * (roots[3 * f1 + 2] - roots[3 * f0 + 2]));
        return dest;
    }

    /** Shortest-path slerp of two stored quaternions into bone b of dest. */
    private static void slerp(double[] r, int o0, int o1, double a, Pose dest, int b) {
        double x0 = r[o0];
        double y0 = r[o0 + 1];
        double z0 = r[o0 + 2];
        double w0 = r[o0 + 3];
        double x1 = r[o1];
        double y1 = r[o1 + 1];
        double z1 = r[o1 + 2];
        double w1 = r[o1 + 3];
        double dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
        if (dot < 0) {
            dot = -dot;
            x1 = -x1;
            y1 = -y1;
            z1 = -z1;
            w1 = -w1;
        }
        double s0;
        double s1;
        if (dot > 0.9995) {
            s0 = 1 - a;
            s1 = a;
        } else {
            double theta = Math.acos(dot);
            double sin = Math.sin(theta);
            s0 = Math.sin((1 - a) * theta) / sin;
            s1 = Math.sin(a * theta) / sin;
        }
        double x = s0 * x0 + s1 * x1;
        double y = s0 * y0 + s1 * y1;
        double z = s0 * z0 + s1 * z1;
        double w = s0 * w0 + s1 * w1;
        double inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
        dest.setLocal(b, x * inv, y * inv, z * inv, w * inv);
    }

    /**
     * The longest run of frames (s) {@link #withoutSpikes} bridges; a bone that stays past the
     * speed limit for longer is taken to really move that fast and is left as it is.
     */
    public static final double MAX_SPIKE_SECONDS = 0.25;

    /** A clip with its spikes taken out, and how many frames of each bone were replaced. */
    public record Despiked(Clip clip, int[] repairedFrames) {
        /** Frames replaced over all bones. */
        public int total() {
            int n = 0;
            for (int f : repairedFrames) {
                n += f;
            }
            return n;
        }
    }

    /**
     * A copy with capture glitches taken out. A glitch is a jump and a jump back: a bone's local
     * rotation leaves its path faster than {@code maxDegreesPerSecond} from one frame to the next
     * (a marker swap in motion capture turns a wrist by 100° in one frame) and later jumps again
     * to where the motion before could have got at that speed. The frames between are replaced by
     * the slerp between the good frames around them. A jump with no way back within
     * {@link #MAX_SPIKE_SECONDS} is real motion and is kept; root translations are kept.
     *
     * @param maxDegreesPerSecond fastest believable turn of a bone, deg/s (&gt; 0)
     */
    public Despiked withoutSpikes(double maxDegreesPerSecond) {
        Check.positive("maxDegreesPerSecond", maxDegreesPerSecond);
        int n = skeleton.boneCount();
        double[] out = rotations.clone();
        int[] repaired = new int[n];
        double perFrame = Math.toRadians(maxDegreesPerSecond) / frameRate;
        int maxRun = (int) Math.ceil(MAX_SPIKE_SECONDS * frameRate);
        for (int b = 0; b < n; b++) {
            int f = 1;
            while (f < frames) {
                if (angle(out, f - 1, f, b, n) <= perFrame) {
                    f++;
                    continue;
                }
                // a jump into frame f: look for the frame that comes back to where the motion
                // before the jump could have got, at most maxRun frames on
                int back = -1;
                for (int g = f + 1; g < frames && g - f <= maxRun; g++) {
                    if (angle(out, g - 1, g, b, n) > perFrame && angle(out, f - 1, g, b, n) <= perFrame * (g - f + 1)) {
                        back = g;
                        break;
                    }
                }
                if (back < 0) {
                    f++; // no way back: real motion
                    continue;
                }
                for (int g = f; g < back; g++) {
                    slerpInto(out, f - 1, back, (double) (g - f + 1) / (back - f + 1), g, b, n);
                    repaired[b]++;
                }
                f = back + 1;
            }
        }
        return new Despiked(new Clip(name, skeleton, frameRate, frames, out, roots), repaired);
    }

    /** Angle (rad) between bone b's rotations in frames f and g. */
    private static double angle(double[] r, int f, int g, int b, int n) {
        int i = 4 * (f * n + b);
        int j = 4 * (g * n + b);
        double dot = Math.abs(r[i] * r[j] + r[i + 1] * r[j + 1] + r[i + 2] * r[j + 2] + r[i + 3] * r[j + 3]);
        return 2 * Math.acos(Math.min(1, dot));
    }

    /** Frame f's rotation of bone b = slerp(frame a, frame c, t), shortest path. */
    private static void slerpInto(double[] r, int a, int c, double t, int f, int b, int n) {
        int i = 4 * (a * n + b);
        int j = 4 * (c * n + b);
        org.joml.Quaterniond qa = new org.joml.Quaterniond(r[i], r[i + 1], r[i + 2], r[i + 3]);
        org.joml.Quaterniond qc = new org.joml.Quaterniond(r[j], r[j + 1], r[j + 2], r[j + 3]);
        if (qa.dot(qc) < 0) {
            qc.set(-qc.x, -qc.y, -qc.z, -qc.w);
        }
        qa.slerp(qc, t);
        int o = 4 * (f * n + b);
        r[o] = qa.x;
        r[o + 1] = qa.y;
        r[o + 2] = qa.z;
        r[o + 3] = qa.w;
    }
}
