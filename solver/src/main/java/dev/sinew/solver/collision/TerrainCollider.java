package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.shape.Terrain;
import dev.sinew.solver.shape.TriangleList;

/**
 * A sphere, capsule or hull against terrain, computed in the terrain's frame triangle by
 * triangle, with the triangles' contacts gathered into patches by normal.
 *
 * <p>Round shapes: a face point for each core end over the triangle, and the closest point of
 * the core to the triangle's border when it lies outside the triangle. Hulls: a separating-axis
 * test over the triangle's normal, the hull's face normals and every triangle-edge × hull-edge
 * direction, then clipping (the hull's incident face against the triangle, or the triangle
 * against the hull's reference face) or, for an edge axis, the edges' closest points.
 *
 * <p>Seams: a contact whose triangle feature is an inactive edge or vertex (see
 * {@link Terrain}) is re-made against the triangle's face: a round shape's point keeps its
 * distance but takes the face normal; for a hull the triangle's face
 * becomes the reference, whose clipping keeps what lies over this triangle (the neighbour has
 * the rest). Contacts across a seam then share the face normal and nothing catches on it.
 *
 * <p>Triangle contacts are one-sided: normals point out of the triangle's front, or along an
 * active edge's outward direction.
 *
 * <p>Feature ids are (triangle id &lt;&lt; 10) | local code, so that a point keeps its id while
 * the same features touch and no two points of a pair share one (the warm start matches
 * impulses by id). A round shape's codes are below 16. A hull's: 0–255 its vertex v, the same
 * whether it came from the incident face or lay over the triangle; 256–511 a point of the
 * incident face clipped to the triangle ({@link #faceInTriangleCode}); 512–767 a point of the
 * triangle clipped to a hull face ({@link #triangleInFaceCode}); 768–1023 the closest points of
 * an edge pair. Triangles 2^22 ids apart share ids, which two points of one contact never are.
 */
final class TerrainCollider {
    /** Cosine below which two triangle contact normals make separate patches (about 2.6°). */
    static final double PATCH_COS = 0.999;
    private static final double FACE_TOLERANCE = 5e-4;
    /** Cosine of the largest bend of an inactive edge. */
    private static final double SEAM_COS = Math.cos(Math.toRadians(Terrain.ACTIVE_EDGE_DEGREES));
    private static final double EDGE_TOLERANCE = 1e-3;
    /** Barycentric slack for "over the triangle", so a point on a seam belongs to both triangles. */
    private static final double INSIDE_EPS = 1e-9;
    /**
     * Metres from a side of a triangle within which a clipped point lies on it (the clip keeps
     * points up to {@link Polygon#CLIP_TOLERANCE} outside a side).
     */
    private static final double ON_SIDE = 1e-5;
    /** Points of one patch closer than this (m) are one point: the deeper is kept. */
    private static final double MERGE_DISTANCE = 5e-3;

    private final NarrowPhase np;
    private final SegmentMath seg;
    private final TriangleList tris = new TriangleList();
    private final Transform rel = new Transform();
    private final double[] t = new double[9];
    private final double[] n = new double[3];
    private final double[] s = new double[7];
    private final HullInFrame frame = new HullInFrame();
    /** The hull's vertices and planes in the terrain's frame (the arrays of {@link #frame}). */
    private double[] hv;
    private double[] hp;
    private final Polygon poly = new Polygon();
    /** One hull edge per distinct edge direction of the current hull. */
    private int[] uniqueEdge = new int[16];
    private int uniqueCount;
    /** Patches in the terrain frame: normal and candidate points. */
    private final double[] pn = new double[3 * TerrainManifolds.MAX_PATCHES];
    private final Candidates[] pc = new Candidates[TerrainManifolds.MAX_PATCHES];
    private int patches;
    private int patchLimit;
    /** The current triangle's contact normal (terrain frame, out of the terrain) and points. */
    private double cnx;
    private double cny;
    private double cnz;
    private final Candidates tc = new Candidates();
    private Terrain terrainShape;
    private int triangleId;

    TerrainCollider(NarrowPhase np) {
        this.np = np;
        this.seg = np.seg;
        for (int i = 0; i < pc.length; i++) {
            pc[i] = new Candidates();
        }
    }

