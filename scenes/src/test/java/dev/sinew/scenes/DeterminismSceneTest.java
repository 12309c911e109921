package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** Two runs of a scene end in the same state. */
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

    /** The same for the terrain scene (heightfield and mesh contacts, patch chains): two runs, one state. */
    @Test
    void terrainHashRepeats() {
        SceneOptions o = SceneOptions.defaults().withSeconds(3);
        Report a = SceneRunner.run(SceneCatalog.get("terrain"), o, null);
        Report b = SceneRunner.run(SceneCatalog.get("terrain"), o, null);
        assertEquals(a.stateHash(), b.stateHash());
    }

    /**
     * Motion matching with the active ragdoll: the searches, jumps and blends decide the drive
     * targets, so two runs must pick the same frames and end in the same state.
     */
    @Test
    void motionMatchingHashRepeats() {
        SceneOptions o = SceneOptions.defaults().withSeconds(6);
        Report a = SceneRunner.run(SceneCatalog.get("motion-matching"), o, null);
        Report b = SceneRunner.run(SceneCatalog.get("motion-matching"), o, null);
        assertEquals(a.stateHash(), b.stateHash());
        assertEquals(a.metrics().get("maxPopDeg"), b.metrics().get("maxPopDeg"));
    }

    /**
     * The knock-downs and get-ups (hits, weakening, limp falls, clip choice and the get-up ramp)
     * repeat bit for bit: two runs of the first 15 s of knockdown-getup end in the same state.
     */
    @Test
    void knockdownGetupHashRepeats() {
        SceneOptions o = SceneOptions.defaults().withSeconds(15);
        Report a = SceneRunner.run(SceneCatalog.get("knockdown-getup"), o, null);
        Report b = SceneRunner.run(SceneCatalog.get("knockdown-getup"), o, null);
        assertEquals(a.stateHash(), b.stateHash());
    }
}
