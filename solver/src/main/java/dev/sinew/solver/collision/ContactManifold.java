package dev.sinew.solver.collision;

/**
 * Narrowphase output for one shape pair, in world space: up to {@value #MAX_POINTS} points that
 * share one normal. The normal points from shape A to shape B; a point's separation is negative
 * when the shapes overlap there (metres) and positive for a speculative point.
 */
public final class ContactManifold {
    public static final int MAX_POINTS = 4;

    public int pointCount;
    /** Unit normal from A to B, world. */
    public double nx;
    public double ny;
    public double nz;
    /** Contact point, world, metres: midway between the two surfaces. */
    public final double[] px = new double[MAX_POINTS];
    public final double[] py = new double[MAX_POINTS];
    public final double[] pz = new double[MAX_POINTS];
    /** Signed distance between the surfaces along the normal, metres (negative = overlap). */
    public final double[] separation = new double[MAX_POINTS];
    /** Feature id, stable while the same features touch; used to match points across steps. */
    public final int[] id = new int[MAX_POINTS];

    public void clear() {
        pointCount = 0;
    }

    /** Smallest separation over the points, or +∞ when there are none. */
    public double minSeparation() {
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pointCount; i++) {
            s = Math.min(s, separation[i]);
        }
        return s;
    }

    void flip() {
        nx = -nx;
        ny = -ny;
        nz = -nz;
    }
}
