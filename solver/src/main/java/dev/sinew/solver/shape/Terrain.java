package dev.sinew.solver.shape;

/**
 * Static terrain made of triangles: a {@link HeightField} or a {@link TriangleMesh}. Only a
 * static body may carry one. Triangles are wound counter-clockwise seen from their front (solid
 * lies behind them); contacts always push a body out through the front.
 *
 * <p>Each triangle knows which of its edges are <em>active</em>: an edge with no neighbour, or
 * where the surface bends convexly by more than {@link #ACTIVE_EDGE_DEGREES}. Contacts on an
 * inactive edge (a flat or concave seam between two triangles) take the triangle's face normal
 * or are left to the neighbour, so a body sliding across a triangulated surface does not catch
 * on the seams.
 */
public sealed interface Terrain extends Shape permits HeightField, TriangleMesh {
    /** Bend (degrees) above which a convex edge between two triangles collides as an edge. */
    double ACTIVE_EDGE_DEGREES = 5;

    /** Upper bound of triangle ids: every id is in [0, triangleIdLimit()). */
    int triangleIdLimit();

    /** Number of triangles that exist (a heightfield's holes have none). */
    int triangleCount();

    /**
     * Appends to {@code out} the id of every triangle whose bounds meet the local box
     * [min, max], in increasing order of id for a heightfield and in tree order for a mesh
     * (either way a pure function of the shape and the box).
     */
    void overlapping(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleList out);

    /** Writes triangle {@code id}'s corners (x, y, z three times, local frame, metres) to dest[offset..offset+8]. */
    void triangle(int id, double[] dest, int offset);

    /** Active-edge mask of triangle {@code id}: bit k set when the edge from corner k to corner k+1 is active. */
    int activeEdges(int id);

    /**
     * Cosine of the bend across edge k of triangle {@code id}: the dot product of the two
     * triangles' normals, or −1 when the edge has no neighbour. A contact on an active edge may
     * only take normals between the two faces' (cosine with this face's normal at least this).
     */
    double edgeCos(int id, int k);

    /** True when triangle {@code id} exists (false for a heightfield hole). */
    boolean hasTriangle(int id);

    @Override
    default boolean staticOnly() {
        return true;
    }

    @Override
    default MassProperties massProperties(double density) {
        throw new dev.sinew.solver.InvalidArgumentException("shape", this,
                "a " + typeName() + " has no mass; it may only be on a static body");
    }

    /**
     * Twice the area (m²) of the triangle whose corners are t[o..o+8] (x, y, z three times); its
     * unit normal, counter-clockwise front, into n[0..2] (left as it was for a degenerate triangle).
     */
    static double normal(double[] t, int o, double[] n) {
        double ux = t[o + 3] - t[o];
        double uy = t[o + 4] - t[o + 1];
        double uz = t[o + 5] - t[o + 2];
        double vx = t[o + 6] - t[o];
        double vy = t[o + 7] - t[o + 1];
        double vz = t[o + 8] - t[o + 2];
        double x = uy * vz - uz * vy;
        double y = uz * vx - ux * vz;
        double z = ux * vy - uy * vx;
        double len = Math.sqrt(x * x + y * y + z * z);
        if (len > 0) {
            n[0] = x / len;
            n[1] = y / len;
            n[2] = z / len;
        }
        return len;
    }

    /**
     * Active-edge mask bit for the edge (a→b) of a triangle with unit normal n, given the
     * neighbour's corner c opposite that edge and the neighbour's unit normal m (or no neighbour).
     */
    static boolean edgeActive(boolean hasNeighbour, double[] n, double[] m, double cx, double cy, double cz,
            double ax, double ay, double az) {
        if (!hasNeighbour) {
            return true;
        }
        boolean convex = n[0] * (cx - ax) + n[1] * (cy - ay) + n[2] * (cz - az) < 0;
        double cos = n[0] * m[0] + n[1] * m[1] + n[2] * m[2];
        return convex && cos < Math.cos(Math.toRadians(ACTIVE_EDGE_DEGREES));
    }
}
