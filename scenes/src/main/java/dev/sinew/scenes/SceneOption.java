package dev.sinew.scenes;

/**
 * The options a scene may read beyond {@code --seconds}; a scene lists those it reads
 * ({@link Scene#options()}), and the command line refuses the others rather than ignoring them.
 */
public enum SceneOption {
    /** {@code --seed K}: the seed of a scene that randomizes. */
    SEED("--seed"),
    /** {@code --count N}: a scene-specific count ({@link Scene#count()} says what and how many at most). */
    COUNT("--count"),
    /** {@code --clip FILE.bvh} with {@code --unit}, {@code --clip-start}, {@code --clip-end}: the motion. */
    CLIP("--clip"),
    /** {@code --ragdoll FILE.json}: the ragdoll definition for the clip's skeleton. */
    RAGDOLL("--ragdoll"),
    /** {@code --profile NAME|FILE.json}: the drive profile of the scene's active ragdolls. */
    PROFILE("--profile");

    private final String flag;

    SceneOption(String flag) {
        this.flag = flag;
    }

    /** The command-line flag. */
    public String flag() {
        return flag;
    }
}
