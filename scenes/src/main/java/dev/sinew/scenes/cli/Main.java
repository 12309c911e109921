package dev.sinew.scenes.cli;

import dev.sinew.scenes.Report;
import dev.sinew.scenes.ReportJson;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;
import dev.sinew.solver.InvalidArgumentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code sinew} command line. One rule for exit codes: 0 every check passed, 1 a check failed,
 * 2 bad arguments or input files (the message names the option or the file, line or JSON path,
 * the value and what is allowed), 3 the machine cannot do it (no display, an output that cannot
 * be written, too little memory), 4 an internal error (one line; please report it). Everything is
 * checked before anything is simulated.
 */
@Command(name = "sinew", mixinStandardHelpOptions = true, version = "sinew 0.1.0",
        description = "Sinew, an active-ragdoll physics engine. With no command: the sandbox window (the scene"
                + " options below show your own clip, ragdoll and profile in it).",
        footer = {"", Main.EXIT_CODES},
        subcommands = {Main.Run.class, Main.Scenes.class, Inspect.class, CheckCommand.class})
public final class Main implements Callable<Integer> {
    static final String EXIT_CODES = "Exit codes: 0 every check passed; 1 a check failed; 2 bad arguments or input"
            + " files; 3 the machine cannot do it (no display, unwritable output, too little memory); 4 an internal"
            + " error (please report it).";

    /** What opens the sandbox window (the viewer module's). */
    @FunctionalInterface
    public interface Sandbox {
        /**
         * Opens the window and runs until it is closed.
         *
         * @param start   the scene to open at, or null for the sandbox's own choice
         * @param options the checked options for scenes that read them
         * @return the exit code
         */
        int open(Scene start, SceneOptions options);
    }

    /** What runs with no command; null: the headless demo. */
    private final Sandbox sandbox;

    @Option(names = "--scene", paramLabel = "SCENE", description = "the scene the sandbox opens at (default: ragdoll-drop,"
            + " or track-walk with your own files)")
    String scene;

    @Mixin
    SceneArgs sceneArgs;

    public Main() {
        this(null);
    }

    private Main(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (for tests). */
    public static int execute(String... args) {
        return run(commandLine(null), args);
    }

    /**
     * Runs a command line built by {@link #commandLine}, turning what escapes it into the exit
     * codes: 3 for running out of memory, 4 for anything else, one line each.
     */
    public static int run(CommandLine cl, String... args) {
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("sinew: out of memory (the Java heap is " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); lower --count or --seconds, or give Java more memory (java -Xmx...)");
            return 3;
        } catch (RuntimeException | Error e) {
            return internalError(e, cl.getErr());
        }
    }

