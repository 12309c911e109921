package dev.sinew.viewer;

import static org.lwjgl.opengl.GL33.*;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Terrain;
import dev.sinew.solver.shape.Sphere;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4f;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws a world with OpenGL 3.3 core: a sky gradient, a grid on every static plane, and every
 * other collider as an instanced mesh (boxes, spheres, capsules as a cylinder and two spheres,
 * hulls with a mesh each), lit by one directional light. Needs a current GL context; one
 * renderer per context. Colours: dynamic bodies by their index, greyer while asleep; static
 * grey; kinematic steel blue.
 */
final class Renderer implements AutoCloseable {
    /** Where a renderer reads body poses (the viewer interpolates between ticks). */
    interface Poses {
        void pose(World world, BodyHandle body, Vector3d position, Quaterniond orientation);
    }

    /** A body's colour (RGB, 0..1) from its index in the world's handle list. */
    interface Colors {
        float[] color(World world, BodyHandle body, int index);
    }

    /** The world's current poses. */
    static final Poses CURRENT = (w, b, p, q) -> {
        w.position(b, p);
        w.orientation(b, q);
    };

    static final float[] HORIZON = {0.78f, 0.84f, 0.90f};
    static final float[] ZENITH = {0.32f, 0.52f, 0.80f};
    private static final float[] LIGHT = normalized(-0.45f, -1f, -0.3f);
    private static final int INSTANCE_FLOATS = 20;
    private static final float PLANE_EXTENT = 200;

    private final int meshProgram;
    private final int skyProgram;
    private final int gridProgram;
    private final int depthProgram;
    private final int shadowFbo;
    private final int shadowTexture;
    private final Matrix4f lightViewProjection = new Matrix4f();
    static final int SHADOW_SIZE = 2048;
    private final int skyVao;
    private final int gridVao;
    private final int gridVbo;
    private final Mesh cube;
    private final Mesh sphere;
    private final Mesh cylinder;
    /** A mesh per hull and per terrain shape in use, keyed by the (immutable, shareable) shape. */
    private final Map<Shape, Mesh> hulls = new IdentityHashMap<>();
    private final List<Mesh> meshes = new ArrayList<>();
    private long frame = 1;
    private FloatBuffer upload = MemoryUtil.memAllocFloat(INSTANCE_FLOATS * 1024);
    private final Matrix4f viewProjection = new Matrix4f();
    private final Matrix4f scratch = new Matrix4f();
    private final float[] matrix = new float[16];
    private final Vector3d pos = new Vector3d();
    private final Quaterniond rot = new Quaterniond();
    private final Vector3d cp = new Vector3d();
    private final Quaterniond cq = new Quaterniond();
    private final Vector3d eye = new Vector3d();

    /** One mesh's vertex buffer and this frame's instances. */
    private static final class Mesh {
        final int vao;
        final int vbo;
        final int instanceVbo;
        final int vertexCount;
        float[] instances = new float[INSTANCE_FLOATS * 16];
        int count;
        /** The last frame that drew this mesh (hull meshes unused for a frame are deleted). */
        long frame;

        Mesh(float[] vertices) {
            vertexCount = vertices.length / 6;
            vao = glGenVertexArrays();
            glBindVertexArray(vao);
            vbo = glGenBuffers();
            glBindBuffer(GL_ARRAY_BUFFER, vbo);
            glBufferData(GL_ARRAY_BUFFER, vertices, GL_STATIC_DRAW);
            glEnableVertexAttribArray(0);
            glVertexAttribPointer(0, 3, GL_FLOAT, false, 24, 0);
            glEnableVertexAttribArray(1);
            glVertexAttribPointer(1, 3, GL_FLOAT, false, 24, 12);
            instanceVbo = glGenBuffers();
            glBindBuffer(GL_ARRAY_BUFFER, instanceVbo);
            for (int col = 0; col < 4; col++) {
                glEnableVertexAttribArray(2 + col);
                glVertexAttribPointer(2 + col, 4, GL_FLOAT, false, INSTANCE_FLOATS * 4, col * 16L);
                glVertexAttribDivisor(2 + col, 1);
            }
            glEnableVertexAttribArray(6);
            glVertexAttribPointer(6, 4, GL_FLOAT, false, INSTANCE_FLOATS * 4, 64);
            glVertexAttribDivisor(6, 1);
            glBindVertexArray(0);
        }

