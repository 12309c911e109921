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
        sortProxies(c, filter);
        sweep(c, b, 0, sweepItems(), single[0]);
        gather(single, 1);
    }

    private final Pairs[] single = {new Pairs()};

    /**
     * A list of candidate pairs found by one part of the sweep ({@link #sweep}), sorted when the part
     * ends: each task of a parallel sweep fills its own.
     */
    public static final class Pairs {
        long[] keys = new long[256];
        int count;

        /** Empties the list (what a sweep abandoned by an exception left). */
        public void clear() {
            count = 0;
        }
    }

    /**
     * The first step of {@link #findPairs}: the proxies re-sorted by the min x of their fat bounds
     * (insertion sort, ties by slot, so the order is a pure function of the bounds). Sorted once
     * per tick, the order stays near-sorted and the sort near-linear.
     */
    public void sortProxies(Colliders c, CollisionFilter filter) {
        this.filter = filter;
        double[] fb = c.fatBounds;
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
    }

    /**
     * The items of the sweep: each sorted proxy (its overlaps with the proxies after it), then each
     * plane (its half-space against every proxy). The items find disjoint sets of pairs, so they can
     * be swept in any parts by {@link #sweep} and {@link #gather}ed: the pairs, sorted, are the same.
     */
    public int sweepItems() {
        return count + planeCount;
    }

    /**
     * Sweeps items [from, to) (see {@link #sweepItems}) into {@code out}, then sorts it. Reads the
     * bounds, bodies and filter only, so parts can run at the same time, each with its own list.
     */
    public void sweep(Colliders c, Bodies b, int from, int to, Pairs out) {
        out.count = 0;
        double[] fb = c.fatBounds;
        for (int i = from; i < Math.min(to, count); i++) {
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
                addIfAccepted(c, b, a, q, out);
            }
        }
        for (int p = Math.max(from, count) - count; p < to - count; p++) {
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
                    addIfAccepted(c, b, pl, q, out);
                }
            }
        }
        LongSort.sort(out.keys, 0, out.count);
    }

    /** The sorted candidate pairs ({@link #pairs}) from the first {@code n} lists of a sweep, merged; empties the lists. */
    public void gather(Pairs[] lists, int n) {
        int total = 0;
        int filled = -1;
        for (int i = 0; i < n; i++) {
            total += lists[i].count;
            if (lists[i].count > 0) {
                filled = filled == -1 ? i : -2;
            }
        }
        pairCount = total;
        if (filled == -1) {
            return;
        }
        if (filled >= 0) {
            // one list: take its array, give it this one
            long[] t = pairs;
            pairs = lists[filled].keys;
            lists[filled].keys = t;
            lists[filled].count = 0;
            return;
        }
        if (pairs.length < total) {
            pairs = new long[Math.max(total, 2 * pairs.length)];
        }
        if (merged.length < pairs.length) {
            merged = new long[pairs.length];
        }
        if (runEnd.length < n) {
            runEnd = new int[n];
        }
        // the lists one after another, then merged two runs at a time, between pairs and merged
        int at = 0;
        for (int i = 0; i < n; i++) {
            System.arraycopy(lists[i].keys, 0, pairs, at, lists[i].count);
            at += lists[i].count;
            runEnd[i] = at;
            lists[i].count = 0;
        }
        int runs = n;
        long[] src = pairs;
        long[] dst = merged;
        while (runs > 1) {
            int out = 0;
            for (int r = 0; r < runs; r += 2) {
                int lo = r == 0 ? 0 : runEnd[r - 1];
                if (r + 1 == runs) {
                    System.arraycopy(src, lo, dst, lo, runEnd[r] - lo);
                    runEnd[out++] = runEnd[r];
                } else {
                    merge(src, lo, runEnd[r], runEnd[r + 1], dst);
                    runEnd[out++] = runEnd[r + 1];
                }
            }
            runs = out;
            long[] t = src;
            src = dst;
            dst = t;
        }
        pairs = src;
        merged = dst;
    }

    private long[] merged = new long[256];
    private int[] runEnd = new int[8];

    private static void merge(long[] a, int lo, int mid, int hi, long[] out) {
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            out[k++] = a[i] <= a[j] ? a[i++] : a[j++];
        }
        System.arraycopy(a, i, out, k, mid - i);
        k += mid - i;
        System.arraycopy(a, j, out, k, hi - j);
    }

    private void addIfAccepted(Colliders c, Bodies b, int x, int y, Pairs out) {
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
        if (out.count == out.keys.length) {
            out.keys = Arrays.copyOf(out.keys, 2 * out.count);
        }
        int lo = Math.min(x, y);
        int hi = Math.max(x, y);
        out.keys[out.count++] = ((long) lo << 32) | hi;
    }
}
