package dev.sinew.scenes.cli;

import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;
import dev.sinew.scenes.check.Battery;
import dev.sinew.scenes.check.CheckInputs;
import dev.sinew.scenes.check.CheckOptions;
import dev.sinew.scenes.check.CheckReport;
import dev.sinew.scenes.check.ReportFiles;
import dev.sinew.scenes.check.Scenario;
import dev.sinew.scenes.check.ScenarioResult;
import dev.sinew.scenes.check.Soak;
import dev.sinew.scenes.check.SoakResult;
import dev.sinew.solver.InvalidArgumentException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sinew check}: the stability battery on a ragdoll definition, a clip and a drive profile
 * (the user's or the shipped ones), or the soak run, with {@code report.json}, {@code report.html}
 * and its charts in the output folder and a summary on standard output.
 */
@Command(name = "check", mixinStandardHelpOptions = true, description = {
    "Run the stability battery on your ragdoll, clip and drive profile (or the shipped ones): drop and rest, a pile of 10,"
        + " stand, track the clip, 10 hits, a critical hit, knock-down and get-up, high gain (the profile x 10), at each"
        + " tick rate given; then 10 hits at 30 Hz ticks, 10 km from the origin, and determinism. Every scenario is watched"
        + " for velocity spikes, joint separation, limit overshoot, energy growth while limp, NaN, bodies under the ground"
        + " and jitter at rest. Writes report.json, report.html and its charts (PNG) to --out, a summary to standard output."},
        footer = {"", "Exit codes: 0 every check passed; 1 a check failed (the summary says which and why); 2 bad arguments or"
                + " input files (a profile whose bodies' masses are more than 100 times apart across a joint included);"
                + " 3 the output folder cannot be written; 4 an internal error (please report it)."})
final class CheckCommand implements Callable<Integer> {
    static final double MIN_HZ = 10;
    static final double MAX_HZ = 1000;
    static final int MAX_SEEDS = 100;
    static final double MAX_SOAK_MINUTES = 24 * 60;

    @Option(names = "--ragdoll", paramLabel = "FILE.json", description = "your ragdoll definition (default: the shipped CMU one)")
    Path ragdoll;

    @Option(names = "--clip", paramLabel = "FILE.bvh", description = "your motion capture, of the ragdoll's skeleton; its first"
            + " frame should stand (default: the CMU walk)")
    Path clip;

    @Option(names = "--unit", paramLabel = "M", description = "metres per unit of the --clip file (default: detected)")
    Double unit;

    @Option(names = "--clip-start", paramLabel = "S", description = "the first second of the --clip to use (default 0)")
    Double clipStart;

    @Option(names = "--clip-end", paramLabel = "S", description = "the last second of the --clip to use (default its end)")
    Double clipEnd;

    @Option(names = "--profile", paramLabel = "NAME|FILE.json", description = "drive profile: a shipped one (default, stiff,"
            + " loose, limp) or your own file (default: default)")
    String profile;

    @Option(names = "--ticks-per-second", paramLabel = "HZ[,HZ...]", split = ",", description = "the tick rates the battery"
            + " runs at, each in [10, 1000] Hz (default 60); the 30 Hz hits run whatever is given")
    List<Double> ticksPerSecond;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1", description = "run the seeded scenarios (the pile) with"
            + " seeds 1 to N, N in [1, 100] (default 1)")
    int seeds;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "threads each scenario's step runs on, 1"
            + " to 64 (default 1; the scenarios themselves run side by side, one per core)")
    int threads;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "check-report", description = "the folder for report.json,"
            + " report.html and the charts, made if missing (default: check-report)")
    Path out;

    @Option(names = "--soak", paramLabel = "MINUTES", description = "instead of the battery, the soak: a crowd dealt random"
            + " hits, throws, knock-downs and get-ups for this many wall-clock minutes, in (0, 1440], the heap sampled")
    Double soak;

    @Option(names = "--seed", paramLabel = "K", defaultValue = "1", description = "the soak's seed (default 1)")
    long seed;

    @Option(names = "--scenarios", paramLabel = "NAME[,NAME...]", split = ",", description = "run only these scenarios of the"
            + " battery (names as the report gives them, such as stand or 10-hits@30Hz)")
    List<String> only;

    @Option(names = "--quick", description = "the short battery (shorter runs, a pile of 4, one knock-down): a smoke test for"
            + " a test suite, about a fifth of the full battery's time")
    boolean quick;

    @Option(names = "--quiet", description = "no progress bar")
    boolean quiet;

    @Override
    public Integer call() {
        SceneArgs.checkThreads(threads);
        List<Double> hz = ticksPerSecond == null || ticksPerSecond.isEmpty() ? List.of(60.0) : List.copyOf(ticksPerSecond);
        for (double h : hz) {
            if (!(h >= MIN_HZ && h <= MAX_HZ)) {
                throw new InvalidArgumentException("--ticks-per-second", h, "each must be in [" + (int) MIN_HZ + ", "
                        + (int) MAX_HZ + "] ticks a second");
            }
        }
        if (hz.stream().distinct().count() != hz.size()) {
            throw new InvalidArgumentException("--ticks-per-second", hz, "lists a rate twice");
        }
        if (seeds < 1 || seeds > MAX_SEEDS) {
            throw new InvalidArgumentException("--seeds", seeds, "must be in [1, " + MAX_SEEDS + "]");
        }
        if (soak != null && !(soak > 0 && soak <= MAX_SOAK_MINUTES)) {
            throw new InvalidArgumentException("--soak", soak, "must be in (0, " + (int) MAX_SOAK_MINUTES + "] minutes");
        }
        SceneInputs inputs = UserFiles.load(clip, unit, clipStart, clipEnd, ragdoll, profile);
        CheckInputs.lint(inputs);
        // a definition that does not fit the clip is refused before anything runs
        SceneRunner.create(SceneCatalog.get("stand"), new SceneOptions(Double.NaN, 1, 1, 0, inputs));
        Path dir = folder(out);

        CheckOptions opts = new CheckOptions(inputs, hz, seeds, threads, quick);
        Map<String, Object> asked = new LinkedHashMap<>();
        asked.put("ticksPerSecond", hz);
        asked.put("seeds", seeds);
        asked.put("threads", threads);
        asked.put("quick", quick);
        List<ScenarioResult> results = new ArrayList<>();
        SoakResult soaked = null;
        long t0 = System.nanoTime();
        if (only != null && !only.isEmpty()) {
            asked.put("scenarios", only);
        }
        if (soak != null) {
            asked.put("soakMinutes", soak);
            asked.put("soakSeed", seed);
            soaked = Soak.run(inputs, soak, seed, quiet ? null : System.err);
        } else {
            results = Battery.run(chosen(Battery.scenarios(opts)), Runtime.getRuntime().availableProcessors(),
                    quiet ? null : System.err);
        }
        CheckReport report = CheckReport.of(CheckInputs.describe(inputs), asked, results, soaked);
        try {
            ReportFiles.write(dir, report);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the report in " + out + " (" + e.getMessage() + ")");
        }
        System.out.print(ReportFiles.summary(report, dir, (System.nanoTime() - t0) * 1e-9));
        return report.pass() ? 0 : 1;
    }

    /** The battery's scenarios, or those named by --scenarios (an unknown name is refused with the names there are). */
    private List<Scenario> chosen(List<Scenario> all) {
        if (only == null || only.isEmpty()) {
            return all;
        }
        List<String> names = all.stream().map(Scenario::name).toList();
        for (String n : only) {
            if (!names.contains(n)) {
                throw new InvalidArgumentException("--scenarios", n, "is not a scenario of this battery; one of " + names);
            }
        }
        return all.stream().filter(sc -> only.contains(sc.name())).toList();
    }

    /** The output folder, made if missing; refused (exit 3) if it is a file or cannot be written. */
    static Path folder(Path out) {
        Path p = out.toAbsolutePath().normalize();
        if (Files.exists(p) && !Files.isDirectory(p)) {
            throw new EnvironmentException("cannot write the report in " + out + ": it is a file, not a folder");
        }
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new EnvironmentException("cannot make the folder " + out + " (" + e.getMessage() + ")");
        }
        if (!Files.isWritable(p)) {
            throw new EnvironmentException("cannot write the report in " + out + ": permission denied");
        }
        return p;
    }
}
