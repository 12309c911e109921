package dev.sinew.reactions.getup;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Plays a clip of one skeleton on another with the same bone names (two captures of the CMU
 * skeleton, for example): local rotations are copied by bone name (rest rotations are taken to
 * agree, as in BVH files, where they are identities), bones the clip lacks keep the destination
 * pose's rotation, and the root translation is scaled by the ratio of the two skeletons' leg
 * lengths (the root's height above its lowest bone in the rest pose).
 *
 * <p>Mirrored, it plays left for right: each bone takes its partner's rotation (names with
 * {@code Left}/{@code Right}, or a leading {@code L}/{@code R} or {@code l}/{@code r}, or a
 * trailing {@code .L}/{@code .R}, {@code _L}/{@code _R}), reflected in the skeleton's x = 0
 * plane: a rotation (x, y, z, w) becomes (x, −y, −z, w) and the root translation (x, y, z) becomes
 * (−x, y, z). That assumes the skeleton's left lies along its x axis, as in the CMU skeleton.
 */
public final class Retarget {
    private final Clip clip;
    private final int[] source;
    private final boolean mirror;
    private final double rootScale;
    private final Pose scratch;
    private final Quaterniond q = new Quaterniond();
    private final Vector3d r = new Vector3d();

    public Retarget(Clip clip, Skeleton target, boolean mirror) {
        this.clip = clip;
        this.mirror = mirror;
        Skeleton from = clip.skeleton();
        source = new int[target.boneCount()];
        for (int b = 0; b < target.boneCount(); b++) {
            String name = target.name(b);
            if (mirror) {
                String partner = partner(name);
                if (partner != null && from.find(partner) >= 0) {
                    name = partner;
                }
            }
            source[b] = from.find(name);
        }
        this.rootScale = legLength(target) / legLength(from);
        this.scratch = new Pose(from);
    }

    /** The root's height above the lowest bone in the rest pose, m (1 if it has none below it). */
    static double legLength(Skeleton s) {
        Pose rest = new Pose(s).evaluate();
        Vector3d p = new Vector3d();
        double root = rest.modelPosition(0, p).y;
        double lowest = root;
        for (int b = 0; b < s.boneCount(); b++) {
            lowest = Math.min(lowest, rest.modelPosition(b, p).y);
        }
        return root - lowest > 1e-6 ? root - lowest : 1;
    }

    /** The mirror partner of a bone name, or null if it has none. */
    static String partner(String name) {
        if (name.startsWith("Left")) {
            return "Right" + name.substring(4);
        }
        if (name.startsWith("Right")) {
            return "Left" + name.substring(5);
        }
        for (String[] p : new String[][] {{".L", ".R"}, {"_L", "_R"}, {".l", ".r"}, {"_l", "_r"}}) {
            if (name.endsWith(p[0])) {
                return name.substring(0, name.length() - 2) + p[1];
            }
            if (name.endsWith(p[1])) {
                return name.substring(0, name.length() - 2) + p[0];
            }
        }
        if (name.length() > 1) {
            char c = name.charAt(0);
            char other = c == 'L' ? 'R' : c == 'R' ? 'L' : c == 'l' ? 'r' : c == 'r' ? 'l' : 0;
            // a one-letter side prefix stands before a capital (LHipJoint) or, lower case, before a word (lhand)
            if (other != 0 && (Character.isUpperCase(name.charAt(1)) || Character.isLowerCase(c))) {
                return other + name.substring(1);
            }
        }
        return null;
    }

    /**
     * The clip at {@code time} s (clamped) on the target skeleton, into {@code dest}: mapped bones'
     * local rotations and the scaled root translation are set, other bones keep dest's rotation.
     * Allocates nothing.
     */
    public Pose sample(double time, Pose dest) {
        clip.sample(time, Clip.Wrap.CLAMP, scratch);
        for (int b = 0; b < source.length; b++) {
            int s = source[b];
            if (s < 0) {
                continue;
            }
            scratch.localRotation(s, q);
            if (mirror) {
                q.set(q.x, -q.y, -q.z, q.w);
            }
            dest.setLocalRotation(b, q);
        }
        scratch.rootTranslation(r);
        if (mirror) {
            r.x = -r.x;
        }
        return dest.setRootTranslation(r.mul(rootScale));
    }

    public Clip clip() {
        return clip;
    }

    /** Target root translation per clip root translation. */
    public double rootScale() {
        return rootScale;
    }
}
