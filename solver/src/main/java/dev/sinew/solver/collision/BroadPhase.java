package dev.sinew.solver.collision;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.LongSort;
import java.util.Arrays;

/**
 * Sweep and prune on x over fat bounds. The proxy order is kept from tick to tick and
 * re-sorted by insertion sort, which is near-linear while bodies move coherently. Candidate
 * pairs are emitted as keys (lower collider slot in the high 32 bits) and sorted, so the pair
 * order, and everything downstream, is independent of timing and of the sweep's visiting order.
 * Planes have infinite bounds and are paired by a half-space test instead.
 */
public final class BroadPhase {
    private int[] order = new int[64];
    private int count;
    private int[] planes = new int[4];
    private int planeCount;
    public long[] pairs = new long[256];
    private CollisionFilter filter;
    public int pairCount;

    public void add(Colliders c, int collider) {
        if (c.isPlane[collider]) {
            if (planeCount == planes.length) {
                planes = Arrays.copyOf(planes, 2 * planeCount);
            }
            planes[planeCount++] = collider;
            return;
        }
        if (count == order.length) {
            order = Arrays.copyOf(order, 2 * count);
        }
        order[count++] = collider;
    }

    public void remove(Colliders c, int collider) {
        if (c.isPlane[collider]) {
            planeCount = removeFrom(planes, planeCount, collider);
        } else {
            count = removeFrom(order, count, collider);
        }
    }

    private static int removeFrom(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                System.arraycopy(a, i + 1, a, i, n - i - 1);
                return n - 1;
            }
        }
        return n;
    }

    /** How many colliders (planes aside) {@link #sorted} holds. */
    public int sortedCount() {
        return count;
    }

    /**
     * The i-th collider (planes aside) by the min x of its fat bounds as of the last
     * {@link #findPairs} (ties by slot): a query for the colliders whose bounds overlap a box can
     * stop at the first whose min x is past the box's max x.
     */
    public int sorted(int i) {
        return order[i];
    }

    /** How many planes {@link #plane} holds. */
    public int planeCount() {
        return planeCount;
    }

    /** The i-th plane collider. */
    public int plane(int i) {
        return planes[i];
    }

    /** Rebuilds the sorted candidate pair list from the colliders' fat bounds. */
    public void findPairs(Colliders c, Bodies b, CollisionFilter filter) {
        this.filter = filter;
        double[] fb = c.fatBounds;
        // Insertion sort by min x (ties by slot, so the order is a pure function of the bounds).
        for (int i = 1; i < count; i++) {
            int v = order[i];
            double key = fb[6 * v];
            int j = i - 1;
            while (j >= 0 && (fb[6 * order[j]] > key || (fb[6 * order[j]] == key && order[j] > v))) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = v;
        }
        pairCount = 0;
        for (int i = 0; i < count; i++) {
            int a = order[i];
            int oa = 6 * a;
            double maxX = fb[oa + 3];
            for (int j = i + 1; j < count; j++) {
                int q = order[j];
                int oq = 6 * q;
                if (fb[oq] > maxX) {
                    break;
                }
                if (fb[oq + 1] > fb[oa + 4] || fb[oa + 1] > fb[oq + 4] || fb[oq + 2] > fb[oa + 5]
                        || fb[oa + 2] > fb[oq + 5]) {
                    continue;
                }
                addIfAccepted(c, b, a, q);
            }
        }
        for (int p = 0; p < planeCount; p++) {
            int pl = planes[p];
            double nx = c.worldNormal(pl, 0);
            double ny = c.worldNormal(pl, 1);
            double nz = c.worldNormal(pl, 2);
            double d = c.worldPlaneOffset(pl);
            for (int i = 0; i < count; i++) {
                int q = order[i];
                int o = 6 * q;
                double min = nx * (nx > 0 ? fb[o] : fb[o + 3]) + ny * (ny > 0 ? fb[o + 1] : fb[o + 4])
                        + nz * (nz > 0 ? fb[o + 2] : fb[o + 5]);
                if (min <= d) {
                    addIfAccepted(c, b, pl, q);
                }
            }
        }
        LongSort.sort(pairs, 0, pairCount);
    }

    private void addIfAccepted(Colliders c, Bodies b, int x, int y) {
        int ba = c.body[x];
        int bb = c.body[y];
        if (ba == bb) {
            return;
        }
        if (b.type[ba] != Bodies.DYNAMIC && b.type[bb] != Bodies.DYNAMIC) {
            return;
        }
        if ((c.category[x] & c.mask[y]) == 0 || (c.category[y] & c.mask[x]) == 0) {
            return;
        }
        if (!filter.isEmpty() && filter.excludes(ba, bb)) {
            return;
        }
        if (pairCount == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * pairCount);
        }
        int lo = Math.min(x, y);
        int hi = Math.max(x, y);
        pairs[pairCount++] = ((long) lo << 32) | hi;
    }
}
