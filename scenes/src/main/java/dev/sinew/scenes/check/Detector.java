package dev.sinew.scenes.check;

import java.util.List;
import java.util.Map;

/**
 * One explosion or jitter detector: it watches every tick of a scenario and ends with its
 * measurements and its check. Every scenario runs the same set ({@link Detectors}).
 */
public interface Detector {
    /** Looks at one tick. */
    void observe(TickSample s);

    /** Adds its measurements, by name, to {@code metrics}. */
    void metrics(Map<String, Object> metrics);

    /** Its checks, each with where and when the worst value was seen. */
    List<Finding> findings();
}
