package dev.sinew.scenes.check;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * What a soak run found.
 *
 * @param result        its detectors, checks and charts, as a scenario's
 * @param wallMinutes   wall-clock minutes it ran (this machine)
 * @param characters    characters in the crowd
 * @param events        how many of each event it dealt out, and how often a character stood up again
 * @param heap          the heap in use after a full garbage collection, sampled as it ran
 * @param firstHeapMb   the first sample, MB
 * @param lastHeapMb    the last sample, MB
 * @param heapGrowthPct the last over the first, less 1, in percent
 */
@JsonPropertyOrder({"wallMinutes", "characters", "events", "firstHeapMb", "lastHeapMb", "heapGrowthPct", "heap", "result"})
public record SoakResult(ScenarioResult result, double wallMinutes, int characters, Map<String, Integer> events,
        List<HeapSample> heap, double firstHeapMb, double lastHeapMb, double heapGrowthPct) {

    /**
     * One heap sample.
     *
     * @param wallSeconds      wall-clock seconds since the soak started
     * @param simulatedSeconds simulated seconds by then
     * @param heapMb           heap in use just after a full garbage collection, MB
     */
    public record HeapSample(double wallSeconds, double simulatedSeconds, double heapMb) {
    }
}
