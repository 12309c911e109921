package dev.sinew.solver;

import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;

/**
 * Swing-twist angles of a joint's relative orientation, the coordinates its limits and the
 * reactions speak in. The twist axis is the joint frame's x axis; a relative orientation q (joint
 * frame B in joint frame A) is split as q = swing·twist, where twist turns about x and swing turns
 * about an axis in the y-z plane:
 * <pre>
 *   q = (w, x, y, z), taken with w ≥ 0;  n = √(w² + x²)
 *   twist   = 2·atan2(x, w)                                   rad, in [−π, π]
 *   swing   = (n, 0, (y·w − z·x)/n, (z·w + y·x)/n)            (a unit quaternion, axis ⟂ x)
 *   swingY, swingZ = the y and z components of swing's rotation vector, rad
 * </pre>
 * swingY is the turn about the frame's y axis (it tilts the twist axis toward −z), swingZ the turn
 * about z (it tilts the twist axis toward +y); the swing angle is √(swingY² + swingZ²) ≤ π. At a
 * swing of exactly π the twist is undefined and reported as 0.
 */
public final class SwingTwist {
    private SwingTwist() {
    }

    /** The angles of q (unit; checked): dest = (twist, swingY, swingZ), rad. */
    public static Vector3d decompose(Quaterniondc q, Vector3d dest) {
        Check.unit("q", q);
        double s = q.w() < 0 ? -1 : 1;
        double w = s * q.w();
        double x = s * q.x();
        double y = s * q.y();
        double z = s * q.z();
        double n = Math.sqrt(w * w + x * x);
        if (n < 1e-12) {
            double m = Math.sqrt(y * y + z * z);
            return dest.set(0, Math.PI * y / m, Math.PI * z / m);
        }
        double sy = (y * w - z * x) / n;
        double sz = (z * w + y * x) / n;
        double m = Math.sqrt(sy * sy + sz * sz);
        // rotation vector of the swing: angle 2·atan2(m, n) along (sy, sz)/m; the ratio → 2/n as m → 0
        double scale = m > 1e-12 ? 2 * Math.atan2(m, n) / m : 2 / n;
        return dest.set(2 * Math.atan2(x, w), scale * sy, scale * sz);
    }

    /** The orientation with these angles, rad: swing (rotation vector (0, swingY, swingZ)) · twist (about x). */
    public static Quaterniond compose(double twist, double swingY, double swingZ, Quaterniond dest) {
        Check.finite("twist", twist);
        Check.finite("swingY", swingY);
        Check.finite("swingZ", swingZ);
        double phi = Math.sqrt(swingY * swingY + swingZ * swingZ);
        double k = phi > 1e-12 ? Math.sin(phi / 2) / phi : 0.5;
        // swing (sw, 0, sy, sz) · twist (tw, tx, 0, 0)
        double sw = Math.cos(phi / 2);
        double sy = k * swingY;
        double sz = k * swingZ;
        double tw = Math.cos(twist / 2);
        double tx = Math.sin(twist / 2);
        return dest.set(sw * tx, sy * tw + sz * tx, sz * tw - sy * tx, sw * tw);
    }
}
