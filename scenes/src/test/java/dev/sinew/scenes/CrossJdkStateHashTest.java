package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scene's stateHash is the same on another Java release. Java 17 made strict floating point the
 * only kind, and the solver calls {@code StrictMath} wherever a library function could round
 * differently, so JDK 17 and JDK 25 must agree bit for bit: a networked game's clients do not all
 * run one JVM. The other JDK is the one whose home the system property {@code sinew.secondJdk}
 * names, else the first under {@code /usr/lib/jvm} of another feature release than this one; with
 * none the test is skipped and says so.
 */
class CrossJdkStateHashTest {
    @Test
    void ragdollStrikeHashesAlikeOnAnotherJdk(@TempDir Path tmp) throws Exception {
        Path java = otherJava();
        assumeTrue(java != null, "no JDK of another release found (set -Dsinew.secondJdk=JAVA_HOME)");
        Path out = tmp.resolve("strike.json");
        Path log = tmp.resolve("log.txt");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.sinew.scenes.cli.Main", "run", "ragdoll-strike", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(20, TimeUnit.MINUTES), "the run on " + java + " did not end");
        assertEquals(0, p.exitValue(), () -> java + " exited " + p.exitValue() + ": " + text(log));
        String there = new ObjectMapper().readTree(out.toFile()).get("stateHash").asText();
        Report here = SceneRunner.run(SceneCatalog.get("ragdoll-strike"), SceneOptions.defaults(), null);
        assertEquals(here.stateHash(), there, "ragdoll-strike on Java " + Runtime.version().feature() + " and on " + java);
    }

    private static Path otherJava() throws IOException {
        String named = System.getProperty("sinew.secondJdk");
        if (named != null) {
            return Path.of(named, "bin", "java");
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        List<Path> homes;
        try (Stream<Path> s = Files.list(jvms)) {
            homes = s.sorted().toList();
        }
        for (Path home : homes) {
            int release = release(home);
            if (release >= 17 && release != Runtime.version().feature() && Files.isExecutable(home.resolve("bin/java"))) {
                return home.resolve("bin/java");
            }
        }
        return null;
    }

    /** The feature release in a JDK home's {@code release} file (JAVA_VERSION="25.0.1"), or −1. */
    private static int release(Path home) throws IOException {
        Path file = home.resolve("release");
        if (!Files.isRegularFile(file)) {
            return -1;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=")) {
                String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                int dot = v.indexOf('.');
                try {
                    return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static String text(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
