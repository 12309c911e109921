package dev.sinew.rig;

import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;

/**
 * The rotation maths the animation layers share: the rotation vector (log and exp of unit
 * quaternions), angles between rotations, and yaw about +Y on the shortest path across ±π.
 * Everything writes into a {@code dest} and allocates nothing; {@code dest} may alias an input.
 * Transcendentals are StrictMath's, so results are bit-identical on every JVM.
 *
 * <p>Yaw convention: +Y is up and a yaw of 0 faces +Z; a yaw ψ turns +Z to (sin ψ, 0, cos ψ)
 * (a right-handed turn about +Y).
 */
public final class Rotations {
    private Rotations() {
    }

    /**
     * The rotation vector of unit quaternion q (axis × angle, rad, angle in [0, π]): q and −q give
     * the same vector, the shorter way round. log(q) = 2·atan2(|v|, |w|)·v/|v|·sign(w).
     */
    public static Vector3d log(Quaterniondc q, Vector3d dest) {
        return log(q.x(), q.y(), q.z(), q.w(), dest);
    }

    /** {@link #log(Quaterniondc, Vector3d)} of the quaternion (x, y, z, w). */
    public static Vector3d log(double x, double y, double z, double w, Vector3d dest) {
        if (w < 0) {
            x = -x;
            y = -y;
            z = -z;
            w = -w;
        }
        double s = Math.sqrt(x * x + y * y + z * z);
        if (s < 1e-12) {
            // sin(θ/2) ≈ θ/2: the vector is 2·v to second order
            return dest.set(2 * x, 2 * y, 2 * z);
        }
        double k = 2 * StrictMath.atan2(s, w) / s;
        return dest.set(x * k, y * k, z * k);
    }

    /** The unit quaternion of rotation vector (x, y, z) (axis × angle, rad). */
    public static Quaterniond exp(double x, double y, double z, Quaterniond dest) {
        double angle = Math.sqrt(x * x + y * y + z * z);
        if (angle < 1e-12) {
            double inv = 1 / Math.sqrt(1 + 0.25 * angle * angle);
            return dest.set(0.5 * x * inv, 0.5 * y * inv, 0.5 * z * inv, inv);
        }
        double k = StrictMath.sin(0.5 * angle) / angle;
        return dest.set(x * k, y * k, z * k, StrictMath.cos(0.5 * angle));
    }

    /** The unit quaternion of rotation vector v. */
    public static Quaterniond exp(Vector3d v, Quaterniond dest) {
        return exp(v.x, v.y, v.z, dest);
    }

    /**
     * The angle (rad, [0, π]) of the rotation that takes unit quaternion a to b: 2·atan2(|v|, |w|)
     * of conj(a)·b = (v, w), exact for equal rotations and accurate near 0, where an arccosine of
     * the dot product loses half the digits (2·acos(1 − 2⁻⁵³) is already 1.7e−6°).
     */
    public static double angle(Quaterniondc a, Quaterniondc b) {
        double ax = a.x();
        double ay = a.y();
        double az = a.z();
        double aw = a.w();
        double bx = b.x();
        double by = b.y();
        double bz = b.z();
        double bw = b.w();
        double w = aw * bw + ax * bx + ay * by + az * bz;
        // paired so that each pair cancels exactly when a = b
        double x = (aw * bx - ax * bw) + (az * by - ay * bz);
        double y = (aw * by - ay * bw) + (ax * bz - az * bx);
        double z = (aw * bz - az * bw) + (ay * bx - ax * by);
        return 2 * StrictMath.atan2(Math.sqrt(x * x + y * y + z * z), Math.abs(w));
    }

    /** An angle wrapped into (−π, π], rad. */
    public static double wrap(double angle) {
        double a = angle % (2 * Math.PI);
        if (a > Math.PI) {
            a -= 2 * Math.PI;
        } else if (a <= -Math.PI) {
            a += 2 * Math.PI;
        }
        return a;
    }

    /**
     * The signed shortest turn from yaw {@code from} to yaw {@code to}, rad, in (−π, π]: from −170°
     * to +170° it is −20° (through ±180°), not +340°.
     */
    public static double shortestDelta(double from, double to) {
        return wrap(to - from);
    }

    /** The yaw (rad) of the horizontal direction (x, z): atan2(x, z), 0 along +Z. */
    public static double yaw(double x, double z) {
        return StrictMath.atan2(x, z);
    }

    /** The rotation by {@code yaw} rad about +Y. */
    public static Quaterniond yawRotation(double yaw, Quaterniond dest) {
        return dest.set(0, StrictMath.sin(0.5 * yaw), 0, StrictMath.cos(0.5 * yaw));
    }

    /**
     * The heading of a rotation: the yaw (rad) of where it turns {@code forward} to, projected on
     * the ground. For a bone whose own forward axis is +Z, forward is (0, 0, 1).
     */
    public static double headingYaw(Quaterniondc q, double fx, double fy, double fz) {
        // q·f·q* expanded for its x and z components only
        double x = q.x();
        double y = q.y();
        double z = q.z();
        double w = q.w();
        double tx = 2 * (y * fz - z * fy);
        double ty = 2 * (z * fx - x * fz);
        double tz = 2 * (x * fy - y * fx);
        double rx = fx + w * tx + (y * tz - z * ty);
        double rz = fz + w * tz + (x * ty - y * tx);
        return StrictMath.atan2(rx, rz);
    }
}
