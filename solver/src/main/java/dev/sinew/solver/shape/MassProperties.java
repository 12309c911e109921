package dev.sinew.solver.shape;

import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Mass, centre of mass and inertia tensor of a shape or body.
 *
 * @param mass    kilograms, > 0
 * @param center  centre of mass in the shape's (or body's) local frame, metres
 * @param inertia inertia tensor about the centre of mass, in the local frame's axes, kg·m²
 */
public record MassProperties(double mass, Vector3dc center, Matrix3dc inertia) {

    /** Sums mass properties already expressed in one common frame (parallel-axis theorem). */
    public static MassProperties combine(MassProperties... parts) {
        double m = 0;
        Vector3d c = new Vector3d();
        for (MassProperties p : parts) {
            m += p.mass;
            c.fma(p.mass, p.center);
        }
        c.div(m);
        Matrix3d sum = new Matrix3d().zero();
        Matrix3d shifted = new Matrix3d();
        for (MassProperties p : parts) {
            shiftInertia(p.inertia, p.mass, new Vector3d(p.center).sub(c), shifted);
            sum.add(shifted);
        }
        return new MassProperties(m, c, sum);
    }

    /**
     * Inertia about a point displaced by {@code d} from the centre of mass:
     * I' = I + m (|d|² E − d dᵀ).
     */
    public static Matrix3d shiftInertia(Matrix3dc inertia, double mass, Vector3dc d, Matrix3d dest) {
        double dd = d.lengthSquared();
        dest.set(inertia);
        dest.m00 += mass * (dd - d.x() * d.x());
        dest.m11 += mass * (dd - d.y() * d.y());
        dest.m22 += mass * (dd - d.z() * d.z());
        double xy = -mass * d.x() * d.y();
        double xz = -mass * d.x() * d.z();
        double yz = -mass * d.y() * d.z();
        dest.m01 += xy;
        dest.m10 += xy;
        dest.m02 += xz;
        dest.m20 += xz;
        dest.m12 += yz;
        dest.m21 += yz;
        return dest;
    }

    /** Rotates the inertia tensor into a parent frame: I' = R I Rᵀ. */
    public static Matrix3d rotateInertia(Matrix3dc inertia, Matrix3dc rotation, Matrix3d dest) {
        Matrix3d rt = new Matrix3d(rotation).transpose();
        return dest.set(rotation).mul(inertia).mul(rt);
    }
}
