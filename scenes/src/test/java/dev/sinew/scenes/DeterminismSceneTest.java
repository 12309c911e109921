package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Two runs of the tumbler (500 mixed bodies, a kinematic container) end in the same state. */
class DeterminismSceneTest {
    @Test
    void tumblerHashRepeats() {
        SceneOptions o = SceneOptions.defaults().withSeconds(3);
        Report a = SceneRunner.run(SceneCatalog.get("tumbler"), o, null);
        Report b = SceneRunner.run(SceneCatalog.get("tumbler"), o, null);
        assertEquals(a.stateHash(), b.stateHash());
        Report c = SceneRunner.run(SceneCatalog.get("tumbler"), new SceneOptions(3, 1, 2, 0), null);
        assertNotEquals(a.stateHash(), c.stateHash(), "another seed is another pile");
    }
}
