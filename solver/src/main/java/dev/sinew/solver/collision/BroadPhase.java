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
        gridPairs(c, b, fb);
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

    private void gridPairs(Colliders c, Bodies b, double[] fb) {
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
                cellPairs(c, b, fb, run, end, key);
            }
            run = end;
        }
        // each large collider against every small one, and against the large ones after it
        for (int i = 0; i < largeCount; i++) {
            int k = large[i];
            for (int j = 0; j < count; j++) {
                int q = order[j];
                if (largeMark[q] != largeStamp && finiteBounds(fb, 6 * q)) {
                    testPair(c, b, fb, k, q);
                }
            }
            for (int j = i + 1; j < largeCount; j++) {
                testPair(c, b, fb, k, large[j]);
            }
        }
    }

    /** The pairs of the entries [from, to) of one cell whose overlap's lowest corner is in this cell. */
    private void cellPairs(Colliders c, Bodies b, double[] fb, int from, int to, long key) {
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
                addIfAccepted(c, b, a, q);
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

    private void testPair(Colliders c, Bodies b, double[] fb, int a, int q) {
        if (overlap(fb, 6 * a, 6 * q)) {
            addIfAccepted(c, b, a, q);
        }
    }

    private void addLarge(int k) {
        if (largeCount == large.length) {
            large = Arrays.copyOf(large, 2 * largeCount);
        }
        large[largeCount++] = k;
        largeMark[k] = largeStamp;
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
