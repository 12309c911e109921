package dev.sinew.rig.layer;

import dev.sinew.rig.Skeleton;
import dev.sinew.solver.InvalidArgumentException;
import java.util.Arrays;
import java.util.Collection;

/**
 * A named set of bones of one skeleton (a body part such as {@code face} or {@code body}, or the
 * bones an additive layer moves). Immutable; bones in ascending index order.
 */
public final class BoneMask {
    private final String name;
    private final int[] bones;
    private final boolean[] member;

    private BoneMask(String name, int[] bones, int boneCount) {
        this.name = name;
        this.bones = bones;
        this.member = new boolean[boneCount];
        for (int b : bones) {
            member[b] = true;
        }
    }

    /**
     * The mask of the named bones.
     *
     * @throws InvalidArgumentException naming the mask and a bone the skeleton does not have, or a
     *                                  bone listed twice
     */
    public static BoneMask of(Skeleton skeleton, String name, Collection<String> boneNames) {
        int[] bones = new int[boneNames.size()];
        int i = 0;
        for (String bone : boneNames) {
            int b = skeleton.find(bone);
            if (b < 0) {
                throw new InvalidArgumentException("masks." + name, bone, "no such bone in the skeleton");
            }
            bones[i++] = b;
        }
        Arrays.sort(bones);
        for (int k = 1; k < bones.length; k++) {
            if (bones[k] == bones[k - 1]) {
                throw new InvalidArgumentException("masks." + name, skeleton.name(bones[k]), "is listed twice");
            }
        }
        return new BoneMask(name, bones, skeleton.boneCount());
    }

    /** Every bone of the skeleton. */
    public static BoneMask all(Skeleton skeleton, String name) {
        int[] bones = new int[skeleton.boneCount()];
        Arrays.setAll(bones, k -> k);
        return new BoneMask(name, bones, skeleton.boneCount());
    }

    /** The bones of the skeleton that none of {@code others} has. */
    public static BoneMask rest(Skeleton skeleton, String name, Collection<BoneMask> others) {
        boolean[] taken = new boolean[skeleton.boneCount()];
        for (BoneMask m : others) {
            for (int b : m.bones) {
                taken[b] = true;
            }
        }
        int[] bones = new int[skeleton.boneCount()];
        int n = 0;
        for (int b = 0; b < taken.length; b++) {
            if (!taken[b]) {
                bones[n++] = b;
            }
        }
        return new BoneMask(name, Arrays.copyOf(bones, n), skeleton.boneCount());
    }

    public String name() {
        return name;
    }

    public int size() {
        return bones.length;
    }

    /** The i-th bone (ascending index order). */
    public int bone(int i) {
        return bones[i];
    }

    /** The bones, ascending (a copy). */
    public int[] bones() {
        return bones.clone();
    }

    public boolean contains(int bone) {
        return bone >= 0 && bone < member.length && member[bone];
    }
}
