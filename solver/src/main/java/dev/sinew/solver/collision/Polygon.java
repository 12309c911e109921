package dev.sinew.solver.collision;

import java.util.Arrays;

/**
 * A convex polygon being clipped (Sutherland–Hodgman), with a feature code per vertex so that
 * clipped points keep stable ids from step to step. Scratch storage, one per collider; grows
 * and then allocates nothing.
 */
final class Polygon {
    /** Metres a point may lie outside a side plane and still count as inside. */
    static final double CLIP_TOLERANCE = 1e-6;

    int count;
    double[] x = new double[32];
    double[] y = new double[32];
    double[] z = new double[32];
    int[] code = new int[32];
    private double[] tx = new double[32];
    private double[] ty = new double[32];
    private double[] tz = new double[32];
    private int[] tcode = new int[32];

    void set(int k, double px, double py, double pz, int c) {
        x[k] = px;
        y[k] = py;
        z[k] = pz;
        code[k] = c;
    }

    /** Room for a polygon of n vertices clipped any number of times (each clip adds at most one). */
    void ensure(int n) {
        if (x.length < 2 * n) {
            int m = 2 * n;
            x = Arrays.copyOf(x, m);
            y = Arrays.copyOf(y, m);
            z = Arrays.copyOf(z, m);
            code = Arrays.copyOf(code, m);
            tx = Arrays.copyOf(tx, m);
            ty = Arrays.copyOf(ty, m);
            tz = Arrays.copyOf(tz, m);
            tcode = Arrays.copyOf(tcode, m);
        }
    }

    /**
     * Keeps the part in the half-space s·p ≤ off; a new vertex gets a code from the clip plane's
     * index and the codes of the edge it cuts.
     */
    void clip(double sx, double sy, double sz, double off, int plane) {
        double tol = CLIP_TOLERANCE * Math.sqrt(sx * sx + sy * sy + sz * sz);
        int n = 0;
        for (int i = 0; i < count; i++) {
            int j = (i + 1) % count;
            // A vertex on the side plane to within CLIP_TOLERANCE counts as inside, so a face
            // resting exactly on another keeps its vertex ids (and so its warm-start impulses).
            double di = sx * x[i] + sy * y[i] + sz * z[i] - off - tol;
            double dj = sx * x[j] + sy * y[j] + sz * z[j] - off - tol;
            if (di <= 0) {
                tx[n] = x[i];
                ty[n] = y[i];
                tz[n] = z[i];
                tcode[n] = code[i];
                n++;
            }
            if ((di <= 0) != (dj <= 0)) {
                double t = di / (di - dj);
                tx[n] = x[i] + t * (x[j] - x[i]);
                ty[n] = y[i] + t * (y[j] - y[i]);
                tz[n] = z[i] + t * (z[j] - z[i]);
                int lo = Math.min(code[i], code[j]) & 0x7F;
                int hi = Math.max(code[i], code[j]) & 0x3F;
                tcode[n] = ((plane & 0x3F) << 7 | ((lo * 7 + hi) & 0x7F)) & 0x1FFF;
                n++;
            }
        }
        double[] sw = x;
        x = tx;
        tx = sw;
        sw = y;
        y = ty;
        ty = sw;
        sw = z;
        z = tz;
        tz = sw;
        int[] si = code;
        code = tcode;
        tcode = si;
        count = n;
    }
}
