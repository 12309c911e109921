package dev.sinew.scenes.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sinew.scenes.Report;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;
import dev.sinew.solver.InvalidArgumentException;
import java.io.File;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The {@code sinew} command line. */
@Command(name = "sinew", mixinStandardHelpOptions = true, version = "sinew 0.1.0",
        description = "Sinew, an active-ragdoll physics engine. With no command: the sandbox.",
        subcommands = {Main.Run.class, Main.Scenes.class, Inspect.class})
public final class Main implements Callable<Integer> {

    /** What runs with no command; null: the headless demo. */
    private final Callable<Integer> sandbox;

    public Main() {
        this(null);
    }

    private Main(Callable<Integer> sandbox) {
        this.sandbox = sandbox;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (for tests). */
    public static int execute(String... args) {
        return commandLine(null).execute(args);
    }

    /**
     * The command line with its error handling. {@code sandbox} runs when no command is given
     * (the viewer module passes its window); null runs the headless demo.
     */
    public static CommandLine commandLine(Callable<Integer> sandbox) {
        return new CommandLine(new Main(sandbox))
                .setExecutionExceptionHandler((ex, cmd, parsed) -> {
                    if (ex instanceof InvalidArgumentException) {
                        cmd.getErr().println("sinew: " + ex.getMessage());
                        return 2;
                    }
                    throw ex;
                });
    }

    /** No command: the sandbox window when there is one, else a short headless demo. */
    @Override
    public Integer call() throws Exception {
        if (sandbox != null) {
            return sandbox.call();
        }
        return headlessDemo();
    }

    /** The pyramid for five simulated seconds, printed. */
    public static int headlessDemo() {
        System.out.println("Sinew: no window, so this runs a headless demo.");
        System.out.println("Scenes: ./sinew scenes    Run one: ./sinew run SCENE --out report.json");
        System.out.println();
        Scene scene = SceneCatalog.get("pyramid");
        Report r = SceneRunner.run(scene, SceneOptions.defaults().withSeconds(5), System.err);
        System.out.printf("%s: %d boxes, %d ticks, %.3f ms per tick (median), stateHash %s%n", r.scene(), r.bodies() - 1,
                r.steps(), r.msPerStepMedian(), r.stateHash());
        r.metrics().forEach((k, v) -> System.out.printf("  %-16s %s%n", k, v));
        return 0;
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run a scene headless and write a JSON report.")
    static final class Run implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "SCENE", description = "scene name (see 'sinew scenes')")
        String scene;

        @Option(names = "--seconds", paramLabel = "S", description = "simulated seconds (default: the scene's)")
        Double seconds;

        @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "worker threads (default 1)")
        int threads;

        @picocli.CommandLine.Mixin
        SceneArgs sceneArgs;

        @Option(names = "--out", paramLabel = "FILE", description = "report file (default: standard output)")
        File out;

        @Option(names = "--quiet", description = "no progress bar")
        boolean quiet;

        @Override
        public Integer call() throws IOException {
            Scene s = SceneCatalog.get(scene);
            SceneOptions opts = new SceneOptions(seconds == null ? Double.NaN : seconds, threads, sceneArgs.seed, sceneArgs.count,
                    sceneArgs.profile);
            Report r = SceneRunner.run(s, opts, quiet ? null : System.err);
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            if (out == null) {
                System.out.println(json.writeValueAsString(r));
            } else {
                json.writeValue(out, r);
                System.err.printf("%s: %s, report in %s%n", r.scene(), r.pass() ? "pass" : "FAIL", out);
            }
            return r.pass() ? 0 : 1;
        }
    }

    @Command(name = "scenes", mixinStandardHelpOptions = true, description = "List the scene catalogue.")
    static final class Scenes implements Callable<Integer> {
        @Override
        public Integer call() {
            for (Scene s : SceneCatalog.all()) {
                System.out.printf("%-14s %-8s %5.0f s  %s%n", s.name(), s.category(), s.defaultSeconds(), s.description());
            }
            return 0;
        }
    }
}
