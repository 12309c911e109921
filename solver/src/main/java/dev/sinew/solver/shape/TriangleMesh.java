package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * A static triangle mesh with a bounding-volume tree over its triangles. Triangles are wound
 * counter-clockwise seen from the front; the mesh may be open (a terrain: the front is the side
 * contacts push out through) or closed (then the front must face outward). Checked on
 * construction: finite vertices, indices in range, no degenerate triangle, an edge shared by at
 * most two triangles that run it in opposite directions (consistent winding), and for a closed
 * mesh a positive volume (not inside out).
 *
 * <p>The tree is built once, top down: a node's triangles are split at the median of their
 * centroids along the node's longest axis, down to {@value #LEAF_SIZE} triangles per leaf.
 */
public final class TriangleMesh implements Terrain {
    static final int LEAF_SIZE = 4;
    /** Smallest triangle area accepted, m². */
    public static final double MIN_AREA = 1e-10;

    private final double[] vertices;
    private final int[] indices;
    private final byte[] active;
    /** Per triangle edge: cosine between this face's normal and the neighbour's, −1 without one. */
    private final float[] edgeCos;
    /** Tree nodes: bounds (6 per node); for a leaf first triangle slot and count, else right child (left is next). */
    private final double[] nodeBounds;
    private final int[] nodeFirst;
    private final int[] nodeCount;
    /** Triangle ids in tree order. */
    private final int[] order;
    private final int nodes;

