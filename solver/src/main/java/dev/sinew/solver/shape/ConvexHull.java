package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A convex polyhedron in its local frame: vertices, planar faces (convex polygons, counter-
 * clockwise seen from outside) with outward unit normals, and edges with their two faces.
 *
 * <p>Built from a point cloud by {@link #of(List)}: every supporting plane through three input
 * points is a face candidate; coplanar candidates merge, each face's polygon is the planar
 * convex hull of the points on it, and points inside the solid or inside a face are dropped.
 * The construction is O(n⁴) in the worst case and meant for the small hulls a ragdoll or
 * debris uses; it accepts at most {@value #MAX_INPUT_POINTS} distinct points.
 */
public final class ConvexHull implements Shape {
    /** Largest point cloud {@link #of(List)} accepts. */
    public static final int MAX_INPUT_POINTS = 128;

    private final double[] vertices; // x,y,z per vertex
    private final double[] planes; // nx,ny,nz,d per face: n·x = d on the face, n outward
    private final int[] faceStart; // faceStart[f]..faceStart[f+1] index into faceVertices
    private final int[] faceVertices;
    private final int[] edges; // v0,v1,faceLeft,faceRight per edge; v0->v1 runs CCW in faceLeft
    private final double[] centroid;
    private final double maxRadius;

    private ConvexHull(double[] vertices, double[] planes, int[] faceStart, int[] faceVertices, int[] edges) {
        this.vertices = vertices;
        this.planes = planes;
        this.faceStart = faceStart;
        this.faceVertices = faceVertices;
        this.edges = edges;
        int n = vertices.length / 3;
        double cx = 0;
        double cy = 0;
        double cz = 0;
        for (int i = 0; i < n; i++) {
            cx += vertices[3 * i];
            cy += vertices[3 * i + 1];
            cz += vertices[3 * i + 2];
        }
        centroid = new double[] {cx / n, cy / n, cz / n};
        double r = 0;
        for (int i = 0; i < n; i++) {
            r = Math.max(r, Math.sqrt(sq(vertices[3 * i]) + sq(vertices[3 * i + 1]) + sq(vertices[3 * i + 2])));
        }
        maxRadius = r;
    }

    /**
     * Builds the convex hull of the given points (local frame, metres).
     *
     * @throws InvalidArgumentException if a point is not finite, there are more than
     *         {@value #MAX_INPUT_POINTS} distinct points, or the points are degenerate (fewer than
     *         four, collinear or coplanar)
     */
    public static ConvexHull of(List<? extends Vector3dc> points) {
        Check.notNull("points", points);
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            Vector3dc p = Check.finite("points[" + i + "]", points.get(i));
            boolean dup = false;
            for (double[] q : pts) {
                if (q[0] == p.x() && q[1] == p.y() && q[2] == p.z()) {
                    dup = true;
                    break;
                }
            }
            if (!dup) {
                pts.add(new double[] {p.x(), p.y(), p.z()});
            }
        }
        if (pts.size() > MAX_INPUT_POINTS) {
            throw new InvalidArgumentException("points.size", pts.size(), "at most " + MAX_INPUT_POINTS + " distinct points");
        }
        if (pts.size() < 4) {
            throw new InvalidArgumentException("points", pts.size() + " distinct points",
                    "a hull needs at least 4 points that are not coplanar");
        }
        double scale = 0;
        for (double[] p : pts) {
            scale = Math.max(scale, Math.max(Math.abs(p[0]), Math.max(Math.abs(p[1]), Math.abs(p[2]))));
        }
        // Near-coplanar points can make the face structure ambiguous at a tight tolerance; a
        // looser one merges them into one face. Try tolerances from 1e-7 to 1e-3 of the size.
        InvalidArgumentException last = null;
        for (double rel = 1e-7; rel <= 1.01e-3; rel *= 10) {
            try {
                return build(pts, rel * Math.max(scale, 1e-3));
            } catch (InvalidArgumentException e) {
                last = e;
            }
        }
        throw last;
    }

    private static ConvexHull build(List<double[]> pts, double tol) {
        double scale = 0;
        for (double[] p : pts) {
            scale = Math.max(scale, Math.max(Math.abs(p[0]), Math.max(Math.abs(p[1]), Math.abs(p[2]))));
        }
        int n = pts.size();
        List<double[]> faces = new ArrayList<>(); // nx, ny, nz, d
        double[] e1 = new double[3];
        double[] e2 = new double[3];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    double[] a = pts.get(i);
                    double[] b = pts.get(j);
                    double[] c = pts.get(k);
                    sub(b, a, e1);
                    sub(c, a, e2);
                    double nx = e1[1] * e2[2] - e1[2] * e2[1];
                    double ny = e1[2] * e2[0] - e1[0] * e2[2];
                    double nz = e1[0] * e2[1] - e1[1] * e2[0];
                    double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                    if (len < 1e-12 * scale * scale) {
                        continue;
                    }
                    nx /= len;
                    ny /= len;
                    nz /= len;
                    double d = nx * a[0] + ny * a[1] + nz * a[2];
                    boolean above = false;
                    boolean below = false;
                    for (int m = 0; m < n && !(above && below); m++) {
                        double[] p = pts.get(m);
                        double s = nx * p[0] + ny * p[1] + nz * p[2] - d;
                        if (s > tol) {
                            above = true;
                        } else if (s < -tol) {
                            below = true;
                        }
                    }
                    if (above && below) {
                        continue;
                    }
                    if (!above && !below) {
                        continue; // every point on this plane: flat cloud, rejected below
                    }
                    double sign = above ? -1 : 1;
                    addUniquePlane(faces, sign * nx, sign * ny, sign * nz, sign * d, tol);
                }
            }
        }
        if (faces.size() < 4) {
            throw new InvalidArgumentException("points", n + " points", "degenerate: the points are collinear or coplanar");
        }
        // Face polygons, in a deterministic order of planes (as found).
        TreeMap<Integer, Integer> remap = new TreeMap<>();
        List<int[]> polys = new ArrayList<>();
        for (double[] f : faces) {
            List<Integer> on = new ArrayList<>();
            for (int m = 0; m < n; m++) {
                double[] p = pts.get(m);
                if (Math.abs(f[0] * p[0] + f[1] * p[1] + f[2] * p[2] - f[3]) <= 4 * tol) {
                    on.add(m);
                }
            }
            int[] poly = planarHull(f, on, pts);
            if (poly.length < 3) {
                throw new InvalidArgumentException("points", n + " points", "degenerate face in hull");
            }
            polys.add(poly);
            for (int v : poly) {
                remap.putIfAbsent(v, 0);
            }
        }
        int vi = 0;
        for (var e : remap.entrySet()) {
            e.setValue(vi++);
        }
        double[] verts = new double[3 * remap.size()];
        for (var e : remap.entrySet()) {
            double[] p = pts.get(e.getKey());
            System.arraycopy(p, 0, verts, 3 * e.getValue(), 3);
        }
        double[] planeArr = new double[4 * faces.size()];
        int[] faceStart = new int[faces.size() + 1];
        int total = 0;
        for (int f = 0; f < faces.size(); f++) {
            System.arraycopy(faces.get(f), 0, planeArr, 4 * f, 4);
            faceStart[f] = total;
            total += polys.get(f).length;
        }
        faceStart[faces.size()] = total;
        int[] faceVerts = new int[total];
        for (int f = 0; f < faces.size(); f++) {
            int[] poly = polys.get(f);
            for (int m = 0; m < poly.length; m++) {
                faceVerts[faceStart[f] + m] = remap.get(poly[m]);
            }
        }
        // Edges: each undirected edge must be shared by exactly two faces.
        TreeMap<Long, int[]> edgeMap = new TreeMap<>();
        for (int f = 0; f < faces.size(); f++) {
            int s = faceStart[f];
            int cnt = faceStart[f + 1] - s;
            for (int m = 0; m < cnt; m++) {
                int a = faceVerts[s + m];
                int b = faceVerts[s + (m + 1) % cnt];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                int[] e = edgeMap.get(key);
                if (e == null) {
                    edgeMap.put(key, new int[] {a, b, f, -1});
                } else if (e[3] == -1) {
                    e[3] = f;
                } else {
                    throw new InvalidArgumentException("points", n + " points", "non-manifold hull (nearly coplanar faces)");
                }
            }
        }
        int[] edgeArr = new int[4 * edgeMap.size()];
        int ei = 0;
        for (int[] e : edgeMap.values()) {
            if (e[3] == -1) {
                throw new InvalidArgumentException("points", n + " points", "open hull (nearly coplanar faces)");
            }
            System.arraycopy(e, 0, edgeArr, 4 * ei++, 4);
        }
        int vCount = remap.size();
        if (vCount - edgeMap.size() + faces.size() != 2) {
            throw new InvalidArgumentException("points", n + " points", "hull fails Euler's formula (nearly coplanar faces)");
        }
        return new ConvexHull(verts, planeArr, faceStart, faceVerts, edgeArr);
    }

    private static void addUniquePlane(List<double[]> faces, double nx, double ny, double nz, double d, double tol) {
        for (double[] f : faces) {
            double cosTol = Math.max(1e-9, 4 * tol / Math.max(1e-9, Math.abs(d) + tol));
            if (f[0] * nx + f[1] * ny + f[2] * nz > 1 - Math.min(1e-3, Math.max(1e-6, cosTol)) && Math.abs(f[3] - d) < 8 * tol) {
                return;
            }
        }
        faces.add(new double[] {nx, ny, nz, d});
    }

    /** Andrew's monotone chain in the face plane; counter-clockwise seen from outside. */
    private static int[] planarHull(double[] f, List<Integer> idx, List<double[]> pts) {
        double[] u = new double[3];
        double[] v = new double[3];
        dev.sinew.solver.math.Basis.orthonormal(f[0], f[1], f[2], u, v);
        int m = idx.size();
        Integer[] order = idx.toArray(new Integer[0]);
        double[][] uv = new double[pts.size()][];
        for (int i : idx) {
            double[] p = pts.get(i);
            uv[i] = new double[] {dot(u, p), dot(v, p)};
        }
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(uv[a][0], uv[b][0]);
            return c != 0 ? c : Double.compare(uv[a][1], uv[b][1]);
        });
        int[] hull = new int[2 * m];
        int k = 0;
        for (int i = 0; i < m; i++) {
            while (k >= 2 && cross2(uv[hull[k - 2]], uv[hull[k - 1]], uv[order[i]]) <= 0) {
                k--;
            }
            hull[k++] = order[i];
        }
        for (int i = m - 2, t = k + 1; i >= 0; i--) {
            while (k >= t && cross2(uv[hull[k - 2]], uv[hull[k - 1]], uv[order[i]]) <= 0) {
                k--;
            }
            hull[k++] = order[i];
        }
        return Arrays.copyOf(hull, Math.max(0, k - 1));
    }

    private static double cross2(double[] o, double[] a, double[] b) {
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    }

    private static void sub(double[] a, double[] b, double[] d) {
        d[0] = a[0] - b[0];
        d[1] = a[1] - b[1];
        d[2] = a[2] - b[2];
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double sq(double x) {
        return x * x;
    }

    /** Number of vertices. */
    public int vertexCount() {
        return vertices.length / 3;
    }

    /** Vertex {@code i} coordinate {@code axis} (0 = x, 1 = y, 2 = z), local frame, metres. */
    public double vertex(int i, int axis) {
        return vertices[3 * i + axis];
    }

    /** Number of faces. */
    public int faceCount() {
        return faceStart.length - 1;
    }

    /** Face {@code f}'s outward normal component {@code axis} (0..2) or plane offset (3), local frame. */
    public double plane(int f, int component) {
        return planes[4 * f + component];
    }

    /** First index of face {@code f} in {@link #faceVertex(int)}. */
    public int faceStart(int f) {
        return faceStart[f];
    }

    /** Number of vertices of face {@code f}. */
    public int faceSize(int f) {
        return faceStart[f + 1] - faceStart[f];
    }

    /** Vertex index stored at position {@code k} of the flattened face lists. */
    public int faceVertex(int k) {
        return faceVertices[k];
    }

    /** Number of undirected edges. */
    public int edgeCount() {
        return edges.length / 4;
    }

    /** Edge {@code e} field: 0 = first vertex, 1 = second vertex, 2 = face on which it runs CCW, 3 = other face. */
    public int edge(int e, int field) {
        return edges[4 * e + field];
    }

    /** Average of the vertices, local frame (inside the hull; used to orient separating axes). */
    public double centroid(int axis) {
        return centroid[axis];
    }

    /** Largest distance of a vertex from the local origin, metres. */
    public double maxRadius() {
        return maxRadius;
    }

    /** Index of the vertex farthest along local direction (dx, dy, dz). */
    public int support(double dx, double dy, double dz) {
        int best = 0;
        double bestDot = Double.NEGATIVE_INFINITY;
        for (int i = 0, n = vertexCount(); i < n; i++) {
            double d = vertices[3 * i] * dx + vertices[3 * i + 1] * dy + vertices[3 * i + 2] * dz;
            if (d > bestDot) {
                bestDot = d;
                best = i;
            }
        }
        return best;
    }

    /**
     * Exact polyhedral integration: a fan of tetrahedra from an interior point. For a tetrahedron
     * (r, r+a, r+b, r+c) with det = a·(b×c), volume = det/6 and the second moment about r is
     * ∫ x xᵀ dV = det/120 · (a aᵀ + b bᵀ + c cᵀ + (a+b+c)(a+b+c)ᵀ). Inertia = ρ (tr(C) E − C)
     * after shifting C to the centre of mass.
     */
    @Override
    public MassProperties massProperties(double density) {
        double rx = centroid[0];
        double ry = centroid[1];
        double rz = centroid[2];
        double vol = 0;
        double mx = 0;
        double my = 0;
        double mz = 0;
        double cxx = 0;
        double cyy = 0;
        double czz = 0;
        double cxy = 0;
        double cxz = 0;
        double cyz = 0;
        for (int f = 0; f < faceCount(); f++) {
            int s = faceStart[f];
            int cnt = faceSize(f);
            int i0 = faceVertices[s];
            for (int m = 1; m + 1 < cnt; m++) {
                int i1 = faceVertices[s + m];
                int i2 = faceVertices[s + m + 1];
                double ax = vertices[3 * i0] - rx;
                double ay = vertices[3 * i0 + 1] - ry;
                double az = vertices[3 * i0 + 2] - rz;
                double bx = vertices[3 * i1] - rx;
                double by = vertices[3 * i1 + 1] - ry;
                double bz = vertices[3 * i1 + 2] - rz;
                double qx = vertices[3 * i2] - rx;
                double qy = vertices[3 * i2 + 1] - ry;
                double qz = vertices[3 * i2 + 2] - rz;
                double det = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
                vol += det / 6;
                double sx = ax + bx + qx;
                double sy = ay + by + qy;
                double sz = az + bz + qz;
                mx += det / 24 * sx;
                my += det / 24 * sy;
                mz += det / 24 * sz;
                double k = det / 120;
                cxx += k * (ax * ax + bx * bx + qx * qx + sx * sx);
                cyy += k * (ay * ay + by * by + qy * qy + sy * sy);
                czz += k * (az * az + bz * bz + qz * qz + sz * sz);
                cxy += k * (ax * ay + bx * by + qx * qy + sx * sy);
                cxz += k * (ax * az + bx * bz + qx * qz + sx * sz);
                cyz += k * (ay * az + by * bz + qy * qz + sy * sz);
            }
        }
        double comx = mx / vol;
        double comy = my / vol;
        double comz = mz / vol;
        cxx -= vol * comx * comx;
        cyy -= vol * comy * comy;
        czz -= vol * comz * comz;
        cxy -= vol * comx * comy;
        cxz -= vol * comx * comz;
        cyz -= vol * comy * comz;
        double tr = cxx + cyy + czz;
        Matrix3d inertia = new Matrix3d(
                tr - cxx, -cxy, -cxz,
                -cxy, tr - cyy, -cyz,
                -cxz, -cyz, tr - czz).scale(density);
        return new MassProperties(density * vol, new Vector3d(comx + rx, comy + ry, comz + rz), inertia);
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double minZ = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        double maxZ = Double.NEGATIVE_INFINITY;
        double x = q.x();
        double y = q.y();
        double z = q.z();
        double w = q.w();
        double r00 = 1 - 2 * (y * y + z * z);
        double r01 = 2 * (x * y - w * z);
        double r02 = 2 * (x * z + w * y);
        double r10 = 2 * (x * y + w * z);
        double r11 = 1 - 2 * (x * x + z * z);
        double r12 = 2 * (y * z - w * x);
        double r20 = 2 * (x * z - w * y);
        double r21 = 2 * (y * z + w * x);
        double r22 = 1 - 2 * (x * x + y * y);
        for (int i = 0, n = vertexCount(); i < n; i++) {
            double vx = vertices[3 * i];
            double vy = vertices[3 * i + 1];
            double vz = vertices[3 * i + 2];
            double tx = r00 * vx + r01 * vy + r02 * vz;
            double ty = r10 * vx + r11 * vy + r12 * vz;
            double tz = r20 * vx + r21 * vy + r22 * vz;
            minX = Math.min(minX, tx);
            minY = Math.min(minY, ty);
            minZ = Math.min(minZ, tz);
            maxX = Math.max(maxX, tx);
            maxY = Math.max(maxY, ty);
            maxZ = Math.max(maxZ, tz);
        }
        d[o] = p.x() + minX;
        d[o + 1] = p.y() + minY;
        d[o + 2] = p.z() + minZ;
        d[o + 3] = p.x() + maxX;
        d[o + 4] = p.y() + maxY;
        d[o + 5] = p.z() + maxZ;
    }

    @Override
    public String typeName() {
        return "hull";
    }

    @Override
    public double sizeSignature() {
        return vertexCount() * 1000.0 + faceCount() + maxRadius;
    }

    @Override
    public String toString() {
        return "ConvexHull[vertices=" + vertexCount() + ", faces=" + faceCount() + ", edges=" + edgeCount() + "]";
    }
}
