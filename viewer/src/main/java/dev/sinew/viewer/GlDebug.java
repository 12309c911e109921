package dev.sinew.viewer;

import static org.lwjgl.opengl.GL43.*;

import java.util.ArrayList;
import java.util.List;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLDebugMessageCallback;
import org.lwjgl.opengl.KHRDebug;

/**
 * Collects the OpenGL debug output of errors (GL 4.3 or KHR_debug) in a debug context: every
 * message of type error, and every message of high severity.
 */
final class GlDebug implements AutoCloseable {
    private final GLDebugMessageCallback callback;
    final List<String> errors = new ArrayList<>();

    /** Installs the callback on the current context; throws if it has no debug output. */
    GlDebug() {
        if (!GL.getCapabilities().OpenGL43 && !GL.getCapabilities().GL_KHR_debug) {
            throw new IllegalStateException("this OpenGL has no debug output (needs 4.3 or KHR_debug)");
        }
        callback = GLDebugMessageCallback.create((source, type, id, severity, length, message, user) -> {
            if (type == GL_DEBUG_TYPE_ERROR || severity == GL_DEBUG_SEVERITY_HIGH) {
                errors.add("0x" + Integer.toHexString(id) + ": " + GLDebugMessageCallback.getMessage(length, message));
            }
        });
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        if (GL.getCapabilities().OpenGL43) {
            glDebugMessageCallback(callback, 0);
        } else {
            KHRDebug.glDebugMessageCallback(callback, 0);
        }
    }

    @Override
    public void close() {
        glDebugMessageCallback(null, 0);
        callback.free();
    }
}
