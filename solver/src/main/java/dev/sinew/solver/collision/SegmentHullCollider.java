package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.ConvexHull;

/**
 * A round shape (core segment p0–p1 plus radius r; a point for a sphere) against a convex hull,
 * computed in the hull's local frame.
 *
 * <p>Separating-axis test of the core against the hull: the hull's face normals, and
 * u × e for each hull edge e whose Gauss-map arc crosses the great circle perpendicular to the
 * segment direction u (the only edge pairs that bound the Minkowski difference). When the core
 * penetrates, the least-penetrating axis is the exact minimum translation; the contact is the
 * core clipped to the reference face (up to two points) or the closest points of the two edges.
 * When the core is outside, the exact closest points come from a brute-force search over the
 * faces (endpoint projections) and edges (segment–segment), and a core lying flat over a face
 * gets two points.
 */
final class SegmentHullCollider {
    private static final double PARALLEL_COS = 1 - 1e-6;
    private final NarrowPhase np;
    private final SegmentMath seg;
    // Scratch results
    private double qsx;
    private double qsy;
    private double qsz;
    private double qhx;
    private double qhy;
    private double qhz;
    private double clipT0;
    private double clipT1;

    SegmentHullCollider(NarrowPhase np) {
        this.np = np;
        this.seg = np.seg;
    }

