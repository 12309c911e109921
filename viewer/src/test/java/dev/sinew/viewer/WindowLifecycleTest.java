package dev.sinew.viewer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a window, switching scenes at least 20 times with a reset each (through the whole
 * catalogue and round again), and closing it leaves no OpenGL error (debug output) and no meshes
 * beyond what the current scene needs.
 */
class WindowLifecycleTest {
    @TempDir
    Path dir;

    @Test
    void sceneSwitchesThroughTheWholeCatalogueLeaveNoGlErrorsAndNoStaleMeshes() throws Exception {
        int switches = Math.max(20, dev.sinew.scenes.SceneCatalog.all().size() + 4);
        String out = DisplayChild.run(dir, "lifecycle", LifecycleCheck.class, Integer.toString(switches));
        assertTrue(out.contains("ok switches=" + switches), out);
    }
}
