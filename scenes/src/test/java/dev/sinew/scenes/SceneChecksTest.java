package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The solver scenes pass their own checks at their default length. Each check's limit comes
 * from the issue that defines the scene (closed forms for slope and bounce, drift and overlap
 * limits for the stacks), so this is the physics test of record for those scenes. tumbler does
 * not pass its overlap check yet (see the solver issue's notes), so it is run by hand with
 * {@code ./sinew run}, not here.
 */
class SceneChecksTest {
    @ParameterizedTest
    @ValueSource(strings = {"box-stack", "pyramid", "slope", "bounce", "mass-ratio", "pendulum", "hinge-spring", "swing-cone", "drive-gains", "clip-play"})
    void scenePassesItsChecks(String name) {
        Report r = SceneRunner.run(SceneCatalog.get(name), SceneOptions.defaults(), null);
        String failed = r.checks().stream().filter(c -> !c.pass())
                .map(c -> c.name() + " = " + c.value() + " (limit " + c.relation() + " " + c.limit() + ")")
                .collect(Collectors.joining(", "));
        assertTrue(r.pass(), name + " failed: " + failed);
        assertEquals(Math.round(SceneCatalog.get(name).defaultSeconds() * 60), r.steps());
    }
}