    void collide(double[] sg, ConvexHull h, Transform t, double margin, ContactManifold out) {
        double p0x = t.invPointX(sg[0], sg[1], sg[2]);
        double p0y = t.invPointY(sg[0], sg[1], sg[2]);
        double p0z = t.invPointZ(sg[0], sg[1], sg[2]);
        double p1x = t.invPointX(sg[3], sg[4], sg[5]);
        double p1y = t.invPointY(sg[3], sg[4], sg[5]);
        double p1z = t.invPointZ(sg[3], sg[4], sg[5]);
        double r = sg[6];
        double ux = p1x - p0x;
        double uy = p1y - p0y;
        double uz = p1z - p0z;
        double ul2 = ux * ux + uy * uy + uz * uz;

        int bestFace = -1;
        double faceSep = Double.NEGATIVE_INFINITY;
        for (int f = 0, nf = h.faceCount(); f < nf; f++) {
            double nx = h.plane(f, 0);
            double ny = h.plane(f, 1);
            double nz = h.plane(f, 2);
            double d = h.plane(f, 3);
            double s = Math.min(nx * p0x + ny * p0y + nz * p0z, nx * p1x + ny * p1y + nz * p1z) - d;
            if (s > faceSep) {
                faceSep = s;
                bestFace = f;
            }
        }
        if (bestFace < 0) {
            // no face separation was a number: a pose holds NaN (fault containment reports the body)
            return;
        }
        int bestEdge = -1;
        double edgeSep = Double.NEGATIVE_INFINITY;
        double eax = 0;
        double eay = 0;
        double eaz = 0;
        if (ul2 > 1e-18) {
            for (int e = 0, ne = h.edgeCount(); e < ne; e++) {
                int fa = h.edge(e, 2);
                int fb = h.edge(e, 3);
                double au = h.plane(fa, 0) * ux + h.plane(fa, 1) * uy + h.plane(fa, 2) * uz;
                double bu = h.plane(fb, 0) * ux + h.plane(fb, 1) * uy + h.plane(fb, 2) * uz;
                if (au * bu >= 0) {
                    continue;
                }
                int v0 = h.edge(e, 0);
                int v1 = h.edge(e, 1);
                double v0x = h.vertex(v0, 0);
                double v0y = h.vertex(v0, 1);
                double v0z = h.vertex(v0, 2);
                double ex = h.vertex(v1, 0) - v0x;
                double ey = h.vertex(v1, 1) - v0y;
                double ez = h.vertex(v1, 2) - v0z;
                double ax = ey * uz - ez * uy;
                double ay = ez * ux - ex * uz;
                double az = ex * uy - ey * ux;
                double al = Math.sqrt(ax * ax + ay * ay + az * az);
                if (al < 1e-9 * Math.sqrt((ex * ex + ey * ey + ez * ez) * ul2)) {
                    continue;
                }
                ax /= al;
                ay /= al;
                az /= al;
                // Orient the axis into the edge's Gauss arc (a + b side): the hull's outward
                // support direction at this edge.
                double sumX = h.plane(fa, 0) + h.plane(fb, 0);
                double sumY = h.plane(fa, 1) + h.plane(fb, 1);
                double sumZ = h.plane(fa, 2) + h.plane(fb, 2);
                if (ax * sumX + ay * sumY + az * sumZ < 0) {
                    ax = -ax;
                    ay = -ay;
                    az = -az;
                }
                double s = ax * (p0x - v0x) + ay * (p0y - v0y) + az * (p0z - v0z);
                if (s > edgeSep) {
                    edgeSep = s;
                    bestEdge = e;
                    eax = ax;
                    eay = ay;
                    eaz = az;
                }
            }
        }
        double coreSep = Math.max(faceSep, edgeSep);
        if (coreSep - r > margin) {
            return;
        }
        Candidates c = np.candidates;
        c.clear();
        double nx;
        double ny;
        double nz;
        if (coreSep > 0) {
            double dist = closestPoints(h, p0x, p0y, p0z, p1x, p1y, p1z);
            if (dist - r > margin) {
                return;
            }
            nx = (qsx - qhx) / dist;
            ny = (qsy - qhy) / dist;
            nz = (qsz - qhz) / dist;
            int f = -1;
            double bestCos = PARALLEL_COS;
            for (int k = 0, nf = h.faceCount(); k < nf; k++) {
                double cs = h.plane(k, 0) * nx + h.plane(k, 1) * ny + h.plane(k, 2) * nz;
                if (cs > bestCos) {
                    bestCos = cs;
                    f = k;
                }
            }
            if (f >= 0 && ul2 > 1e-18) {
                // The closest feature is a face: clip the whole core to it, so a capsule lying at
                // a slant over the face also gets its far end as a (speculative) point and does
                // not rock on a single point.
                double fnx = h.plane(f, 0);
                double fny = h.plane(f, 1);
                double fnz = h.plane(f, 2);
                if (faceContact(h, f, p0x, p0y, p0z, ux, uy, uz, r, margin, c) && c.count > 0) {
                    // The exact closest points too, in case they lie on the face's rim and the
                    // clipped ends are shallower.
                    double s = dist - r;
                    c.add(qhx + nx * 0.5 * s, qhy + ny * 0.5 * s, qhz + nz * 0.5 * s, s, 0x7000);
                    emit(c, t, fnx, fny, fnz, out);
                    return;
                }
                c.clear();
            }
            double s = dist - r;
            c.add(qhx + nx * 0.5 * s, qhy + ny * 0.5 * s, qhz + nz * 0.5 * s, s, 0x7000);
        } else if (faceSep >= edgeSep - 1e-4 || bestEdge < 0) {
            nx = h.plane(bestFace, 0);
            ny = h.plane(bestFace, 1);
            nz = h.plane(bestFace, 2);
            boolean clipped = faceContact(h, bestFace, p0x, p0y, p0z, ux, uy, uz, r, margin, c);
            double clippedMin = Double.POSITIVE_INFINITY;
            for (int i = 0; i < c.count; i++) {
                clippedMin = Math.min(clippedMin, c.sep[i]);
            }
            // Clipping can cut away the deepest part of a deeply buried core; keep it as a point.
            if (!clipped || clippedMin > faceSep - r + 1e-9) {
                // The core's projection misses the face (deep inside): use the deepest end.
                double d = h.plane(bestFace, 3);
                double s0 = nx * p0x + ny * p0y + nz * p0z - d;
                double s1 = nx * p1x + ny * p1y + nz * p1z - d;
                boolean first = s0 <= s1;
                double px = first ? p0x : p1x;
                double py = first ? p0y : p1y;
                double pz = first ? p0z : p1z;
                double sd = Math.min(s0, s1);
                double k = 0.5 * (r + sd);
                c.add(px - nx * k, py - ny * k, pz - nz * k, sd - r, (bestFace << 8) | 0x80);
            }
        } else {
            nx = eax;
            ny = eay;
            nz = eaz;
            int v0 = h.edge(bestEdge, 0);
            int v1 = h.edge(bestEdge, 1);
            seg.closest(p0x, p0y, p0z, p1x, p1y, p1z, h.vertex(v0, 0), h.vertex(v0, 1), h.vertex(v0, 2),
                    h.vertex(v1, 0), h.vertex(v1, 1), h.vertex(v1, 2));
            double hx = h.vertex(v0, 0) + seg.t * (h.vertex(v1, 0) - h.vertex(v0, 0));
            double hy = h.vertex(v0, 1) + seg.t * (h.vertex(v1, 1) - h.vertex(v0, 1));
            double hz = h.vertex(v0, 2) + seg.t * (h.vertex(v1, 2) - h.vertex(v0, 2));
            double s = edgeSep - r;
            c.add(hx + nx * 0.5 * s, hy + ny * 0.5 * s, hz + nz * 0.5 * s, s, 0x4000 | bestEdge);
        }
        emit(c, t, nx, ny, nz, out);
    }

