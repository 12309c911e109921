package dev.sinew.solver.state;

import java.util.Arrays;

/**
 * The faults contained in the step being run: each body (slot and generation when it was found),
 * whether its state was not finite or out of bounds, and whether it was removed or reset. The
 * public {@code FaultEvents} reads it as handles.
 */
public final class FaultLog {
    private int[] body = new int[4];
    private int[] generation = new int[4];
    private boolean[] notFinite = new boolean[4];
    private boolean[] removed = new boolean[4];
    private int count;
    private long total;

    public void clear() {
        count = 0;
    }

    void add(int slot, int gen, boolean stateNotFinite, boolean wasRemoved) {
        if (count == body.length) {
            body = Arrays.copyOf(body, 2 * count);
            generation = Arrays.copyOf(generation, 2 * count);
            notFinite = Arrays.copyOf(notFinite, 2 * count);
            removed = Arrays.copyOf(removed, 2 * count);
        }
        body[count] = slot;
        generation[count] = gen;
        notFinite[count] = stateNotFinite;
        removed[count] = wasRemoved;
        count++;
        total++;
    }

    /** Faults in the last step. */
    public int count() {
        return count;
    }

    /** Faults since the world was made. */
    public long total() {
        return total;
    }

    public int body(int i) {
        return body[i];
    }

    public int generation(int i) {
        return generation[i];
    }

    /** True for a state that was not finite, false for a centre of mass out of bounds. */
    public boolean notFinite(int i) {
        return notFinite[i];
    }

    public boolean removed(int i) {
        return removed[i];
    }
}
