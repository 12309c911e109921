package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line over a folder of bad inputs ({@code src/test/resources/bad-inputs}: malformed
 * BVH files, ragdoll definitions and drive profiles, definitions that do not fit their skeleton,
 * bad arguments), each case in {@code cases.txt} with its exit code and a fragment of its message.
 * Every answer is one line of ours: it starts with {@code sinew: } and names no Java exception, no
 * stack frame and nothing of the JSON library.
 */
class BadInputsTest {
    static final Path DIR = Path.of("src/test/resources/bad-inputs");
    /** What must never reach a user: exception and class names, stack frames, the JSON library and its advice. */
    static final List<String> FOREIGN = List.of("Exception", "at dev.", "at java.", "com.fasterxml", "jackson", "Jackson",
            "JsonParse", "JsonMapping", "JsonToken", "JsonReadFeature", "MismatchedInput", "picocli.", "(code ");

    @TempDir
    Path tmp;

    record Case(int line, int exit, String fragment, String[] args) {
    }

    static List<Case> cases(Path tmp) throws Exception {
        List<Case> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(DIR.resolve("cases.txt"));
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] cols = l.split(" \\| ", 3);
            assertEquals(3, cols.length, "cases.txt:" + (i + 1) + ": EXIT | FRAGMENT | ARGS");
            String[] args = fill(cols[2], tmp).split(" ");
            out.add(new Case(i + 1, Integer.parseInt(cols[0].trim()), fill(cols[1], tmp), args));
        }
        return out;
    }

    private static String fill(String s, Path tmp) {
        return s.replace("{dir}", DIR.toString()).replace("{tmp}", tmp.toString())
                .replace("{clip}", Path.of("../data/mocap/sinew/biped_wave.bvh").toString())
                .replace("{ragdoll}", Path.of("../profiles/ragdolls/biped.json").toString());
    }

    @Test
    void thereAreAtLeastFortyCases() throws Exception {
        assertTrue(cases(tmp).size() >= 40, "cases: " + cases(tmp).size());
    }

    @TestFactory
    Stream<DynamicTest> eachBadInputGetsItsExitCodeAndOneLineOfOurs() throws Exception {
        return cases(tmp).stream().map(c -> DynamicTest.dynamicTest("cases.txt:" + c.line + " " + String.join(" ", c.args),
                () -> check(c)));
    }

    private static void check(Case c) {
        CommandLineTest.Ran ran = CommandLineTest.run(c.args);
        int code = ran.code();
        String said = ran.text().strip();
        String where = "cases.txt:" + c.line + " said: " + said;
        assertEquals(c.exit, code, where);
        assertTrue(said.contains(c.fragment), where + "\n  expected to contain: " + c.fragment);
        assertEquals(1, said.lines().count(), where);
        assertTrue(said.startsWith("sinew: "), where);
        for (String f : FOREIGN) {
            assertFalse(said.contains(f), "'" + f + "' in " + where);
        }
    }
}
