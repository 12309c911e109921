package dev.sinew.solver.shape;

import java.util.Arrays;

/** A growable list of triangle ids, filled by {@link Terrain#overlapping}; reuse one per caller. */
public final class TriangleList {
    private int[] ids = new int[64];
    private int count;

    public void clear() {
        count = 0;
    }

    public int count() {
        return count;
    }

    public int get(int i) {
        return ids[i];
    }

    void add(int id) {
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, 2 * count);
        }
        ids[count++] = id;
    }
}
