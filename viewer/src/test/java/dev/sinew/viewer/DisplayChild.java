package dev.sinew.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a main class in a child JVM with this test's class path, on the machine's display or,
 * without one, under {@code xvfb-run} (Mesa's software OpenGL); skips the test when neither is
 * there (.ci/run installs Xvfb and Mesa, so CI always runs it).
 */
final class DisplayChild {
    private DisplayChild() {
    }

    /** Runs it, asserts exit code 0, returns its output. */
    static String run(Path dir, String name, Class<?> main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        String display = System.getenv("DISPLAY");
        if (display == null || display.isEmpty()) {
            Assumptions.assumeTrue(onPath("xvfb-run"),
                    "no display and no xvfb-run: install xvfb and Mesa (apt-get install -y xvfb libgl1-mesa-dri, as .ci/run does)");
            cmd.addAll(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x1024x24"));
        }
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " finished");
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), name + " exit code; output:\n" + text);
        return text;
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