    /** Writes candidates (hull frame) to out in world space; the hull→core normal becomes A→B = −n. */
    private static void emit(Candidates c, Transform t, double nx, double ny, double nz, ContactManifold out) {
        for (int i = 0; i < c.count; i++) {
            double x = c.x[i];
            double y = c.y[i];
            double z = c.z[i];
            c.x[i] = t.pointX(x, y, z);
            c.y[i] = t.pointY(x, y, z);
            c.z[i] = t.pointZ(x, y, z);
        }
        out.nx = -t.vectorX(nx, ny, nz);
        out.ny = -t.vectorY(nx, ny, nz);
        out.nz = -t.vectorZ(nx, ny, nz);
        c.reduceInto(out);
    }

    /**
     * Clips the core p0 + t·u, t ∈ [0, 1], to the prism over face f and adds the surviving ends
     * whose separation is within the margin. Returns false when the clipped core is empty.
     */
    private boolean faceContact(ConvexHull h, int f, double p0x, double p0y, double p0z, double ux, double uy,
            double uz, double r, double margin, Candidates c) {
        if (!clipToFace(h, f, p0x, p0y, p0z, ux, uy, uz)) {
            return false;
        }
        double nx = h.plane(f, 0);
        double ny = h.plane(f, 1);
        double nz = h.plane(f, 2);
        double d = h.plane(f, 3);
        int ends = clipT1 - clipT0 > 1e-9 ? 2 : 1;
        for (int e = 0; e < ends; e++) {
            double tt = e == 0 ? clipT0 : clipT1;
            double px = p0x + tt * ux;
            double py = p0y + tt * uy;
            double pz = p0z + tt * uz;
            double sd = nx * px + ny * py + nz * pz - d;
            double s = sd - r;
            if (s <= margin) {
                double k = 0.5 * (r + sd);
                c.add(px - nx * k, py - ny * k, pz - nz * k, s, (f << 8) | e);
            }
        }
        return true;
    }

    /** Liang–Barsky clip of the core against the side planes of face f (in-plane edge normals). */
    private boolean clipToFace(ConvexHull h, int f, double p0x, double p0y, double p0z, double ux, double uy,
            double uz) {
        double nx = h.plane(f, 0);
        double ny = h.plane(f, 1);
        double nz = h.plane(f, 2);
        double t0 = 0;
        double t1 = 1;
        int start = h.faceStart(f);
        int cnt = h.faceSize(f);
        for (int k = 0; k < cnt; k++) {
            int a = h.faceVertex(start + k);
            int b = h.faceVertex(start + (k + 1) % cnt);
            double ax = h.vertex(a, 0);
            double ay = h.vertex(a, 1);
            double az = h.vertex(a, 2);
            double ex = h.vertex(b, 0) - ax;
            double ey = h.vertex(b, 1) - ay;
            double ez = h.vertex(b, 2) - az;
            // outward side normal s = e × n
            double sx = ey * nz - ez * ny;
            double sy = ez * nx - ex * nz;
            double sz = ex * ny - ey * nx;
            double v0 = sx * (p0x - ax) + sy * (p0y - ay) + sz * (p0z - az);
            double dv = sx * ux + sy * uy + sz * uz;
            if (Math.abs(dv) < 1e-300) {
                if (v0 > 0) {
                    return false;
                }
                continue;
            }
            double tc = -v0 / dv;
            if (dv > 0) {
                t1 = Math.min(t1, tc);
            } else {
                t0 = Math.max(t0, tc);
            }
            if (t0 > t1) {
                return false;
            }
        }
        clipT0 = t0;
        clipT1 = t1;
        return true;
    }

