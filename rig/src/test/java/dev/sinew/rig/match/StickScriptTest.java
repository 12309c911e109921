package dev.sinew.rig.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.FormatException;
import org.junit.jupiter.api.Test;

/** The stick script: linear between keys, a step key jumps at its time, the last key holds. */
class StickScriptTest {
    static final String TEXT = """
            {"name": "t", "keys": [
              {"t": 0, "headingDeg": 0, "deflection": 0, "step": false},
              {"t": 2, "headingDeg": 90, "deflection": 1, "step": false},
              {"t": 4, "headingDeg": 270, "deflection": 1, "step": true}
            ]}""";

    @Test
    void interpolatesStepsAndHolds() {
        StickScript s = StickScript.parse(TEXT, "t.json");
        double[] d = new double[2];
        s.stick(1, d);
        assertEquals(0.5 * Math.sin(Math.toRadians(45)), d[0], 1e-15);
        assertEquals(0.5 * Math.cos(Math.toRadians(45)), d[1], 1e-15);
        s.stick(3.99, d);
        assertEquals(1, d[0], 1e-15, "held at 90° until the step");
        s.stick(4, d);
        assertEquals(-1, d[0], 1e-15, "stepped to 270°");
        s.stick(100, d);
        assertEquals(-1, d[0], 1e-15);
        assertEquals(4, s.duration());
    }

    @Test
    void badKeysAreNamed() {
        FormatException e = assertThrows(FormatException.class, () -> StickScript.parse(TEXT.replace("\"t\": 4", "\"t\": 1"), "t.json"));
        assertTrue(e.getMessage().startsWith("t.json:4: at $.keys[2].t") && e.getMessage().contains("times must increase"),
                e.getMessage());
        assertThrows(FormatException.class, () -> StickScript.parse(TEXT.replace("\"deflection\": 1,", "\"deflection\": 2,"), "t.json"));
    }
}
