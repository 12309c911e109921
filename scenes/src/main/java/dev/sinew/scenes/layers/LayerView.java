package dev.sinew.scenes.layers;

import dev.sinew.rig.layer.LayerStack;
import dev.sinew.rig.match.MotionMatcher;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * What a scene with animation layers shows and takes in the sandbox: its layer stack or motion
 * matcher (read for the panel), a look-at target that can be dragged, and a stick.
 */
public interface LayerView {
    /** The character's layer stack, or null. */
    default LayerStack stack() {
        return null;
    }

    /** The character's motion matcher, or null. */
    default MotionMatcher matcher() {
        return null;
    }

    /** The look-at target now (world, m) into dest, or null when there is none. */
    default Vector3d lookTarget(Vector3d dest) {
        return null;
    }

    /** Puts the look-at target at {@code point} (world, m); the scene's own script stops moving it. */
    default void moveLookTarget(Vector3dc point) {
    }

    /** Whether the scene takes a stick. */
    default boolean takesStick() {
        return false;
    }

    /**
     * The stick, world directions x and z, length up to 1; the scene's own script stops. Zero
     * centres it.
     */
    default void setStick(double x, double z) {
    }
}
