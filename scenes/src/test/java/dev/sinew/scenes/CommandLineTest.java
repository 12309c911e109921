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

    @Test
    void unknownDriveProfileIsAClearError() {
        assertEquals(2, Main.execute("run", "stand", "--profile", "no-such-profile", "--quiet"));
        assertEquals(2, Main.execute("run", "stand", "--profile", "../etc", "--quiet"));
    }

    /**
     * {@code inspect} summarizes a shipped BVH file, ragdoll definition and drive profile, and names
     * the line or field of a malformed one.
     */
    @Test
    void inspectSummarizesAndRejects(@TempDir Path dir) throws Exception {
        java.io.PrintStream out = System.out;
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        try {
            System.setOut(new java.io.PrintStream(text, true, "UTF-8"));
            System.setErr(new java.io.PrintStream(text, true, "UTF-8"));
            assertEquals(0, Main.execute("inspect", Path.of("../data/mocap/cmu/131_01.bvh").toString()));
            String summary = text.toString("UTF-8");
            assertTrue(summary.contains("bones     31"), summary);
            assertTrue(summary.contains("frames    994"), summary);
            assertTrue(summary.contains("CMU units"), summary);
            text.reset();
            Path bad = dir.resolve("bad.bvh");
            Files.writeString(bad, "HIERARCHY\nROOT a\n{\nOFFSET 0 0\n}\n");
            assertEquals(1, Main.execute("inspect", bad.toString()));
            assertTrue(text.toString("UTF-8").contains("bad.bvh:5: expected OFFSET z"), text.toString("UTF-8"));
            text.reset();
            assertEquals(0, Main.execute("inspect", Path.of("../profiles/ragdolls/cmu-humanoid.json").toString()));
            assertTrue(text.toString("UTF-8").contains("16 bodies, 70.00 kg total"), text.toString("UTF-8"));
            text.reset();
            Path badJson = dir.resolve("bad.json");
            Files.writeString(badJson, "{\"name\": \"x\",\n \"totalMass\": -1, \"bodies\": []}");
            assertEquals(1, Main.execute("inspect", badJson.toString()));
            assertTrue(text.toString("UTF-8").contains("$.totalMass"), text.toString("UTF-8"));
            text.reset();
            assertEquals(0, Main.execute("inspect", Path.of("../profiles/drive/default.json").toString()));
            assertTrue(text.toString("UTF-8").contains("profile   default, 11 regions"), text.toString("UTF-8"));
            text.reset();
            Path badProfile = dir.resolve("weak.json");
            Files.writeString(badProfile, dev.sinew.drives.DriveProfile.shippedText("default")
                    .replaceFirst("\"maxTorque\": 1000", "\"maxTorque\": -5"));
            assertEquals(1, Main.execute("inspect", badProfile.toString()));
            assertTrue(text.toString("UTF-8").contains("weak.json:0: at $.regions.pelvis.maxTorque: -5.0"), text.toString("UTF-8"));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
