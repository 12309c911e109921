package dev.sinew.reactions.getup;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;

/**
 * Where the reactions module and its scenes read motion capture from: the one place a clip name
 * such as {@code cmu/140_01_30fps.bvh} becomes a parsed file, from the clips the project ships
 * ({@link Mocap#names()}), each in its own unit.
 */
public final class MocapClips {
    private MocapClips() {
    }

    /** The parsed clip of that name (a path under the motion-capture folder). */
    public static BvhImporter.Bvh read(String clip) {
        return Mocap.read(clip);
    }
}
