package dev.sinew.scenes.check;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOptions;
import java.util.List;

/** A scenario that is one scene run for a number of ticks, its own checks and the detectors'. */
final class SceneScenario extends SceneBased {
    private final String what;
    private final Phases phases;

    /**
     * @param seconds simulated seconds
     */
    SceneScenario(String name, String what, Scene scene, SceneOptions options, double seconds, Phases phases) {
        super(name, scene, options, seconds);
        this.what = what;
        this.phases = phases;
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
