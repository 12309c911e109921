package dev.sinew.viewer;

import static org.lwjgl.glfw.GLFW.*;

import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;

/** A GLFW window with a current OpenGL 3.3 core context (hidden for offscreen rendering). */
final class GlWindow implements AutoCloseable {
    final long handle;
    private static boolean initialized;
    /** Why the last start failed, in GLFW's words. */
    private static String failure = "";

    /**
     * Starts GLFW once; false when there is no display to open a window on ({@link #noDisplay()}
     * says why). Nothing is printed: with neither {@code DISPLAY} nor {@code WAYLAND_DISPLAY} set
     * GLFW is not even tried (it would print its own errors), and GLFW's errors before it started
     * are kept for the one line the caller prints; after it started, each is one line on stderr.
     */
    static synchronized boolean init() {
        if (initialized) {
            return true;
        }
        if (org.lwjgl.system.Platform.get() == org.lwjgl.system.Platform.LINUX) {
            if (blank(System.getenv("DISPLAY")) && blank(System.getenv("WAYLAND_DISPLAY"))) {
                failure = "neither DISPLAY nor WAYLAND_DISPLAY is set";
                return false;
            }
            // only the window system named: trying the other one prints its own errors to stderr
            glfwInitHint(GLFW_PLATFORM, blank(System.getenv("DISPLAY")) ? GLFW_PLATFORM_WAYLAND : GLFW_PLATFORM_X11);
        }
        glfwSetErrorCallback((code, description) -> {
            String what = GLFWErrorCallback.getDescription(description);
            if (initialized) {
                System.err.println("sinew: window system error: " + what);
            } else {
                failure = what;
            }
        });
        initialized = glfwInit();
        if (!initialized) {
            GLFWErrorCallback cb = glfwSetErrorCallback(null);
            if (cb != null) {
                cb.free();
            }
        }
        return initialized;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** One line saying there is no display and why, after {@link #init} returned false. */
    static String noDisplay() {
        return "no display for an OpenGL window (" + failure + ")";
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