    /**
     * Shape {@code b} at {@code tb} against terrain {@code a} at {@code ta}; patches into
     * {@code out} with normals from the terrain to the shape (world).
     */
    void collide(Terrain a, Transform ta, Shape b, Transform tb, int kb, double margin, int maxPatches,
            TerrainManifolds out) {
        out.count = 0;
        patches = 0;
        patchLimit = Math.max(1, Math.min(maxPatches, TerrainManifolds.MAX_PATCHES));
        rel.relative(ta, tb);
        double reach;
        double cx;
        double cy;
        double cz;
        ConvexHull hull = null;
        if (kb == NarrowPhase.KIND_ROUND) {
            NarrowPhase.roundSegment(b, tb, s);
            // core ends into the terrain frame
            for (int e = 0; e < 2; e++) {
                double x = s[3 * e];
                double y = s[3 * e + 1];
                double z = s[3 * e + 2];
                s[3 * e] = ta.invPointX(x, y, z);
                s[3 * e + 1] = ta.invPointY(x, y, z);
                s[3 * e + 2] = ta.invPointZ(x, y, z);
            }
            cx = 0.5 * (s[0] + s[3]);
            cy = 0.5 * (s[1] + s[4]);
            cz = 0.5 * (s[2] + s[5]);
            reach = 0.5 * Math.sqrt(sq(s[3] - s[0]) + sq(s[4] - s[1]) + sq(s[5] - s[2])) + s[6];
        } else {
            hull = NarrowPhase.hullOf(b);
            loadHull(hull);
            cx = rel.px;
            cy = rel.py;
            cz = rel.pz;
            reach = hull.maxRadius();
        }
        double r = reach + Math.max(0, margin);
        tris.clear();
        a.overlapping(cx - r, cy - r, cz - r, cx + r, cy + r, cz + r, tris);
        for (int i = 0, nt = tris.count(); i < nt; i++) {
            int id = tris.get(i);
            a.triangle(id, t, 0);
            if (!(Terrain.normal(t, 0, n) > 0)) {
                continue;
            }
            tc.clear();
            terrainShape = a;
            triangleId = id;
            int mask = a.activeEdges(id);
            if (hull == null) {
                roundTriangle(b instanceof Sphere, mask, margin);
            } else {
                hullTriangle(hull, mask, margin);
            }
            emit();
        }
        for (int p = 0; p < patches; p++) {
            ContactManifold m = out.patch[out.count++];
            m.nx = pn[3 * p];
            m.ny = pn[3 * p + 1];
            m.nz = pn[3 * p + 2];
            pc[p].reduceNearInto(m, NarrowPhase.PLANE_NEAR_BAND);
            double wx = ta.vectorX(m.nx, m.ny, m.nz);
            double wy = ta.vectorY(m.nx, m.ny, m.nz);
            double wz = ta.vectorZ(m.nx, m.ny, m.nz);
            m.nx = wx;
            m.ny = wy;
            m.nz = wz;
            for (int k = 0; k < m.pointCount; k++) {
                double x = m.px[k];
                double y = m.py[k];
                double z = m.pz[k];
                m.px[k] = ta.pointX(x, y, z);
                m.py[k] = ta.pointY(x, y, z);
                m.pz[k] = ta.pointZ(x, y, z);
            }
        }
    }

    private void loadHull(ConvexHull h) {
        frame.load(h, rel);
        hv = frame.v;
        hp = frame.p;
        // the hull's edge directions, each once (a box has 12 edges in 3 directions)
        int ne = h.edgeCount();
        if (uniqueEdge.length < ne) {
            uniqueEdge = new int[ne];
        }
        uniqueCount = 0;
        for (int e = 0; e < ne; e++) {
            if (parallelIndex(h, e) < 0) {
                uniqueEdge[uniqueCount++] = e;
            }
        }
    }

    /** Adds the current triangle's points (if any) to the patch with its normal (or a new one, or the nearest when full). */
    private void emit() {
        if (tc.count == 0) {
            return;
        }
        int triangle = triangleId;
        int best = -1;
        double bestCos = -2;
        for (int p = 0; p < patches; p++) {
            double c = pn[3 * p] * cnx + pn[3 * p + 1] * cny + pn[3 * p + 2] * cnz;
            if (c > bestCos) {
                bestCos = c;
                best = p;
            }
        }
        if (bestCos < PATCH_COS && patches < patchLimit) {
            best = patches++;
            pn[3 * best] = cnx;
            pn[3 * best + 1] = cny;
            pn[3 * best + 2] = cnz;
            pc[best].clear();
        }
        Candidates c = pc[best];
        for (int k = 0; k < tc.count; k++) {
            int id = (triangle << 10) | (tc.id[k] & 0x3FF);
            int dup = -1;
            for (int q = 0; q < c.count; q++) {
                if (sq(c.x[q] - tc.x[k]) + sq(c.y[q] - tc.y[k]) + sq(c.z[q] - tc.z[k]) < MERGE_DISTANCE * MERGE_DISTANCE) {
                    dup = q;
                    break;
                }
            }
            if (dup < 0) {
                c.add(tc.x[k], tc.y[k], tc.z[k], tc.sep[k], id);
            } else if (tc.sep[k] < c.sep[dup]) {
                c.sep[dup] = tc.sep[k];
            }
        }
        tc.clear();
    }

