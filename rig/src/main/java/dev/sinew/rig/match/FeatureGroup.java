package dev.sinew.rig.match;

/**
 * The groups of a motion-matching feature vector, in their order in it. Pose features describe the
 * body now, in character space (the character's root position and heading taken out); trajectory
 * features where it will be at three horizons (1/3, 2/3 and 1 s: 20, 40 and 60 frames at 60 Hz).
 * Each group is normalized by its own standard deviation over the database, then weighted.
 */
public enum FeatureGroup {
    /** left and right foot positions, m (x, y, z each; y is the height above the ground) */
    FOOT_POSITION(0, 6),
    /** left and right foot velocities, m/s */
    FOOT_VELOCITY(6, 6),
    /** the hips' velocity, m/s */
    HIP_VELOCITY(12, 3),
    /** the root's ground position at the three horizons, m (x, z each) */
    TRAJECTORY_POSITION(15, 6),
    /** the facing direction at the three horizons, unit (x, z each) */
    TRAJECTORY_DIRECTION(21, 6);

    /** The feature vector's length. */
    private static final int DIMENSIONS = 27;

    /** Its number of dimensions. */
    public final int size;
    private final int start;

    FeatureGroup(int start, int size) {
        this.start = start;
        this.size = size;
    }

    /** Where the group starts in the feature vector. */
    public int start() {
        return start;
    }

    /** The feature vector's length (27; the groups follow each other without gaps). */
    public static int dimensions() {
        return DIMENSIONS;
    }
}
