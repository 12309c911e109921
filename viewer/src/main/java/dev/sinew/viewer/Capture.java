package dev.sinew.viewer;

import static org.lwjgl.opengl.GL33.*;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import javax.imageio.ImageIO;
import org.lwjgl.system.MemoryUtil;

/** Offscreen rendering into a framebuffer object and its pixels as an image. */
final class Capture {
    private Capture() {
    }

    /**
     * Renders the session's world as the camera sees it into a {@code width}×{@code height}
     * image, in a hidden window's context (needs a display, real or virtual).
     */
    static BufferedImage render(SceneSession session, Camera camera, int width, int height, boolean drawBodies) {
        return render(session, camera, width, height, drawBodies, new DebugDraw());
    }

    /** As {@link #render(SceneSession, Camera, int, int, boolean)} with a debug overlay. */
    static BufferedImage render(SceneSession session, Camera camera, int width, int height, boolean drawBodies,
            DebugDraw debug) {
        try (GlWindow window = new GlWindow(64, 64, "sinew capture", false);
                Renderer renderer = new Renderer();
                DebugLines lines = new DebugLines()) {
            int fbo = glGenFramebuffers();
            int color = glGenRenderbuffers();
            int depth = glGenRenderbuffers();
            try {
                glBindRenderbuffer(GL_RENDERBUFFER, color);
                glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
                glBindRenderbuffer(GL_RENDERBUFFER, depth);
                glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
                glBindFramebuffer(GL_FRAMEBUFFER, fbo);
                glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
                glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
                if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
                    throw new IllegalStateException("offscreen framebuffer incomplete");
                }
                renderer.render(session.world(), Renderer.CURRENT, camera, width, height, drawBodies);
                if (debug.any()) {
                    lines.clear();
                    debug.collect(session.world(), session.instance.driver(), lines);
                    lines.draw(camera.projection(width, height, new org.joml.Matrix4f()).mul(camera.view(new org.joml.Matrix4f())));
                }
                ByteBuffer pixels = MemoryUtil.memAlloc(4 * width * height);
                try {
                    glPixelStorei(GL_PACK_ALIGNMENT, 1);
                    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
                    int err = glGetError();
                    if (err != GL_NO_ERROR) {
                        throw new IllegalStateException("OpenGL error 0x" + Integer.toHexString(err) + " while capturing");
                    }
                    return toImage(pixels, width, height);
                } finally {
                    MemoryUtil.memFree(pixels);
                }
            } finally {
                glBindFramebuffer(GL_FRAMEBUFFER, 0);
                glDeleteFramebuffers(fbo);
                glDeleteRenderbuffers(color);
                glDeleteRenderbuffers(depth);
            }
        }
    }

    /** GL rows run bottom-up; image rows top-down. */
    static BufferedImage toImage(ByteBuffer rgba, int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            int row = (height - 1 - y) * width * 4;
            for (int x = 0; x < width; x++) {
                int o = row + 4 * x;
                int r = rgba.get(o) & 0xff;
                int g = rgba.get(o + 1) & 0xff;
                int b = rgba.get(o + 2) & 0xff;
                img.setRGB(x, y, (r << 16) | (g << 8) | b);
            }
        }
        return img;
    }

    static void writePng(BufferedImage img, File out) throws IOException {
        File parent = out.getAbsoluteFile().getParentFile();
        if (parent != null && !parent.isDirectory() && !parent.mkdirs()) {
            throw new IOException("cannot create the folder " + parent);
        }
        if (!ImageIO.write(img, "png", out)) {
            throw new IOException("no PNG writer");
        }
    }
}
