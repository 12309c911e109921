package dev.sinew.scenes.check;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;

/** What a scenario built on one scene holds: its name, the scene, the options it runs with, and its ticks. */
abstract class SceneBased implements Scenario {
    final String name;
    final Scene scene;
    final SceneOptions options;
    /** Ticks of one run of the scene. */
    final long ticks;

    /** @param seconds simulated seconds of one run */
    SceneBased(String name, Scene scene, SceneOptions options, double seconds) {
        this.name = name;
        this.scene = scene;
        this.options = options.withSeconds(seconds);
        this.ticks = SceneRunner.steps(seconds, options.worldSettings().tickSeconds());
    }

    @Override
    public String name() {
        return name;
    }
}
