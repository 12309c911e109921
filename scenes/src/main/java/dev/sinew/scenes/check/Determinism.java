package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.WorldSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * Determinism: a scene run three times side by side, its state hashes compared after every tick.
 * Run B is a plain second run; run C, every {@value #EVERY} ticks, takes a snapshot, steps its
 * world alone for {@value #AHEAD} ticks (the scene not told), restores the snapshot and goes on:
 * restoring must put back exactly what stepping changed. {@code hashMismatchTicks} counts the
 * ticks on which B's hash was not A's, {@code restoreMismatchTicks} those on which C's was not.
 * Run D steps on 2 threads ({@code threadMismatchTicks}: the ticks its hash was not A's); it runs
 * whenever the scene options accept 2 threads, and the report says so when they do not.
 */
final class Determinism extends SceneBased {
    static final int EVERY = 60;
    static final int AHEAD = 15;
    Determinism(String name, Scene scene, SceneOptions options, double seconds) {
        super(name, scene, options, seconds);
    }

    @Override
    public String what() {
        return scene.name() + " run twice, and a third time with snapshot, step ahead and restore every " + EVERY
                + " ticks: the state hash of every tick compared" + (parallelStep() ? "; and on 2 worker threads" : "");
    }

    @Override
    public long ticks() {
        return ticks * (parallelStep() ? 4 : 3) + ticks / EVERY * AHEAD;
    }

    /** Whether the step can run on more than one worker thread (the scene options accept 2). */
    static boolean parallelStep() {
        try {
            new SceneOptions(Double.NaN, 2, 1, 0);
            return true;
        } catch (InvalidArgumentException e) {
            return false;
        }
    }

    @Override
    public ScenarioResult run(Runnable progress) {
        SceneRun a = new SceneRun(scene, options, Phases.REACTING);
        SceneRun b = new SceneRun(scene, options, Phases.REACTING);
        SceneRun c = new SceneRun(scene, options, Phases.REACTING);
        boolean threads = parallelStep();
        SceneRun d = threads ? new SceneRun(scene, new SceneOptions(options.seconds(), 2, options.seed(), options.count(),
                options.inputs(), options.world(), options.origin()), Phases.REACTING) : null;
        long differ = 0;
        long restoreDiffer = 0;
        long threadDiffer = 0;
        long firstDiffer = -1;
        int restores = 0;
        for (long t = 0; t < ticks; t++) {
            if (t % EVERY == EVERY / 2) {
                WorldSnapshot snap = c.world.snapshot();
                for (int k = 0; k < AHEAD; k++) {
                    c.world.step();
                    progress.run();
                }
                c.world.restore(snap);
                restores++;
            }
            a.tick(t);
            b.tick(t);
            c.tick(t);
            long h = a.world.stateHash();
            if (b.world.stateHash() != h) {
                differ++;
                firstDiffer = firstDiffer < 0 ? t : firstDiffer;
            }
            restoreDiffer += c.world.stateHash() != h ? 1 : 0;
            if (d != null) {
                d.tick(t);
                threadDiffer += d.world.stateHash() != h ? 1 : 0;
                progress.run();
            }
            progress.run();
            progress.run();
            progress.run();
        }
        if (d != null) {
            d.world.close();
        }
        double dt = a.world.settings().tickSeconds();
        List<Finding> extra = new ArrayList<>();
        extra.add(new Finding(CheckResult.equalTo("hashMismatchTicks", differ, 0),
                firstDiffer < 0 ? "" : Finding.at("first", (firstDiffer + 1) * dt)));
        extra.add(Finding.of(CheckResult.equalTo("restoreMismatchTicks", restoreDiffer, 0)));
        List<String> notes = new ArrayList<>();
        if (d != null) {
            extra.add(Finding.of(CheckResult.equalTo("threadMismatchTicks", threadDiffer, 0)));
        } else {
            notes.add("1 vs 2 worker threads: not compared, the step runs on one thread (only --threads 1 is accepted);"
                    + " the comparison runs here once the step is parallel");
        }
        ScenarioResult r = a.result(name, what(), extra, notes);
        r.detectors().put("hashMismatchTicks", differ);
        r.detectors().put("restores", restores);
        r.detectors().put("restoreMismatchTicks", restoreDiffer);
        if (d != null) {
            r.detectors().put("threadMismatchTicks", threadDiffer);
        }
        return r;
    }
}
