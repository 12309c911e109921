package dev.sinew.rig.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The groups' starts follow each other without gaps and add up to the vector's length. */
class FeatureGroupTest {
    @Test
    void groupsTileTheVector() {
        int next = 0;
        for (FeatureGroup g : FeatureGroup.values()) {
            assertEquals(next, g.start(), g.name());
            next += g.size;
        }
        assertEquals(next, FeatureGroup.dimensions());
    }
}
