package dev.sinew.viewer;

import static org.lwjgl.opengl.GL33.*;

import java.nio.FloatBuffer;
import java.util.Arrays;
import org.joml.Matrix4f;
import org.joml.Vector3dc;
import org.lwjgl.system.MemoryUtil;

/** A batch of coloured line segments drawn over the scene (no depth test), refilled every frame. */
final class DebugLines implements AutoCloseable {
    private final int program;
    private final int vao;
    private final int vbo;
    private float[] data = new float[6 * 2 * 256];
    private int vertices;
    private FloatBuffer upload = MemoryUtil.memAllocFloat(6 * 2 * 256);
    private final float[] matrix = new float[16];

    DebugLines() {
        program = Renderer.program(Shaders.LINE_VERTEX, Shaders.LINE_FRAGMENT);
        vao = glGenVertexArrays();
        vbo = glGenBuffers();
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, 24, 0);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, 24, 12);
        glBindVertexArray(0);
    }

    void clear() {
        vertices = 0;
    }

    /** Segments queued since {@link #clear}. */
    int segments() {
        return vertices / 2;
    }

    void line(double ax, double ay, double az, double bx, double by, double bz, float[] rgb) {
        if ((vertices + 2) * 6 > data.length) {
            data = Arrays.copyOf(data, 2 * data.length);
        }
        int o = vertices * 6;
        data[o] = (float) ax;
        data[o + 1] = (float) ay;
        data[o + 2] = (float) az;
        data[o + 3] = rgb[0];
        data[o + 4] = rgb[1];
        data[o + 5] = rgb[2];
        data[o + 6] = (float) bx;
        data[o + 7] = (float) by;
        data[o + 8] = (float) bz;
        data[o + 9] = rgb[0];
        data[o + 10] = rgb[1];
        data[o + 11] = rgb[2];
        vertices += 2;
    }

    void line(Vector3dc a, Vector3dc b, float[] rgb) {
        line(a.x(), a.y(), a.z(), b.x(), b.y(), b.z(), rgb);
    }

    /** A small three-axis cross of half-size r at p. */
    void cross(Vector3dc p, double r, float[] rgb) {
        line(p.x() - r, p.y(), p.z(), p.x() + r, p.y(), p.z(), rgb);
        line(p.x(), p.y() - r, p.z(), p.x(), p.y() + r, p.z(), rgb);
        line(p.x(), p.y(), p.z() - r, p.x(), p.y(), p.z() + r, rgb);
    }

    void draw(Matrix4f viewProjection) {
        if (vertices == 0) {
            return;
        }
        int n = vertices * 6;
        if (upload.capacity() < n) {
            MemoryUtil.memFree(upload);
            upload = MemoryUtil.memAllocFloat(Math.max(n, 2 * upload.capacity()));
        }
        upload.clear();
        upload.put(data, 0, n).flip();
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, upload, GL_STREAM_DRAW);
        glDisable(GL_DEPTH_TEST);
        glUseProgram(program);
        viewProjection.get(matrix);
        glUniformMatrix4fv(glGetUniformLocation(program, "viewProjection"), false, matrix);
        glBindVertexArray(vao);
        glDrawArrays(GL_LINES, 0, vertices);
        glBindVertexArray(0);
        glUseProgram(0);
        glEnable(GL_DEPTH_TEST);
    }

    @Override
    public void close() {
        glDeleteBuffers(vbo);
        glDeleteVertexArrays(vao);
        glDeleteProgram(program);
        MemoryUtil.memFree(upload);
    }
}
