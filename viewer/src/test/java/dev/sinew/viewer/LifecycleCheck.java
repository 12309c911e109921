package dev.sinew.viewer;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Terrain;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.lwjgl.glfw.GLFW;

/**
 * Child-JVM check for {@link WindowLifecycleTest}: a window with a debug context switches scenes
 * {@code N} times (each built, stepped, reset, stepped and drawn as the sandbox does, with every
 * debug overlay on), then
 * closes. Exits 1 naming the problem on any OpenGL error message or when the renderer holds more
 * meshes than the three shared ones plus one per distinct hull or terrain of the current scene.
 */
public final class LifecycleCheck {
    public static void main(String[] args) {
        int switches = Integer.parseInt(args[0]);
        List<Scene> all = SceneCatalog.all();
        String problem = null;
        int maxLive = 0;
        try (GlWindow w = new GlWindow(320, 180, "lifecycle check", false, true);
                GlDebug debug = new GlDebug();
                Renderer r = new Renderer();
                DebugLines lines = new DebugLines()) {
            DebugDraw overlay = new DebugDraw();
            overlay.contacts = true;
            overlay.joints = true;
            overlay.centresOfMass = true;
            overlay.driveTargets = true;
            overlay.sweeps = true;
            for (int i = 0; i < switches && problem == null; i++) {
                Scene scene = all.get(i % all.size());
                r.forgetHulls();
                SceneSession s = new SceneSession(scene, SceneOptions.defaults());
                Camera cam = s.frame();
                for (int k = 0; k < 2; k++) {
                    s.step();
                    r.render(s.world(), s.blended(0.5), cam, 320, 180, true);
                    lines.clear();
                    overlay.collect(s.world(), s.instance.driver(), lines);
                    lines.draw(cam.projection(320, 180, new org.joml.Matrix4f()).mul(cam.view(new org.joml.Matrix4f())));
                    GLFW.glfwSwapBuffers(w.handle);
                }
                s.reset();
                s.step();
                r.render(s.world(), s.blended(1), cam, 320, 180, true);
                GLFW.glfwSwapBuffers(w.handle);
                int expected = 3 + distinctHulls(s.world());
                maxLive = Math.max(maxLive, r.liveMeshes());
                if (r.liveMeshes() != expected) {
                    problem = "after " + scene.name() + " the renderer holds " + r.liveMeshes() + " meshes, expected " + expected;
                }
                if (!debug.errors.isEmpty()) {
                    problem = "OpenGL errors at " + scene.name() + ": " + debug.errors;
                }
                System.out.println("switch " + (i + 1) + " " + scene.name() + " meshes " + r.liveMeshes());
            }
        } finally {
            GlWindow.terminate();
        }
        if (problem != null) {
            System.out.println("FAIL " + problem);
            System.exit(1);
        }
        System.out.println("ok switches=" + switches + " maxMeshes=" + maxLive + " glErrors=0");
    }

    static int distinctHulls(World w) {
        Set<Shape> hulls = Collections.newSetFromMap(new IdentityHashMap<>());
        for (BodyHandle h : w.bodyHandles()) {
            for (Collider c : w.body(h).colliders()) {
                if (c.shape() instanceof ConvexHull || c.shape() instanceof Terrain) {
                    hulls.add(c.shape());
                }
            }
        }
        return hulls.size();
    }
}
