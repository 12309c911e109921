package dev.sinew.rig.match;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.ClipSource;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.mirror.Mirror;
import dev.sinew.solver.InvalidArgumentException;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A motion-matching database: frames of a set of clips at a fixed rate, each with its character
 * root (where on the ground the character is and which way it faces) and its feature vector.
 *
 * <p>The character root of a frame is the hips' ground position and the heading of the hips'
 * forward axis, each averaged over a centred window (the hips sway from step to step; the
 * character does not). Features, in that frame's character space (root position and heading taken
 * out, so a walk north and a walk south are the same frames), in {@link FeatureGroup} order: the
 * feet's positions (their height kept) and velocities, the hips' velocity, and the root's position
 * and facing direction 1/3, 2/3 and 1 s ahead. Velocities are central differences over one frame.
 * A frame is searchable only if its last horizon is still inside its clip, so frames near clip ends
 * are never chosen. Mirrored clips ({@link Mirror}) double what the clips cover.
 *
 * <p>All clips are played on the first clip's skeleton (others are moved onto it by bone name).
 */
public final class MatchDatabase {
    private final MatchSettings settings;
    private final Skeleton skeleton;
    private final Clip[] clips;
    private final double[] clipFrom;
    private final int[] clipFirst;
    private final int[] frameClip;
    private final double[] rootX;
    private final double[] rootZ;
    private final double[] facing;
    private final double[] raw;
    private final int[] horizon;
    private final FeatureIndex index;

    private MatchDatabase(MatchSettings settings, Skeleton skeleton, List<Clip> clips, List<double[]> stretch) {
        this.settings = settings;
        this.skeleton = skeleton;
        this.clips = clips.toArray(new Clip[0]);
        int c = clips.size();
        double rate = settings.frameRate();
        clipFrom = new double[c];
        clipFirst = new int[c + 1];
        for (int i = 0; i < c; i++) {
            clipFrom[i] = stretch.get(i)[0];
            int count = (int) Math.floor((stretch.get(i)[1] - clipFrom[i]) * rate + 1e-9) + 1;
            clipFirst[i + 1] = clipFirst[i] + count;
        }
        int frames = clipFirst[c];
        double[] h = settings.horizonsSeconds();
        horizon = new int[h.length];
        for (int k = 0; k < h.length; k++) {
            horizon[k] = (int) Math.round(h[k] * rate);
        }
        frameClip = new int[frames];
        rootX = new double[frames];
        rootZ = new double[frames];
        facing = new double[frames];
        int dims = FeatureGroup.dimensions();
        raw = new double[frames * dims];
        boolean[] searchable = new boolean[frames];
        for (int i = 0; i < c; i++) {
            extract(i, searchable);
        }
        int[] starts = new int[FeatureGroup.values().length + 1];
        for (FeatureGroup g : FeatureGroup.values()) {
            starts[g.ordinal() + 1] = g.start() + g.size;
        }
        index = new FeatureIndex(raw, frames, starts, settings.weights().array(), searchable);
    }

    /**
     * Builds the database the settings describe, reading its clips through {@code source}.
     *
     * @throws InvalidArgumentException naming a clip whose stretch is outside it, a bone the skeleton
     *                                  lacks, or a database with no searchable frame
     */
    public static MatchDatabase build(MatchSettings settings, ClipSource source) {
        List<Clip> clips = new ArrayList<>();
        List<double[]> stretch = new ArrayList<>();
        Skeleton skeleton = null;
        Mirror mirror = null;
        for (int i = 0; i < settings.clips().size(); i++) {
            MatchSettings.Source s = settings.clips().get(i);
            BvhImporter.Bvh bvh = source.read(s.file());
            if (skeleton == null) {
                skeleton = bvh.skeleton();
                for (String bone : new String[] {settings.hips(), settings.leftFoot(), settings.rightFoot()}) {
                    if (skeleton.find(bone) < 0) {
                        throw new InvalidArgumentException("bones", bone, "no such bone in " + s.file());
                    }
                }
            }
            Clip clip = bvh.clip().retarget(skeleton);
            if (settings.despikeDegreesPerSecond() > 0) {
                clip = clip.withoutSpikes(settings.despikeDegreesPerSecond()).clip();
            }
            clip = withRestBones(clip, settings.restBones());
            if (s.mirror()) {
                if (mirror == null) {
                    mirror = Mirror.of(skeleton, settings.mirrorAxis());
                }
                clip = mirror.apply(clip);
            }
            double from = s.from() == null ? 0 : s.from();
            double to = s.to() == null ? clip.duration() : s.to();
            if (to > clip.duration() + 1e-9) {
                throw new InvalidArgumentException("clips[" + i + "].to", to, "is past the end of " + s.file() + " ("
                        + clip.duration() + " s)");
            }
            clips.add(clip);
            stretch.add(new double[] {from, Math.min(to, clip.duration())});
        }
        MatchDatabase db = new MatchDatabase(settings, skeleton, clips, stretch);
        if (db.index.searchableCount() == 0) {
            throw new InvalidArgumentException("clips", settings.clips().size(), "no frame of the database is searchable: "
                    + "every clip is shorter than the last horizon (" + settings.horizonsSeconds()[2] + " s)");
        }
        return db;
    }

