package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * An infinite static half-space: the solid is every local point x with n·x ≤ offset, where n is
 * the unit normal pointing out of the solid. Only static bodies may carry a plane.
 */
public final class Plane implements Shape {
    private final Vector3d normal;
    private final double offset;

    /**
     * @param normal outward normal in the body's local frame; normalized here, must be non-zero
     * @param offset signed distance of the surface from the local origin along the normal, metres
     */
    public Plane(Vector3dc normal, double offset) {
        Check.nonZero("normal", normal);
        this.normal = new Vector3d(normal).normalize();
        this.offset = Check.finite("offset", offset);
    }

    /** The ground plane y = 0 with +Y out of the solid. */
    public static Plane ground() {
        return new Plane(new Vector3d(0, 1, 0), 0);
    }

    /** Outward unit normal in the body's local frame. */
    public Vector3dc normal() {
        return normal;
    }

    /** Offset along the normal, metres. */
    public double offset() {
        return offset;
    }

    @Override
    public MassProperties massProperties(double density) {
        throw new InvalidArgumentException("shape", this, "a plane has no mass; it may only be on a static body");
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        double inf = Double.POSITIVE_INFINITY;
        d[o] = -inf;
        d[o + 1] = -inf;
        d[o + 2] = -inf;
        d[o + 3] = inf;
        d[o + 4] = inf;
        d[o + 5] = inf;
    }

    @Override
    public boolean staticOnly() {
        return true;
    }

    @Override
    public String typeName() {
        return "plane";
    }

    @Override
    public double sizeSignature() {
        return offset;
    }

    @Override
    public String toString() {
        return "Plane[normal=" + normal + ", offset=" + offset + "]";
    }
}
