package dev.sinew.solver.collision;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.LongSort;
import java.util.Arrays;

/**
 * Candidate pairs from the colliders' fat bounds over a uniform grid. Each collider is entered in
 * the cells its bounds cover; the entries are sorted by cell, and within a cell every two entries
 * whose bounds overlap are a pair, reported only in the cell that holds the lowest corner of their
 * overlap (so once). A pile or a falling column costs in proportion to its colliders, where a sweep
 * on one axis costs in proportion to the colliders whose extent on that axis overlaps (all of a
 * column). The cell is twice the mean extent of the moving colliders; colliders much larger than
 * a cell (grounds, terrain, walls) and any with non-finite bounds are tested against every other
 * collider instead. Pairs are emitted as keys (lower collider slot in the high 32 bits) and sorted,
 * so the pair list, and everything downstream, is a function of the bounds alone.
 * Planes have infinite bounds and are paired by a half-space test.
 *
 * <p>The colliders are also kept sorted by the min x of their bounds (re-sorted by insertion sort,
 * near-linear while bodies move coherently) for box queries that sweep in x ({@link #sorted}).
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
        prepare(c, b, filter);
        sweep(c, b, 0, items(), single[0]);
        gather(single, 1);
    }

    private final Pairs[] single = {new Pairs()};

    /**
     * A list of candidate pairs found by one part of the search ({@link #sweep}), sorted when the
     * part ends: each task of a parallel search fills its own.
     */
    public static final class Pairs {
        long[] keys = new long[256];
        int count;

        /** Empties the list (what a search abandoned by an exception left). */
        public void clear() {
            count = 0;
        }
    }

    /**
     * The first step of {@link #findPairs}, on one thread: the colliders re-sorted by the min x of
     * their bounds (insertion sort, ties by slot, so the order is a pure function of the bounds),
     * the grid laid out and its entries sorted by cell. Then the pairs are found item by item
     * ({@link #items}, {@link #sweep}) and {@link #gather}ed.
     */
    public void prepare(Colliders c, Bodies b, CollisionFilter filter) {
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
        gridEntries(c, b, fb);
    }

    /**
     * The items of the search: each cell holding two entries or more, each large collider (against
     * every other), each plane (its half-space against every collider). The items find disjoint sets
     * of pairs, so they can be searched in any parts by {@link #sweep} and {@link #gather}ed: the
     * pairs, sorted, are the same.
     */
    public int items() {
        return runCount + (laidOut ? largeCount : 0) + planeCount;
    }

    /**
     * Finds the pairs of items [from, to) (see {@link #items}) into {@code out}, then sorts it.
     * Reads the bounds, bodies, filter and grid only, so parts can run at the same time, each with
     * its own list.
     */
    public void sweep(Colliders c, Bodies b, int from, int to, Pairs out) {
        out.count = 0;
        double[] fb = c.fatBounds;
        int larges = laidOut ? largeCount : 0;
        for (int item = from; item < to; item++) {
            if (item < runCount) {
                int run = runStart[item];
                cellPairs(c, b, fb, run, runEnd[item], entries[run] >>> slotBits, out);
            } else if (item < runCount + larges) {
                largePairs(c, b, fb, item - runCount, out);
            } else {
                planePairs(c, b, fb, planes[item - runCount - larges], out);
            }
        }
        LongSort.sort(out.keys, 0, out.count);
    }

    private void planePairs(Colliders c, Bodies b, double[] fb, int pl, Pairs out) {
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

    /** The sorted candidate pairs ({@link #pairs}) from the first {@code n} lists of a search, merged; empties the lists. */
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
        if (listEnd.length < n) {
            listEnd = new int[n];
        }
        // the lists one after another, then merged two runs at a time, between pairs and merged
        int at = 0;
        for (int i = 0; i < n; i++) {
            System.arraycopy(lists[i].keys, 0, pairs, at, lists[i].count);
            at += lists[i].count;
            listEnd[i] = at;
            lists[i].count = 0;
        }
        int runs = n;
        long[] src = pairs;
        long[] dst = merged;
        while (runs > 1) {
            int out = 0;
            for (int r = 0; r < runs; r += 2) {
                int lo = r == 0 ? 0 : listEnd[r - 1];
                if (r + 1 == runs) {
                    System.arraycopy(src, lo, dst, lo, listEnd[r] - lo);
                    listEnd[out++] = listEnd[r];
                } else {
                    merge(src, lo, listEnd[r], listEnd[r + 1], dst);
                    listEnd[out++] = listEnd[r + 1];
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
    private int[] listEnd = new int[8];

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

    // ------------------------------------------------------------------ the grid

    /** A collider is tested against every other one when its bounds cover more cells than this. */
    private static final int LARGE_CELLS = 64;
    /** Cell coordinates are clamped to ±2^20 (at 1 m cells, a million metres). */
    private static final double CELL_LIMIT = 1 << 20;

    /** Grid entries, cell key in the high bits and collider slot in the low {@link #slotBits}. */
    private long[] entries = new long[256];
    private int entryCount;
    private int[] large = new int[8];
    private int largeCount;
    /** largeMark[slot] == largeStamp: the collider is in {@link #large} this time. */
    private int[] largeMark = new int[64];
    private int largeStamp;
    private double inv;
    private double originX;
    private double originY;
    private double originZ;
    private int bitsY;
    private int bitsZ;
    /** The highest cell coordinate per axis of the current layout. */
    private long lastX;
    private long lastY;
    private long lastZ;
    /** False until a layout is made, and when the last one found no finite bounds. */
    private boolean laidOut;
    /** The colliders {@link #query} found; {@code queryMark[slot] == queryStamp}: found this time. */
    private int[] found = new int[64];
    private int[] queryMark = new int[64];
    private int queryStamp;
    private int slotBits;
    private long slotMask;

    /** The grid's entries, sorted by cell, its runs of two entries or more, and its large colliders. */
    private void gridEntries(Colliders c, Bodies b, double[] fb) {
        runCount = 0;
        laidOut = layOut(c, b, fb);
        if (!laidOut) {
            return; // no collider with finite bounds
        }
        entryCount = 0;
        largeCount = 0;
        if (++largeStamp == Integer.MAX_VALUE) {
            Arrays.fill(largeMark, 0);
            largeStamp = 1;
        }
        for (int i = 0; i < count; i++) {
            int k = order[i];
            int o = 6 * k;
            if (!finiteBounds(fb, o)) {
                continue; // a body fault containment has not caught yet: it collides with nothing
            }
            long x0 = cell(fb[o], originX);
            long y0 = cell(fb[o + 1], originY);
            long z0 = cell(fb[o + 2], originZ);
            long x1 = cell(fb[o + 3], originX);
            long y1 = cell(fb[o + 4], originY);
            long z1 = cell(fb[o + 5], originZ);
            if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > LARGE_CELLS) {
                addLarge(k);
                continue;
            }
            for (long x = x0; x <= x1; x++) {
                for (long y = y0; y <= y1; y++) {
                    for (long z = z0; z <= z1; z++) {
                        if (entryCount == entries.length) {
                            entries = Arrays.copyOf(entries, 2 * entryCount);
                        }
                        long key = (x << (bitsY + bitsZ)) | (y << bitsZ) | z;
                        entries[entryCount++] = (key << slotBits) | k;
                    }
                }
            }
        }
        LongSort.sort(entries, 0, entryCount);
        int run = 0;
        while (run < entryCount) {
            long key = entries[run] >>> slotBits;
            int end = run + 1;
            while (end < entryCount && entries[end] >>> slotBits == key) {
                end++;
            }
            if (end - run > 1) {
                if (runCount == runStart.length) {
                    runStart = Arrays.copyOf(runStart, 2 * runCount);
                    runEnd = Arrays.copyOf(runEnd, 2 * runCount);
                }
                runStart[runCount] = run;
                runEnd[runCount++] = end;
            }
            run = end;
        }
    }

    /** The entries of each cell holding two or more: [runStart[i], runEnd[i]). */
    private int[] runStart = new int[64];
    private int[] runEnd = new int[64];
    private int runCount;

    /** Large collider i against every small one, and against the large ones after it. */
    private void largePairs(Colliders c, Bodies b, double[] fb, int i, Pairs out) {
        int k = large[i];
        for (int j = 0; j < count; j++) {
            int q = order[j];
            if (largeMark[q] != largeStamp && finiteBounds(fb, 6 * q)) {
                testPair(c, b, fb, k, q, out);
            }
        }
        for (int j = i + 1; j < largeCount; j++) {
            testPair(c, b, fb, k, large[j], out);
        }
    }

    /** The pairs of the entries [from, to) of one cell whose overlap's lowest corner is in this cell. */
    private void cellPairs(Colliders c, Bodies b, double[] fb, int from, int to, long key, Pairs out) {
        long cz = key & ((1L << bitsZ) - 1);
        long cy = (key >>> bitsZ) & ((1L << bitsY) - 1);
        long cx = key >>> (bitsY + bitsZ);
        for (int i = from; i < to; i++) {
            int a = (int) (entries[i] & slotMask);
            int oa = 6 * a;
            for (int j = i + 1; j < to; j++) {
                int q = (int) (entries[j] & slotMask);
                int oq = 6 * q;
                if (!overlap(fb, oa, oq)) {
                    continue;
                }
                if (cell(Math.max(fb[oa], fb[oq]), originX) != cx || cell(Math.max(fb[oa + 1], fb[oq + 1]), originY) != cy
                        || cell(Math.max(fb[oa + 2], fb[oq + 2]), originZ) != cz) {
                    continue; // reported in the cell of the overlap's lowest corner
                }
                addIfAccepted(c, b, a, q, out);
            }
        }
    }

    /**
     * Chooses the cell (twice the mean largest extent of the moving colliders' bounds, or of all
     * finite ones when none moves) and the packing of cell coordinates and slots into one long;
     * false when no collider has finite bounds.
     */
    private boolean layOut(Colliders c, Bodies b, double[] fb) {
        double sum = 0;
        int n = 0;
        double sumAll = 0;
        int nAll = 0;
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double minZ = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        double maxZ = Double.NEGATIVE_INFINITY;
        int maxSlot = 0;
        for (int i = 0; i < count; i++) {
            int k = order[i];
            maxSlot = Math.max(maxSlot, k);
            int o = 6 * k;
            if (!finiteBounds(fb, o)) {
                continue;
            }
            double e = Math.max(fb[o + 3] - fb[o], Math.max(fb[o + 4] - fb[o + 1], fb[o + 5] - fb[o + 2]));
            sumAll += e;
            nAll++;
            if (b.type[c.body[k]] != Bodies.STATIC) {
                sum += e;
                n++;
            }
            minX = Math.min(minX, fb[o]);
            minY = Math.min(minY, fb[o + 1]);
            minZ = Math.min(minZ, fb[o + 2]);
            maxX = Math.max(maxX, fb[o + 3]);
            maxY = Math.max(maxY, fb[o + 4]);
            maxZ = Math.max(maxZ, fb[o + 5]);
        }
        if (nAll == 0) {
            return false;
        }
        double mean = n > 0 ? sum / n : sumAll / nAll;
        if (!(mean > 0) || !Double.isFinite(mean)) {
            mean = 0.5; // bounds of no extent (or too wide to average): metre cells
        }
        if (largeMark.length <= maxSlot) {
            largeMark = Arrays.copyOf(largeMark, Math.max(2 * largeMark.length, maxSlot + 1));
        }
        slotBits = 64 - Long.numberOfLeadingZeros(maxSlot);
        slotMask = (1L << slotBits) - 1;
        originX = minX;
        originY = minY;
        originZ = minZ;
        double size = 2 * mean;
        while (true) {
            inv = 1 / size;
            lastX = cell(maxX, originX);
            lastY = cell(maxY, originY);
            lastZ = cell(maxZ, originZ);
            bitsY = bits(lastY);
            bitsZ = bits(lastZ);
            if (bits(lastX) + bitsY + bitsZ + slotBits <= 63) {
                return true;
            }
            size *= 2; // a world too wide for the packing: coarser cells
        }
    }

    /** Cells a {@link #query} box may cover before the caller is asked to scan instead. */
    private static final int QUERY_CELLS = 512;

    /**
     * The colliders (planes aside) in the cells that the box (min xyz, max xyz) covers, as of the
     * last {@link #findPairs}: every collider whose fat bounds overlap the box is among them, each
     * once, in no particular order ({@link #found}). Returns how many, or −1 when the box is not
     * finite or covers more than {@link #QUERY_CELLS} cells (the caller then scans {@link #sorted}).
     */
    public int query(double[] box) {
        if (!laidOut) {
            return -1;
        }
        for (int e = 0; e < 6; e++) {
            if (!Double.isFinite(box[e])) {
                return -1;
            }
        }
        long x0 = Math.min(lastX, cell(box[0], originX));
        long y0 = Math.min(lastY, cell(box[1], originY));
        long z0 = Math.min(lastZ, cell(box[2], originZ));
        long x1 = Math.min(lastX, cell(box[3], originX));
        long y1 = Math.min(lastY, cell(box[4], originY));
        long z1 = Math.min(lastZ, cell(box[5], originZ));
        if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > QUERY_CELLS) {
            return -1;
        }
        if (queryMark.length < largeMark.length) {
            queryMark = new int[largeMark.length];
        }
        if (++queryStamp == Integer.MAX_VALUE) {
            Arrays.fill(queryMark, 0); // a stamp must never come round to one still in the array
            queryStamp = 1;
        }
        int n = 0;
        for (int i = 0; i < largeCount; i++) {
            n = addFound(large[i], n);
        }
        for (long x = x0; x <= x1; x++) {
            for (long y = y0; y <= y1; y++) {
                for (long z = z0; z <= z1; z++) {
                    long key = (x << (bitsY + bitsZ)) | (y << bitsZ) | z;
                    for (int i = firstEntry(key << slotBits); i < entryCount && entries[i] >>> slotBits == key; i++) {
                        n = addFound((int) (entries[i] & slotMask), n);
                    }
                }
            }
        }
        return n;
    }

    /** The i-th collider of the last {@link #query}. */
    public int found(int i) {
        return found[i];
    }

    private int addFound(int k, int n) {
        if (queryMark[k] == queryStamp) {
            return n;
        }
        queryMark[k] = queryStamp;
        if (n == found.length) {
            found = Arrays.copyOf(found, 2 * n);
        }
        found[n] = k;
        return n + 1;
    }

    /** The first entry not below {@code value} (binary search over the sorted entries). */
    private int firstEntry(long value) {
        int lo = 0;
        int hi = entryCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (entries[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The cell coordinate of x along an axis whose grid starts at {@code origin}, clamped (≥ 0). */
    private long cell(double x, double origin) {
        double t = Math.floor((x - origin) * inv);
        return (long) Math.max(0, Math.min(CELL_LIMIT, t));
    }

    private static int bits(long maxCell) {
        return 64 - Long.numberOfLeadingZeros(maxCell);
    }

    private static boolean finiteBounds(double[] fb, int o) {
        for (int e = 0; e < 6; e++) {
            if (!Double.isFinite(fb[o + e])) {
                return false;
            }
        }
        return true;
    }

    /** Closed intervals on every axis: bounds that touch overlap. */
    private static boolean overlap(double[] fb, int oa, int oq) {
        return !(fb[oq] > fb[oa + 3] || fb[oa] > fb[oq + 3] || fb[oq + 1] > fb[oa + 4] || fb[oa + 1] > fb[oq + 4]
                || fb[oq + 2] > fb[oa + 5] || fb[oa + 2] > fb[oq + 5]);
    }

    private void testPair(Colliders c, Bodies b, double[] fb, int a, int q, Pairs out) {
        if (overlap(fb, 6 * a, 6 * q)) {
            addIfAccepted(c, b, a, q, out);
        }
    }

    private void addLarge(int k) {
        if (largeCount == large.length) {
            large = Arrays.copyOf(large, 2 * largeCount);
        }
        large[largeCount++] = k;
        largeMark[k] = largeStamp;
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
