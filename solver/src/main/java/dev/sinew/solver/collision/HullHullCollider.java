package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.ConvexHull;

/**
 * Two convex hulls, computed in A's local frame.
 *
 * <p>Separating-axis test over A's face normals, B's face normals and the cross products of
 * edge pairs that form a face of the Minkowski difference (their Gauss-map arcs intersect;
 * Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013). For overlapping
 * hulls the least-penetrating axis is the exact minimum translation. Faces are preferred over
 * edges unless an edge axis separates clearly more, which keeps resting contacts on face
 * manifolds. A face contact clips the incident face (the one most anti-parallel to the
 * reference normal) against the side planes of the reference face (Sutherland–Hodgman) and
 * keeps the points within the margin; an edge contact is the closest points of the two edges.
 */
final class HullHullCollider {
    /** Metres an edge axis must beat the best face axis by to be chosen. */
    private static final double EDGE_TOLERANCE = 1e-3;
    /** Metres B's face must beat A's by to become the reference, so the choice does not flicker. */
    private static final double FACE_TOLERANCE = 5e-4;
    /**
     * Metres by which clipping must have lost depth before the deepest incident vertex is added
     * as an extra point; below it the clipped points already carry the depth, and an extra
     * candidate would only make the reduction drop a corner of a resting face.
     */
    private static final double DEEPEST_TOLERANCE = 1e-3;

    private final NarrowPhase np;
    private final SegmentMath seg;
    private final Transform rel = new Transform();
    private final HullInFrame frame = new HullInFrame();
    /** B's vertices and planes in A's frame (the arrays of {@link #frame}). */
    private double[] bv;
    private double[] bp;
    private final Polygon poly = new Polygon();

    HullHullCollider(NarrowPhase np) {
        this.np = np;
        this.seg = np.seg;
    }

