package dev.sinew.solver.math;

/**
 * Quaternion helpers on packed arrays: unit quaternions (x, y, z, w), four doubles per body or
 * frame, and vectors (x, y, z), three per entry. The rotation of a vector v by q is
 * v' = v + w·t + q×t with t = 2·(q × v), the form every caller uses, so the same rotation gives
 * the same bits wherever it is computed.
 */
public final class Quaternions {
    private Quaternions() {
    }

    /** Component x of R(q_body)·v, for q_body = rot[4·body..] and v = local[o..o+2]. */
    public static double rotX(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double ty = 2 * (qz * vx - qx * vz);
        double tz = 2 * (qx * vy - qy * vx);
        double tx = 2 * (qy * vz - qz * vy);
        return vx + qw * tx + (qy * tz - qz * ty);
    }

    /** Component y of R(q_body)·v (see {@link #rotX}). */
    public static double rotY(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double tx = 2 * (qy * vz - qz * vy);
        double tz = 2 * (qx * vy - qy * vx);
        double ty = 2 * (qz * vx - qx * vz);
        return vy + qw * ty + (qz * tx - qx * tz);
    }

    /** Component z of R(q_body)·v (see {@link #rotX}). */
    public static double rotZ(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double tx = 2 * (qy * vz - qz * vy);
        double ty = 2 * (qz * vx - qx * vz);
        double tz = 2 * (qx * vy - qy * vx);
        return vz + qw * tz + (qx * ty - qy * tx);
    }

    /** out[0..2] = R(q_body)·local[o..o+2]: a body-frame vector in the world frame. */
    public static void toWorld(double[] rot, int body, double[] local, int o, double[] out) {
        out[0] = rotX(rot, body, local, o);
        out[1] = rotY(rot, body, local, o);
        out[2] = rotZ(rot, body, local, o);
    }

    /** dest[o..o+2] = conj(q_body)·(x, y, z)·q_body: a world vector in the body's frame. */
    public static void inverseRotate(double[] rot, int body, double x, double y, double z, double[] dest, int o) {
        double qx = -rot[4 * body];
        double qy = -rot[4 * body + 1];
        double qz = -rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double tx = 2 * (qy * z - qz * y);
        double ty = 2 * (qz * x - qx * z);
        double tz = 2 * (qx * y - qy * x);
        dest[o] = x + qw * tx + (qy * tz - qz * ty);
        dest[o + 1] = y + qw * ty + (qz * tx - qx * tz);
        dest[o + 2] = z + qw * tz + (qx * ty - qy * tx);
    }

    /**
     * v ← R(p)·v for a unit quaternion p (x, y, z, w), as v + 2·p_xyz × (p_xyz × v + w·v): the
     * swing-twist limit's form (its rows depend on these bits).
     */
    public static void rotateInPlace(double[] p, double[] v) {
        rotateInPlace(p, v, 0);
    }

    /** {@link #rotateInPlace(double[], double[])} of v at v[o..o+2]. */
    public static void rotateInPlace(double[] p, double[] v, int o) {
        double px = p[0];
        double py = p[1];
        double pz = p[2];
        double pw = p[3];
        double vx = v[o];
        double vy = v[o + 1];
        double vz = v[o + 2];
        double cx = py * vz - pz * vy + pw * vx;
        double cy = pz * vx - px * vz + pw * vy;
        double cz = px * vy - py * vx + pw * vz;
        v[o] = vx + 2 * (py * cz - pz * cy);
        v[o + 1] = vy + 2 * (pz * cx - px * cz);
        v[o + 2] = vz + 2 * (px * cy - py * cx);
    }

    /** out = rot[o..o+3] ⊗ f (quaternions x, y, z, w). */
    public static void mul(double[] rot, int o, double[] f, double[] out) {
        mul(rot, o, f, 0, out);
    }

    /** out = rot[o..o+3] ⊗ f[fo..fo+3] (quaternions x, y, z, w). */
    public static void mul(double[] rot, int o, double[] f, int fo, double[] out) {
        double px = rot[o];
        double py = rot[o + 1];
        double pz = rot[o + 2];
        double pw = rot[o + 3];
        double fx = f[fo];
        double fy = f[fo + 1];
        double fz = f[fo + 2];
        double fw = f[fo + 3];
        out[0] = pw * fx + px * fw + py * fz - pz * fy;
        out[1] = pw * fy - px * fz + py * fw + pz * fx;
        out[2] = pw * fz + px * fy - py * fx + pz * fw;
        out[3] = pw * fw - px * fx - py * fy - pz * fz;
    }

    /** Axis k (0 x, 1 y, 2 z) of unit quaternion q's rotation, i.e. column k of its matrix, into out. */
    public static void axis(double[] q, int k, double[] out) {
        double x = q[0];
        double y = q[1];
        double z = q[2];
        double w = q[3];
        if (k == 0) {
            out[0] = 1 - 2 * (y * y + z * z);
            out[1] = 2 * (x * y + w * z);
            out[2] = 2 * (x * z - w * y);
        } else if (k == 1) {
            out[0] = 2 * (x * y - w * z);
            out[1] = 1 - 2 * (x * x + z * z);
            out[2] = 2 * (y * z + w * x);
        } else {
            out[0] = 2 * (x * z + w * y);
            out[1] = 2 * (y * z - w * x);
            out[2] = 1 - 2 * (x * x + y * y);
        }
    }

    /**
     * The rotation matrix of the unit quaternion (x, y, z, w), row-major into out[o..o+8]:
     * R = I + 2w·[v]× + 2·[v]×², written out.
     */
    public static void toMatrix(double x, double y, double z, double w, double[] out, int o) {
        out[o] = 1 - 2 * (y * y + z * z);
        out[o + 1] = 2 * (x * y - w * z);
        out[o + 2] = 2 * (x * z + w * y);
        out[o + 3] = 2 * (x * y + w * z);
        out[o + 4] = 1 - 2 * (x * x + z * z);
        out[o + 5] = 2 * (y * z - w * x);
        out[o + 6] = 2 * (x * z - w * y);
        out[o + 7] = 2 * (y * z + w * x);
        out[o + 8] = 1 - 2 * (x * x + y * y);
    }

    /** c = a × b for 3-vectors (out may not alias a or b). */
    public static void cross(double[] a, double[] b, double[] out) {
        out[0] = a[1] * b[2] - a[2] * b[1];
        out[1] = a[2] * b[0] - a[0] * b[2];
        out[2] = a[0] * b[1] - a[1] * b[0];
    }

    /**
     * One first-order orientation step of a body turning at ω (rad/s, world axes) for h seconds,
     * q += h/2·(0, ω) ⊗ q, renormalized, on rot[q..q+3] (x, y, z, w).
     */
    public static void integrate(double[] rot, int q, double wx, double wy, double wz, double h) {
        double hh = 0.5 * h;
        double qx = rot[q];
        double qy = rot[q + 1];
        double qz = rot[q + 2];
        double qw = rot[q + 3];
        double nx = qx + hh * (wx * qw + wy * qz - wz * qy);
        double ny = qy + hh * (wy * qw + wz * qx - wx * qz);
        double nz = qz + hh * (wz * qw + wx * qy - wy * qx);
        double nw = qw - hh * (wx * qx + wy * qy + wz * qz);
        double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        rot[q] = nx * inv;
        rot[q + 1] = ny * inv;
        rot[q + 2] = nz * inv;
        rot[q + 3] = nw * inv;
    }
}