    /**
     * @param vertices x, y, z per vertex, metres (local frame)
     * @param indices three vertex indices per triangle, counter-clockwise seen from the front
     */
    public TriangleMesh(double[] vertices, int[] indices) {
        Check.notNull("vertices", vertices);
        Check.notNull("indices", indices);
        if (vertices.length == 0 || vertices.length % 3 != 0) {
            throw new InvalidArgumentException("vertices.length", vertices.length, "a positive multiple of 3");
        }
        if (indices.length == 0 || indices.length % 3 != 0) {
            throw new InvalidArgumentException("indices.length", indices.length,
                    "a positive multiple of 3 (the mesh is empty or a triangle is incomplete)");
        }
        for (int i = 0; i < vertices.length; i++) {
            Check.finite("vertices[" + i / 3 + "]." + "xyz".charAt(i % 3), vertices[i]);
        }
        int nv = vertices.length / 3;
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= nv) {
                throw new InvalidArgumentException("indices[" + i + "] (triangle " + i / 3 + ")", indices[i],
                        "a vertex index in [0, " + nv + ")");
            }
        }
        this.vertices = vertices.clone();
        this.indices = indices.clone();
        int nt = indices.length / 3;
        double[] t = new double[9];
        double[] n = new double[3];
        for (int i = 0; i < nt; i++) {
            triangle(i, t, 0);
            double area = 0.5 * Terrain.normal(t, 0, n);
            if (!(area >= MIN_AREA)) {
                throw new InvalidArgumentException("triangle " + i + " (indices " + indices[3 * i] + ", "
                        + indices[3 * i + 1] + ", " + indices[3 * i + 2] + ")", area + " m²",
                        "a non-degenerate triangle (area ≥ " + MIN_AREA + " m²)");
            }
        }
        int[] across = buildAdjacency(nt);
        this.active = new byte[nt];
        this.edgeCos = new float[3 * nt];
        computeActiveEdges(across);
        int[] ord = new int[nt];
        for (int i = 0; i < nt; i++) {
            ord[i] = i;
        }
        int maxNodes = 2 * nt;
        double[] nb = new double[6 * maxNodes];
        int[] first = new int[maxNodes];
        int[] count = new int[maxNodes];
        double[] centroid = new double[3 * nt];
        for (int i = 0; i < nt; i++) {
            triangle(i, t, 0);
            for (int a = 0; a < 3; a++) {
                centroid[3 * i + a] = (t[a] + t[3 + a] + t[6 + a]) / 3;
            }
        }
        int[] used = {0};
        build(ord, 0, nt, centroid, nb, first, count, used, t);
        this.order = ord;
        this.nodes = used[0];
        this.nodeBounds = Arrays.copyOf(nb, 6 * nodes);
        this.nodeFirst = Arrays.copyOf(first, nodes);
        this.nodeCount = Arrays.copyOf(count, nodes);
    }

    /** For each triangle edge (3 per triangle), the triangle across it or −1; checks winding and manifoldness. */
    private int[] buildAdjacency(int nt) {
        Map<Long, Integer> directed = new HashMap<>();
        int nv = vertices.length / 3;
        for (int i = 0; i < nt; i++) {
            for (int k = 0; k < 3; k++) {
                int a = indices[3 * i + k];
                int b = indices[3 * i + (k + 1) % 3];
                Integer prev = directed.put((long) a * nv + b, 3 * i + k);
                if (prev != null) {
                    throw new InvalidArgumentException("triangle " + i, "edge " + a + "→" + b,
                            "each edge run once per direction: triangle " + prev / 3
                                    + " runs it the same way, so one of them is wound inside out"
                                    + " (or the edge is shared by more than two triangles)");
                }
            }
        }
        int[] across = new int[3 * nt];
        boolean closed = true;
        for (int i = 0; i < nt; i++) {
            for (int k = 0; k < 3; k++) {
                int a = indices[3 * i + k];
                int b = indices[3 * i + (k + 1) % 3];
                Integer other = directed.get((long) b * nv + a);
                across[3 * i + k] = other == null ? -1 : other / 3;
                closed &= other != null;
            }
        }
        if (closed) {
            double volume = 0;
            for (int i = 0; i < nt; i++) {
                int a = 3 * indices[3 * i];
                int b = 3 * indices[3 * i + 1];
                int c = 3 * indices[3 * i + 2];
                double[] v = vertices;
                volume += v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1])
                        - v[a + 1] * (v[b] * v[c + 2] - v[b + 2] * v[c])
                        + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c]);
            }
            volume /= 6;
            if (volume < 0) {
                throw new InvalidArgumentException("mesh", "volume " + volume + " m³",
                        "a closed mesh wound counter-clockwise seen from outside (this one is inside out)");
            }
        }
        return across;
    }

    private void computeActiveEdges(int[] across) {
        double[] t = new double[9];
        double[] u = new double[9];
        double[] n = new double[3];
        double[] m = new double[3];
        for (int i = 0; i < active.length; i++) {
            triangle(i, t, 0);
            Terrain.normal(t, 0, n);
            int mask = 0;
            for (int k = 0; k < 3; k++) {
                int nb = across[3 * i + k];
                double cx = 0;
                double cy = 0;
                double cz = 0;
                if (nb >= 0) {
                    triangle(nb, u, 0);
                    Terrain.normal(u, 0, m);
                    int a = indices[3 * i + k];
                    int b = indices[3 * i + (k + 1) % 3];
                    for (int q = 0; q < 3; q++) {
                        int vi = indices[3 * nb + q];
                        if (vi != a && vi != b) {
                            cx = u[3 * q];
                            cy = u[3 * q + 1];
                            cz = u[3 * q + 2];
                        }
                    }
                }
                edgeCos[3 * i + k] = nb >= 0 ? (float) (n[0] * m[0] + n[1] * m[1] + n[2] * m[2]) : -1f;
                if (Terrain.edgeActive(nb >= 0, n, m, cx, cy, cz, t[3 * k], t[3 * k + 1], t[3 * k + 2])) {
                    mask |= 1 << k;
                }
            }
            active[i] = (byte) mask;
        }
    }

    private void build(int[] ord, int from, int to, double[] centroid, double[] nb, int[] first, int[] count,
            int[] used, double[] t) {
        int node = used[0]++;
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int s = from; s < to; s++) {
            triangle(ord[s], t, 0);
            for (int c = 0; c < 3; c++) {
                for (int a = 0; a < 3; a++) {
                    b[a] = Math.min(b[a], t[3 * c + a]);
                    b[a + 3] = Math.max(b[a + 3], t[3 * c + a]);
                }
            }
        }
        System.arraycopy(b, 0, nb, 6 * node, 6);
        if (to - from <= LEAF_SIZE) {
            first[node] = from;
            count[node] = to - from;
            return;
        }
        int axis = 0;
        for (int a = 1; a < 3; a++) {
            if (b[a + 3] - b[a] > b[axis + 3] - b[axis]) {
                axis = a;
            }
        }
        final int ax = axis;
        Integer[] boxed = new Integer[to - from];
        for (int s = from; s < to; s++) {
            boxed[s - from] = ord[s];
        }
        // ties broken by id: the tree is a pure function of the mesh
        Arrays.sort(boxed, (p, q) -> {
            int c = Double.compare(centroid[3 * p + ax], centroid[3 * q + ax]);
            return c != 0 ? c : Integer.compare(p, q);
        });
        for (int s = from; s < to; s++) {
            ord[s] = boxed[s - from];
        }
        int mid = (from + to) >>> 1;
        count[node] = 0;
        build(ord, from, mid, centroid, nb, first, count, used, t);
        first[node] = used[0]; // right child
        build(ord, mid, to, centroid, nb, first, count, used, t);
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    /** Vertex i's coordinate on axis (0 x, 1 y, 2 z), metres. */
    public double vertex(int i, int axis) {
        return vertices[3 * i + axis];
    }

    /** Corner k (0..2) of triangle t as a vertex index. */
    public int index(int t, int k) {
        return indices[3 * t + k];
    }

    @Override
    public int triangleIdLimit() {
        return indices.length / 3;
    }

    @Override
    public int triangleCount() {
        return indices.length / 3;
    }

    @Override
    public boolean hasTriangle(int id) {
        return id >= 0 && id < triangleCount();
    }

    @Override
    public void triangle(int id, double[] d, int o) {
        for (int k = 0; k < 3; k++) {
            int v = 3 * indices[3 * id + k];
            d[o + 3 * k] = vertices[v];
            d[o + 3 * k + 1] = vertices[v + 1];
            d[o + 3 * k + 2] = vertices[v + 2];
        }
    }

    @Override
    public int activeEdges(int id) {
        return active[id];
    }

    @Override
    public double edgeCos(int id, int k) {
        return edgeCos[3 * id + k];
    }

    @Override
    public void overlapping(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
            TriangleList out) {
        int node = 0;
        // iterative walk: a node after its subtree is the next slot; skip a subtree by jumping past it
        while (node < nodes) {
            int o = 6 * node;
            boolean hit = nodeBounds[o] <= maxX && nodeBounds[o + 3] >= minX && nodeBounds[o + 1] <= maxY
                    && nodeBounds[o + 4] >= minY && nodeBounds[o + 2] <= maxZ && nodeBounds[o + 5] >= minZ;
            if (nodeCount[node] > 0) {
                if (hit) {
                    for (int s = nodeFirst[node], e = s + nodeCount[node]; s < e; s++) {
                        out.add(order[s]);
                    }
                }
                node++;
            } else if (hit) {
                node++; // left child
            } else {
                node = subtreeEnd(node);
            }
        }
    }

    /** Slot after the subtree rooted at {@code node} (nodes are laid out depth first). */
    private int subtreeEnd(int node) {
        int n = node;
        while (nodeCount[n] == 0) {
            n = nodeFirst[n]; // rightmost path
        }
        return n + 1;
    }

    /** Tree nodes (for tests and statistics). */
    public int nodeCount() {
        return nodes;
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        boxBounds(nodeBounds[0], nodeBounds[1], nodeBounds[2], nodeBounds[3], nodeBounds[4], nodeBounds[5], p, q, d, o);
    }

    /** World bounds of the local box [lo, hi] turned by q and moved to p. */
    static void boxBounds(double lx, double ly, double lz, double hx, double hy, double hz, Vector3dc p,
            Quaterniondc q, double[] d, int o) {
        double cx = 0.5 * (lx + hx);
        double cy = 0.5 * (ly + hy);
        double cz = 0.5 * (lz + hz);
        double ex = 0.5 * (hx - lx);
        double ey = 0.5 * (hy - ly);
        double ez = 0.5 * (hz - lz);
        double x = q.x();
        double y = q.y();
        double z = q.z();
        double w = q.w();
        double[] r = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)};
        double[] pc = {p.x(), p.y(), p.z()};
        for (int a = 0; a < 3; a++) {
            double c = pc[a] + r[3 * a] * cx + r[3 * a + 1] * cy + r[3 * a + 2] * cz;
            double e = Math.abs(r[3 * a]) * ex + Math.abs(r[3 * a + 1]) * ey + Math.abs(r[3 * a + 2]) * ez;
            d[o + a] = c - e;
            d[o + 3 + a] = c + e;
        }
    }

    @Override
    public String typeName() {
        return "mesh";
    }

    @Override
    public double sizeSignature() {
        return triangleCount() * 1e3 + vertexCount() + Arrays.hashCode(vertices) * 1e-12;
    }

    @Override
    public String toString() {
        return "TriangleMesh[" + vertexCount() + " vertices, " + triangleCount() + " triangles]";
    }
}
