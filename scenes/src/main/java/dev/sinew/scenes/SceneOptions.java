package dev.sinew.scenes;

import dev.sinew.solver.InvalidArgumentException;

/**
 * Options for one scene run.
 *
 * @param seconds simulated seconds; NaN means the scene's default
 * @param threads worker threads (the solver is single-threaded for now; recorded in the report)
 * @param seed    seed for scenes that randomize, so a run is reproducible
 * @param count   scene-specific count (for example ragdolls in a pile); 0 means the scene's default
 * @param profile drive profile name for scenes with active ragdolls ({@code profiles/drive/NAME.json});
 *                null means the scene's default
 */
public record SceneOptions(double seconds, int threads, long seed, int count, String profile) {
    /** Options with the scene's default profile. */
    public SceneOptions(double seconds, int threads, long seed, int count) {
        this(seconds, threads, seed, count, null);
    }

    public SceneOptions {
        if (profile != null && !profile.matches("[A-Za-z0-9_-]+")) {
            throw new InvalidArgumentException("profile", profile, "must be a profile name (letters, digits, '-', '_')");
        }
        if (!Double.isNaN(seconds) && !(seconds > 0 && Double.isFinite(seconds))) {
            throw new InvalidArgumentException("seconds", seconds, "must be finite and > 0");
        }
        if (threads < 1) {
            throw new InvalidArgumentException("threads", threads, "must be >= 1");
        }
        if (count < 0) {
            throw new InvalidArgumentException("count", count, "must be >= 0");
        }
    }

    public static SceneOptions defaults() {
        return new SceneOptions(Double.NaN, 1, 1, 0);
    }

    public SceneOptions withSeconds(double s) {
        return new SceneOptions(s, threads, seed, count, profile);
    }

    /** The profile to use: this option's, or {@code fallback} when none was given. */
    public String profileOr(String fallback) {
        return profile == null ? fallback : profile;
    }
}
