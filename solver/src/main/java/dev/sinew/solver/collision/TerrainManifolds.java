package dev.sinew.solver.collision;

/**
 * Narrowphase output for a shape against terrain: one manifold per patch of triangles that share
 * a normal (to within {@link TerrainCollider#PATCH_COS}), at most {@value #MAX_PATCHES}, in world
 * space, normals from the first shape passed to the second.
 */
public final class TerrainManifolds {
    public static final int MAX_PATCHES = 4;

    public final ContactManifold[] patch = new ContactManifold[MAX_PATCHES];
    public int count;

    public TerrainManifolds() {
        for (int i = 0; i < MAX_PATCHES; i++) {
            patch[i] = new ContactManifold();
        }
    }

    /** The patch with the smallest separation, or −1 when there is none. */
    public int deepest() {
        int best = -1;
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < count; i++) {
            double m = patch[i].minSeparation();
            if (m < s) {
                s = m;
                best = i;
            }
        }
        return best;
    }
}
