package dev.sinew.scenes;

import dev.sinew.solver.World;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** Runs a scene headless for a number of ticks and builds its report. */
public final class SceneRunner {
    private SceneRunner() {
    }

    /**
     * @param progress where to draw a progress bar, or null for none
     */
    public static Report run(Scene scene, SceneOptions options, PrintStream progress) {
        double seconds = Double.isNaN(options.seconds()) ? scene.defaultSeconds() : options.seconds();
        SceneInstance inst = scene.create(options);
        World world = inst.world();
        double dt = world.settings().tickSeconds();
        long steps = Math.round(seconds / dt);
        long[] nanos = new long[(int) steps];
        int lastPct = -1;
        for (long t = 0; t < steps; t++) {
            inst.beforeStep(t);
            long t0 = System.nanoTime();
            world.step();
            nanos[(int) t] = System.nanoTime() - t0;
            inst.afterStep(t);
            if (progress != null) {
                int pct = (int) (100 * (t + 1) / steps);
                if (pct != lastPct) {
                    lastPct = pct;
                    int filled = pct / 4;
                    progress.print("\r" + scene.name() + " [" + "#".repeat(filled) + " ".repeat(25 - filled) + "] "
                            + pct + "%");
                    progress.flush();
                }
            }
        }
        if (progress != null) {
            progress.println();
        }
        Arrays.sort(nanos);
        double median = steps == 0 ? 0 : nanos[(int) (steps / 2)] / 1e6;
        List<CheckResult> checks = inst.checks();
        boolean pass = checks.stream().allMatch(CheckResult::pass);
        return new Report(scene.name(), steps * dt, steps, dt, world.settings().substeps(), options.threads(),
                options.seed(), world.bodyCount(), world.jointCount(), world.stateHashHex(), median, inst.metrics(), checks,
                pass);
    }
}