        void add(Matrix4f m, float[] tmp, float r, float g, float b) {
            if ((count + 1) * INSTANCE_FLOATS > instances.length) {
                instances = java.util.Arrays.copyOf(instances, 2 * instances.length);
            }
            int o = count * INSTANCE_FLOATS;
            m.get(tmp);
            System.arraycopy(tmp, 0, instances, o, 16);
            instances[o + 16] = r;
            instances[o + 17] = g;
            instances[o + 18] = b;
            instances[o + 19] = 1;
            count++;
        }

        void delete() {
            glDeleteBuffers(vbo);
            glDeleteBuffers(instanceVbo);
            glDeleteVertexArrays(vao);
        }
    }

    Renderer() {
        meshProgram = program(Shaders.MESH_VERTEX, Shaders.MESH_FRAGMENT);
        skyProgram = program(Shaders.SKY_VERTEX, Shaders.SKY_FRAGMENT);
        gridProgram = program(Shaders.GRID_VERTEX, Shaders.GRID_FRAGMENT);
        depthProgram = program(Shaders.DEPTH_VERTEX, Shaders.DEPTH_FRAGMENT);
        shadowTexture = glGenTextures();
        glBindTexture(GL_TEXTURE_2D, shadowTexture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, SHADOW_SIZE, SHADOW_SIZE, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                (java.nio.FloatBuffer) null);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
        glBindTexture(GL_TEXTURE_2D, 0);
        shadowFbo = glGenFramebuffers();
        glBindFramebuffer(GL_FRAMEBUFFER, shadowFbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, shadowTexture, 0);
        glDrawBuffer(GL_NONE);
        glReadBuffer(GL_NONE);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            throw new IllegalStateException("shadow framebuffer incomplete");
        }
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        skyVao = glGenVertexArrays();
        gridVao = glGenVertexArrays();
        glBindVertexArray(gridVao);
        gridVbo = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, gridVbo);
        glBufferData(GL_ARRAY_BUFFER, new float[] {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1}, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, false, 8, 0);
        glBindVertexArray(0);
        cube = track(new Mesh(Meshes.cube()));
        sphere = track(new Mesh(Meshes.sphere(16, 24)));
        cylinder = track(new Mesh(Meshes.cylinder(24)));
    }

    /**
     * Deletes every hull mesh now (a frame that draws bodies also deletes those it did not use):
     * for when a scene is replaced.
     */
    void forgetHulls() {
        for (Mesh m : hulls.values()) {
            m.delete();
            meshes.remove(m);
        }
        hulls.clear();
    }

    /** Vertex arrays this renderer holds (its meshes), for leak checks. */
    int liveMeshes() {
        return meshes.size();
    }

    private Mesh track(Mesh m) {
        meshes.add(m);
        return m;
    }

    /**
     * Renders {@code world} into the current framebuffer's {@code width}×{@code height} viewport.
     *
     * @param drawBodies false draws only the sky and the ground (a background plate)
     */
    void render(World world, Poses poses, Camera camera, int width, int height, boolean drawBodies) {
        render(world, poses, Renderer::color, camera, width, height, drawBodies);
    }

    /** As {@link #render(World, Poses, Camera, int, int, boolean)} with the bodies coloured by {@code colors}. */
    void render(World world, Poses poses, Colors colors, Camera camera, int width, int height, boolean drawBodies) {
        camera.projection(width, height, viewProjection).mul(camera.view(scratch));
        camera.eye(eye);
        lightFrame(camera);
        List<BodyHandle> handles = world.bodyHandles();
        for (Mesh m : meshes) {
            m.count = 0;
        }
        if (drawBodies) {
            for (int i = 0; i < handles.size(); i++) {
                BodyHandle h = handles.get(i);
                poses.pose(world, h, pos, rot);
                float[] rgb = colors.color(world, h, i);
                for (Collider c : world.body(h).colliders()) {
                    addCollider(c, rgb);
                }
            }
            // Hulls that no body uses any more (destroyed, or a scene rebuilt) give their buffers back.
            hulls.values().removeIf(m -> {
                if (m.frame != frame) {
                    m.delete();
                    meshes.remove(m);
                    return true;
                }
                return false;
            });
            for (Mesh m : meshes) {
                upload(m);
            }
            frame++;
        }
        // Shadow pass into the depth texture, then back to the caller's framebuffer.
        int target = glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING);
        glBindFramebuffer(GL_FRAMEBUFFER, shadowFbo);
        glViewport(0, 0, SHADOW_SIZE, SHADOW_SIZE);
        glClear(GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(2, 4);
        glUseProgram(depthProgram);
        uniform(depthProgram, "lightViewProjection", lightViewProjection);
        for (Mesh m : meshes) {
            draw(m);
        }
        glDisable(GL_POLYGON_OFFSET_FILL);
        glBindFramebuffer(GL_FRAMEBUFFER, target);

        glViewport(0, 0, width, height);
        glClearColor(HORIZON[0], HORIZON[1], HORIZON[2], 1);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        // Sky, behind everything.
        glDisable(GL_DEPTH_TEST);
        glUseProgram(skyProgram);
        uniform(skyProgram, "inverseViewProjection", new Matrix4f(viewProjection).invert());
        glUniform3fv(glGetUniformLocation(skyProgram, "horizon"), HORIZON);
        glUniform3fv(glGetUniformLocation(skyProgram, "zenith"), ZENITH);
        glBindVertexArray(skyVao);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glEnable(GL_DEPTH_TEST);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, shadowTexture);
        // Ground planes.
        glUseProgram(gridProgram);
        uniform(gridProgram, "viewProjection", viewProjection);
        uniform(gridProgram, "lightViewProjection", lightViewProjection);
        glUniform1i(glGetUniformLocation(gridProgram, "shadowMap"), 0);
        glUniform3f(glGetUniformLocation(gridProgram, "eye"), (float) eye.x, (float) eye.y, (float) eye.z);
        glUniform3fv(glGetUniformLocation(gridProgram, "horizon"), HORIZON);
        glUniform1f(glGetUniformLocation(gridProgram, "extent"), PLANE_EXTENT);
        glBindVertexArray(gridVao);
        glDisable(GL_CULL_FACE);
        for (BodyHandle h : handles) {
            for (Collider c : world.body(h).colliders()) {
                if (c.shape() instanceof Plane plane) {
                    poses.pose(world, h, pos, rot);
                    drawPlane(plane, c);
                }
            }
        }
        glEnable(GL_CULL_FACE);
        glUseProgram(meshProgram);
        uniform(meshProgram, "viewProjection", viewProjection);
        uniform(meshProgram, "lightViewProjection", lightViewProjection);
        glUniform1i(glGetUniformLocation(meshProgram, "shadowMap"), 0);
        glUniform3fv(glGetUniformLocation(meshProgram, "lightDirection"), LIGHT);
        glUniform3f(glGetUniformLocation(meshProgram, "eye"), (float) eye.x, (float) eye.y, (float) eye.z);
        glUniform3fv(glGetUniformLocation(meshProgram, "horizon"), HORIZON);
        for (Mesh m : meshes) {
            draw(m);
        }
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindVertexArray(0);
        glUseProgram(0);
    }

    /** The light's orthographic box: centred on the camera's target, sized by its distance. */
    private void lightFrame(Camera camera) {
        float half = (float) Math.max(6, 1.5 * camera.distance);
        float cx = (float) camera.target.x;
        float cy = (float) camera.target.y;
        float cz = (float) camera.target.z;
        float back = 4 * half;
        lightViewProjection.setOrtho(-half, half, -half, half, 0.1f, 8 * half)
                .lookAt(cx - LIGHT[0] * back, cy - LIGHT[1] * back, cz - LIGHT[2] * back, cx, cy, cz, 0, 1, 0);
    }

    private void drawPlane(Plane plane, Collider c) {
        // world normal and a point of the plane (n·x = offset in the collider's frame)
        cq.set(rot).mul(new Quaterniond(c.localRotation()));
        Vector3d n = cq.transform(new Vector3d(plane.normal()));
        Vector3d point = new Vector3d(plane.normal()).mul(plane.offset());
        new Quaterniond(c.localRotation()).transform(point).add(c.localPosition());
        rot.transform(point).add(pos);
        // in-plane axes u × v = n, with the point nearest the eye's projection as the origin
        Vector3d u = Math.abs(n.y) < 0.9 ? new Vector3d(0, 1, 0).cross(n) : new Vector3d(1, 0, 0).cross(n);
        u.normalize();
        Vector3d v = new Vector3d(n).cross(u);
        glUniform3f(glGetUniformLocation(gridProgram, "origin"), (float) point.x, (float) point.y, (float) point.z);
        glUniform3f(glGetUniformLocation(gridProgram, "axisU"), (float) u.x, (float) u.y, (float) u.z);
        glUniform3f(glGetUniformLocation(gridProgram, "axisV"), (float) v.x, (float) v.y, (float) v.z);
        glDrawArrays(GL_TRIANGLES, 0, 6);
    }

    private void addCollider(Collider c, float[] rgb) {
        // collider pose = body pose ∘ local pose
        rot.transform(cp.set(c.localPosition())).add(pos);
        cq.set(rot).mul(c.localRotation().x(), c.localRotation().y(), c.localRotation().z(), c.localRotation().w());
        if (c.shape() instanceof Box b) {
            instance(cube, 0, 2 * b.halfX(), 2 * b.halfY(), 2 * b.halfZ(), rgb);
        } else if (c.shape() instanceof Sphere s) {
            instance(sphere, 0, s.radius(), s.radius(), s.radius(), rgb);
        } else if (c.shape() instanceof Capsule k) {
            instance(cylinder, 0, k.radius(), k.halfHeight(), k.radius(), rgb);
            instance(sphere, k.halfHeight(), k.radius(), k.radius(), k.radius(), rgb);
            instance(sphere, -k.halfHeight(), k.radius(), k.radius(), k.radius(), rgb);
        } else if (c.shape() instanceof ConvexHull hull) {
            Mesh m = hulls.computeIfAbsent(hull, hh -> track(new Mesh(Meshes.hull(hull))));
            m.frame = frame;
            instance(m, 0, 1, 1, 1, rgb);
        } else if (c.shape() instanceof Terrain terrain) {
            Mesh m = hulls.computeIfAbsent(terrain, tt -> track(new Mesh(Meshes.terrain(terrain))));
            m.frame = frame;
            instance(m, 0, 1, 1, 1, TERRAIN);
        }
    }

    /** One instance of mesh m at the collider pose, moved dy along its local Y, scaled (sx, sy, sz). */
    private void instance(Mesh m, double dy, double sx, double sy, double sz, float[] rgb) {
        double ox = cp.x;
        double oy = cp.y;
        double oz = cp.z;
        if (dy != 0) {
            Vector3d up = cq.transform(new Vector3d(0, dy, 0));
            ox += up.x;
            oy += up.y;
            oz += up.z;
        }
        scratch.translationRotateScale((float) ox, (float) oy, (float) oz, (float) cq.x, (float) cq.y, (float) cq.z,
                (float) cq.w, (float) sx, (float) sy, (float) sz);
        m.add(scratch, matrix, rgb[0], rgb[1], rgb[2]);
    }

    private void upload(Mesh m) {
        if (m.count == 0) {
            return;
        }
        int n = m.count * INSTANCE_FLOATS;
        if (upload.capacity() < n) {
            MemoryUtil.memFree(upload);
            upload = MemoryUtil.memAllocFloat(Math.max(n, 2 * upload.capacity()));
        }
        upload.clear();
        upload.put(m.instances, 0, n).flip();
        glBindBuffer(GL_ARRAY_BUFFER, m.instanceVbo);
        glBufferData(GL_ARRAY_BUFFER, upload, GL_STREAM_DRAW);
    }

    private void draw(Mesh m) {
        if (m.count == 0) {
            return;
        }
        glBindVertexArray(m.vao);
        glDrawArraysInstanced(GL_TRIANGLES, 0, m.vertexCount, m.count);
    }

    /** Terrain colour: a muted green-grey, so ground reads as ground beside grey static bodies. */
    private static final float[] TERRAIN = {0.50f, 0.56f, 0.46f};

    /** Body colour: static grey, kinematic steel blue, dynamic by index (greyer asleep). */
    static float[] color(World world, BodyHandle h, int index) {
        BodyType t = world.body(h).type();
        if (t == BodyType.STATIC) {
            return new float[] {0.55f, 0.55f, 0.55f};
        }
        if (t == BodyType.KINEMATIC) {
            return new float[] {0.45f, 0.55f, 0.72f};
        }
        double hue = (index * 0.6180339887) % 1.0;
        float[] c = hsv(hue, 0.35, 0.85);
        if (!world.isAwake(h)) {
            for (int k = 0; k < 3; k++) {
                c[k] = 0.5f * c[k] + 0.25f;
            }
        }
        return c;
    }

    static float[] hsv(double h, double s, double v) {
        double r = Math.abs(h * 6 - 3) - 1;
        double g = 2 - Math.abs(h * 6 - 2);
        double b = 2 - Math.abs(h * 6 - 4);
        return new float[] {(float) (v * (1 - s + s * clamp(r))), (float) (v * (1 - s + s * clamp(g))),
            (float) (v * (1 - s + s * clamp(b)))};
    }

    private static double clamp(double x) {
        return Math.max(0, Math.min(1, x));
    }

    private void uniform(int program, String name, Matrix4f m) {
        m.get(matrix);
        glUniformMatrix4fv(glGetUniformLocation(program, name), false, matrix);
    }

    static int program(String vertex, String fragment) {
        int vs = shader(GL_VERTEX_SHADER, vertex);
        int fs = shader(GL_FRAGMENT_SHADER, fragment);
        int p = glCreateProgram();
        glAttachShader(p, vs);
        glAttachShader(p, fs);
        glLinkProgram(p);
        glDeleteShader(vs);
        glDeleteShader(fs);
        if (glGetProgrami(p, GL_LINK_STATUS) == GL_FALSE) {
            throw new IllegalStateException("shader program does not link: " + glGetProgramInfoLog(p));
        }
        return p;
    }

    private static int shader(int type, String source) {
        int s = glCreateShader(type);
        glShaderSource(s, source);
        glCompileShader(s);
        if (glGetShaderi(s, GL_COMPILE_STATUS) == GL_FALSE) {
            throw new IllegalStateException("shader does not compile: " + glGetShaderInfoLog(s));
        }
        return s;
    }

    private static float[] normalized(float x, float y, float z) {
        float l = (float) Math.sqrt(x * x + y * y + z * z);
        return new float[] {x / l, y / l, z / l};
    }

    @Override
    public void close() {
        for (Mesh m : meshes) {
            m.delete();
        }
        meshes.clear();
        hulls.clear();
        glDeleteBuffers(gridVbo);
        glDeleteVertexArrays(gridVao);
        glDeleteVertexArrays(skyVao);
        glDeleteProgram(meshProgram);
        glDeleteProgram(skyProgram);
        glDeleteProgram(gridProgram);
        glDeleteProgram(depthProgram);
        glDeleteFramebuffers(shadowFbo);
        glDeleteTextures(shadowTexture);
        MemoryUtil.memFree(upload);
    }
}
