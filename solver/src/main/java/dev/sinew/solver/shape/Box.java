package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/** An axis-aligned box centred on the local origin; collides as an eight-vertex hull. */
public final class Box implements Shape {
    private final double hx;
    private final double hy;
    private final double hz;
    private final ConvexHull hull;

    /** Half extents along local x, y, z in metres, each > 0. */
    public Box(double halfX, double halfY, double halfZ) {
        hx = Check.positive("halfExtents.x", halfX);
        hy = Check.positive("halfExtents.y", halfY);
        hz = Check.positive("halfExtents.z", halfZ);
        List<Vector3d> corners = new ArrayList<>(8);
        for (int i = 0; i < 8; i++) {
            corners.add(new Vector3d((i & 1) == 0 ? -hx : hx, (i & 2) == 0 ? -hy : hy, (i & 4) == 0 ? -hz : hz));
        }
        hull = ConvexHull.of(corners);
    }

    /** A cube with the given half extent, metres. */
    public static Box cube(double halfExtent) {
        return new Box(halfExtent, halfExtent, halfExtent);
    }

    /** Half extent along local x, metres. */
    public double halfX() {
        return hx;
    }

    /** Half extent along local y, metres. */
    public double halfY() {
        return hy;
    }

    /** Half extent along local z, metres. */
    public double halfZ() {
        return hz;
    }

    /** The box as a hull (8 vertices, 6 faces, 12 edges) for the narrowphase. */
    public ConvexHull hull() {
        return hull;
    }

    /** I = m/12 · diag(y² + z², x² + z², x² + y²) with full extents x, y, z. */
    @Override
    public MassProperties massProperties(double density) {
        double m = density * 8 * hx * hy * hz;
        double x2 = 4 * hx * hx;
        double y2 = 4 * hy * hy;
        double z2 = 4 * hz * hz;
        Matrix3d inertia = new Matrix3d().zero();
        inertia.m00 = m / 12 * (y2 + z2);
        inertia.m11 = m / 12 * (x2 + z2);
        inertia.m22 = m / 12 * (x2 + y2);
        return new MassProperties(m, new Vector3d(), inertia);
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        double x = q.x();
        double y = q.y();
        double z = q.z();
        double w = q.w();
        double ex = Math.abs(1 - 2 * (y * y + z * z)) * hx + Math.abs(2 * (x * y - w * z)) * hy
                + Math.abs(2 * (x * z + w * y)) * hz;
        double ey = Math.abs(2 * (x * y + w * z)) * hx + Math.abs(1 - 2 * (x * x + z * z)) * hy
                + Math.abs(2 * (y * z - w * x)) * hz;
        double ez = Math.abs(2 * (x * z - w * y)) * hx + Math.abs(2 * (y * z + w * x)) * hy
                + Math.abs(1 - 2 * (x * x + y * y)) * hz;
        d[o] = p.x() - ex;
        d[o + 1] = p.y() - ey;
        d[o + 2] = p.z() - ez;
        d[o + 3] = p.x() + ex;
        d[o + 4] = p.y() + ey;
        d[o + 5] = p.z() + ez;
    }

    @Override
    public String typeName() {
        return "box";
    }

    @Override
    public double sizeSignature() {
        return hx * 1e6 + hy * 1e3 + hz;
    }

    @Override
    public String toString() {
        return "Box[half=" + hx + ", " + hy + ", " + hz + "]";
    }
}
