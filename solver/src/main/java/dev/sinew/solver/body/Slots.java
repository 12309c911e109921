package dev.sinew.solver.body;

import java.util.Arrays;

/**
 * Slot allocation for the structure-of-arrays stores (bodies, colliders, joints): a slot is an
 * index into every array of its store. A released slot is reused before a new one is taken, the
 * lowest first, so the layout (and every loop over it) is a function of the history of creations
 * and destructions alone. A store grows its arrays when {@link #take} returns its capacity.
 */
public abstract class Slots {
    /** One past the highest slot ever used: loops over a store run over [0, high). */
    public int high;
    private int[] free = new int[16];
    private int freeCount;

    /** The lowest released slot, or a new one ({@link #high} before the call). */
    protected final int take() {
        if (freeCount > 0) {
            int best = 0;
            for (int i = 1; i < freeCount; i++) {
                if (free[i] < free[best]) {
                    best = i;
                }
            }
            int slot = free[best];
            free[best] = free[--freeCount];
            return slot;
        }
        return high++;
    }

    /** Makes slot s available again. */
    protected final void free(int s) {
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, 2 * freeCount);
        }
        free[freeCount++] = s;
    }
}
