package dev.sinew.scenes;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The JSON report of a headless run: a public contract read by scripts and other teams. Field
 * and metric names do not change; a number that is not finite is written as null.
 *
 * @param scene           scene name
 * @param seconds         simulated seconds
 * @param steps           ticks run
 * @param tickSeconds     tick length, s
 * @param substeps        solver substeps per tick
 * @param threads         worker threads requested
 * @param seed            scene seed
 * @param inputs          the user's files the run read ({@link SceneInputs#describe()}); empty when
 *                        the scene ran on its shipped data
 * @param bodies          live bodies at the end
 * @param joints          joints at the end
 * @param stateHash       16 hex digits of {@code World.stateHash()} at the end
 * @param msPerStepMedian median wall time of one tick, ms (this machine; not part of any check)
 * @param metrics         scene metrics by name
 * @param checks          the scene's checks
 * @param pass            true when every check passes
 */
@JsonPropertyOrder({"scene", "seconds", "steps", "tickSeconds", "substeps", "threads", "seed", "inputs", "bodies", "joints",
    "stateHash", "msPerStepMedian", "metrics", "checks", "pass"})
public record Report(String scene, double seconds, long steps, double tickSeconds, int substeps, int threads,
        long seed, Map<String, Object> inputs, int bodies, int joints, String stateHash, double msPerStepMedian,
        Map<String, Object> metrics, List<CheckResult> checks, boolean pass) {
}
