package dev.sinew.reactions.getup;

import dev.sinew.reactions.Smoothstep;
import dev.sinew.rig.Pose;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A get-up clip playing as a character's animation: retargeted, turned and placed so that its
 * first frame lies where and as the body lies, and blended in from the body's own pose.
 *
 * <p><b>Placement.</b> The clip is turned about +Y by yaw = h − h₀ (the body's lying heading
 * minus the clip's first frame's) and moved so that its first frame's root lands, on the ground
 * plane, on the body's root bone, and the clip's floor (y = 0) on the ground found under the pelvis:
 * world = R_y(yaw)·(x − (c₀x, 0, c₀z)) + (px, ground, pz).
 *
 * <p><b>Blend.</b> Over the first {@code blendSeconds} the pose played is a cross-fade from the
 * physics pose the get-up started from (every local rotation slerped, the root translation lerped)
 * to the placed clip, weighted s(τ/blendSeconds) with s the smoothstep: at the start the
 * animation is exactly where the body is, so the drives do not jerk it (no pop), and the fade's
 * rate starts at zero.
 */
public final class GetUpMotion {
    private final GetUps getUps;
    private final Pose from;
    private final Pose clipPose;
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond p = new Quaterniond();
    private final Quaterniond yawRot = new Quaterniond();
    private final Vector3d v = new Vector3d();
    private final Vector3d w = new Vector3d();
    private final Vector3d startRoot = new Vector3d();
    private final Vector3d place = new Vector3d();
    private int clip = -1;
    private double first;
    private double duration;
    private double blendSeconds;

    public GetUpMotion(GetUps getUps, dev.sinew.rig.Skeleton skeleton) {
        this.getUps = getUps;
        this.from = new Pose(skeleton);
        this.clipPose = new Pose(skeleton);
    }

    /**
     * Starts clip {@code choice.entry()} from the physics pose {@code physicsPose} (its root
     * translation the root bone's world position), on ground at height {@code groundY} (m).
     */
    public void start(GetUpChoice choice, Pose physicsPose, double groundY, double blendSeconds) {
        clip = choice.entry();
        from.set(physicsPose);
        GetUpLibrary.Entry e = getUps.library().entries().get(clip);
        first = getUps.frameTime(clip, e.firstFrame());
        duration = getUps.frameTime(clip, e.lastFrame()) - first;
        this.blendSeconds = blendSeconds;
        double yaw = choice.heading() - getUps.startHeading(clip);
        yawRot.identity().rotateY(yaw);
        getUps.startRoot(clip, startRoot);
        startRoot.y = 0;
        physicsPose.rootTranslation(place);
        place.y = groundY;
    }

    /** Whether a clip is playing. */
    public boolean playing() {
        return clip >= 0;
    }

    public void stop() {
        clip = -1;
    }

    /** The clip's index in the library (−1: none). */
    public int clip() {
        return clip;
    }

    /** Seconds the clip plays, from its first frame to its last. */
    public double duration() {
        return duration;
    }

    /** The placed clip alone (no blend) at τ seconds after its first frame (clamped), into dest. Allocates nothing. */
    public Pose placed(double tau, Pose dest) {
        dest.set(from);
        getUps.retarget(clip).sample(first + Math.max(0, Math.min(duration, tau)), dest);
        // root: rotation and translation placed in the world
        dest.localRotation(0, q);
        dest.setLocalRotation(0, p.set(yawRot).mul(q).normalize());
        dest.rootTranslation(v).sub(startRoot);
        yawRot.transform(v).add(place);
        return dest.setRootTranslation(v);
    }

    /** The pose to track τ seconds into the get-up: the placed clip, blended in from the starting physics pose. */
    public Pose sample(double tau, Pose dest) {
        placed(tau, clipPose);
        double a = Smoothstep.of(blendSeconds > 0 ? tau / blendSeconds : 1);
        if (a >= 1) {
            return dest.set(clipPose);
        }
        slerp(from, clipPose, a, dest);
        return dest;
    }

    /** dest = per bone slerp(a, b, t) (shortest path), root translation lerped. */
    public void slerp(Pose a, Pose b, double t, Pose dest) {
        int n = a.skeleton().boneCount();
        for (int bone = 0; bone < n; bone++) {
            a.localRotation(bone, q);
            b.localRotation(bone, p);
            if (q.dot(p) < 0) {
                p.set(-p.x, -p.y, -p.z, -p.w);
            }
            dest.setLocalRotation(bone, q.slerp(p, t).normalize());
        }
        dest.setRootTranslation(a.rootTranslation(v).lerp(b.rootTranslation(w), t));
    }

    /** How far through the clip τ seconds are, 0..1. */
    public double progress(double tau) {
        return duration > 0 ? Math.max(0, Math.min(1, tau / duration)) : 1;
    }
}
