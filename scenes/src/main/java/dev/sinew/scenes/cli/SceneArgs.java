package dev.sinew.scenes.cli;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.WorldSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The options of every command that builds a scene (a picocli mixin), checked against the scene
 * and turned into {@link SceneOptions} before anything is simulated: a scene refuses an option it
 * does not read, numbers out of range are refused with the range, and the user's files are read
 * and checked completely.
 */
public final class SceneArgs {
    /** Longest run accepted, simulated seconds (an hour: 216,000 ticks). */
    public static final double MAX_SECONDS = 3600;
    /** Share of the Java heap a run may be estimated to need. */
    static final double HEAP_SHARE = 0.75;

    @Option(names = "--seed", paramLabel = "K", description = "random seed of the scenes that randomize (default 1)")
    public Long seed;

    @Option(names = "--count", paramLabel = "N", description = "the scene's count (ragdolls in a pile, bodies, kg of a"
            + " weight): what it counts and its upper bound are listed by 'sinew scenes'; at most 1,000 ragdolls,"
            + " 20,000 bodies, 1,000,000 kg")
    public Integer count;

    @Option(names = "--clip", paramLabel = "FILE.bvh", description = "your own motion capture (BVH) instead of the scene's")
    public Path clip;

    @Option(names = "--unit", paramLabel = "M", description = "metres per unit of the --clip file, in [1e-4, 100]"
            + " (default: detected from the skeleton's height: metres, CMU units, inches, centimetres or millimetres)")
    public Double unit;

    @Option(names = "--clip-start", paramLabel = "S", description = "the first second of the --clip to use (default 0)")
    public Double clipStart;

    @Option(names = "--clip-end", paramLabel = "S", description = "the last second of the --clip to use (default its end)")
    public Double clipEnd;

    @Option(names = "--ragdoll", paramLabel = "FILE.json", description = "a ragdoll definition for the clip's skeleton")
    public Path ragdoll;

    @Option(names = "--profile", paramLabel = "NAME|FILE.json", description = "drive profile: a shipped one (default,"
            + " stiff, loose, limp) or your own file")
    public String profile;

    /** Which scene-reading options were given, as (option, flag) pairs in a fixed order. */
    private List<Object[]> given() {
        List<Object[]> g = new ArrayList<>();
        add(g, SceneOption.SEED, "--seed", seed);
        add(g, SceneOption.COUNT, "--count", count);
        add(g, SceneOption.CLIP, "--clip", clip);
        add(g, SceneOption.CLIP, "--unit", unit);
        add(g, SceneOption.CLIP, "--clip-start", clipStart);
        add(g, SceneOption.CLIP, "--clip-end", clipEnd);
        add(g, SceneOption.RAGDOLL, "--ragdoll", ragdoll);
        add(g, SceneOption.PROFILE, "--profile", profile);
        return g;
    }

    private static void add(List<Object[]> g, SceneOption o, String flag, Object value) {
        if (value != null) {
            g.add(new Object[] {o, flag});
        }
    }

    /** Whether any scene-reading option was given. */
    public boolean any() {
        return !given().isEmpty();
    }

    /**
     * Checks these options against the scene and reads the user's files.
     *
     * @param seconds simulated seconds given, or null for the scene's default
     * @param threads worker threads asked for
     * @throws InvalidArgumentException (exit 2) naming the option or file, the value and what is allowed
     * @throws EnvironmentException     (exit 3) when the run would not fit in the Java heap
     */
    public SceneOptions options(Scene scene, Double seconds, int threads) {
        checkThreads(threads);
        double tick = WorldSettings.defaults().tickSeconds();
        if (seconds != null) {
            checkSeconds(seconds, tick);
        }
        for (Object[] g : given()) {
            SceneOption o = (SceneOption) g[0];
            if (!scene.options().contains(o) || o == SceneOption.COUNT && scene.count() == null) {
                throw new BadArgument(g[1].toString(), "given", "scene " + scene.name() + " does not read " + g[1]
                        + ", so it would be ignored; the scenes that read " + g[1] + ": " + readers(o));
            }
        }
        SceneCount c = scene.count();
        if (count != null && !(count >= 1 && count <= c.max())) {
            throw new InvalidArgumentException("--count", count, String.format(Locale.ROOT,
                    "%s counts %s: must be in [1, %,d] (default %,d)", scene.name(), c.meaning(), c.max(), c.defaultValue()));
        }
        double secs = seconds == null ? scene.defaultSeconds() : seconds;
        long bytes = 8L * Math.round(secs / tick) + (c == null ? 0 : c.bytesEach() * (count == null ? c.defaultValue() : count));
        checkMemory(bytes, Runtime.getRuntime().maxMemory());
        SceneInputs inputs = UserFiles.load(clip, unit, clipStart, clipEnd, ragdoll, profile);
        return new SceneOptions(seconds == null ? Double.NaN : seconds, threads, seed == null ? 1 : seed,
                count == null ? 0 : count, inputs);
    }

    static void checkThreads(int threads) {
        if (threads < 1 || threads > SceneOptions.MAX_THREADS) {
            throw new InvalidArgumentException("--threads", threads, "must be from 1 to " + SceneOptions.MAX_THREADS
                    + " (the threads the step runs on)");
        }
    }

    static void checkSeconds(double seconds, double tick) {
        if (!(seconds >= tick && seconds <= MAX_SECONDS)) {
            throw new InvalidArgumentException("--seconds", seconds, String.format(Locale.ROOT,
                    "must be in [%.6g, %.0f] s: at least one tick (%.6g s), at most an hour", tick, MAX_SECONDS, tick));
        }
    }

    /**
     * Refuses a run estimated to need more than {@link #HEAP_SHARE} of the heap.
     *
     * @param bytes the estimate
     * @param heap  the Java heap's maximum, bytes
     */
    public static void checkMemory(long bytes, long heap) {
        if (bytes > HEAP_SHARE * heap) {
            throw new EnvironmentException(String.format(Locale.ROOT, "this run needs about %d MB, more than %.0f%% of"
                    + " the Java heap (%d MB); lower --count or --seconds, or give Java more memory (java -Xmx...)",
                    bytes >> 20, 100 * HEAP_SHARE, heap >> 20));
        }
    }

    /** The scenes that read an option, for messages. */
    static String readers(SceneOption o) {
        List<String> names = new ArrayList<>();
        for (Scene s : SceneCatalog.all()) {
            if (s.options().contains(o) && (o != SceneOption.COUNT || s.count() != null)) {
                names.add(s.name());
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }
}
