package dev.sinew.scenes;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** Small builders shared by scenes. */
public final class SceneKit {
    private SceneKit() {
    }

    /** A static ground plane y = 0. */
    public static BodyHandle ground(World w, Material m) {
        return w.createBody(BodySettings.builder(BodyType.STATIC)
                .collider(Collider.of(Plane.ground(), m)).build());
    }

    /** A dynamic box with the given half extents (m) at (x, y, z). */
    public static BodyHandle box(World w, double x, double y, double z, double hx, double hy, double hz, Material m) {
        return w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, y, z)
                .collider(Collider.of(new Box(hx, hy, hz), m)).build());
    }

    /** A rotation of {@code angle} radians about a unit axis, built with StrictMath so it is the same on every JVM. */
    public static Quaterniond axisAngle(double ax, double ay, double az, double angle) {
        double s = StrictMath.sin(angle / 2);
        return new Quaterniond(ax * s, ay * s, az * s, StrictMath.cos(angle / 2));
    }

    /** Horizontal (x–z) distance between two points, m. */
    public static double horizontal(Vector3d a, Vector3d b) {
        double dx = a.x - b.x;
        double dz = a.z - b.z;
        return Math.sqrt(dx * dx + dz * dz);
    }
}