    /** The clip with the named bones held at their rest rotation. */
    private static Clip withRestBones(Clip clip, List<String> bones) {
        if (bones == null || bones.isEmpty()) {
            return clip;
        }
        Skeleton s = clip.skeleton();
        int[] rest = new int[bones.size()];
        for (int i = 0; i < rest.length; i++) {
            rest[i] = s.find(bones.get(i));
            if (rest[i] < 0) {
                throw new InvalidArgumentException("restBones", bones.get(i), "no such bone in the skeleton");
            }
        }
        Quaterniond q = new Quaterniond();
        return clip.mapped(clip.name(), (frame, out) -> {
            out.set(frame);
            for (int b : rest) {
                out.setLocalRotation(b, s.restRotation(b, q));
            }
        });
    }

    /** Features, roots and searchable flags of clip i's frames. */
    private void extract(int ci, boolean[] searchable) {
        Clip clip = clips[ci];
        int first = clipFirst[ci];
        int count = clipFirst[ci + 1] - first;
        double rate = settings.frameRate();
        int hips = skeleton.index(settings.hips());
        int left = skeleton.index(settings.leftFoot());
        int right = skeleton.index(settings.rightFoot());
        double[] fwd = settings.hipsForward();
        double[] pos = new double[9 * count];
        double[] headX = new double[count];
        double[] headZ = new double[count];
        Pose pose = new Pose(skeleton);
        Quaterniond q = new Quaterniond();
        Vector3d p = new Vector3d();
        for (int j = 0; j < count; j++) {
            clip.sample(clipFrom[ci] + j / rate, Clip.Wrap.CLAMP, pose).evaluate();
            int k = 0;
            for (int b : new int[] {hips, left, right}) {
                pose.modelPosition(b, p);
                pos[9 * j + k++] = p.x;
                pos[9 * j + k++] = p.y;
                pos[9 * j + k++] = p.z;
            }
            double yaw = Rotations.headingYaw(pose.modelRotation(hips, q), fwd[0], fwd[1], fwd[2]);
            headX[j] = StrictMath.sin(yaw);
            headZ[j] = StrictMath.cos(yaw);
        }
        int w = (int) Math.round(settings.facingWindowSeconds() * rate / 2);
        for (int j = 0; j < count; j++) {
            double sx = 0;
            double sz = 0;
            double hx = 0;
            double hz = 0;
            int lo = Math.max(0, j - w);
            int hi = Math.min(count - 1, j + w);
            for (int i = lo; i <= hi; i++) {
                sx += pos[9 * i];
                sz += pos[9 * i + 2];
                hx += headX[i];
                hz += headZ[i];
            }
            int f = first + j;
            frameClip[f] = ci;
            rootX[f] = sx / (hi - lo + 1);
            rootZ[f] = sz / (hi - lo + 1);
            facing[f] = Rotations.yaw(hx, hz);
        }
        int dims = FeatureGroup.dimensions();
        for (int j = 0; j < count; j++) {
            int f = first + j;
            int o = f * dims;
            double c = StrictMath.cos(facing[f]);
            double s = StrictMath.sin(facing[f]);
            int prev = Math.max(0, j - 1);
            int next = Math.min(count - 1, j + 1);
            double span = (next - prev) / rate;
            // feet positions (1, 2 of pos), then foot velocities, then hips velocity (0 of pos)
            for (int k = 0; k < 2; k++) {
                int b = 9 * j + 3 * (k + 1);
                local(pos[b] - rootX[f], pos[b + 2] - rootZ[f], c, s, raw, o + 3 * k, pos[b + 1]);
            }
            for (int k = 0; k < 3; k++) {
                int slot = k < 2 ? FeatureGroup.FOOT_VELOCITY.start() + 3 * k : FeatureGroup.HIP_VELOCITY.start();
                int bone = k < 2 ? 3 * (k + 1) : 0;
                double vx = span == 0 ? 0 : (pos[9 * next + bone] - pos[9 * prev + bone]) / span;
                double vy = span == 0 ? 0 : (pos[9 * next + bone + 1] - pos[9 * prev + bone + 1]) / span;
                double vz = span == 0 ? 0 : (pos[9 * next + bone + 2] - pos[9 * prev + bone + 2]) / span;
                local(vx, vz, c, s, raw, o + slot, vy);
            }
            int tp = o + FeatureGroup.TRAJECTORY_POSITION.start();
            int td = o + FeatureGroup.TRAJECTORY_DIRECTION.start();
            for (int k = 0; k < horizon.length; k++) {
                int g = first + Math.min(count - 1, j + horizon[k]);
                double dx = rootX[g] - rootX[f];
                double dz = rootZ[g] - rootZ[f];
                raw[tp + 2 * k] = dx * c - dz * s;
                raw[tp + 2 * k + 1] = dx * s + dz * c;
                double turn = facing[g] - facing[f];
                raw[td + 2 * k] = StrictMath.sin(turn);
                raw[td + 2 * k + 1] = StrictMath.cos(turn);
            }
            searchable[f] = j + horizon[horizon.length - 1] <= count - 1;
        }
    }

