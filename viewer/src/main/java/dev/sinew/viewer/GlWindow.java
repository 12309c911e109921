package dev.sinew.viewer;

import static org.lwjgl.glfw.GLFW.*;

import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;

/** A GLFW window with a current OpenGL 3.3 core context (hidden for offscreen rendering). */
final class GlWindow implements AutoCloseable {
    final long handle;
    private static boolean initialized;

    /** Starts GLFW once; false when there is no display to open a window on. */
    static synchronized boolean init() {
        if (initialized) {
            return true;
        }
        GLFWErrorCallback.createPrint(System.err).set();
        initialized = glfwInit();
        return initialized;
    }

    static synchronized void terminate() {
        if (initialized) {
            glfwTerminate();
            GLFWErrorCallback cb = glfwSetErrorCallback(null);
            if (cb != null) {
                cb.free();
            }
            initialized = false;
        }
    }

    GlWindow(int width, int height, String title, boolean visible) {
        this(width, height, title, visible, false);
    }

    /** @param debug a debug context, for {@link GlDebug} (tests) */
    GlWindow(int width, int height, String title, boolean visible, boolean debug) {
        if (!init()) {
            throw new IllegalStateException("no display: GLFW could not start (set DISPLAY, or run under xvfb-run -a)");
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_SAMPLES, visible ? 4 : 0);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
        handle = glfwCreateWindow(width, height, title, 0, 0);
        if (handle == 0) {
            throw new IllegalStateException("GLFW could not open an OpenGL 3.3 core window");
        }
        glfwMakeContextCurrent(handle);
        GL.createCapabilities();
    }

    @Override
    public void close() {
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0);
        glfwDestroyWindow(handle);
    }
}
