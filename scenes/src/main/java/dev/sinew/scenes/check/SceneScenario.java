package dev.sinew.scenes.check;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;
import java.util.List;

/** A scenario that is one scene run for a number of ticks, its own checks and the detectors'. */
final class SceneScenario implements Scenario {
    private final String name;
    private final String what;
    private final Scene scene;
    private final SceneOptions options;
    private final Phases phases;
    private final long ticks;

    /**
     * @param seconds simulated seconds
     */
    SceneScenario(String name, String what, Scene scene, SceneOptions options, double seconds, Phases phases) {
        this.name = name;
        this.what = what;
        this.scene = scene;
        this.options = options.withSeconds(seconds);
        this.phases = phases;
        this.ticks = SceneRunner.steps(seconds, options.worldSettings().tickSeconds());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String what() {
        return what;
    }

    @Override
    public long ticks() {
        return ticks;
    }

    @Override
    public ScenarioResult run(Runnable progress) {
        SceneRun run = new SceneRun(scene, options, phases);
        for (long t = 0; t < ticks; t++) {
            run.tick(t);
            progress.run();
        }
        return run.result(name, what, List.of(), List.of());
    }
}
