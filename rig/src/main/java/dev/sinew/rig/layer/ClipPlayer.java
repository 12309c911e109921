package dev.sinew.rig.layer;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.List;

/**
 * The base layer: one clip played with a clock per body part. The parts are masks that together
 * hold every bone of the skeleton exactly once (for example {@code face} and {@code body}); each
 * has its own time and playback speed, so one part can stand still on a frame while the other plays
 * on. A part's time advances by speed × dt per update; a stop mark makes the part land exactly on a
 * normalized time and set its speed to 0 there (what a pose hold uses: the clip is neither restarted
 * nor re-entered). {@link #play} starts a clip with every part at time 0 and speed 1, so a new clip
 * never inherits a held speed. The root translation belongs to the part with the root bone.
 */
public final class ClipPlayer {
    private final Skeleton skeleton;
    private final BoneMask[] parts;
    private final int[][] bones;
    private final boolean[] hasRoot;
    private Clip clip;
    private Clip.Wrap wrap = Clip.Wrap.CLAMP;
    private final double[] time;
    private final double[] speed;
    /** Stop mark per part, s of clip time (NaN: none). */
    private final double[] stopAt;
    private final boolean[] stopped;
    /** Where the clip is put: turned by placeYaw about +Y so its (fromX, fromZ) lands on (toX, toZ). */
    private boolean placed;
    private double placeYaw;
    private double fromX;
    private double fromZ;
    private double toX;
    private double toZ;
    private final org.joml.Quaterniond turn = new org.joml.Quaterniond();
    private final org.joml.Quaterniond q = new org.joml.Quaterniond();
    private final org.joml.Vector3d v = new org.joml.Vector3d();

    /**
     * @throws InvalidArgumentException if the parts miss a bone or share one (naming both), or two
     *                                  parts have the same name
     */
    public ClipPlayer(Skeleton skeleton, List<BoneMask> parts) {
        this.skeleton = Check.notNull("skeleton", skeleton);
        if (parts == null || parts.isEmpty()) {
            throw new InvalidArgumentException("parts", parts, "at least one part is needed");
        }
        int n = parts.size();
        this.parts = parts.toArray(new BoneMask[0]);
        bones = new int[n][];
        hasRoot = new boolean[n];
        int[] owner = new int[skeleton.boneCount()];
        java.util.Arrays.fill(owner, -1);
        for (int p = 0; p < n; p++) {
            BoneMask m = this.parts[p];
            for (int q = 0; q < p; q++) {
                if (this.parts[q].name().equals(m.name())) {
                    throw new InvalidArgumentException("parts", m.name(), "two parts have this name");
                }
            }
            bones[p] = m.bones();
            for (int b : bones[p]) {
                if (owner[b] >= 0) {
                    throw new InvalidArgumentException("parts." + m.name(), skeleton.name(b),
                            "is also in part " + this.parts[owner[b]].name() + ": the parts must not share a bone");
                }
                owner[b] = p;
            }
            hasRoot[p] = m.contains(0);
        }
        for (int b = 0; b < owner.length; b++) {
            if (owner[b] < 0) {
                throw new InvalidArgumentException("parts", skeleton.name(b), "is in no part: the parts must hold every bone");
            }
        }
        time = new double[n];
        speed = new double[n];
        stopAt = new double[n];
        stopped = new boolean[n];
        java.util.Arrays.fill(speed, 1);
        java.util.Arrays.fill(stopAt, Double.NaN);
    }

    public int partCount() {
        return parts.length;
    }

    public BoneMask part(int part) {
        return parts[part];
    }

    /** The index of the part of that name. @throws InvalidArgumentException listing the parts if there is none */
    public int part(String name) {
        for (int p = 0; p < parts.length; p++) {
            if (parts[p].name().equals(name)) {
                return p;
            }
        }
        StringBuilder names = new StringBuilder();
        for (BoneMask m : parts) {
            names.append(names.length() == 0 ? "" : ", ").append(m.name());
        }
        throw new InvalidArgumentException("part", name, "no such part; one of " + names);
    }

    /** Starts a clip: every part at time 0 and speed 1, no stop marks. */
    public void play(Clip clip, Clip.Wrap wrap) {
        Check.notNull("clip", clip);
        if (clip.skeleton() != skeleton) {
            throw new InvalidArgumentException("clip", clip.name(), "is a clip of another skeleton");
        }
        this.clip = clip;
        this.wrap = Check.notNull("wrap", wrap);
        java.util.Arrays.fill(time, 0);
        java.util.Arrays.fill(speed, 1);
        java.util.Arrays.fill(stopAt, Double.NaN);
        java.util.Arrays.fill(stopped, false);
        placed = false;
    }