    void collide(ConvexHull a, Transform ta, ConvexHull b, Transform tb, double margin, ContactManifold out) {
        rel.relative(ta, tb);
        int nbv = b.vertexCount();
        int nbf = b.faceCount();
        frame.load(b, rel);
        bv = frame.v;
        bp = frame.p;
        // Faces of A.
        int faceA = -1;
        double sepA = Double.NEGATIVE_INFINITY;
        for (int f = 0, n = a.faceCount(); f < n; f++) {
            double nx = a.plane(f, 0);
            double ny = a.plane(f, 1);
            double nz = a.plane(f, 2);
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < nbv; i++) {
                min = Math.min(min, nx * bv[3 * i] + ny * bv[3 * i + 1] + nz * bv[3 * i + 2]);
            }
            double s = min - a.plane(f, 3);
            if (s > margin) {
                return;
            }
            if (s > sepA) {
                sepA = s;
                faceA = f;
            }
        }
        // Faces of B.
        int faceB = -1;
        double sepB = Double.NEGATIVE_INFINITY;
        int nav = a.vertexCount();
        for (int f = 0; f < nbf; f++) {
            double nx = bp[4 * f];
            double ny = bp[4 * f + 1];
            double nz = bp[4 * f + 2];
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < nav; i++) {
                min = Math.min(min, nx * a.vertex(i, 0) + ny * a.vertex(i, 1) + nz * a.vertex(i, 2));
            }
            double s = min - bp[4 * f + 3];
            if (s > margin) {
                return;
            }
            if (s > sepB) {
                sepB = s;
                faceB = f;
            }
        }
        // Edge pairs that bound the Minkowski difference.
        int edgeA = -1;
        int edgeB = -1;
        double sepE = Double.NEGATIVE_INFINITY;
        double axX = 0;
        double axY = 0;
        double axZ = 0;
        for (int ea = 0, nea = a.edgeCount(); ea < nea; ea++) {
            int a0 = a.edge(ea, 0);
            int a1 = a.edge(ea, 1);
            int fa1 = a.edge(ea, 2);
            int fa2 = a.edge(ea, 3);
            double n1x = a.plane(fa1, 0);
            double n1y = a.plane(fa1, 1);
            double n1z = a.plane(fa1, 2);
            double n2x = a.plane(fa2, 0);
            double n2y = a.plane(fa2, 1);
            double n2z = a.plane(fa2, 2);
            // b × a for the arc (n1, n2)
            double bxaX = n2y * n1z - n2z * n1y;
            double bxaY = n2z * n1x - n2x * n1z;
            double bxaZ = n2x * n1y - n2y * n1x;
            double a0x = a.vertex(a0, 0);
            double a0y = a.vertex(a0, 1);
            double a0z = a.vertex(a0, 2);
            double dax = a.vertex(a1, 0) - a0x;
            double day = a.vertex(a1, 1) - a0y;
            double daz = a.vertex(a1, 2) - a0z;
            for (int eb = 0, neb = b.edgeCount(); eb < neb; eb++) {
                int fb1 = b.edge(eb, 2);
                int fb2 = b.edge(eb, 3);
                // Gauss map of −B: c = −n(fb1), d = −n(fb2)
                double cx = -bp[4 * fb1];
                double cy = -bp[4 * fb1 + 1];
                double cz = -bp[4 * fb1 + 2];
                double dx = -bp[4 * fb2];
                double dy = -bp[4 * fb2 + 1];
                double dz = -bp[4 * fb2 + 2];
                double cba = cx * bxaX + cy * bxaY + cz * bxaZ;
                double dba = dx * bxaX + dy * bxaY + dz * bxaZ;
                if (cba * dba >= 0) {
                    continue;
                }
                double dxcX = dy * cz - dz * cy;
                double dxcY = dz * cx - dx * cz;
                double dxcZ = dx * cy - dy * cx;
                double adc = n1x * dxcX + n1y * dxcY + n1z * dxcZ;
                double bdc = n2x * dxcX + n2y * dxcY + n2z * dxcZ;
                if (adc * bdc >= 0 || cba * bdc <= 0) {
                    continue;
                }
                int b0 = b.edge(eb, 0);
                int b1 = b.edge(eb, 1);
                double b0x = bv[3 * b0];
                double b0y = bv[3 * b0 + 1];
                double b0z = bv[3 * b0 + 2];
                double dbx = bv[3 * b1] - b0x;
                double dby = bv[3 * b1 + 1] - b0y;
                double dbz = bv[3 * b1 + 2] - b0z;
                double x = day * dbz - daz * dby;
                double y = daz * dbx - dax * dbz;
                double z = dax * dby - day * dbx;
                double len = Math.sqrt(x * x + y * y + z * z);
                double scale = Math.sqrt((dax * dax + day * day + daz * daz) * (dbx * dbx + dby * dby + dbz * dbz));
                if (len < 1e-6 * scale) {
                    continue; // parallel edges: covered by the face axes
                }
                x /= len;
                y /= len;
                z /= len;
                // Orient the axis into A's edge arc (n1 + n2 side): A's outward support direction.
                if (x * (n1x + n2x) + y * (n1y + n2y) + z * (n1z + n2z) < 0) {
                    x = -x;
                    y = -y;
                    z = -z;
                }
                double s = x * (b0x - a0x) + y * (b0y - a0y) + z * (b0z - a0z);
                if (s > margin) {
                    return;
                }
                if (s > sepE) {
                    sepE = s;
                    edgeA = ea;
                    edgeB = eb;
                    axX = x;
                    axY = y;
                    axZ = z;
                }
            }
        }
        double maxFace = Math.max(sepA, sepB);
        Candidates c = np.candidates;
        c.clear();
        if (edgeA >= 0 && sepE > maxFace + EDGE_TOLERANCE) {
            int a0 = a.edge(edgeA, 0);
            int a1 = a.edge(edgeA, 1);
            int b0 = b.edge(edgeB, 0);
            int b1 = b.edge(edgeB, 1);
            seg.closest(a.vertex(a0, 0), a.vertex(a0, 1), a.vertex(a0, 2), a.vertex(a1, 0), a.vertex(a1, 1),
                    a.vertex(a1, 2), bv[3 * b0], bv[3 * b0 + 1], bv[3 * b0 + 2], bv[3 * b1], bv[3 * b1 + 1],
                    bv[3 * b1 + 2]);
            double pax = a.vertex(a0, 0) + seg.s * (a.vertex(a1, 0) - a.vertex(a0, 0));
            double pay = a.vertex(a0, 1) + seg.s * (a.vertex(a1, 1) - a.vertex(a0, 1));
            double paz = a.vertex(a0, 2) + seg.s * (a.vertex(a1, 2) - a.vertex(a0, 2));
            double pbx = bv[3 * b0] + seg.t * (bv[3 * b1] - bv[3 * b0]);
            double pby = bv[3 * b0 + 1] + seg.t * (bv[3 * b1 + 1] - bv[3 * b0 + 1]);
            double pbz = bv[3 * b0 + 2] + seg.t * (bv[3 * b1 + 2] - bv[3 * b0 + 2]);
            double mx = 0.5 * (pax + pbx);
            double my = 0.5 * (pay + pby);
            double mz = 0.5 * (paz + pbz);
            c.add(ta.pointX(mx, my, mz), ta.pointY(mx, my, mz), ta.pointZ(mx, my, mz), sepE,
                    0x40000000 | (edgeA << 15) | edgeB);
            addSupportFacePoints(a, b, ta, axX, axY, axZ, sepE, margin, c);
            out.nx = ta.vectorX(axX, axY, axZ);
            out.ny = ta.vectorY(axX, axY, axZ);
            out.nz = ta.vectorZ(axX, axY, axZ);
            c.reduceInto(out);
            return;
        }
        if (faceA < 0 || faceB < 0) {
            // no face separation was a number: a pose holds NaN (fault containment reports the body)
            return;
        }
        boolean refIsB = sepB > sepA + FACE_TOLERANCE;
        double nx;
        double ny;
        double nz;
        double d;
        if (refIsB) {
            nx = bp[4 * faceB];
            ny = bp[4 * faceB + 1];
            nz = bp[4 * faceB + 2];
            d = bp[4 * faceB + 3];
        } else {
            nx = a.plane(faceA, 0);
            ny = a.plane(faceA, 1);
            nz = a.plane(faceA, 2);
            d = a.plane(faceA, 3);
        }
        int refFace = refIsB ? faceB : faceA;
        ConvexHull ref = refIsB ? b : a;
        ConvexHull inc = refIsB ? a : b;
        // Incident face: most anti-parallel to the reference normal.
        int incFace = -1;
        double minDot = Double.POSITIVE_INFINITY;
        for (int f = 0, n = inc.faceCount(); f < n; f++) {
            double dot = refIsB
                    ? a.plane(f, 0) * nx + a.plane(f, 1) * ny + a.plane(f, 2) * nz
                    : bp[4 * f] * nx + bp[4 * f + 1] * ny + bp[4 * f + 2] * nz;
            if (dot < minDot) {
                minDot = dot;
                incFace = f;
            }
        }
        int incStart = inc.faceStart(incFace);
        int incCount = inc.faceSize(incFace);
        int refCount = ref.faceSize(refFace);
        poly.ensure(incCount + refCount + 2);
        int count = incCount;
        for (int k = 0; k < incCount; k++) {
            int vi = inc.faceVertex(incStart + k);
            poly.x[k] = vx(a, vi, !refIsB);
            poly.y[k] = vy(a, vi, !refIsB);
            poly.z[k] = vz(a, vi, !refIsB);
            poly.code[k] = 0x2000 | (vi & 0x1FFF);
        }
        int refStart = ref.faceStart(refFace);
        for (int k = 0; k < refCount && count > 0; k++) {
            int va = ref.faceVertex(refStart + k);
            int vb = ref.faceVertex(refStart + (k + 1) % refCount);
            double ax = vx(a, va, refIsB);
            double ay = vy(a, va, refIsB);
            double az = vz(a, va, refIsB);
            double ex = vx(a, vb, refIsB) - ax;
            double ey = vy(a, vb, refIsB) - ay;
            double ez = vz(a, vb, refIsB) - az;
            double sx = ey * nz - ez * ny;
            double sy = ez * nx - ex * nz;
            double sz = ex * ny - ey * nx;
            count = clip(count, sx, sy, sz, sx * ax + sy * ay + sz * az, k);
        }
        int flip = refIsB ? 0x80000000 : 0;
        for (int k = 0; k < count; k++) {
            double px = poly.x[k];
            double py = poly.y[k];
            double pz = poly.z[k];
            double s = nx * px + ny * py + nz * pz - d;
            if (s <= margin) {
                double mx = px - 0.5 * s * nx;
                double my = py - 0.5 * s * ny;
                double mz = pz - 0.5 * s * nz;
                int id = flip | (refFace << 22) | ((incFace & 0xFF) << 14) | (poly.code[k] & 0x3FFF);
                c.add(ta.pointX(mx, my, mz), ta.pointY(mx, my, mz), ta.pointZ(mx, my, mz), s, id);
            }
        }
        // Clipping can cut away the deepest incident vertex of a deep overlap; keep it as a point.
        double clippedMin = Double.POSITIVE_INFINITY;
        for (int k = 0; k < c.count; k++) {
            clippedMin = Math.min(clippedMin, c.sep[k]);
        }
        double satSep = refIsB ? sepB : sepA;
        if (clippedMin > satSep + DEEPEST_TOLERANCE) {
            int deepest = -1;
            double deepestSep = Double.POSITIVE_INFINITY;
            for (int v = 0, nv = inc.vertexCount(); v < nv; v++) {
                double px = vx(a, v, !refIsB);
                double py = vy(a, v, !refIsB);
                double pz = vz(a, v, !refIsB);
                double sv = nx * px + ny * py + nz * pz - d;
                if (sv < deepestSep) {
                    deepestSep = sv;
                    deepest = v;
                }
            }
            if (deepestSep <= margin) {
                double px = vx(a, deepest, !refIsB) - 0.5 * deepestSep * nx;
                double py = vy(a, deepest, !refIsB) - 0.5 * deepestSep * ny;
                double pz = vz(a, deepest, !refIsB) - 0.5 * deepestSep * nz;
                int id = flip | (refFace << 22) | 0x3E00 | (deepest & 0x1FF);
                c.add(ta.pointX(px, py, pz), ta.pointY(px, py, pz), ta.pointZ(px, py, pz), deepestSep, id);
            }
        }
        double sign = refIsB ? -1 : 1;
        out.nx = sign * ta.vectorX(nx, ny, nz);
        out.ny = sign * ta.vectorY(nx, ny, nz);
        out.nz = sign * ta.vectorZ(nx, ny, nz);
        c.reduceInto(out);
    }

    /**
     * An edge contact alone is a single point, about which the bodies are free to rock until a
     * face swings into the other body. So the faces that support the contact normal n (A's face
     * most aligned with n, B's most aligned with −n) are clipped against each other as well, and
     * each clipped point p of B is added with its separation along n from A's face plane,
     * σ = (n_f·p − d)/(n_f·n). Over A's face these are distances between points of B and of A
     * along n, so while apart none is below the edge separation (in an overlap deeper ones are
     * dropped): they are extra, usually speculative, points
     * that hold the rotation. Skipped when A's face is too oblique to n (n_f·n < 0.5).
     */
    private void addSupportFacePoints(ConvexHull a, ConvexHull b, Transform ta, double nx, double ny, double nz,
            double edgeSep, double margin, Candidates c) {
        int refFace = -1;
        double best = 0.5;
        for (int f = 0, n = a.faceCount(); f < n; f++) {
            double dot = a.plane(f, 0) * nx + a.plane(f, 1) * ny + a.plane(f, 2) * nz;
            if (dot > best) {
                best = dot;
                refFace = f;
            }
        }
        if (refFace < 0) {
            return;
        }
        int incFace = -1;
        double minDot = Double.POSITIVE_INFINITY;
        for (int f = 0, n = b.faceCount(); f < n; f++) {
            double dot = bp[4 * f] * nx + bp[4 * f + 1] * ny + bp[4 * f + 2] * nz;
            if (dot < minDot) {
                minDot = dot;
                incFace = f;
            }
        }
        double fx = a.plane(refFace, 0);
        double fy = a.plane(refFace, 1);
        double fz = a.plane(refFace, 2);
        double fd = a.plane(refFace, 3);
        int incStart = b.faceStart(incFace);
        int incCount = b.faceSize(incFace);
        int refCount = a.faceSize(refFace);
        poly.ensure(incCount + refCount + 2);
        int count = incCount;
        for (int k = 0; k < incCount; k++) {
            int vi = b.faceVertex(incStart + k);
            poly.x[k] = bv[3 * vi];
            poly.y[k] = bv[3 * vi + 1];
            poly.z[k] = bv[3 * vi + 2];
            poly.code[k] = 0x2000 | (vi & 0x1FFF);
        }
        int refStart = a.faceStart(refFace);
        for (int k = 0; k < refCount && count > 0; k++) {
            int va = a.faceVertex(refStart + k);
            int vb = a.faceVertex(refStart + (k + 1) % refCount);
            double ax = a.vertex(va, 0);
            double ay = a.vertex(va, 1);
            double az = a.vertex(va, 2);
            double ex = a.vertex(vb, 0) - ax;
            double ey = a.vertex(vb, 1) - ay;
            double ez = a.vertex(vb, 2) - az;
            // Side planes contain n (s = e × n), so a clipped point projected along n lands on the face.
            double sx = ey * nz - ez * ny;
            double sy = ez * nx - ex * nz;
            double sz = ex * ny - ey * nx;
            count = clip(count, sx, sy, sz, sx * ax + sy * ay + sz * az, k);
        }
        for (int k = 0; k < count; k++) {
            double px = poly.x[k];
            double py = poly.y[k];
            double pz = poly.z[k];
            // In an overlap a point over A's face can measure deeper than the minimum translation;
            // such points are left out (the edge point already carries the depth).
            double sigma = (fx * px + fy * py + fz * pz - fd) / best;
            if (sigma <= margin && sigma >= edgeSep) {
                double mx = px - 0.5 * sigma * nx;
                double my = py - 0.5 * sigma * ny;
                double mz = pz - 0.5 * sigma * nz;
                int id = 0x20000000 | (refFace << 22) | ((incFace & 0xFF) << 14) | (poly.code[k] & 0x3FFF);
                c.add(ta.pointX(mx, my, mz), ta.pointY(mx, my, mz), ta.pointZ(mx, my, mz), sigma, id);
            }
        }
    }

    /** Vertex coordinate in A's frame: A's own vertex, or B's transformed one. */
    private double vx(ConvexHull a, int vi, boolean fromB) {
        return fromB ? bv[3 * vi] : a.vertex(vi, 0);
    }

    private double vy(ConvexHull a, int vi, boolean fromB) {
        return fromB ? bv[3 * vi + 1] : a.vertex(vi, 1);
    }

    private double vz(ConvexHull a, int vi, boolean fromB) {
        return fromB ? bv[3 * vi + 2] : a.vertex(vi, 2);
    }

    /** Clips the first {@code count} vertices of the polygon against s·p ≤ off; returns the new count. */
    private int clip(int count, double sx, double sy, double sz, double off, int plane) {
        poly.count = count;
        poly.clip(sx, sy, sz, off, plane);
        return poly.count;
    }
}
