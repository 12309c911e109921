package dev.sinew.viewer;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * One scene running in the viewer: creates its instance, runs its fixed ticks exactly as the
 * headless runner does (before-step hook, step, after-step hook), and keeps every body's pose
 * from before the last tick so rendering can blend between the last two ticks.
 */
final class SceneSession {
    final Scene scene;
    private final SceneOptions options;
    SceneInstance instance;
    long tick;
    /** Per body slot: its pose before the last tick (x, y, z, qx, qy, qz, qw), and the generation + 1 it belongs to (0: none). */
    private double[] previous = new double[0];
    private int[] previousGeneration = new int[0];

    SceneSession(Scene scene, SceneOptions options) {
        this.scene = scene;
        this.options = options;
        reset();
    }

    World world() {
        return instance.world();
    }

    /** Builds the scene again from its options. */
    void reset() {
        int threads = 1;
        if (instance != null) {
            threads = world().settings().threads();
            world().close(); // its worker threads, if the threads slider started any
        }
        instance = dev.sinew.scenes.SceneRunner.create(scene, options);
        if (threads != 1) {
            world().setSettings(world().settings().withThreads(threads));
        }
        tick = 0;
        java.util.Arrays.fill(previousGeneration, 0);
    }

    /** One fixed tick. */
    void step() {
        World w = world();
        List<BodyHandle> handles = w.bodyHandles();
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (BodyHandle h : handles) {
            int slot = h.index();
            if (previous.length < 7 * (slot + 1)) {
                previous = java.util.Arrays.copyOf(previous, 14 * (slot + 1));
                previousGeneration = java.util.Arrays.copyOf(previousGeneration, 2 * (slot + 1));
            }
            w.position(h, p);
            w.orientation(h, q);
            int o = 7 * slot;
            previous[o] = p.x;
            previous[o + 1] = p.y;
            previous[o + 2] = p.z;
            previous[o + 3] = q.x;
            previous[o + 4] = q.y;
            previous[o + 5] = q.z;
            previous[o + 6] = q.w;
            previousGeneration[slot] = h.generation() + 1;
        }
        instance.beforeStep(tick);
        w.step();
        instance.afterStep(tick);
        tick++;
    }

    /** Simulated seconds so far. */
    double seconds() {
        return tick * world().settings().tickSeconds();
    }

    /**
     * Poses blended by {@code alpha} (0 = before the last tick, 1 = now) for bodies that existed
     * before it; bodies made since show their current pose.
     */
    Renderer.Poses blended(double alpha) {
        Quaterniond prev = new Quaterniond();
        return (w, h, p, q) -> {
            w.position(h, p);
            w.orientation(h, q);
            int slot = h.index();
            if (alpha >= 1 || slot >= previousGeneration.length || previousGeneration[slot] != h.generation() + 1) {
                return;
            }
            int o = 7 * slot;
            p.set(previous[o] + alpha * (p.x - previous[o]), previous[o + 1] + alpha * (p.y - previous[o + 1]),
                    previous[o + 2] + alpha * (p.z - previous[o + 2]));
            prev.set(previous[o + 3], previous[o + 4], previous[o + 5], previous[o + 6]);
            prev.nlerp(q, alpha, q);
        };
    }

    /** The default camera: at the scene's focus body, or at the middle of its moving bodies. */
    Camera frame() {
        World w = world();
        BodyHandle focus = instance.focus();
        Vector3d c = new Vector3d();
        if (focus != null) {
            w.position(focus, c);
            return Camera.looking(c, 3.2);
        }
        Vector3d min = new Vector3d(Double.POSITIVE_INFINITY);
        Vector3d max = new Vector3d(Double.NEGATIVE_INFINITY);
        Vector3d p = new Vector3d();
        int n = 0;
        for (BodyHandle h : w.bodyHandles()) {
            if (w.body(h).type() != dev.sinew.solver.BodyType.STATIC) {
                w.position(h, p);
                min.min(p);
                max.max(p);
                n++;
            }
        }
        if (n == 0) {
            return Camera.looking(new Vector3d(0, 1, 0), 8);
        }
        c.set(min).add(max).mul(0.5);
        double size = max.distance(min);
        return Camera.looking(c, Math.max(4, 1.6 * size + 2));
    }
}
