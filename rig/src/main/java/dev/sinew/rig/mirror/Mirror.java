package dev.sinew.rig.mirror;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.InvalidArgumentException;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The left–right mirror of poses and clips of one skeleton: every bone takes its partner's motion
 * (LeftHip ↔ RightHip, LThumb ↔ RThumb, lhand ↔ rhand; a bone without one keeps its own), reflected
 * across the plane through the origin perpendicular to the skeleton's lateral axis.
 *
 * <p>With M the reflection (x → −x for the x axis), a rotation R mirrors to M·R·M, a proper rotation:
 * the quaternion (x, y, z, w) becomes (x, −y, −z, w) for the x axis (the axis's own component kept,
 * the other two negated). It is applied in model space, so bone frames need not be symmetric: bone b
 * of the mirrored pose turns to G'_b = mirror(G_p)·conj(mirror(R_p))·R_b, with p = partner(b), G the
 * model rotations and R those of the rest pose, so the rest pose mirrors to itself; the local
 * rotations are then G'_parent*·G'_b. The root translation is reflected. On a skeleton whose rest
 * offsets are mirror images (left offset = M·right offset), the mirrored pose puts every bone where
 * M puts its partner.
 */
public final class Mirror {
    /** The lateral axis: 0 x, 1 y, 2 z. */
    private final int axis;
    private final Skeleton skeleton;
    private final int[] partner;
    /** Per bone: conj(mirror(R_partner))·R_b, x y z w. */
    private final double[] correction;
    private final Pose scratch;
    private final double[] model;
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond c = new Quaterniond();
    private final Quaterniond p = new Quaterniond();
    private final Vector3d v = new Vector3d();

    private Mirror(Skeleton skeleton, int axis, int[] partner) {
        this.skeleton = skeleton;
        this.axis = axis;
        this.partner = partner;
        int n = skeleton.boneCount();
        Pose rest = new Pose(skeleton).evaluate();
        correction = new double[4 * n];
        Quaterniond rb = new Quaterniond();
        Quaterniond rp = new Quaterniond();
        for (int b = 0; b < n; b++) {
            rest.modelRotation(b, rb);
            reflect(rest.modelRotation(partner[b], rp)).conjugate().mul(rb).normalize();
            correction[4 * b] = rp.x;
            correction[4 * b + 1] = rp.y;
            correction[4 * b + 2] = rp.z;
            correction[4 * b + 3] = rp.w;
        }
        scratch = new Pose(skeleton);
        model = new double[4 * n];
    }

    /**
     * A mirror whose pairs are found from the bone names: Left/Right (any case) anywhere in the name,
     * a leading L/R or l/r, or a trailing _L/_R, .L/.R (either case). A candidate counts only if that
     * bone exists, so lowerback stays itself.
     *
     * @param axis the lateral axis reflected: "x", "y" or "z"
     * @throws InvalidArgumentException if the pairs found are not mutual or the axis is unknown
     */
    public static Mirror of(Skeleton skeleton, String axis) {
        int n = skeleton.boneCount();
        int[] partner = new int[n];
        for (int b = 0; b < n; b++) {
            partner[b] = findPartner(skeleton, skeleton.name(b));
        }
        return checked(skeleton, axis, partner);
    }

    /**
     * A mirror with the pairs given (each name to its partner; either direction may be listed, bones
     * not listed keep their own motion).
     *
     * @throws InvalidArgumentException naming a bone that does not exist or is paired twice
     */
    public static Mirror of(Skeleton skeleton, String axis, Map<String, String> pairs) {
        int n = skeleton.boneCount();
        int[] partner = new int[n];
        for (int b = 0; b < n; b++) {
            partner[b] = b;
        }
        for (Map.Entry<String, String> e : pairs.entrySet()) {
            int a = skeleton.index(e.getKey());
            int b = skeleton.index(e.getValue());
            if ((partner[a] != a && partner[a] != b) || (partner[b] != b && partner[b] != a)) {
                throw new InvalidArgumentException("pairs." + e.getKey(), e.getValue(), "one of these bones is paired twice");
            }
            partner[a] = b;
            partner[b] = a;
        }
        return checked(skeleton, axis, partner);
    }