    /**
     * Plays the clip turned by {@code yaw} (rad, about +Y) and moved on the ground so that its
     * point (fromX, fromZ) is at (toX, toZ), m: the root bone's rotation and translation carry it,
     * so the whole skeleton moves rigidly. Until the next {@link #play}.
     */
    public void place(double yaw, double fromX, double fromZ, double toX, double toZ) {
        placed = true;
        placeYaw = Check.finite("yaw", yaw);
        this.fromX = Check.finite("fromX", fromX);
        this.fromZ = Check.finite("fromZ", fromZ);
        this.toX = Check.finite("toX", toX);
        this.toZ = Check.finite("toZ", toZ);
    }

    public Clip clip() {
        return clip;
    }

    /** Sets a part's playback speed (clip seconds per second; 0 holds it, negative plays backward). */
    public void setSpeed(int part, double speed) {
        this.speed[part] = Check.finite("speed", speed);
    }

    public double speed(int part) {
        return speed[part];
    }

    /** The part's clip time, s. */
    public double time(int part) {
        return time[part];
    }

    /** The part's time as a fraction of the clip's duration (0 for a one-frame clip). */
    public double normalizedTime(int part) {
        double d = clip == null ? 0 : clip.duration();
        return d > 0 ? time[part] / d : 0;
    }

    /**
     * Makes the part land on {@code normalizedTime} (0..1 of the clip) and stop there (speed 0) when
     * it reaches it playing forward; NaN clears the mark.
     */
    public void stopAt(int part, double normalizedTime) {
        if (Double.isNaN(normalizedTime)) {
            stopAt[part] = Double.NaN;
            return;
        }
        Check.inRange("normalizedTime", normalizedTime, 0, 1);
        if (clip == null) {
            throw new InvalidArgumentException("stopAt", normalizedTime, "no clip is playing");
        }
        stopAt[part] = normalizedTime * clip.duration();
    }

    /** Whether the part reached its stop mark in the last {@link #advance}. */
    public boolean justStopped(int part) {
        return stopped[part];
    }

    /**
     * Moves every part's clock on by speed × dt, landing on and clearing stop marks; a clamped
     * clip's clocks stay within [0, duration].
     */
    public void advance(double dt) {
        Check.nonNegative("dt", dt);
        if (clip == null) {
            return;
        }
        for (int p = 0; p < time.length; p++) {
            double t = time[p] + speed[p] * dt;
            stopped[p] = false;
            double mark = stopAt[p];
            if (mark == mark && speed[p] > 0 && time[p] <= mark && t >= mark) {
                t = mark;
                speed[p] = 0;
                stopAt[p] = Double.NaN;
                stopped[p] = true;
            }
            if (wrap == Clip.Wrap.CLAMP) {
                t = Math.max(0, Math.min(clip.duration(), t));
            }
            time[p] = t;
        }
    }

    /** The pose now: each part sampled at its own time. */
    public Pose sample(Pose dest) {
        return sampleBack(0, dest);
    }

    /**
     * The pose one update of {@code dt} s ago at the current speeds (each part at time − speed·dt,
     * clamped or wrapped as the clip plays): the pose an inertializer takes the new source's velocity
     * from.
     */
    public Pose sampleBack(double dt, Pose dest) {
        if (clip == null) {
            throw new InvalidArgumentException("clip", null, "no clip is playing");
        }
        for (int p = 0; p < bones.length; p++) {
            clip.sampleBones(time[p] - speed[p] * dt, wrap, bones[p], hasRoot[p], dest);
        }
        if (placed) {
            dest.rootTranslation(v);
            double c = StrictMath.cos(placeYaw);
            double sn = StrictMath.sin(placeYaw);
            double dx = v.x - fromX;
            double dz = v.z - fromZ;
            v.set(toX + dx * c + dz * sn, v.y, toZ - dx * sn + dz * c);
            dest.setRootTranslation(v);
            dev.sinew.rig.Rotations.yawRotation(placeYaw, turn);
            dest.setLocalRotation(0, turn.mul(dest.localRotation(0, q)).normalize());
        }
        return dest;
    }
}
