package dev.sinew.scenes;

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
}
