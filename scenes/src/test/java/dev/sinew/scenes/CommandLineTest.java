package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sinew.scenes.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public report contract of {@code sinew run}, the exit codes, and {@code inspect}. */
class CommandLineTest {
    /** Runs the command line, returning its exit code and everything it printed. */
    record Ran(int code, String text) {
    }

    static Ran run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int code;
        try {
            PrintStream capture = new PrintStream(text, true, StandardCharsets.UTF_8);
            System.setOut(capture);
            System.setErr(capture);
            code = Main.execute(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Ran(code, text.toString(StandardCharsets.UTF_8));
    }

    @Test
    void runWritesTheReportFields(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("bounce.json");
        int code = run("run", "bounce", "--seconds", "2", "--quiet", "--out", out.toString()).code();
        JsonNode r = new ObjectMapper().readTree(out.toFile());
        for (String f : new String[] {"scene", "seconds", "steps", "tickSeconds", "substeps", "threads", "seed", "inputs",
            "bodies", "joints", "stateHash", "msPerStepMedian", "metrics", "checks", "pass"}) {
            assertTrue(r.has(f), "report has " + f);
        }
        assertEquals("bounce", r.get("scene").asText());
        assertEquals(120, r.get("steps").asInt());
        assertEquals(1, r.get("threads").asInt());
        assertEquals(1, r.get("seed").asInt());
        assertEquals(0, r.get("inputs").size(), "no user files");
        assertEquals(16, r.get("stateHash").asText().length());
        assertTrue(r.get("metrics").has("apexErrorMax"));
        JsonNode check = r.get("checks").get(0);
        for (String f : new String[] {"name", "value", "limit", "relation", "pass"}) {
            assertTrue(check.has(f), "check has " + f);
        }
        // Two seconds hold only one apex, so the apex-count check fails and the exit code says so.
        assertEquals(r.get("pass").asBoolean() ? 0 : 1, code);
        assertEquals(1, code);
    }

    /**
     * Regression: a check that was never reached (ragdoll-drop's sleep time when the ragdoll has not
     * slept: +∞) was written as the string "Infinity"; a check value is a JSON number or null.
     */
    @Test
    void aCheckValueIsANumberOrNull(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("drop.json");
        assertEquals(1, run("run", "ragdoll-drop", "--seconds", "1", "--quiet", "--out", out.toString()).code());
        assertFalse(Files.readString(out).contains("Infinity"));
        JsonNode checks = new ObjectMapper().readTree(out.toFile()).get("checks");
        boolean sawNull = false;
        for (JsonNode c : checks) {
            assertTrue(c.get("value").isNumber() || c.get("value").isNull(), c.toString());
            sawNull |= c.get("value").isNull();
        }
        assertTrue(sawNull, "sleepSeconds never reached in 1 s: " + checks);
    }

    /**
     * Within a scene, no two checks share a name (a script keys them by name); and every scene runs
     * for the shortest time accepted, one tick, to a report.
     */
    @Test
    void checkNamesAreUniqueWithinEveryScene() {
        for (Scene s : SceneCatalog.all()) {
            List<CheckResult> checks = SceneRunner.run(s, SceneOptions.defaults().withSeconds(1.0 / 60), null).checks();
            Set<String> names = new HashSet<>();
            for (CheckResult c : checks) {
                assertTrue(names.add(c.name()), s.name() + " has two checks named " + c.name());
            }
        }
    }

    /** The user's files are recorded: path, SHA-256 (computed here independently), unit and how it was found, range. */
    @Test
    void theReportRecordsTheUsersFiles(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("drop.json");
        Path clip = Path.of("../data/mocap/sinew/biped_wave.bvh");
        Path ragdoll = Path.of("../profiles/ragdolls/biped.json");
        Ran r = run("run", "ragdoll-drop", "--seconds", "0.5", "--quiet", "--clip", clip.toString(), "--clip-start", "1",
                "--ragdoll", ragdoll.toString(), "--out", out.toString());
        assertTrue(r.code() == 0 || r.code() == 1, r.text());
        JsonNode in = new ObjectMapper().readTree(out.toFile()).get("inputs");
        assertEquals(clip.toString(), in.get("clip").get("path").asText());
        assertEquals(sha256(clip), in.get("clip").get("sha256").asText());
        assertEquals(0.01, in.get("clip").get("unit").asDouble());
        assertEquals("detected", in.get("clip").get("unitSource").asText());
        assertEquals(1.0, in.get("clip").get("start").asDouble(), 1e-4);
        assertEquals(ragdoll.toString(), in.get("ragdoll").get("path").asText());
        assertEquals(sha256(ragdoll), in.get("ragdoll").get("sha256").asText());
        assertEquals("biped", in.get("ragdoll").get("name").asText());
    }

    private static String sha256(Path file) throws Exception {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
        StringBuilder b = new StringBuilder();
        for (byte x : d) {
            b.append(String.format("%02x", x));
        }
        return b.toString();
    }

    /** An unwritable --out is refused before the run (exit 3), and the report file is not created. */
    @Test
    void anUnwritableOutIsRefusedAtOnce(@TempDir Path dir) {
        long t0 = System.nanoTime();
        Ran r = run("run", "stand", "--quiet", "--out", dir.resolve("missing/report.json").toString());
        assertEquals(3, r.code(), r.text());
        assertTrue(r.text().contains("does not exist"), r.text());
        assertFalse(Files.exists(dir.resolve("missing")));
        // the 30 s stand scene takes several seconds to run; a refusal before it takes none of that
        // (a generous bound, not a timing measurement: the stand scene's 1,800 ticks are the point)
        assertTrue(System.nanoTime() - t0 < 20_000_000_000L);
    }

    /** The memory guard refuses a run estimated past three quarters of the heap, with the numbers. */
    @Test
    void theMemoryGuardSaysWhatARunNeeds() {
        RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                () -> dev.sinew.scenes.cli.SceneArgs.checkMemory(800L << 20, 1000L << 20));
        assertTrue(e.getMessage().contains("needs about 800 MB, more than 75% of the Java heap (1000 MB)"), e.getMessage());
        dev.sinew.scenes.cli.SceneArgs.checkMemory(700L << 20, 1000L << 20);
    }