    /** (x, y, z) with x, z turned into the frame of heading (cos, sin) = (c, s): R(−heading). */
    private static void local(double x, double z, double c, double s, double[] out, int o, double y) {
        out[o] = x * c - z * s;
        out[o + 1] = y;
        out[o + 2] = x * s + z * c;
    }

    public MatchSettings settings() {
        return settings;
    }

    /** The skeleton every clip of the database plays on. */
    public Skeleton skeleton() {
        return skeleton;
    }

    public FeatureIndex index() {
        return index;
    }

    public int frames() {
        return frameClip.length;
    }

    public int clipCount() {
        return clips.length;
    }

    public Clip clip(int clip) {
        return clips[clip];
    }

    /** The clip a database frame belongs to. */
    public int clipOf(int frame) {
        return frameClip[frame];
    }

    /** The clip time of a database frame, s. */
    public double time(int frame) {
        int c = frameClip[frame];
        return clipFrom[c] + (frame - clipFirst[c]) / settings.frameRate();
    }

    /** The database frame of clip c nearest its time t (clamped to the clip's stretch). */
    public int frameAt(int clip, double time) {
        int j = (int) Math.round((time - clipFrom[clip]) * settings.frameRate());
        return clipFirst[clip] + Math.max(0, Math.min(clipFirst[clip + 1] - clipFirst[clip] - 1, j));
    }

    /** Where clip c's used stretch starts and ends, s. */
    public double stretchStart(int clip) {
        return clipFrom[clip];
    }

    public double stretchEnd(int clip) {
        return time(clipFirst[clip + 1] - 1);
    }

    /** A frame's raw (unnormalized) feature vector, into dest. */
    public double[] features(int frame, double[] dest) {
        int d = FeatureGroup.dimensions();
        System.arraycopy(raw, frame * d, dest, 0, d);
        return dest;
    }

    /**
     * Clip c's character root at time t, linearly between frames (the heading the shorter way):
     * dest = (x, z, heading), m and rad, in the clip's own space.
     */
    public double[] root(int clip, double time, double[] dest) {
        double x = (time - clipFrom[clip]) * settings.frameRate();
        int last = clipFirst[clip + 1] - clipFirst[clip] - 1;
        x = Math.max(0, Math.min(last, x));
        int j0 = (int) Math.floor(x);
        int j1 = Math.min(last, j0 + 1);
        double a = x - j0;
        int f0 = clipFirst[clip] + j0;
        int f1 = clipFirst[clip] + j1;
        dest[0] = rootX[f0] + a * (rootX[f1] - rootX[f0]);
        dest[1] = rootZ[f0] + a * (rootZ[f1] - rootZ[f0]);
        dest[2] = Rotations.wrap(facing[f0] + a * Rotations.shortestDelta(facing[f0], facing[f1]));
        return dest;
    }
}
