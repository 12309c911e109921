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
    private double[] previous = new double[0];
    private int previousCount;

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
        instance = scene.create(options);
        tick = 0;
        previousCount = 0;
    }

    /** One fixed tick. */
    void step() {
        World w = world();
        List<BodyHandle> handles = w.bodyHandles();
        if (previous.length < 7 * handles.size()) {
            previous = new double[7 * handles.size() * 2];
        }
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < handles.size(); i++) {
            w.position(handles.get(i), p);
            w.orientation(handles.get(i), q);
            int o = 7 * i;
            previous[o] = p.x;
            previous[o + 1] = p.y;
            previous[o + 2] = p.z;
            previous[o + 3] = q.x;
            previous[o + 4] = q.y;
            previous[o + 5] = q.z;
            previous[o + 6] = q.w;
        }
        previousCount = handles.size();
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
        List<BodyHandle> handles = world().bodyHandles();
        Quaterniond prev = new Quaterniond();
        return (w, h, p, q) -> {
            w.position(h, p);
            w.orientation(h, q);
            int i = handles.indexOf(h);
            if (alpha >= 1 || i < 0 || i >= previousCount) {
                return;
            }
            int o = 7 * i;
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
            if (w.bodyType(h) != dev.sinew.solver.BodyType.STATIC) {
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
