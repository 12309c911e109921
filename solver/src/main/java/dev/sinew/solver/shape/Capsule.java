package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A capsule along the local Y axis: the points within {@code radius} of the segment from
 * (0, −halfHeight, 0) to (0, +halfHeight, 0). Total length is 2·(halfHeight + radius).
 */
public final class Capsule implements Shape {
    private final double halfHeight;
    private final double radius;

    /**
     * A capsule from its half height first, then its radius (the order of Jolt's capsule); see
     * {@link #ofRadiusAndHalfHeight} for the order the name spells.
     *
     * @param halfHeight half the length of the core segment, metres, > 0
     * @param radius     metres, > 0
     */
    public Capsule(double halfHeight, double radius) {
        this.halfHeight = Check.positive("halfHeight", halfHeight);
        this.radius = Check.positive("radius", radius);
    }

    /**
     * A capsule of {@code radius} about a core segment of half length {@code halfHeight} (both
     * metres, > 0): total length 2·(halfHeight + radius).
     */
    public static Capsule ofRadiusAndHalfHeight(double radius, double halfHeight) {
        return new Capsule(halfHeight, radius);
    }

    /** A capsule of {@code radius} and total length {@code length}, end to end (metres, length > 2·radius). */
    public static Capsule ofRadiusAndLength(double radius, double length) {
        Check.positive("radius", radius);
        if (!(length > 2 * radius) || length == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("length", length,
                    "must be finite and > 2 × radius (" + 2 * radius + " m)");
        }
        return new Capsule(0.5 * length - radius, radius);
    }

    /** Half the core segment's length, metres. */
    public double halfHeight() {
        return halfHeight;
    }

    /** Radius, metres. */
    public double radius() {
        return radius;
    }

    /**
     * Cylinder of height h = 2·halfHeight plus two hemispheres. About the centre:
     * I_yy = m_c r²/2 + m_s·2r²/5 and
     * I_xx = m_c (h²/12 + r²/4) + m_s (2r²/5 + h²/4 + 3hr/8), with m_s the mass of both caps.
     */
    @Override
    public MassProperties massProperties(double density) {
        double r = radius;
        double h = 2 * halfHeight;
        double mc = density * Math.PI * r * r * h;
        double ms = density * 4.0 / 3.0 * Math.PI * r * r * r;
        double iyy = mc * r * r / 2 + ms * 0.4 * r * r;
        double ixx = mc * (h * h / 12 + r * r / 4) + ms * (0.4 * r * r + h * h / 4 + 3 * h * r / 8);
        Matrix3d inertia = new Matrix3d().zero();
        inertia.m00 = ixx;
        inertia.m11 = iyy;
        inertia.m22 = ixx;
        return new MassProperties(mc + ms, new Vector3d(), inertia);
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        double x = q.x();
        double y = q.y();
        double z = q.z();
        double w = q.w();
        double ex = Math.abs(2 * (x * y - w * z)) * halfHeight + radius;
        double ey = Math.abs(1 - 2 * (x * x + z * z)) * halfHeight + radius;
        double ez = Math.abs(2 * (y * z + w * x)) * halfHeight + radius;
        d[o] = p.x() - ex;
        d[o + 1] = p.y() - ey;
        d[o + 2] = p.z() - ez;
        d[o + 3] = p.x() + ex;
        d[o + 4] = p.y() + ey;
        d[o + 5] = p.z() + ez;
    }

    @Override
    public String typeName() {
        return "capsule";
    }

    @Override
    public double sizeSignature() {
        return halfHeight * 31 + radius;
    }

    @Override
    public String toString() {
        return "Capsule[halfHeight=" + halfHeight + ", radius=" + radius + "]";
    }
}