    /**
     * Exact closest points between a segment and a hull it does not intersect: the minimum over
     * the segment ends projected inside a face they are in front of, and every hull edge against
     * the segment. Leaves the points in qs*, qh* and returns the distance.
     */
    private double closestPoints(ConvexHull h, double p0x, double p0y, double p0z, double p1x, double p1y,
            double p1z) {
        double best = Double.POSITIVE_INFINITY;
        for (int f = 0, nf = h.faceCount(); f < nf; f++) {
            double nx = h.plane(f, 0);
            double ny = h.plane(f, 1);
            double nz = h.plane(f, 2);
            double d = h.plane(f, 3);
            for (int e = 0; e < 2; e++) {
                double px = e == 0 ? p0x : p1x;
                double py = e == 0 ? p0y : p1y;
                double pz = e == 0 ? p0z : p1z;
                double sd = nx * px + ny * py + nz * pz - d;
                if (sd < 0 || sd >= best) {
                    continue;
                }
                double qx = px - nx * sd;
                double qy = py - ny * sd;
                double qz = pz - nz * sd;
                if (insideFace(h, f, qx, qy, qz)) {
                    best = sd;
                    qsx = px;
                    qsy = py;
                    qsz = pz;
                    qhx = qx;
                    qhy = qy;
                    qhz = qz;
                }
            }
        }
        for (int e = 0, ne = h.edgeCount(); e < ne; e++) {
            int v0 = h.edge(e, 0);
            int v1 = h.edge(e, 1);
            double ax = h.vertex(v0, 0);
            double ay = h.vertex(v0, 1);
            double az = h.vertex(v0, 2);
            double bx = h.vertex(v1, 0);
            double by = h.vertex(v1, 1);
            double bz = h.vertex(v1, 2);
            seg.closest(p0x, p0y, p0z, p1x, p1y, p1z, ax, ay, az, bx, by, bz);
            double sx = p0x + seg.s * (p1x - p0x);
            double sy = p0y + seg.s * (p1y - p0y);
            double sz = p0z + seg.s * (p1z - p0z);
            double hx = ax + seg.t * (bx - ax);
            double hy = ay + seg.t * (by - ay);
            double hz = az + seg.t * (bz - az);
            double d = Math.sqrt((sx - hx) * (sx - hx) + (sy - hy) * (sy - hy) + (sz - hz) * (sz - hz));
            if (d < best) {
                best = d;
                qsx = sx;
                qsy = sy;
                qsz = sz;
                qhx = hx;
                qhy = hy;
                qhz = hz;
            }
        }
        return best;
    }

    private static boolean insideFace(ConvexHull h, int f, double qx, double qy, double qz) {
        double nx = h.plane(f, 0);
        double ny = h.plane(f, 1);
        double nz = h.plane(f, 2);
        int start = h.faceStart(f);
        int cnt = h.faceSize(f);
        for (int k = 0; k < cnt; k++) {
            int a = h.faceVertex(start + k);
            int b = h.faceVertex(start + (k + 1) % cnt);
            double ax = h.vertex(a, 0);
            double ay = h.vertex(a, 1);
            double az = h.vertex(a, 2);
            double ex = h.vertex(b, 0) - ax;
            double ey = h.vertex(b, 1) - ay;
            double ez = h.vertex(b, 2) - az;
            double sx = ey * nz - ez * ny;
            double sy = ez * nx - ex * nz;
            double sz = ex * ny - ey * nx;
            if (sx * (qx - ax) + sy * (qy - ay) + sz * (qz - az) > 1e-12) {
                return false;
            }
        }
        return true;
    }
}
