package dev.sinew.reactions.getup;

import dev.sinew.solver.InvalidArgumentException;

/**
 * How a fallen character lies, read from its torso: on its front, on its back, or on a side. A
 * side is named after the side that is down: {@link #SIDE_RIGHT} lies on its right side (its
 * left side up).
 */
public enum PoseClass {
    FACE_DOWN("faceDown"), FACE_UP("faceUp"), SIDE_LEFT("sideLeft"), SIDE_RIGHT("sideRight");

    /** The name in data files and reports. */
    public final String key;

    PoseClass(String key) {
        this.key = key;
    }

    /** The class of a data-file name. @throws InvalidArgumentException naming the allowed names */
    public static PoseClass of(String key) {
        for (PoseClass c : values()) {
            if (c.key.equals(key)) {
                return c;
            }
        }
        throw new InvalidArgumentException("startClass", key, "must be one of faceDown, faceUp, sideLeft, sideRight");
    }

    /** The class of the mirror image (left and right swapped). */
    public PoseClass mirrored() {
        return switch (this) {
            case SIDE_LEFT -> SIDE_RIGHT;
            case SIDE_RIGHT -> SIDE_LEFT;
            default -> this;
        };
    }

    @Override
    public String toString() {
        return key;
    }
}
