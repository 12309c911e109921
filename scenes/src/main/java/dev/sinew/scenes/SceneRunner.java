package dev.sinew.scenes;

import dev.sinew.rig.DefinitionException;
import dev.sinew.solver.World;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** Runs a scene headless for a number of ticks and builds its report. */
public final class SceneRunner {
    private SceneRunner() {
    }

    /**
     * Builds a scene's instance. A ragdoll definition that does not fit the clip's skeleton is
     * reported against the user's files (the definition's file and line, or the clip when the
     * shipped ragdoll was used with it).
     */
    public static SceneInstance create(Scene scene, SceneOptions options) {
        try {
            SceneInstance inst = scene.create(options);
            World w = inst.world();
            if (w != null && w.settings().threads() != options.threads()) {
                w.setSettings(w.settings().withThreads(options.threads()));
            }
            return inst;
        } catch (DefinitionException e) {
            throw options.inputs().explain(e);
        } catch (dev.sinew.solver.InvalidArgumentException e) {
            throw options.inputs().explain(e);
        }
    }

    /** The ticks a run of this many seconds takes with the scene's tick (at least one tick of simulated time). */
    public static long steps(double seconds, double tickSeconds) {
        return Math.round(seconds / tickSeconds);
    }

    /**
     * @param progress where to draw a progress bar, or null for none
     */
    public static Report run(Scene scene, SceneOptions options, PrintStream progress) {
        double seconds = Double.isNaN(options.seconds()) ? scene.defaultSeconds() : options.seconds();
        SceneInstance inst = create(scene, options);
        World world = inst.world();
        double dt = world.settings().tickSeconds();
        long steps = steps(seconds, dt);
        long[] nanos = new long[(int) steps];
        Progress bar = new Progress(scene.name(), steps, progress);
        for (long t = 0; t < steps; t++) {
            inst.beforeStep(t);
            long t0 = System.nanoTime();
            world.step();
            nanos[(int) t] = System.nanoTime() - t0;
            inst.afterStep(t);
            bar.update(t + 1);
        }
        bar.done();
        world.close();
        Arrays.sort(nanos);
        double median = steps == 0 ? 0 : nanos[(int) (steps / 2)] / 1e6;
        List<CheckResult> checks = inst.checks();
        boolean pass = checks.stream().allMatch(CheckResult::pass);
        return new Report(scene.name(), steps * dt, steps, dt, world.settings().substeps(), options.threads(),
                options.seed(), options.inputs().describe(), world.bodyCount(), world.jointCount(), world.stateHashHex(),
                median, inst.metrics(), checks, pass);
    }
}