    /**
     * {@code inspect} says which kind of file it read and summarizes it; a malformed file is bad
     * input (exit 2) named by file and line; a drive profile with per-body overrides is a profile.
     */
    @Test
    void inspectSaysWhatItReadAndRejects(@TempDir Path dir) throws Exception {
        Ran bvh = run("inspect", "../data/mocap/cmu/131_01.bvh");
        assertEquals(0, bvh.code(), bvh.text());
        assertTrue(bvh.text().contains("kind      BVH motion capture"), bvh.text());
        assertTrue(bvh.text().contains("bones     31"), bvh.text());
        assertTrue(bvh.text().contains("frames    994"), bvh.text());
        assertTrue(bvh.text().contains("CMU units"), bvh.text());
        Ran biped = run("inspect", "../data/mocap/sinew/biped_wave.bvh");
        assertTrue(biped.text().contains("centimetres"), biped.text());
        assertTrue(biped.text().contains("14 non-root joints have position channels"), biped.text());
        assertTrue(biped.text().contains("always 0 (the joints stay at their OFFSET)"), biped.text());

        Path bad = dir.resolve("bad.bvh");
        Files.writeString(bad, "HIERARCHY\nROOT a\n{\nOFFSET 0 0\n}\n");
        Ran b = run("inspect", bad.toString());
        assertEquals(2, b.code(), b.text());
        assertTrue(b.text().contains("bad.bvh:5: expected OFFSET z"), b.text());

        Ran ragdoll = run("inspect", "../profiles/ragdolls/cmu-humanoid.json");
        assertEquals(0, ragdoll.code(), ragdoll.text());
        assertTrue(ragdoll.text().contains("kind      ragdoll definition"), ragdoll.text());
        assertTrue(ragdoll.text().contains("16 bodies, 70.00 kg total"), ragdoll.text());

        Ran profile = run("inspect", "../profiles/drive/default.json");
        assertEquals(0, profile.code(), profile.text());
        assertTrue(profile.text().contains("kind      drive profile"), profile.text());
        assertTrue(profile.text().contains("profile   default, 11 regions"), profile.text());
        assertTrue(profile.text().contains("replace the ragdoll definition's"), profile.text());

        // Regression: a profile with per-body overrides (a top-level "bodies" object) was read as a
        // ragdoll definition and refused.
        Path overrides = dir.resolve("overrides.json");
        Files.writeString(overrides, dev.sinew.drives.DriveProfile.shippedText("default").replaceFirst("\\{",
                "{\"bodies\": {\"hand.L\": {\"maxTorque\": 20, \"massFraction\": 0.01}},"));
        Ran o = run("inspect", overrides.toString());
        assertEquals(0, o.code(), o.text());
        assertTrue(o.text().contains("kind      drive profile"), o.text());
        assertTrue(o.text().contains("1 body overrides"), o.text());
        assertTrue(o.text().contains("body hand.L       max 20.00 N·m, mass 0.010 (overrides its region's)"), o.text());
    }

    /** {@code sinew scenes} lists what each scene reads. */
    @Test
    void scenesListWhatEachReads() {
        Ran r = run("scenes");
        assertEquals(0, r.code());
        List<String> pile = new ArrayList<>(r.text().lines().filter(l -> l.startsWith("ragdoll-pile")).toList());
        assertEquals(1, pile.size(), r.text());
        assertTrue(pile.get(0).contains("[reads --seed, --count ragdolls (default 10, at most 1,000), --clip, --ragdoll,"
                + " --profile]"), pile.get(0));
    }
}
