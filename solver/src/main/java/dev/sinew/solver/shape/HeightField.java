package dev.sinew.solver.shape;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.Arrays;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * A static terrain of heights over a regular grid, with holes. Sample (column i, row j) sits at
 * local (i·spacingX, heights[j·columns + i], j·spacingZ): the grid starts at the local origin
 * and runs along +x and +z; +y is up (the front of every triangle). Each cell between four
 * samples is two triangles split along its diagonal from (i, j) to (i+1, j+1); a hole removes
 * both. Triangle ids: 2·(j·(columns−1) + i) + k, k = 0 for the triangle on the −x side of the
 * diagonal, 1 for the other.
 */
public final class HeightField implements Terrain {
    private final int columns;
    private final int rows;
    private final double sx;
    private final double sz;
    private final double[] heights;
    private final boolean[] holes;
    private final byte[] active;
    /** Per triangle edge: cosine between this face's normal and the neighbour's, −1 without one. */
    private final float[] edgeCos;
    private final double minHeight;
    private final double maxHeight;

    /**
     * @param columns samples along x, at least 2
     * @param rows samples along z, at least 2
     * @param spacingX distance between columns, metres, &gt; 0
     * @param spacingZ distance between rows, metres, &gt; 0
     * @param heights columns·rows heights in metres, row by row (finite)
     * @param holes (columns−1)·(rows−1) flags, cell by cell row by row, true for a hole; or null for none
     */
    public HeightField(int columns, int rows, double spacingX, double spacingZ, double[] heights, boolean[] holes) {
        Check.atLeast("columns", columns, 2);
        Check.atLeast("rows", rows, 2);
        this.sx = Check.positive("spacingX", spacingX);
        this.sz = Check.positive("spacingZ", spacingZ);
        Check.notNull("heights", heights);
        if ((long) columns * rows > Integer.MAX_VALUE / 4) {
            throw new InvalidArgumentException("columns×rows", (long) columns * rows, "at most 2^29 samples");
        }
        if (heights.length != columns * rows) {
            throw new InvalidArgumentException("heights.length", heights.length,
                    "columns × rows = " + columns + " × " + rows + " = " + columns * rows);
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < heights.length; i++) {
            Check.finite("heights[" + i + "] (column " + i % columns + ", row " + i / columns + ")", heights[i]);
            lo = Math.min(lo, heights[i]);
            hi = Math.max(hi, heights[i]);
        }
        int cells = (columns - 1) * (rows - 1);
        if (holes != null && holes.length != cells) {
            throw new InvalidArgumentException("holes.length", holes.length,
                    "(columns − 1) × (rows − 1) = " + cells);
        }
        this.columns = columns;
        this.rows = rows;
        this.heights = heights.clone();
        this.holes = holes == null ? new boolean[cells] : holes.clone();
        this.minHeight = lo;
        this.maxHeight = hi;
        this.active = new byte[2 * cells];
        this.edgeCos = new float[6 * cells];
        computeActiveEdges();
    }

    /** A field whose heights are {@code height(x, z)} (local metres) sampled at the grid points; no holes. */
    public static HeightField sample(int columns, int rows, double spacingX, double spacingZ,
            java.util.function.DoubleBinaryOperator height) {
        Check.atLeast("columns", columns, 2);
        Check.atLeast("rows", rows, 2);
        double[] h = new double[columns * rows];
        for (int j = 0; j < rows; j++) {
            for (int i = 0; i < columns; i++) {
                h[j * columns + i] = height.applyAsDouble(i * spacingX, j * spacingZ);
            }
        }
        return new HeightField(columns, rows, spacingX, spacingZ, h, null);
    }

    public int columns() {
        return columns;
    }

    public int rows() {
        return rows;
    }

    /** Distance between columns, metres. */
    public double spacingX() {
        return sx;
    }

    /** Distance between rows, metres. */
    public double spacingZ() {
        return sz;
    }

    /** Height of sample (column, row), metres. */
    public double height(int column, int row) {
        return heights[row * columns + column];
    }

    /** True when cell (column, row) is a hole. */
    public boolean hole(int column, int row) {
        return holes[row * (columns - 1) + column];
    }

    @Override
    public int triangleIdLimit() {
        return 2 * (columns - 1) * (rows - 1);
    }

    @Override
    public int triangleCount() {
        int n = 0;
        for (boolean h : holes) {
            n += h ? 0 : 2;
        }
        return n;
    }

    @Override
    public boolean hasTriangle(int id) {
        return id >= 0 && id < triangleIdLimit() && !holes[id >> 1];
    }

    @Override
    public void triangle(int id, double[] d, int o) {
        int cell = id >> 1;
        int i = cell % (columns - 1);
        int j = cell / (columns - 1);
        // corners: (i,j), (i,j+1), (i+1,j+1) for k = 0; (i,j), (i+1,j+1), (i+1,j) for k = 1
        corner(i, j, d, o);
        if ((id & 1) == 0) {
            corner(i, j + 1, d, o + 3);
            corner(i + 1, j + 1, d, o + 6);
        } else {
            corner(i + 1, j + 1, d, o + 3);
            corner(i + 1, j, d, o + 6);
        }
    }

