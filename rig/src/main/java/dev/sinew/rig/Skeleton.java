package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * An animation skeleton: bones with names, parents listed before their children, and each bone's
 * rest transform relative to its parent (translation in metres, rotation), and optionally an end
 * site: the tip of a bone that has no child there (a BVH {@code End Site}: a fingertip, the top of
 * the head), as an offset in the bone's frame. Immutable; build one with {@link Builder} or import
 * one ({@link BvhImporter}).
 */
public final class Skeleton {
    private final String[] names;
    private final int[] parents;
    /** Rest translation of each bone relative to its parent (3 per bone), metres. */
    private final double[] restOffsets;
    /** Rest rotation of each bone relative to its parent (x, y, z, w; 4 per bone). */
    private final double[] restRotations;
    /** End-site offset of each bone in its own frame (3 per bone), metres; NaN where it has none. */
    private final double[] endSites;
    private final Map<String, Integer> index = new HashMap<>();

    private Skeleton(String[] names, int[] parents, double[] restOffsets, double[] restRotations, double[] endSites) {
        this.names = names;
        this.parents = parents;
        this.restOffsets = restOffsets;
        this.restRotations = restRotations;
        this.endSites = endSites;
        for (int i = 0; i < names.length; i++) {
            index.put(names[i], i);
        }
    }

    public int boneCount() {
        return names.length;
    }

    public String name(int bone) {
        return names[check(bone)];
    }

    /** The parent's index, or −1 for a root. Parents come before their children. */
    public int parent(int bone) {
        return parents[check(bone)];
    }

    /** The bone's index. @throws InvalidArgumentException naming the bone if there is none */
    public int index(String name) {
        Integer i = index.get(name);
        if (i == null) {
            throw new InvalidArgumentException("bone", name, "no such bone in this skeleton");
        }
        return i;
    }

    /** The bone's index, or −1. */
    public int find(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    public List<String> names() {
        return List.of(names);
    }

    public Vector3d restOffset(int bone, Vector3d dest) {
        int o = 3 * check(bone);
        return dest.set(restOffsets[o], restOffsets[o + 1], restOffsets[o + 2]);
    }

    public Quaterniond restRotation(int bone, Quaterniond dest) {
        int o = 4 * check(bone);
        return dest.set(restRotations[o], restRotations[o + 1], restRotations[o + 2], restRotations[o + 3]);
    }

    /** Whether the bone has an end site. */
    public boolean hasEndSite(int bone) {
        return !Double.isNaN(endSites[3 * check(bone)]);
    }

    /** The bone's end-site offset in its own frame, metres, or null if it has none. */
    public Vector3d endSite(int bone, Vector3d dest) {
        int o = 3 * check(bone);
        return Double.isNaN(endSites[o]) ? null : dest.set(endSites[o], endSites[o + 1], endSites[o + 2]);
    }

    double offset(int bone, int axis) {
        return restOffsets[3 * bone + axis];
    }

    private int check(int bone) {
        if (bone < 0 || bone >= names.length) {
            throw new InvalidArgumentException("bone", bone, "must be in [0, " + names.length + ")");
        }
        return bone;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Adds bones parent first. */
    public static final class Builder {
        private String[] names = new String[16];
        private int[] parents = new int[16];
        private double[] offsets = new double[48];
        private double[] rotations = new double[64];
        private double[] ends = new double[48];
        private int count;
        private final Map<String, Integer> seen = new HashMap<>();

        /**
         * Adds a bone; {@code parent} is −1 for a root or the index of a bone added before.
         *
         * @throws InvalidArgumentException on a duplicate or blank name, a parent not yet added,
         *                                  a non-finite offset or a non-unit rotation
         */
        public Builder add(String name, int parent, Vector3dc restOffset, Quaterniondc restRotation) {
            if (name == null || name.isBlank()) {
                throw new InvalidArgumentException("name", name, "must not be blank");
            }
            if (seen.containsKey(name)) {
                throw new InvalidArgumentException("name", name, "duplicate bone name");
            }
            if (parent < -1 || parent >= count) {
                throw new InvalidArgumentException("parent", parent, "must be -1 or a bone added before (" + count + " so far)");
            }
            dev.sinew.solver.Check.finite("restOffset", restOffset);
            dev.sinew.solver.Check.unit("restRotation", restRotation);
            if (count == names.length) {
                int n = 2 * count;
                names = Arrays.copyOf(names, n);
                parents = Arrays.copyOf(parents, n);
                offsets = Arrays.copyOf(offsets, 3 * n);
                rotations = Arrays.copyOf(rotations, 4 * n);
                ends = Arrays.copyOf(ends, 3 * n);
            }
            names[count] = name;
            parents[count] = parent;
            offsets[3 * count] = restOffset.x();
            offsets[3 * count + 1] = restOffset.y();
            offsets[3 * count + 2] = restOffset.z();
            double inv = 1 / Math.sqrt(restRotation.lengthSquared());
            rotations[4 * count] = restRotation.x() * inv;
            rotations[4 * count + 1] = restRotation.y() * inv;
            rotations[4 * count + 2] = restRotation.z() * inv;
            rotations[4 * count + 3] = restRotation.w() * inv;
            ends[3 * count] = Double.NaN;
            seen.put(name, count);
            count++;
            return this;
        }

        public Builder add(String name, int parent, Vector3dc restOffset) {
            return add(name, parent, restOffset, new Quaterniond());
        }

        /**
         * Gives a bone added before an end site: its tip, {@code offset} in the bone's frame, metres.
         *
         * @throws InvalidArgumentException if the bone was not added, already has one, or the offset is not finite
         */
        public Builder endSite(int bone, Vector3dc offset) {
            if (bone < 0 || bone >= count) {
                throw new InvalidArgumentException("bone", bone, "must be a bone added before (" + count + " so far)");
            }
            if (!Double.isNaN(ends[3 * bone])) {
                throw new InvalidArgumentException("endSite", names[bone], "already has an end site");
            }
            dev.sinew.solver.Check.finite("endSite", offset);
            ends[3 * bone] = offset.x();
            ends[3 * bone + 1] = offset.y();
            ends[3 * bone + 2] = offset.z();
            return this;
        }

        public Skeleton build() {
            if (count == 0) {
                throw new InvalidArgumentException("bones", 0, "a skeleton needs at least one bone");
            }
            return new Skeleton(Arrays.copyOf(names, count), Arrays.copyOf(parents, count), Arrays.copyOf(offsets, 3 * count),
                    Arrays.copyOf(rotations, 4 * count), Arrays.copyOf(ends, 3 * count));
        }
    }
}
