package dev.sinew.scenes;

import java.util.Set;

/** A catalogue entry: a named, categorized scene that can be instantiated and run. */
public interface Scene {
    /** Catalogue name, used on the command line (for example {@code box-stack}). */
    String name();

    /** Category for pickers and listings (for example {@code solver}). */
    String category();

    /** One line saying what the scene shows. */
    String description();

    /** Simulated seconds a run lasts unless told otherwise. */
    double defaultSeconds();

    /** Builds a fresh instance. */
    SceneInstance create(SceneOptions options);

    /**
     * The options this scene reads beyond {@code --seconds}; the command line refuses any other
     * rather than ignore it. {@link SceneOption#COUNT} is read when {@link #count()} is not null.
     */
    default Set<SceneOption> options() {
        return Set.of();
    }

    /** What {@code --count} means here and its bounds, or null if the scene has no count. */
    default SceneCount count() {
        return null;
    }
}
