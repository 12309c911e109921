package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sinew.scenes.cli.Main;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public report contract of {@code sinew run}. */
class CommandLineTest {
    @Test
    void runWritesTheReportFields(@TempDir Path dir) throws Exception {
        File out = dir.resolve("bounce.json").toFile();
        int code = Main.execute("run", "bounce", "--seconds", "2", "--quiet", "--out", out.getPath());
        JsonNode r = new ObjectMapper().readTree(out);
        for (String f : new String[] {"scene", "seconds", "steps", "tickSeconds", "substeps", "bodies", "joints",
            "stateHash", "msPerStepMedian", "metrics", "checks", "pass"}) {
            assertTrue(r.has(f), "report has " + f);
        }
        assertEquals("bounce", r.get("scene").asText());
        assertEquals(120, r.get("steps").asInt());
        assertEquals(16, r.get("stateHash").asText().length());
        assertTrue(r.get("metrics").has("apexErrorMax"));
        JsonNode check = r.get("checks").get(0);
        for (String f : new String[] {"name", "value", "limit", "pass"}) {
            assertTrue(check.has(f), "check has " + f);
        }
        // Two seconds hold only one apex, so the apex-count check fails and the exit code says so.
        assertEquals(r.get("pass").asBoolean() ? 0 : 1, code);
        assertTrue(Files.size(out.toPath()) > 0);
    }

    @Test
    void unknownSceneIsAClearError() {
        assertEquals(2, Main.execute("run", "no-such-scene", "--quiet"));
    }
}