    private void corner(int i, int j, double[] d, int o) {
        d[o] = i * sx;
        d[o + 1] = heights[j * columns + i];
        d[o + 2] = j * sz;
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
        if (maxY < minHeight || minY > maxHeight) {
            return;
        }
        int i0 = Math.max(0, (int) Math.floor(minX / sx));
        int i1 = Math.min(columns - 2, (int) Math.floor(maxX / sx));
        int j0 = Math.max(0, (int) Math.floor(minZ / sz));
        int j1 = Math.min(rows - 2, (int) Math.floor(maxZ / sz));
        if (maxX < 0 || maxZ < 0 || i0 > i1 || j0 > j1) {
            return;
        }
        for (int j = j0; j <= j1; j++) {
            for (int i = i0; i <= i1; i++) {
                int cell = j * (columns - 1) + i;
                if (holes[cell]) {
                    continue;
                }
                double a = heights[j * columns + i];
                double b = heights[j * columns + i + 1];
                double c = heights[(j + 1) * columns + i];
                double e = heights[(j + 1) * columns + i + 1];
                if (Math.min(Math.min(a, b), Math.min(c, e)) > maxY || Math.max(Math.max(a, b), Math.max(c, e)) < minY) {
                    continue;
                }
                out.add(2 * cell);
                out.add(2 * cell + 1);
            }
        }
    }

    /** Bit k of each triangle: the edge from corner k to k+1 has no neighbour or bends convexly (see {@link Terrain}). */
    private void computeActiveEdges() {
        double[] t = new double[9];
        double[] u = new double[9];
        double[] n = new double[3];
        double[] m = new double[3];
        int cellsX = columns - 1;
        for (int id = 0; id < active.length; id++) {
            if (!hasTriangle(id)) {
                continue;
            }
            int cell = id >> 1;
            int i = cell % cellsX;
            int j = cell / cellsX;
            triangle(id, t, 0);
            Terrain.normal(t, 0, n);
            int mask = 0;
            for (int k = 0; k < 3; k++) {
                int nb = neighbour(id, i, j, k);
                boolean has = nb >= 0 && hasTriangle(nb);
                int opposite = 0;
                if (has) {
                    triangle(nb, u, 0);
                    Terrain.normal(u, 0, m);
                    opposite = oppositeCorner(id, k);
                }
                edgeCos[3 * id + k] = has ? (float) (n[0] * m[0] + n[1] * m[1] + n[2] * m[2]) : -1f;
                if (Terrain.edgeActive(has, n, m, u[3 * opposite], u[3 * opposite + 1], u[3 * opposite + 2],
                        t[3 * k], t[3 * k + 1], t[3 * k + 2])) {
                    mask |= 1 << k;
                }
            }
            active[id] = (byte) mask;
        }
    }

    /** The triangle across edge k of triangle id in cell (i, j), or −1 at the border. */
    private int neighbour(int id, int i, int j, int k) {
        int cellsX = columns - 1;
        int cellsZ = rows - 1;
        if ((id & 1) == 0) {
            // edges: (i,j)->(i,j+1) left; (i,j+1)->(i+1,j+1) top; diagonal
            return switch (k) {
                case 0 -> i > 0 ? 2 * (j * cellsX + i - 1) + 1 : -1;
                case 1 -> j + 1 < cellsZ ? 2 * ((j + 1) * cellsX + i) + 1 : -1;
                default -> id + 1;
            };
        }
        // edges: diagonal; (i+1,j+1)->(i+1,j) right; (i+1,j)->(i,j) bottom
        return switch (k) {
            case 0 -> id - 1;
            case 1 -> i + 1 < cellsX ? 2 * (j * cellsX + i + 1) : -1;
            default -> j > 0 ? 2 * ((j - 1) * cellsX + i) : -1;
        };
    }

    /** Which corner of the neighbour across edge k lies opposite that edge. */
    private static int oppositeCorner(int id, int k) {
        if ((id & 1) == 0) {
            // left: neighbour k=1 (i-1 cell) has corners (i-1,j),(i,j+1),(i,j): opposite (i-1,j) = 0
            // top: neighbour k=1 of cell above: (i,j+1),(i+1,j+2),(i+1,j+1): opposite (i+1,j+2) = 1
            // diagonal: own k=1: (i,j),(i+1,j+1),(i+1,j): opposite (i+1,j) = 2
            return k == 0 ? 0 : (k == 1 ? 1 : 2);
        }
        // diagonal: own k=0 (i,j),(i,j+1),(i+1,j+1): opposite (i,j+1) = 1
        // right: cell to the right, k=0: (i+1,j),(i+1,j+1),(i+2,j+1): opposite (i+2,j+1) = 2
        // bottom: cell below, k=0: (i,j-1),(i,j),(i+1,j): opposite (i,j-1) = 0
        return k == 0 ? 1 : (k == 1 ? 2 : 0);
    }

    @Override
    public void computeBounds(Vector3dc p, Quaterniondc q, double[] d, int o) {
        TriangleMesh.boxBounds(0, minHeight, 0, (columns - 1) * sx, maxHeight, (rows - 1) * sz, p, q, d, o);
    }

    @Override
    public String typeName() {
        return "heightfield";
    }

    @Override
    public double sizeSignature() {
        return columns * 1e6 + rows + Arrays.hashCode(heights) * 1e-12;
    }

    @Override
    public String toString() {
        return "HeightField[" + columns + "×" + rows + " samples, spacing " + sx + "×" + sz + " m]";
    }
}
