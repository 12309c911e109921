package dev.sinew.scenes.check;

import dev.sinew.scenes.SceneInputs;
import java.util.List;

/**
 * What {@code sinew check} was asked for.
 *
 * @param inputs         the user's clip, ragdoll definition and drive profile (each optional)
 * @param ticksPerSecond the tick rates the battery runs at, Hz, in the order given
 * @param seeds          the seeded scenarios (the pile) run with seeds 1 to this
 * @param threads        threads each scenario's step runs on
 * @param quick          the short battery (shorter runs, a smaller pile, one knock-down): a smoke
 *                       test for a project's own test suite
 */
public record CheckOptions(SceneInputs inputs, List<Double> ticksPerSecond, int seeds, int threads, boolean quick) {
    public CheckOptions {
        ticksPerSecond = List.copyOf(ticksPerSecond);
        if (inputs == null) {
            inputs = SceneInputs.NONE;
        }
    }

    /** The full battery on the shipped data at 60 Hz, one seed. */
    public static CheckOptions defaults() {
        return new CheckOptions(SceneInputs.NONE, List.of(60.0), 1, 1, false);
    }
}
