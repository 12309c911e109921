package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/** A contact point as reported to callers (a mutable holder, reusable across calls). */
public final class ContactPoint {
    private BodyHandle bodyA;
    private BodyHandle bodyB;
    private double depth;
    private final Vector3d point = new Vector3d();
    private final Vector3d normal = new Vector3d();

    void set(BodyHandle a, BodyHandle b, double d, double px, double py, double pz, double nx, double ny, double nz) {
        bodyA = a;
        bodyB = b;
        depth = d;
        point.set(px, py, pz);
        normal.set(nx, ny, nz);
    }

    public BodyHandle bodyA() {
        return bodyA;
    }

    public BodyHandle bodyB() {
        return bodyB;
    }

    /**
     * Overlap, metres: ≥ 0 from {@link WorldDebug#deepestContact}; from
     * {@link WorldDebug#forEachContactPoint} negative for a speculative point (the gap).
     */
    public double depth() {
        return depth;
    }

    /** The contact point on body A's surface, world, metres. */
    public Vector3dc point() {
        return point;
    }

    /** Unit normal from A to B, world. */
    public Vector3dc normal() {
        return normal;
    }

    @Override
    public String toString() {
        return "ContactPoint[" + bodyA + " " + bodyB + " depth=" + depth + " at " + point + " n=" + normal + "]";
    }
}