    // ---- round shapes ------------------------------------------------------------------------

    private void roundTriangle(boolean sphere, int mask, double margin) {
        double r = s[6];
        double nx = n[0];
        double ny = n[1];
        double nz = n[2];
        cnx = nx;
        cny = ny;
        cnz = nz;
        int ends = sphere ? 1 : 2;
        boolean faceEnd = false;
        for (int e = 0; e < ends; e++) {
            double x = s[3 * e];
            double y = s[3 * e + 1];
            double z = s[3 * e + 2];
            double d = nx * (x - t[0]) + ny * (y - t[1]) + nz * (z - t[2]);
            double sep = d - r;
            if (sep <= margin && over(x, y, z)) {
                double k = r + 0.5 * sep;
                tc.add(x - nx * k, y - ny * k, z - nz * k, sep, e);
                faceEnd = true;
            }
        }
        // Closest point of the core to the triangle's border.
        int bestK = -1;
        double bestD = Double.POSITIVE_INFINITY;
        double bs = 0;
        double bt = 0;
        for (int k = 0; k < 3; k++) {
            int o = 3 * k;
            int q = 3 * ((k + 1) % 3);
            seg.closest(s[0], s[1], s[2], s[3], s[4], s[5], t[o], t[o + 1], t[o + 2], t[q], t[q + 1], t[q + 2]);
            double px = s[0] + seg.s * (s[3] - s[0]);
            double py = s[1] + seg.s * (s[4] - s[1]);
            double pz = s[2] + seg.s * (s[5] - s[2]);
            double ex = t[o] + seg.t * (t[q] - t[o]);
            double ey = t[o + 1] + seg.t * (t[q + 1] - t[o + 1]);
            double ez = t[o + 2] + seg.t * (t[q + 2] - t[o + 2]);
            double d2 = sq(px - ex) + sq(py - ey) + sq(pz - ez);
            if (d2 < bestD) {
                bestD = d2;
                bestK = k;
                bs = seg.s;
                bt = seg.t;
            }
        }
        double px = s[0] + bs * (s[3] - s[0]);
        double py = s[1] + bs * (s[4] - s[1]);
        double pz = s[2] + bs * (s[5] - s[2]);
        double dist = Math.sqrt(bestD);
        if (dist - r > margin) {
            return;
        }
        if (over(px, py, pz)) {
            // the core passes over the triangle here: a face point, unless a core end already gave one
            double d = nx * (px - t[0]) + ny * (py - t[1]) + nz * (pz - t[2]);
            if (!faceEnd || (bs > 0 && bs < 1 && d - r < tc.minSep() - 1e-6)) {
                double sep = d - r;
                if (sep <= margin) {
                    double k = r + 0.5 * sep;
                    tc.add(px - nx * k, py - ny * k, pz - nz * k, sep, 2 + bestK);
                }
            }
            return;
        }
        if (faceEnd || dist < 1e-12) {
            return;
        }
        int o = 3 * bestK;
        int q = 3 * ((bestK + 1) % 3);
        double ex = t[o] + bt * (t[q] - t[o]);
        double ey = t[o + 1] + bt * (t[q + 1] - t[o + 1]);
        double ez = t[o + 2] + bt * (t[q + 2] - t[o + 2]);
        double mx = (px - ex) / dist;
        double my = (py - ey) / dist;
        double mz = (pz - ez) / dist;
        boolean activeFeature;
        int code;
        if (bt <= 0 || bt >= 1) {
            int v = bt <= 0 ? bestK : (bestK + 1) % 3;
            activeFeature = vertexAllows(mask, v, mx, my, mz);
            code = 8 + v;
        } else {
            activeFeature = edgeAllows(mask, bestK, mx, my, mz);
            code = 5 + bestK;
        }
        if (activeFeature) {
            double sep = dist - r;
            cnx = mx;
            cny = my;
            cnz = mz;
            tc.add(ex + mx * 0.5 * sep, ey + my * 0.5 * sep, ez + mz * 0.5 * sep, sep, code);
        } else if (mx * nx + my * ny + mz * nz >= SEAM_COS) {
            // Over a seam (within the bend of an inactive edge of the face normal): the true
            // distance, pushed along the face normal. Farther past the edge the neighbour's face
            // has the contact.
            double sep = dist - r;
            double k = r + 0.5 * sep;
            tc.add(px - nx * k, py - ny * k, pz - nz * k, sep, code);
        }
    }

