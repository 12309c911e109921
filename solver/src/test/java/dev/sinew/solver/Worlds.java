package dev.sinew.solver;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/** Small builders for solver tests. */
final class Worlds {
    private Worlds() {
    }

    static BodyHandle ground(World w, Material m) {
        return w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground(), m)).build());
    }

    static BodyHandle box(World w, double x, double y, double z, double half, Material m) {
        return w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, y, z)
                .collider(Collider.of(Box.cube(half), m)).build());
    }

    static BodyHandle sphere(World w, double x, double y, double z, double r, Material m) {
        return w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, y, z)
                .collider(Collider.of(new Sphere(r), m)).build());
    }

    static Quaterniond axisAngle(double ax, double ay, double az, double angle) {
        double s = StrictMath.sin(angle / 2);
        return new Quaterniond(ax * s, ay * s, az * s, StrictMath.cos(angle / 2));
    }

    static Vector3d pos(World w, BodyHandle h) {
        return w.position(h, new Vector3d());
    }

    static Vector3d vel(World w, BodyHandle h) {
        return w.linearVelocity(h, new Vector3d());
    }

    /** The normal impulse the last tick's touching pairs with {@code ground} carried, N·s. */
    static double groundImpulse(World w, BodyHandle ground) {
        ContactEvents e = w.contactEvents();
        double carried = 0;
        for (int k = 0; k < e.count(ContactEvents.Kind.TOUCH); k++) {
            if (ground.equals(e.bodyA(ContactEvents.Kind.TOUCH, k)) || ground.equals(e.bodyB(ContactEvents.Kind.TOUCH, k))) {
                carried += e.touchImpulse(k);
            }
        }
        return carried;
    }
}
