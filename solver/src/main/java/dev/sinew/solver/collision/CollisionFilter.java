package dev.sinew.solver.collision;

import java.util.Arrays;

/**
 * The body pairs that must not collide: those a joint connects (unless it lets them collide) and
 * those set apart explicitly. Kept as a sorted key list, rebuilt whenever either set changes, so
 * the broadphase tests a pair in O(log pairs) and its result never depends on the order of
 * creation.
 */
public final class CollisionFilter {
    private long[] keys = new long[8];
    private int count;
    /** Body pairs kept from colliding without a joint, keys of {@link #pairKey}. */
    private long[] ignored = new long[8];
    private int ignoredCount;
    private boolean dirty = true;
    /** The keys whose lower body is b are keys[start[b] .. start[b + 1]), for b below {@link #starts}. */
    private int[] start = new int[1];
    private int starts;

    static long pairKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | (Math.max(a, b) & 0xffffffffL);
    }

    /** True when nothing is filtered (the broadphase then skips the test). */
    public boolean isEmpty() {
        return count == 0;
    }

    /** True when the joints' pairs must be listed again ({@link #beginRebuild}) before the next query. */
    public boolean isDirty() {
        return dirty;
    }

    /** A joint was created or destroyed. */
    public void markDirty() {
        dirty = true;
    }

    /** True when bodies a and b must not collide. */
    public boolean excludes(int a, int b) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        if (lo >= starts) {
            return false;
        }
        for (int k = start[lo]; k < start[lo + 1]; k++) {
            if ((int) keys[k] == hi) {
                return true;
            }
        }
        return false;
    }

    /** Adds (collide false) or removes an explicit pair; true if that changed anything. */
    public boolean setIgnored(int a, int b, boolean ignore) {
        long key = pairKey(a, b);
        int at = -1;
        for (int i = 0; i < ignoredCount; i++) {
            if (ignored[i] == key) {
                at = i;
            }
        }
        if (ignore == (at >= 0)) {
            return false;
        }
        if (ignore) {
            if (ignoredCount == ignored.length) {
                ignored = Arrays.copyOf(ignored, 2 * ignoredCount);
            }
            ignored[ignoredCount++] = key;
        } else {
            ignored[at] = ignored[--ignoredCount];
        }
        dirty = true;
        return true;
    }

    /** Drops the explicit pairs that involve a destroyed body. */
    public void forgetBody(int body) {
        for (int i = ignoredCount - 1; i >= 0; i--) {
            long k = ignored[i];
            if ((int) (k >>> 32) == body || (int) k == body) {
                ignored[i] = ignored[--ignoredCount];
                dirty = true;
            }
        }
    }

    /** Starts listing the joints' pairs; then {@link #addJointPair} for each, then {@link #endRebuild}. */
    public void beginRebuild() {
        count = 0;
    }

    public void addJointPair(int a, int b) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, 2 * count);
        }
        keys[count++] = pairKey(a, b);
    }

    public void endRebuild() {
        if (keys.length < count + ignoredCount) {
            keys = Arrays.copyOf(keys, Math.max(8, 2 * (count + ignoredCount)));
        }
        for (int i = 0; i < ignoredCount; i++) {
            keys[count++] = ignored[i];
        }
        Arrays.sort(keys, 0, count);
        starts = count == 0 ? 0 : (int) (keys[count - 1] >>> 32) + 1;
        if (start.length < starts + 1) {
            start = new int[2 * starts + 1];
        }
        int k = 0;
        for (int body = 0; body <= starts; body++) {
            start[body] = k;
            while (k < count && (int) (keys[k] >>> 32) == body) {
                k++;
            }
        }
        dirty = false;
    }
}