    private static Mirror checked(Skeleton skeleton, String axis, int[] partner) {
        int ax = switch (axis == null ? "" : axis) {
            case "x" -> 0;
            case "y" -> 1;
            case "z" -> 2;
            default -> throw new InvalidArgumentException("axis", axis, "must be x, y or z (the skeleton's lateral axis)");
        };
        for (int b = 0; b < partner.length; b++) {
            if (partner[partner[b]] != b) {
                throw new InvalidArgumentException("bone", skeleton.name(b), "pairs with " + skeleton.name(partner[b])
                        + ", which pairs with " + skeleton.name(partner[partner[b]]) + ": mirror pairs must be mutual");
            }
        }
        return new Mirror(skeleton, ax, partner);
    }

    private static int findPartner(Skeleton s, String name) {
        String[][] swaps = {{"Left", "Right"}, {"left", "right"}, {"LEFT", "RIGHT"}};
        for (String[] sw : swaps) {
            for (int k = 0; k < 2; k++) {
                int at = name.indexOf(sw[k]);
                if (at >= 0) {
                    int i = s.find(name.substring(0, at) + sw[1 - k] + name.substring(at + sw[k].length()));
                    if (i >= 0) {
                        return i;
                    }
                }
            }
        }
        String[] candidates = {swapFirst(name), swapSuffix(name)};
        for (String cand : candidates) {
            if (cand != null) {
                int i = s.find(cand);
                if (i >= 0) {
                    return i;
                }
            }
        }
        return s.index(name);
    }

    /** L… ↔ R…, l… ↔ r…, or null. */
    private static String swapFirst(String name) {
        char o = other(name.charAt(0));
        return name.length() < 2 || o == 0 ? null : o + name.substring(1);
    }

    /** …_L ↔ …_R, ….L ↔ ….R (either case), or null. */
    private static String swapSuffix(String name) {
        int n = name.length();
        if (n < 3 || (name.charAt(n - 2) != '_' && name.charAt(n - 2) != '.')) {
            return null;
        }
        char o = other(name.charAt(n - 1));
        return o == 0 ? null : name.substring(0, n - 1) + o;
    }

    /** The other side's letter: L ↔ R, l ↔ r, else 0. */
    private static char other(char c) {
        return switch (c) {
            case 'L' -> 'R';
            case 'R' -> 'L';
            case 'l' -> 'r';
            case 'r' -> 'l';
            default -> 0;
        };
    }

    public Skeleton skeleton() {
        return skeleton;
    }

    /** The bone whose motion bone b takes (b itself when it has no partner). */
    public int partner(int bone) {
        return partner[bone];
    }

    /** M·R·M as a quaternion, in place. */
    private Quaterniond reflect(Quaterniond r) {
        return switch (axis) {
            case 0 -> r.set(r.x, -r.y, -r.z, r.w);
            case 1 -> r.set(-r.x, r.y, -r.z, r.w);
            default -> r.set(-r.x, -r.y, r.z, r.w);
        };
    }

    /**
     * The mirror of {@code source} into {@code dest} (which may be the same pose). Allocates nothing.
     */
    public Pose apply(Pose source, Pose dest) {
        if (source.skeleton() != skeleton || dest.skeleton() != skeleton) {
            throw new InvalidArgumentException("pose", source.skeleton() != skeleton ? source : dest,
                    "is a pose of another skeleton");
        }
        scratch.set(source).evaluate();
        int n = skeleton.boneCount();
        for (int b = 0; b < n; b++) {
            reflect(scratch.modelRotation(partner[b], q));
            c.set(correction[4 * b], correction[4 * b + 1], correction[4 * b + 2], correction[4 * b + 3]);
            q.mul(c).normalize();
            model[4 * b] = q.x;
            model[4 * b + 1] = q.y;
            model[4 * b + 2] = q.z;
            model[4 * b + 3] = q.w;
        }
        for (int b = 0; b < n; b++) {
            int par = skeleton.parent(b);
            q.set(model[4 * b], model[4 * b + 1], model[4 * b + 2], model[4 * b + 3]);
            if (par >= 0) {
                p.set(model[4 * par], model[4 * par + 1], model[4 * par + 2], model[4 * par + 3]).conjugate();
                q.premul(p).normalize();
            }
            dest.setLocalRotation(b, q);
        }
        scratch.rootTranslation(v);
        v.setComponent(axis, -v.get(axis));
        dest.setRootTranslation(v);
        return dest;
    }

    /** The mirrored clip, every frame mirrored, named after the source with " mirrored". */
    public Clip apply(Clip clip) {
        if (clip.skeleton() != skeleton) {
            throw new InvalidArgumentException("clip", clip.name(), "is a clip of another skeleton");
        }
        return clip.mapped(clip.name() + " mirrored", this::apply);
    }
}
