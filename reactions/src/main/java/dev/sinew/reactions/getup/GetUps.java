package dev.sinew.reactions.getup;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.SkeletonMapper;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A get-up library fitted to one character: each clip retargeted to its skeleton, and its first
 * frame read as the character's bodies would lie in it (class, heading, each body's orientation
 * with the heading removed), so that choosing a clip for a lying body is a comparison of numbers.
 *
 * <p><b>Choice.</b> Among the clips whose start class is the body's class (all clips, if none
 * is), the one whose first frame is nearest to the physics pose: the mass-weighted mean angle
 * between each body's orientation and the clip's, both with their own lying heading removed
 * (turned about +Y by minus the heading), d = Σ mᵢ·∠(R(−h)·qᵢ, R(−h₀)·q₀ᵢ) / Σ mᵢ. Heavy bodies
 * weigh most: they are the ones the drives struggle to swing into place. Ties go to the clip
 * listed first.
 */
public final class GetUps {
    private final GetUpLibrary library;
    private final Ragdoll ragdoll;
    private final TorsoAxes axes;
    private final Retarget[] retarget;
    private final PoseClass[] startClass;
    private final double[] startHeading;
    /** Per clip, per body: the first frame's body orientation with its heading removed. */
    private final Quaterniond[][] start;
    /** Per clip: the first frame's root translation (clip space, retargeted), m. */
    private final Vector3d[] startRoot;
    private final Quaterniond qa = new Quaterniond();
    private final Quaterniond qb = new Quaterniond();
    private final Quaterniond[] physics;
    private final Vector3d[] pos;

    /**
     * @throws FormatException if a clip's first frame does not lie in the class the library gives it
     */
    public GetUps(GetUpLibrary library, Ragdoll ragdoll, TorsoAxes axes) {
        this.library = library;
        this.ragdoll = ragdoll;
        this.axes = axes;
        int clips = library.size();
        int n = ragdoll.bodyCount();
        retarget = new Retarget[clips];
        startClass = new PoseClass[clips];
        startHeading = new double[clips];
        start = new Quaterniond[clips][n];
        startRoot = new Vector3d[clips];
        physics = new Quaterniond[n];
        pos = new Vector3d[n];
        for (int i = 0; i < n; i++) {
            physics[i] = new Quaterniond();
            pos[i] = new Vector3d();
        }
        SkeletonMapper mapper = ragdoll.mapper();
        Pose pose = new Pose(mapper.skeleton());
        for (int c = 0; c < clips; c++) {
            GetUpLibrary.Entry e = library.entries().get(c);
            retarget[c] = new Retarget(library.clip(c), mapper.skeleton(), e.mirror());
            retarget[c].sample(frameTime(c, e.firstFrame()), pose.set(new Pose(mapper.skeleton())));
            startRoot[c] = pose.rootTranslation(new Vector3d());
            Quaterniond[] rot = start[c];
            for (int i = 0; i < n; i++) {
                rot[i] = new Quaterniond();
            }
            mapper.bodyTargets(pose, pos, rot);
            startClass[c] = axes.classify(rot[axes.pelvis()], rot[axes.chest()]);
            if (startClass[c] != e.startClass()) {
                throw new FormatException(e.name(), 0, "frame " + e.firstFrame() + " lies " + startClass[c]
                        + " (read from its pelvis and chest), but the library gives startClass " + e.startClass());
            }
            startHeading[c] = axes.lyingHeading(rot[axes.pelvis()], rot[axes.chest()]);
            for (int i = 0; i < n; i++) {
                removeHeading(rot[i], startHeading[c]);
            }
        }
    }

    /** q ← R_y(−heading)·q. */
    static Quaterniond removeHeading(Quaterniond q, double heading) {
        double s = Math.sin(-heading / 2);
        double c = Math.cos(-heading / 2);
        // (0, s, 0, c)·q
        return q.set(c * q.x + s * q.z, c * q.y + s * q.w, c * q.z - s * q.x, c * q.w - s * q.y);
    }

    /** Seconds into clip c of frame f. */
    double frameTime(int c, int f) {
        return f / library.clip(c).frameRate();
    }

    /** Classifies the ragdoll's pose now and chooses its get-up (see the class comment). Allocates only the result. */
    public GetUpChoice choose() {
        World w = ragdoll.world();
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            w.orientation(ragdoll.body(i), physics[i]);
        }
        PoseClass cls = axes.classify(physics[axes.pelvis()], physics[axes.chest()]);
        double heading = axes.lyingHeading(physics[axes.pelvis()], physics[axes.chest()]);
        boolean any = false;
        for (int c = 0; c < startClass.length; c++) {
            any |= startClass[c] == cls;
        }
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < startClass.length; c++) {
            if (any && startClass[c] != cls) {
                continue;
            }
            double d = distance(c, heading);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return new GetUpChoice(best, library.entries().get(best).name(), cls, startClass[best], bestDistance, heading);
    }

    /** The weighted distance (rad) of the physics orientations (in {@link #physics}) from clip c's first frame. */
    private double distance(int c, double heading) {
        World w = ragdoll.world();
        double sum = 0;
        double mass = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            removeHeading(qa.set(physics[i]), heading);
            qb.set(start[c][i]);
            double dot = Math.abs(qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w);
            double m = w.body(ragdoll.body(i)).mass();
            sum += m * 2 * Math.acos(Math.min(1, dot));
            mass += m;
        }
        return sum / mass;
    }

    public GetUpLibrary library() {
        return library;
    }

    Retarget retarget(int c) {
        return retarget[c];
    }

    double startHeading(int c) {
        return startHeading[c];
    }

    Vector3d startRoot(int c, Vector3d dest) {
        return dest.set(startRoot[c]);
    }

    /** The class clip c's first frame lies in. */
    public PoseClass startClass(int c) {
        return startClass[c];
    }

    public TorsoAxes axes() {
        return axes;
    }
}
