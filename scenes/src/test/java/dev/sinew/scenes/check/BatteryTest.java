package dev.sinew.scenes.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.scenes.ReportJson;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The battery's results do not depend on how many workers ran it, nor on the order they finished in. */
class BatteryTest {
    static List<Scenario> three() {
        return List.of(
                new SceneScenario("critical-hit", "", SceneCatalog.get("critical-hit"), Battery.options(SceneInputs.NONE, 60), 1.5,
                        Phases.REACTING),
                new SceneScenario("drop", "", SceneCatalog.get("ragdoll-drop"), Battery.options(SceneInputs.NONE, 120), 1,
                        Phases.limp(0.5)),
                new SceneScenario("stand", "", SceneCatalog.get("stand"), Battery.options(SceneInputs.NONE, 30), 1,
                        Phases.holding(0.5)));
    }

    /** One worker and three give the same report, byte for byte, in the battery's order. */
    @Test
    void resultsAreTheSameOnOneWorkerOrSeveral() {
        String one = ReportJson.text(Battery.run(three(), 1, null));
        String several = ReportJson.text(Battery.run(three(), 3, null));
        assertEquals(one, several);
        List<ScenarioResult> r = Battery.run(three(), 2, null);
        assertEquals(List.of("critical-hit", "drop", "stand"), r.stream().map(ScenarioResult::name).toList());
        assertEquals(List.of(60.0, 120.0, 30.0), r.stream().map(ScenarioResult::ticksPerSecond).toList(), "each at its own tick");
        assertEquals(120, r.get(1).steps(), "1 s at 120 Hz");
    }

    /** The full battery at three tick rates: every scenario of the rate-dependent part once per rate, named by it. */
    @Test
    void eachTickRateRunsTheRateDependentScenarios() {
        List<String> names = Battery.scenarios(new CheckOptions(SceneInputs.NONE, List.of(30.0, 60.0, 120.0), 2, 1, false))
                .stream().map(Scenario::name).toList();
        for (String hz : new String[] {"30", "60", "120"}) {
            for (String s : new String[] {"drop-and-rest", "pile-of-10", "stand", "track", "10-hits", "critical-hit",
                "knock-down-and-get-up", "high-gain"}) {
                String name = s + "@" + hz + "Hz";
                if (s.equals("pile-of-10")) {
                    assertTrue(names.contains(name + " seed 1") && names.contains(name + " seed 2"), names.toString());
                } else {
                    assertTrue(names.contains(name), name + " in " + names);
                }
            }
        }
        assertTrue(names.containsAll(List.of("10-hits@30Hz", "far-from-origin", "determinism")));
    }
}
