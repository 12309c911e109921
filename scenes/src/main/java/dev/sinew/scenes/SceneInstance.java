package dev.sinew.scenes;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import java.util.List;
import java.util.Map;

/**
 * A running scene: owns its world, is told before and after every tick, and at the end
 * produces its metrics and checks. Viewer and headless runner drive it the same way.
 */
public interface SceneInstance {
    World world();

    /** Called before tick number {@code tick} (0-based); drive kinematic bodies, apply hits. */
    default void beforeStep(long tick) {
    }

    /** Called after tick number {@code tick}; measure. */
    default void afterStep(long tick) {
    }

    /**
     * The body a camera follows and frames (a character's pelvis), or null for the whole scene.
     */
    default BodyHandle focus() {
        return null;
    }

    /**
     * The pose driver of the scene's active character (its profile, strengths, root drive and
     * tracking report), or null when the scene has none.
     */
    default dev.sinew.drives.PoseDriver driver() {
        return null;
    }

    /**
     * The scene's animation layers (for the sandbox's panel, look-at target and stick), or null when
     * it has none.
     */
    default dev.sinew.scenes.layers.LayerView layers() {
        return null;
    }

    /**
     * The scene's reacting character (its state, hits, weakening and get-up), or null when the
     * scene has none.
     */
    default dev.sinew.reactions.Character character() {
        return null;
    }

    /** Metrics, by the names the scene's issue gives, in a stable order. */
    Map<String, Object> metrics();

    /** Checks against the scene's limits. */
    List<CheckResult> checks();
}
