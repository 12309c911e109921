package dev.sinew.rig.match;

/**
 * The groups of a motion-matching feature vector, in their order in it. Pose features describe the
 * body now, in character space (the character's root position and heading taken out); trajectory
 * features where it will be at three horizons (1/3, 2/3 and 1 s: 20, 40 and 60 frames at 60 Hz).
 * Each group is normalized by its own standard deviation over the database, then weighted.
 */
public enum FeatureGroup {
    /** left and right foot positions, m (x, y, z each; y is the height above the ground) */
    FOOT_POSITION(6),
    /** left and right foot velocities, m/s */
    FOOT_VELOCITY(6),
    /** the hips' velocity, m/s */
    HIP_VELOCITY(3),
    /** the root's ground position at the three horizons, m (x, z each) */
    TRAJECTORY_POSITION(6),
    /** the facing direction at the three horizons, unit (x, z each) */
    TRAJECTORY_DIRECTION(6);

    /** Its number of dimensions. */
    public final int size;

    FeatureGroup(int size) {
        this.size = size;
    }

    /** Where the group starts in the feature vector. */
    public int start() {
        int s = 0;
        for (FeatureGroup g : values()) {
            if (g == this) {
                return s;
            }
            s += g.size;
        }
        throw new AssertionError();
    }

    /** The feature vector's length (27). */
    public static int dimensions() {
        int s = 0;
        for (FeatureGroup g : values()) {
            s += g.size;
        }
        return s;
    }
}