    /**
     * The command line with its error handling. {@code sandbox} runs when no command is given
     * (the viewer module passes its window); null runs the headless demo.
     */
    public static CommandLine commandLine(Sandbox sandbox) {
        CommandLine cl = new CommandLine(new Main(sandbox));
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof InvalidArgumentException) {
                cmd.getErr().println("sinew: " + ex.getMessage());
                return 2;
            }
            if (ex instanceof EnvironmentException) {
                cmd.getErr().println("sinew: " + ex.getMessage());
                return 3;
            }
            return internalError(ex, cmd.getErr());
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            String name = c.getCommandSpec().qualifiedName();
            c.getErr().println("sinew: " + ex.getMessage() + " (see '" + name + " --help')");
            return 2;
        });
        return cl;
    }

    /** A bug: one line saying where, and please report it. */
    static int internalError(Throwable e, PrintWriter err) {
        StackTraceElement at = e.getStackTrace().length == 0 ? null : e.getStackTrace()[0];
        err.println("sinew: internal error (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": "
                + e.getMessage().lines().findFirst().orElse("")) + (at == null ? "" : " in " + at.getFileName() + ":"
                + at.getLineNumber()) + "); please report it with the command line that caused it");
        err.flush();
        return 4;
    }

    /** No command: the sandbox window when there is one, else a short headless demo. */
    @Override
    public Integer call() {
        if (sandbox == null) {
            if (scene != null || sceneArgs.any()) {
                throw new BadArgument("--scene", scene, "the sandbox window comes with the viewer (./sinew); here, run a"
                        + " scene headless: sinew run SCENE [options]");
            }
            return headlessDemo();
        }
        Scene start = scene != null ? SceneCatalog.get(scene) : sceneArgs.any() ? sceneFor(sceneArgs) : null;
        SceneOptions options = start == null ? SceneOptions.defaults() : sceneArgs.options(start, null, 1);
        if (start != null) {
            SceneRunner.create(start, options); // a definition that does not fit the clip is refused before the window opens
        }
        return sandbox.open(start, options);
    }

    /** The sandbox's first scene for the options given: track-walk when it reads them all, else the first that does. */
    private static Scene sceneFor(SceneArgs args) {
        List<Scene> order = new ArrayList<>(List.of(SceneCatalog.get("track-walk")));
        order.addAll(SceneCatalog.all());
        for (Scene s : order) {
            try {
                args.options(s, null, 1);
                return s;
            } catch (BadArgument e) {
                // this scene does not read one of them; try the next
            }
        }
        return SceneCatalog.get("track-walk"); // reports which option it does not read
    }

    /** The pyramid for five simulated seconds, printed. */
    public static int headlessDemo() {
        System.out.println("Sinew: no window, so this runs a headless demo.");
        System.out.println("Scenes: ./sinew scenes    Run one: ./sinew run SCENE --out report.json");
        System.out.println();
        Scene scene = SceneCatalog.get("pyramid");
        Report r = SceneRunner.run(scene, SceneOptions.defaults().withSeconds(5), null);
        System.out.printf("%s: %d boxes, %d ticks, %.3f ms per tick (median), stateHash %s%n", r.scene(), r.bodies() - 1,
                r.steps(), r.msPerStepMedian(), r.stateHash());
        r.metrics().forEach((k, v) -> System.out.printf("  %-16s %s%n", k, v));
        return 0;
    }

    /**
     * Refuses at once an output that cannot be written: a folder, a missing folder, no permission.
     *
     * @throws EnvironmentException (exit 3) saying why
     */
    public static void checkWritable(Path out) {
        Path p = out.toAbsolutePath().normalize();
        if (Files.isDirectory(p)) {
            throw new EnvironmentException("cannot write " + out + ": it is a folder");
        }
        Path parent = p.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new EnvironmentException("cannot write " + out + ": the folder " + parent + " does not exist");
        }
        if (Files.exists(p) ? !Files.isWritable(p) : !Files.isWritable(parent)) {
            throw new EnvironmentException("cannot write " + out + ": permission denied");
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run a scene headless and write a JSON report.",
            footer = {"", "Limits, checked before anything is simulated: --seconds from one tick to 3600; --count per"
                    + " scene ('sinew scenes' lists each); a run whose estimate (8 bytes a tick for its timings, plus the"
                    + " bodies its --count adds) passes three quarters of the Java heap is refused.", "", EXIT_CODES})
    static final class Run implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "SCENE", description = "scene name (see 'sinew scenes')")
        String scene;

        @Option(names = "--seconds", paramLabel = "S", description = "simulated seconds, from one tick (1/60 s) to 3600"
                + " (default: the scene's); a run keeps 8 bytes per tick for its timing")
        Double seconds;

        @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "threads the step runs on, 1 to 64"
                + " (default 1); the results are the same bits for any count")
        int threads;

        @Mixin
        SceneArgs sceneArgs;

        @Option(names = "--out", paramLabel = "FILE", description = "report file (default: standard output)")
        Path out;

        @Option(names = "--quiet", description = "no progress bar")
        boolean quiet;

        @Override
        public Integer call() {
            Scene s = SceneCatalog.get(scene);
            SceneArgs.checkThreads(threads);
            if (out != null) {
                checkWritable(out);
            }
            SceneOptions opts = sceneArgs.options(s, seconds, threads);
            Report r = SceneRunner.run(s, opts, quiet ? null : System.err);
            String json = ReportJson.text(r);
            if (out == null) {
                System.out.println(json);
            } else {
                try {
                    Files.writeString(out, json + System.lineSeparator(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new EnvironmentException("cannot write " + out + " (" + e.getMessage() + ")");
                }
                System.err.printf("%s: %s, report in %s%n", r.scene(), r.pass() ? "pass" : "FAIL", out);
            }
            return r.pass() ? 0 : 1;
        }
    }

    @Command(name = "scenes", mixinStandardHelpOptions = true, description = "List the scene catalogue: name, category,"
            + " default seconds, what it shows, and the options it reads.")
    static final class Scenes implements Callable<Integer> {
        @Override
        public Integer call() {
            for (Scene s : SceneCatalog.all()) {
                System.out.printf(Locale.ROOT, "%-16s %-8s %5.0f s  %s%s%n", s.name(), s.category(), s.defaultSeconds(),
                        s.description(), reads(s));
            }
            return 0;
        }

        private static String reads(Scene s) {
            List<String> r = new ArrayList<>();
            for (SceneOption o : SceneOption.values()) {
                if (!s.options().contains(o)) {
                    continue;
                }
                SceneCount c = s.count();
                if (o == SceneOption.COUNT) {
                    if (c != null) {
                        r.add(String.format(Locale.ROOT, "--count %s (default %,d, at most %,d)", c.meaning(),
                                c.defaultValue(), c.max()));
                    }
                } else {
                    r.add(o.flag());
                }
            }
            return r.isEmpty() ? "" : "  [reads " + String.join(", ", r) + "]";
        }
    }
}
