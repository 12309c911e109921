package dev.sinew.viewer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a window, switching scenes 20 times with a reset each, and closing it leaves no OpenGL
 * error (debug output) and no meshes beyond what the current scene needs.
 */
class WindowLifecycleTest {
    @TempDir
    Path dir;

    @Test
    void twentySceneSwitchesLeaveNoGlErrorsAndNoStaleMeshes() throws Exception {
        String out = DisplayChild.run(dir, "lifecycle", LifecycleCheck.class, "20");
        assertTrue(out.contains("ok switches=20"), out);
    }
}
