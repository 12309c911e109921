package dev.sinew.solver;

/** Quaternion helpers on packed arrays (x, y, z, w), for parts that keep frames as doubles. */
final class Quaternions {
    private Quaternions() {
    }

    /** out = rot[o..o+3] ⊗ f (quaternions x, y, z, w). */
    static void mul(double[] rot, int o, double[] f, double[] out) {
        double px = rot[o];
        double py = rot[o + 1];
        double pz = rot[o + 2];
        double pw = rot[o + 3];
        out[0] = pw * f[0] + px * f[3] + py * f[2] - pz * f[1];
        out[1] = pw * f[1] - px * f[2] + py * f[3] + pz * f[0];
        out[2] = pw * f[2] + px * f[1] - py * f[0] + pz * f[3];
        out[3] = pw * f[3] - px * f[0] - py * f[1] - pz * f[2];
    }

    /** Axis k (0 x, 1 y, 2 z) of unit quaternion q's rotation, i.e. column k of its matrix, into out. */
    static void axis(double[] q, int k, double[] out) {
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
}
