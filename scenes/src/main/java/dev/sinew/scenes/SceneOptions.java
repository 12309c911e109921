package dev.sinew.scenes;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.WorldSettings;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Options for one scene run.
 *
 * @param seconds simulated seconds; NaN means the scene's default
 * @param threads threads the step runs on, 1 to {@value #MAX_THREADS} (the results do not depend on it)
 * @param seed    seed for scenes that randomize, so a run is reproducible
 * @param count   scene-specific count (for example ragdolls in a pile); 0 means the scene's default
 * @param inputs  the user's own clip, ragdoll definition and drive profile (each optional)
 * @param world   the settings of the scene's world, for the scenes that take them ({@link #worldSettings()});
 *                null means the defaults (a 1/60 s tick). {@code sinew check} runs scenes at other
 *                tick rates and far from the origin with it
 * @param origin  where the scene's character stands (x, z; y is ignored), world, m, for the scenes
 *                that read it (the reaction scenes); null: the origin
 */
public record SceneOptions(double seconds, int threads, long seed, int count, SceneInputs inputs, WorldSettings world,
        Vector3dc origin) {
    /** Most threads a run may ask the step for. */
    public static final int MAX_THREADS = 64;

    /** Options with the user's files and the default world. */
    public SceneOptions(double seconds, int threads, long seed, int count, SceneInputs inputs) {
        this(seconds, threads, seed, count, inputs, null, null);
    }

    /** Options with the scene's shipped data. */
    public SceneOptions(double seconds, int threads, long seed, int count) {
        this(seconds, threads, seed, count, SceneInputs.NONE);
    }

    /**
     * Options with a shipped drive profile by name (null: the scene's default).
     *
     * @throws InvalidArgumentException if no profile of that name is shipped
     */
    public SceneOptions(double seconds, int threads, long seed, int count, String profile) {
        this(seconds, threads, seed, count, profile == null ? SceneInputs.NONE
                : new SceneInputs(null, null, new SceneInputs.Profile(DriveProfile.named(profile), null, null)));
    }

    public SceneOptions {
        if (!Double.isNaN(seconds) && !(seconds > 0 && Double.isFinite(seconds))) {
            throw new InvalidArgumentException("seconds", seconds, "must be finite and > 0");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new InvalidArgumentException("threads", threads, "must be from 1 to " + MAX_THREADS);
        }
        if (count < 0) {
            throw new InvalidArgumentException("count", count, "must be >= 0");
        }
        if (inputs == null) {
            inputs = SceneInputs.NONE;
        }
        if (origin != null) {
            origin = new Vector3d(origin);
        }
    }

    /** Where the scene's character stands, x (m): the origin's, or 0. */
    public double originX() {
        return origin == null ? 0 : origin.x();
    }

    /** Where the scene's character stands, z (m): the origin's, or 0. */
    public double originZ() {
        return origin == null ? 0 : origin.z();
    }

    /** The world's settings: those given, or the defaults. */
    public WorldSettings worldSettings() {
        return world == null ? WorldSettings.defaults() : world;
    }

    public static SceneOptions defaults() {
        return new SceneOptions(Double.NaN, 1, 1, 0);
    }

    public SceneOptions withSeconds(double s) {
        return new SceneOptions(s, threads, seed, count, inputs, world, origin);
    }

    public SceneOptions withSeed(long s) {
        return new SceneOptions(seconds, threads, s, count, inputs, world, origin);
    }

    public SceneOptions withCount(int n) {
        return new SceneOptions(seconds, threads, seed, n, inputs, world, origin);
    }

    public SceneOptions withInputs(SceneInputs in) {
        return new SceneOptions(seconds, threads, seed, count, in, world, origin);
    }

    public SceneOptions withWorld(WorldSettings w) {
        return new SceneOptions(seconds, threads, seed, count, inputs, w, origin);
    }

    public SceneOptions withOrigin(Vector3dc o) {
        return new SceneOptions(seconds, threads, seed, count, inputs, world, o);
    }

    /** The drive profile's name given (a shipped name or a file's profile name), or null. */
    public String profile() {
        return inputs.profile() == null ? null : inputs.profile().profile().name();
    }

    /** The profile's name: this option's, or {@code fallback} when none was given. */
    public String profileOr(String fallback) {
        return profile() == null ? fallback : profile();
    }

    /** The drive profile to use: the user's, or the shipped one named {@code shipped}. */
    public DriveProfile driveProfile(String shipped) {
        return inputs.profile() == null ? DriveProfile.named(shipped) : inputs.profile().profile();
    }

    /** The drive profile given, or null when none was (a scene whose ragdolls are limp by default). */
    public DriveProfile driveProfileOrNull() {
        return inputs.profile() == null ? null : inputs.profile().profile();
    }

    /** The clip to play: the user's (cut to its range), or the shipped one named {@code shipped}. */
    public BvhImporter.Bvh clip(String shipped) {
        return inputs.clip() == null ? Mocap.read(shipped) : inputs.clip().bvh();
    }

    /** The ragdoll definition: the user's, or the shipped one named {@code shipped}. */
    public RagdollDefinition ragdoll(String shipped) {
        return inputs.ragdoll() == null ? Profiles.ragdoll(shipped) : inputs.ragdoll().definition();
    }
}
