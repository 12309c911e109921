package dev.sinew.scenes.check;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * What one scenario measured.
 *
 * @param name           its name
 * @param what           what it does
 * @param scene          the scene it ran ({@code ./sinew run SCENE} runs it alone), or "" when it runs several
 * @param ticksPerSecond its tick rate, Hz
 * @param seed           its seed
 * @param seconds        simulated seconds
 * @param steps          ticks run
 * @param bodies         bodies in its world at the end
 * @param stateHash      {@code World.stateHash()} at the end, 16 hex digits
 * @param metrics        the scene's own measurements
 * @param detectors      the detectors' measurements
 * @param checks         the scene's checks, then the detectors'
 * @param notes          what the reader should know (a comparison not made, and why)
 * @param pass           every check passed
 * @param series         what the charts draw (not in the JSON)
 */
@JsonPropertyOrder({"name", "what", "scene", "ticksPerSecond", "seed", "seconds", "steps", "bodies", "stateHash", "metrics",
    "detectors", "checks", "notes", "pass"})
public record ScenarioResult(String name, String what, String scene, double ticksPerSecond, long seed, double seconds, long steps,
        int bodies, String stateHash, Map<String, Object> metrics, Map<String, Object> detectors, List<CheckLine> checks,
        List<String> notes, boolean pass, @JsonIgnore Charted series) {

    /**
     * The series a scenario's charts draw.
     *
     * @param trackingErrorDeg the character's mean tracking error, degrees (empty without a driven character)
     * @param jointSeparation  the widest joint opening, m
     * @param energy           the energy of the dynamic bodies since the start, J/kg
     */
    public record Charted(Series trackingErrorDeg, Series jointSeparation, Series energy) {
        static Charted empty() {
            return new Charted(new Series(), new Series(), new Series());
        }
    }

    /** The checks that failed. */
    public List<CheckLine> failed() {
        return checks.stream().filter(c -> !c.pass()).toList();
    }
}
