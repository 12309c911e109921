package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/** A sphere centred on the local origin. */
public final class Sphere implements Shape {
    private final double radius;

    /** @param radius metres, > 0 */
    public Sphere(double radius) {
        this.radius = Check.positive("radius", radius);
    }

    /** Radius in metres. */
    public double radius() {
        return radius;
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * 4.0 / 3.0 * Math.PI * radius * radius * radius;
        double i = 0.4 * m * radius * radius;
        return new MassProperties(m, new Vector3d(), new Matrix3d().scaling(i));
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        d[o] = p.x() - radius;
        d[o + 1] = p.y() - radius;
        d[o + 2] = p.z() - radius;
        d[o + 3] = p.x() + radius;
        d[o + 4] = p.y() + radius;
        d[o + 5] = p.z() + radius;
    }

    @Override
    public String typeName() {
        return "sphere";
    }

    @Override
    public double sizeSignature() {
        return radius;
    }

    @Override
    public String toString() {
        return "Sphere[radius=" + radius + "]";
    }
}
