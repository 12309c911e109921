package dev.sinew.solver.collision;

import java.util.Arrays;

/**
 * A growable list of contact candidates (point, separation, feature id) and the reduction of
 * many candidates to the four that keep a manifold stable: the deepest point, the point
 * farthest from it, then the two points that span the largest area on either side of that
 * diagonal (measured about the normal).
 */
final class Candidates {
    int count;
    double[] x = new double[16];
    double[] y = new double[16];
    double[] z = new double[16];
    double[] sep = new double[16];
    int[] id = new int[16];
    private boolean[] taken = new boolean[16];

    void clear() {
        count = 0;
    }

    void add(double px, double py, double pz, double s, int fid) {
        if (count == x.length) {
            int n = 2 * count;
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            z = Arrays.copyOf(z, n);
            sep = Arrays.copyOf(sep, n);
            id = Arrays.copyOf(id, n);
            taken = Arrays.copyOf(taken, n);
        }
        x[count] = px;
        y[count] = py;
        z[count] = pz;
        sep[count] = s;
        id[count] = fid;
        count++;
    }

    /** Smallest separation among the candidates, +∞ when there are none. */
    double minSep() {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            m = Math.min(m, sep[i]);
        }
        return m;
    }

    /** Writes up to four candidates to {@code out}; normal (nx, ny, nz) must already be set there. */
    void reduceInto(ContactManifold out) {
        out.pointCount = 0;
        if (count <= ContactManifold.MAX_POINTS) {
            for (int i = 0; i < count; i++) {
                emit(out, i);
            }
            return;
        }
        Arrays.fill(taken, 0, count, false);
        int p1 = 0;
        for (int i = 1; i < count; i++) {
            if (sep[i] < sep[p1]) {
                p1 = i;
            }
        }
        int p2 = -1;
        double best = -1;
        for (int i = 0; i < count; i++) {
            double d = sq(x[i] - x[p1]) + sq(y[i] - y[p1]) + sq(z[i] - z[p1]);
            if (i != p1 && d > best) {
                best = d;
                p2 = i;
            }
        }
        double ex = x[p2] - x[p1];
        double ey = y[p2] - y[p1];
        double ez = z[p2] - z[p1];
        int p3 = -1;
        int p4 = -1;
        double maxArea = 0;
        double minArea = 0;
        for (int i = 0; i < count; i++) {
            if (i == p1 || i == p2) {
                continue;
            }
            double fx = x[i] - x[p1];
            double fy = y[i] - y[p1];
            double fz = z[i] - z[p1];
            double area = out.nx * (ey * fz - ez * fy) + out.ny * (ez * fx - ex * fz) + out.nz * (ex * fy - ey * fx);
            if (area > maxArea) {
                maxArea = area;
                p3 = i;
            }
            if (area < minArea) {
                minArea = area;
                p4 = i;
            }
        }
        emit(out, p1);
        emit(out, p2);
        if (p3 >= 0) {
            emit(out, p3);
        }
        if (p4 >= 0) {
            emit(out, p4);
        }
    }

    /**
     * Like {@link #reduceInto} over the candidates within {@code band} of the deepest; when fewer
     * than four are that near, the rest are filled with the next shallowest. A body turning on an
     * edge keeps the corners about to touch instead of the far corners that span the most area.
     */
    void reduceNearInto(ContactManifold out, double band) {
        if (count <= ContactManifold.MAX_POINTS) {
            reduceInto(out);
            return;
        }
        double limit = minSep() + band;
        int near = 0;
        for (int i = 0; i < count; i++) {
            if (sep[i] <= limit) {
                near++;
            }
        }
        if (near > ContactManifold.MAX_POINTS) {
            // keep only the near ones, in order, and reduce them by area
            int w = 0;
            for (int i = 0; i < count; i++) {
                if (sep[i] <= limit) {
                    move(i, w++);
                }
            }
            count = w;
            reduceInto(out);
            return;
        }
        out.pointCount = 0;
        Arrays.fill(taken, 0, count, false);
        while (out.pointCount < ContactManifold.MAX_POINTS) {
            int best = -1;
            for (int i = 0; i < count; i++) {
                if (!taken[i] && (best < 0 || sep[i] < sep[best])) {
                    best = i;
                }
            }
            taken[best] = true;
            emit(out, best);
        }
    }

    private void move(int from, int to) {
        x[to] = x[from];
        y[to] = y[from];
        z[to] = z[from];
        sep[to] = sep[from];
        id[to] = id[from];
    }

    private void emit(ContactManifold out, int i) {
        int k = out.pointCount++;
        out.px[k] = x[i];
        out.py[k] = y[i];
        out.pz[k] = z[i];
        out.separation[k] = sep[i];
        out.id[k] = id[i];
    }

    private static double sq(double v) {
        return v * v;
    }
}