    /** True when (x, y, z) projects onto the current triangle (edges included). */
    private boolean over(double x, double y, double z) {
        for (int k = 0; k < 3; k++) {
            if (outward(k, x, y, z) > INSIDE_EPS * sideLength(k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * (p − t_k)·(e_k × n) for side k of the current triangle (from corner k to k + 1): the
     * distance of p outside that side's line times the side's length {@link #sideLength}; inside
     * when ≤ 0.
     */
    private double outward(int k, double x, double y, double z) {
        int o = 3 * k;
        int q = 3 * ((k + 1) % 3);
        double ex = t[q] - t[o];
        double ey = t[q + 1] - t[o + 1];
        double ez = t[q + 2] - t[o + 2];
        double sx = ey * n[2] - ez * n[1];
        double sy = ez * n[0] - ex * n[2];
        double sz = ex * n[1] - ey * n[0];
        return sx * (x - t[o]) + sy * (y - t[o + 1]) + sz * (z - t[o + 2]);
    }

    /** Length of side k of the current triangle, m. */
    private double sideLength(int k) {
        int o = 3 * k;
        int q = 3 * ((k + 1) % 3);
        return Math.sqrt(sq(t[q] - t[o]) + sq(t[q + 1] - t[o + 1]) + sq(t[q + 2] - t[o + 2]));
    }

    // ---- hulls ---------------------------------------------------------------------------------

    private void hullTriangle(ConvexHull h, int mask, double margin) {
        int nv = h.vertexCount();
        int nf = h.faceCount();
        double nx = n[0];
        double ny = n[1];
        double nz = n[2];
        // 1. The triangle's face.
        double faceSep = Double.POSITIVE_INFINITY;
        for (int i = 0; i < nv; i++) {
            faceSep = Math.min(faceSep, nx * (hv[3 * i] - t[0]) + ny * (hv[3 * i + 1] - t[1]) + nz * (hv[3 * i + 2] - t[2]));
        }
        if (!(faceSep <= margin)) {
            return;
        }
        // 2. The hull's faces: the triangle's corner deepest into each.
        double hullSep = Double.NEGATIVE_INFINITY;
        int hullFace = -1;
        for (int f = 0; f < nf; f++) {
            double mx = hp[4 * f];
            double my = hp[4 * f + 1];
            double mz = hp[4 * f + 2];
            double min = Double.POSITIVE_INFINITY;
            for (int k = 0; k < 3; k++) {
                min = Math.min(min, mx * t[3 * k] + my * t[3 * k + 1] + mz * t[3 * k + 2]);
            }
            double sep = min - hp[4 * f + 3];
            if (sep > margin) {
                return;
            }
            if (sep > hullSep) {
                hullSep = sep;
                hullFace = f;
            }
        }
        // 3. Edge pairs.
        double tcx = (t[0] + t[3] + t[6]) / 3;
        double tcy = (t[1] + t[4] + t[7]) / 3;
        double tcz = (t[2] + t[5] + t[8]) / 3;
        double edgeSep = Double.NEGATIVE_INFINITY;
        int edgeK = -1;
        int edgeE = -1;
        double lx = 0;
        double ly = 0;
        double lz = 0;
        for (int k = 0; k < 3; k++) {
            int o = 3 * k;
            int q = 3 * ((k + 1) % 3);
            double ux = t[q] - t[o];
            double uy = t[q + 1] - t[o + 1];
            double uz = t[q + 2] - t[o + 2];
            for (int ue = 0; ue < uniqueCount; ue++) {
                int e = uniqueEdge[ue];
                int v0 = h.edge(e, 0);
                int v1 = h.edge(e, 1);
                double wx = hv[3 * v1] - hv[3 * v0];
                double wy = hv[3 * v1 + 1] - hv[3 * v0 + 1];
                double wz = hv[3 * v1 + 2] - hv[3 * v0 + 2];
                double x = uy * wz - uz * wy;
                double y = uz * wx - ux * wz;
                double z = ux * wy - uy * wx;
                double len = Math.sqrt(x * x + y * y + z * z);
                if (len < 1e-6 * Math.sqrt((ux * ux + uy * uy + uz * uz) * (wx * wx + wy * wy + wz * wz))) {
                    continue;
                }
                x /= len;
                y /= len;
                z /= len;
                // Separation along the line, on whichever side of the triangle the hull lies.
                double hullMin = Double.POSITIVE_INFINITY;
                double hullMax = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < nv; i++) {
                    double d = x * hv[3 * i] + y * hv[3 * i + 1] + z * hv[3 * i + 2];
                    hullMin = Math.min(hullMin, d);
                    hullMax = Math.max(hullMax, d);
                }
                double d0 = x * t[0] + y * t[1] + z * t[2];
                double d1 = x * t[3] + y * t[4] + z * t[5];
                double d2 = x * t[6] + y * t[7] + z * t[8];
                double triMin = Math.min(d0, Math.min(d1, d2));
                double triMax = Math.max(d0, Math.max(d1, d2));
                double sep = hullMin - triMax;
                double other = triMin - hullMax;
                if (other > sep || (other == sep && x * (rel.px - tcx) + y * (rel.py - tcy) + z * (rel.pz - tcz) < 0)) {
                    sep = other;
                    x = -x;
                    y = -y;
                    z = -z;
                }
                if (sep > margin) {
                    return;
                }
                if (sep > edgeSep) {
                    edgeSep = sep;
                    edgeK = k;
                    edgeE = e;
                    lx = x;
                    ly = y;
                    lz = z;
                }
            }
        }
        // 4. Choose the axis; a seam feature falls back to the triangle's face.
        int choice = 0; // 0 triangle face, 1 hull face, 2 edges
        if (hullFace >= 0 && hullSep > faceSep + FACE_TOLERANCE) {
            choice = 1;
        }
        if (edgeK >= 0 && edgeSep > Math.max(faceSep, hullSep) + EDGE_TOLERANCE) {
            choice = 2;
        }
        if (choice == 2 && !edgeAllows(mask, edgeK, lx, ly, lz)) {
            choice = 0;
        } else if (choice == 1 && !hullFaceFeatureAllows(hullFace, mask)) {
            choice = 0;
        }
        if (choice == 2) {
            int o = 3 * edgeK;
            int q = 3 * ((edgeK + 1) % 3);
            edgeE = supportEdge(h, edgeE, lx, ly, lz);
            int v0 = h.edge(edgeE, 0);
            int v1 = h.edge(edgeE, 1);
            seg.closest(t[o], t[o + 1], t[o + 2], t[q], t[q + 1], t[q + 2], hv[3 * v0], hv[3 * v0 + 1], hv[3 * v0 + 2],
                    hv[3 * v1], hv[3 * v1 + 1], hv[3 * v1 + 2]);
            double mx = 0.5 * (t[o] + seg.s * (t[q] - t[o]) + hv[3 * v0] + seg.t * (hv[3 * v1] - hv[3 * v0]));
            double my = 0.5 * (t[o + 1] + seg.s * (t[q + 1] - t[o + 1]) + hv[3 * v0 + 1]
                    + seg.t * (hv[3 * v1 + 1] - hv[3 * v0 + 1]));
            double mz = 0.5 * (t[o + 2] + seg.s * (t[q + 2] - t[o + 2]) + hv[3 * v0 + 2]
                    + seg.t * (hv[3 * v1 + 2] - hv[3 * v0 + 2]));
            cnx = lx;
            cny = ly;
            cnz = lz;
            tc.add(mx, my, mz, edgeSep, 768 + ((edgeK << 6 | edgeE) & 0xFF));
            emit();
            verticesOver(nv, margin);
            return;
        }
        if (choice == 1) {
            // The triangle clipped against the hull's reference face; normal −m from the terrain.
            double mx = hp[4 * hullFace];
            double my = hp[4 * hullFace + 1];
            double mz = hp[4 * hullFace + 2];
            double md = hp[4 * hullFace + 3];
            poly.ensure(3 + h.faceSize(hullFace) + 2);
            poly.count = 3;
            for (int k = 0; k < 3; k++) {
                poly.set(k, t[3 * k], t[3 * k + 1], t[3 * k + 2], 0x2000 | k);
            }
            int start = h.faceStart(hullFace);
            int size = h.faceSize(hullFace);
            for (int k = 0; k < size && poly.count > 0; k++) {
                int va = h.faceVertex(start + k);
                int vb = h.faceVertex(start + (k + 1) % size);
                double ax = hv[3 * va];
                double ay = hv[3 * va + 1];
                double az = hv[3 * va + 2];
                double ex = hv[3 * vb] - ax;
                double ey = hv[3 * vb + 1] - ay;
                double ez = hv[3 * vb + 2] - az;
                double sx = ey * mz - ez * my;
                double sy = ez * mx - ex * mz;
                double sz = ex * my - ey * mx;
                poly.clip(sx, sy, sz, sx * ax + sy * ay + sz * az, k);
            }
            cnx = -mx;
            cny = -my;
            cnz = -mz;
            for (int k = 0; k < poly.count; k++) {
                double sep = mx * poly.x[k] + my * poly.y[k] + mz * poly.z[k] - md;
                if (sep <= margin) {
                    tc.add(poly.x[k] - 0.5 * sep * mx, poly.y[k] - 0.5 * sep * my, poly.z[k] - 0.5 * sep * mz, sep,
                            512 + triangleInFaceCode(h, start, size, k));
                }
            }
            emit();
            verticesOver(nv, margin);
            return;
        }
        // Triangle face reference: the hull's incident face clipped against the triangle's sides.
        int inc = -1;
        double minDot = Double.POSITIVE_INFINITY;
        for (int f = 0; f < nf; f++) {
            double d = hp[4 * f] * nx + hp[4 * f + 1] * ny + hp[4 * f + 2] * nz;
            if (d < minDot) {
                minDot = d;
                inc = f;
            }
        }
        int start = h.faceStart(inc);
        int size = h.faceSize(inc);
        poly.ensure(size + 5);
        poly.count = size;
        for (int k = 0; k < size; k++) {
            int vi = h.faceVertex(start + k);
            poly.set(k, hv[3 * vi], hv[3 * vi + 1], hv[3 * vi + 2], 0x2000 | (vi & 0x1FFF));
        }
        for (int k = 0; k < 3 && poly.count > 0; k++) {
            int o = 3 * k;
            int q = 3 * ((k + 1) % 3);
            double ex = t[q] - t[o];
            double ey = t[q + 1] - t[o + 1];
            double ez = t[q + 2] - t[o + 2];
            double sx = ey * nz - ez * ny;
            double sy = ez * nx - ex * nz;
            double sz = ex * ny - ey * nx;
            poly.clip(sx, sy, sz, sx * t[o] + sy * t[o + 1] + sz * t[o + 2], k);
        }
        cnx = nx;
        cny = ny;
        cnz = nz;
        for (int k = 0; k < poly.count; k++) {
            double sep = nx * (poly.x[k] - t[0]) + ny * (poly.y[k] - t[1]) + nz * (poly.z[k] - t[2]);
            if (sep > margin) {
                continue;
            }
            int code = poly.code[k];
            if ((code & 0x2000) != 0) {
                tc.add(poly.x[k] - 0.5 * sep * nx, poly.y[k] - 0.5 * sep * ny, poly.z[k] - 0.5 * sep * nz, sep,
                        code & 0xFF);
                continue;
            }
            int sides = sides(poly.x[k], poly.y[k], poly.z[k]);
            if (!onFlatSeamsOnly(sides)) {
                tc.add(poly.x[k] - 0.5 * sep * nx, poly.y[k] - 0.5 * sep * ny, poly.z[k] - 0.5 * sep * nz, sep,
                        256 + faceInTriangleCode(h, start, size, k, sides));
            }
        }
        verticesOver(nv, margin);
    }

    /**
     * True when a point where the incident face was clipped lies on the current triangle's
     * sides ({@code sides}, from {@link #sides}) only where they are flat seams: edges whose
     * neighbour bends by less than the patch angle ({@link #PATCH_COS}). There the point is a cut
     * through the middle of the hull's face, not a corner of its contact: the neighbour's points
     * join the same patch, the face's vertices over it among them, and the cut would only take one
     * of the patch's four points from a corner. Seen on a flat heightfield: a box landing on an
     * edge kept a cut on that edge instead of the corner about to land, which went 12 mm deep
     * within the tick. Points on a side without a neighbour, or where the surface bends, stay.
     */
    private boolean onFlatSeamsOnly(int sides) {
        for (int k = 0; k < 3; k++) {
            if ((sides & (1 << k)) != 0 && terrainShape.edgeCos(triangleId, k) < PATCH_COS) {
                return false;
            }
        }
        return sides != 0;
    }

    /** Bit k set when (x, y, z) lies on side k of the current triangle (within {@link #ON_SIDE}). */
    private int sides(double x, double y, double z) {
        int mask = 0;
        for (int k = 0; k < 3; k++) {
            if (Math.abs(outward(k, x, y, z)) <= ON_SIDE * sideLength(k)) {
                mask |= 1 << k;
            }
        }
        return mask;
    }

    /**
     * The code (0–255) of clipped point k of the incident face (given by its first vertex slot
     * {@code start} and {@code size}) that is not one of its vertices: where face edge j crosses
     * triangle side s, (s &lt;&lt; 6) | j; a triangle corner c inside the face, 192 + c. Each
     * face edge crosses each side once, so no two points of a triangle share a code.
     */
    private int faceInTriangleCode(ConvexHull h, int start, int size, int k, int sides) {
        // the side the point was clipped by, should rounding have put it farther from the side
        int side = sides == 0 ? (poly.code[k] >> 7) & 3 : Integer.numberOfTrailingZeros(sides);
        if (Integer.bitCount(sides) > 1) {
            // on sides s and s + 1 (or 2 and 0): their common corner
            return 192 + ((sides == 0b101) ? 0 : side + 1);
        }
        return (side << 6) | (nearestEdge(h, start, size, poly.x[k], poly.y[k], poly.z[k]) & 0x3F);
    }

    /**
     * The code (0–255) of clipped point k of the triangle against hull face f (given by
     * {@code start} and {@code size}): triangle corner c, 240 + c; where triangle side s crosses
     * face side j, (s &lt;&lt; 6) | j; a corner w of the face inside the triangle, 192 + w mod 48.
     */
    private int triangleInFaceCode(ConvexHull h, int start, int size, int k) {
        int code = poly.code[k];
        if ((code & 0x2000) != 0) {
            return 240 + (code & 3);
        }
        int sides = sides(poly.x[k], poly.y[k], poly.z[k]);
        if (Integer.bitCount(sides) > 1) {
            return 240 + ((sides == 0b101) ? 0 : Integer.numberOfTrailingZeros(sides) + 1);
        }
        if (sides != 0) {
            return (Integer.numberOfTrailingZeros(sides) << 6) | ((code >> 7) & 0x3F);
        }
        int nearest = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int w = 0; w < size; w++) {
            int v = h.faceVertex(start + w);
            double d = sq(hv[3 * v] - poly.x[k]) + sq(hv[3 * v + 1] - poly.y[k]) + sq(hv[3 * v + 2] - poly.z[k]);
            if (d < best) {
                best = d;
                nearest = w;
            }
        }
        return 192 + nearest % 48;
    }

    /** Index in the face loop of the face edge (slot j to j + 1) nearest the point (x, y, z). */
    private int nearestEdge(ConvexHull h, int start, int size, double x, double y, double z) {
        int nearest = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int j = 0; j < size; j++) {
            int a = h.faceVertex(start + j);
            int b = h.faceVertex(start + (j + 1) % size);
            seg.closest(x, y, z, x, y, z, hv[3 * a], hv[3 * a + 1], hv[3 * a + 2], hv[3 * b], hv[3 * b + 1], hv[3 * b + 2]);
            double px = hv[3 * a] + seg.t * (hv[3 * b] - hv[3 * a]);
            double py = hv[3 * a + 1] + seg.t * (hv[3 * b + 1] - hv[3 * a + 1]);
            double pz = hv[3 * a + 2] + seg.t * (hv[3 * b + 2] - hv[3 * a + 2]);
            double d = sq(px - x) + sq(py - y) + sq(pz - z);
            if (d < best) {
                best = d;
                nearest = j;
            }
        }
        return nearest;
    }

    /** Index among the unique directions found so far of a direction parallel to hull edge e, or −1. */
    private int parallelIndex(ConvexHull h, int e) {
        double wx = hv[3 * h.edge(e, 1)] - hv[3 * h.edge(e, 0)];
        double wy = hv[3 * h.edge(e, 1) + 1] - hv[3 * h.edge(e, 0) + 1];
        double wz = hv[3 * h.edge(e, 1) + 2] - hv[3 * h.edge(e, 0) + 2];
        for (int u = 0; u < uniqueCount; u++) {
            if (parallel(h, uniqueEdge[u], wx, wy, wz)) {
                return u;
            }
        }
        return -1;
    }

    /** True when hull edge f (in the terrain frame) is parallel to the direction w. */
    private boolean parallel(ConvexHull h, int f, double wx, double wy, double wz) {
        double dx = hv[3 * h.edge(f, 1)] - hv[3 * h.edge(f, 0)];
        double dy = hv[3 * h.edge(f, 1) + 1] - hv[3 * h.edge(f, 0) + 1];
        double dz = hv[3 * h.edge(f, 1) + 2] - hv[3 * h.edge(f, 0) + 2];
        double cx = wy * dz - wz * dy;
        double cy = wz * dx - wx * dz;
        double cz = wx * dy - wy * dx;
        return cx * cx + cy * cy + cz * cz <= 1e-12 * (wx * wx + wy * wy + wz * wz) * (dx * dx + dy * dy + dz * dz);
    }

    /** Of the hull edges parallel to edge e, the one lowest along axis l (nearest the triangle). */
    private int supportEdge(ConvexHull h, int e, double lx, double ly, double lz) {
        double wx = hv[3 * h.edge(e, 1)] - hv[3 * h.edge(e, 0)];
        double wy = hv[3 * h.edge(e, 1) + 1] - hv[3 * h.edge(e, 0) + 1];
        double wz = hv[3 * h.edge(e, 1) + 2] - hv[3 * h.edge(e, 0) + 2];
        int best = e;
        double low = Double.POSITIVE_INFINITY;
        for (int f = 0, ne = h.edgeCount(); f < ne; f++) {
            if (!parallel(h, f, wx, wy, wz)) {
                continue;
            }
            int a = h.edge(f, 0);
            int b = h.edge(f, 1);
            double proj = lx * (hv[3 * a] + hv[3 * b]) + ly * (hv[3 * a + 1] + hv[3 * b + 1])
                    + lz * (hv[3 * a + 2] + hv[3 * b + 2]);
            if (proj < low) {
                low = proj;
                best = f;
            }
        }
        return best;
    }

    /**
     * The hull's vertices over the current triangle within the margin, along its face normal. The
     * incident face is one face of the hull, an edge contact one point: a hull met corner first,
     * or larger than the triangle, also has vertices of other faces over this triangle, and
     * below a terrain's surface is inside it; without them the corner that arrives next (the
     * hull turning about its first point) would be missed until it is deep.
     */
    private void verticesOver(int nv, double margin) {
        double nx = n[0];
        double ny = n[1];
        double nz = n[2];
        cnx = nx;
        cny = ny;
        cnz = nz;
        for (int v = 0; v < nv; v++) {
            double x = hv[3 * v];
            double y = hv[3 * v + 1];
            double z = hv[3 * v + 2];
            double sep = nx * (x - t[0]) + ny * (y - t[1]) + nz * (z - t[2]);
            if (sep <= margin && over(x, y, z)) {
                tc.add(x - 0.5 * sep * nx, y - 0.5 * sep * ny, z - 0.5 * sep * nz, sep, v & 0xFF);
            }
        }
    }

    /**
     * Whether the triangle feature touching hull face f (its corners deepest into the face: one
     * vertex, an edge or the whole face) may take the face's normal (−m) as the contact normal.
     */
    private boolean hullFaceFeatureAllows(int f, int mask) {
        double mx = hp[4 * f];
        double my = hp[4 * f + 1];
        double mz = hp[4 * f + 2];
        double d0 = mx * t[0] + my * t[1] + mz * t[2];
        double d1 = mx * t[3] + my * t[4] + mz * t[5];
        double d2 = mx * t[6] + my * t[7] + mz * t[8];
        double min = Math.min(d0, Math.min(d1, d2));
        double tol = 1e-4;
        boolean c0 = d0 <= min + tol;
        boolean c1 = d1 <= min + tol;
        boolean c2 = d2 <= min + tol;
        if (c0 && c1 && c2) {
            return true;
        }
        if (c0 && c1) {
            return edgeAllows(mask, 0, -mx, -my, -mz);
        }
        if (c1 && c2) {
            return edgeAllows(mask, 1, -mx, -my, -mz);
        }
        if (c2 && c0) {
            return edgeAllows(mask, 2, -mx, -my, -mz);
        }
        return vertexAllows(mask, c0 ? 0 : (c1 ? 1 : 2), -mx, -my, -mz);
    }

    /**
     * Whether a contact on edge k of the current triangle may have normal l (terrain frame, out
     * of the terrain): the edge is active and l lies between the two faces' normals (an edge's
     * normals span only its bend; beyond it the neighbour's face is the contact).
     */
    private boolean edgeAllows(int mask, int k, double lx, double ly, double lz) {
        return (mask & (1 << k)) != 0
                && lx * n[0] + ly * n[1] + lz * n[2] >= terrainShape.edgeCos(triangleId, k) - 1e-9;
    }

    /** Vertex v lies on edges v and v − 1: either may carry the normal. */
    private boolean vertexAllows(int mask, int v, double lx, double ly, double lz) {
        return edgeAllows(mask, v, lx, ly, lz) || edgeAllows(mask, (v + 2) % 3, lx, ly, lz);
    }

    private static double sq(double v) {
        return v * v;
    }

}
