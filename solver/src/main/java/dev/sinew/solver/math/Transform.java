package dev.sinew.solver.math;

import org.joml.Quaterniondc;

/**
 * A rigid transform as a position and a row-major rotation matrix, the form the narrowphase
 * works in. Mutable scratch: owned by one caller at a time.
 */
public final class Transform {
    /** Translation, metres. */
    public double px;
    public double py;
    public double pz;
    /** Row-major rotation matrix r[3·row + col]. */
    public final double[] r = new double[9];

    public Transform set(double x, double y, double z, double qx, double qy, double qz, double qw) {
        px = x;
        py = y;
        pz = z;
        Quaternions.toMatrix(qx, qy, qz, qw, r, 0);
        return this;
    }

    public Transform set(double x, double y, double z, Quaterniondc q) {
        return set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    public Transform set(Transform o) {
        px = o.px;
        py = o.py;
        pz = o.pz;
        System.arraycopy(o.r, 0, r, 0, 9);
        return this;
    }

    /** this = inverse(a) · b: maps b's local coordinates into a's local coordinates. */
    public Transform relative(Transform a, Transform b) {
        double dx = b.px - a.px;
        double dy = b.py - a.py;
        double dz = b.pz - a.pz;
        double[] ar = a.r;
        double[] br = b.r;
        double tx = ar[0] * dx + ar[3] * dy + ar[6] * dz;
        double ty = ar[1] * dx + ar[4] * dy + ar[7] * dz;
        double tz = ar[2] * dx + ar[5] * dy + ar[8] * dz;
        // R = Aᵀ B
        double r0 = ar[0] * br[0] + ar[3] * br[3] + ar[6] * br[6];
        double r1 = ar[0] * br[1] + ar[3] * br[4] + ar[6] * br[7];
        double r2 = ar[0] * br[2] + ar[3] * br[5] + ar[6] * br[8];
        double r3 = ar[1] * br[0] + ar[4] * br[3] + ar[7] * br[6];
        double r4 = ar[1] * br[1] + ar[4] * br[4] + ar[7] * br[7];
        double r5 = ar[1] * br[2] + ar[4] * br[5] + ar[7] * br[8];
        double r6 = ar[2] * br[0] + ar[5] * br[3] + ar[8] * br[6];
        double r7 = ar[2] * br[1] + ar[5] * br[4] + ar[8] * br[7];
        double r8 = ar[2] * br[2] + ar[5] * br[5] + ar[8] * br[8];
        px = tx;
        py = ty;
        pz = tz;
        r[0] = r0;
        r[1] = r1;
        r[2] = r2;
        r[3] = r3;
        r[4] = r4;
        r[5] = r5;
        r[6] = r6;
        r[7] = r7;
        r[8] = r8;
        return this;
    }

    public double pointX(double x, double y, double z) {
        return r[0] * x + r[1] * y + r[2] * z + px;
    }

    public double pointY(double x, double y, double z) {
        return r[3] * x + r[4] * y + r[5] * z + py;
    }

    public double pointZ(double x, double y, double z) {
        return r[6] * x + r[7] * y + r[8] * z + pz;
    }

    public double vectorX(double x, double y, double z) {
        return r[0] * x + r[1] * y + r[2] * z;
    }

    public double vectorY(double x, double y, double z) {
        return r[3] * x + r[4] * y + r[5] * z;
    }

    public double vectorZ(double x, double y, double z) {
        return r[6] * x + r[7] * y + r[8] * z;
    }

    /** Inverse-transforms a world point into local coordinates, component x. */
    public double invPointX(double x, double y, double z) {
        x -= px;
        y -= py;
        z -= pz;
        return r[0] * x + r[3] * y + r[6] * z;
    }

    public double invPointY(double x, double y, double z) {
        x -= px;
        y -= py;
        z -= pz;
        return r[1] * x + r[4] * y + r[7] * z;
    }

    public double invPointZ(double x, double y, double z) {
        x -= px;
        y -= py;
        z -= pz;
        return r[2] * x + r[5] * y + r[8] * z;
    }

    public double invVectorX(double x, double y, double z) {
        return r[0] * x + r[3] * y + r[6] * z;
    }

    public double invVectorY(double x, double y, double z) {
        return r[1] * x + r[4] * y + r[7] * z;
    }

    public double invVectorZ(double x, double y, double z) {
        return r[2] * x + r[5] * y + r[8] * z;
    }
}
