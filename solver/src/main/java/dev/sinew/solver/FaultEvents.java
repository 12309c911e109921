package dev.sinew.solver;

import java.util.Arrays;

/**
 * The faults of the last {@link World#step()}: each body found with a state that is not finite or
 * outside the world bound, why, and what was done (see {@link FaultPolicy}). A body is checked
 * before the tick (a fault that arrived since the last step is contained before the solver can
 * spread it) and after it. Cleared at the start of every step; read it from a
 * {@link StepListener} or after the step.
 */
public final class FaultEvents {
    /** Why a body was taken out. */
    public enum Cause {
        /** A position, orientation or velocity component is NaN or infinite. */
        NOT_FINITE,
        /** The centre of mass is outside the world bound. */
        OUT_OF_BOUNDS
    }

    private BodyHandle[] bodies = new BodyHandle[4];
    private Cause[] causes = new Cause[4];
    private boolean[] removed = new boolean[4];
    private int count;
    private long total;

    void clear() {
        Arrays.fill(bodies, 0, count, null);
        count = 0;
    }

    void add(BodyHandle b, Cause c, boolean wasRemoved) {
        if (count == bodies.length) {
            bodies = Arrays.copyOf(bodies, 2 * count);
            causes = Arrays.copyOf(causes, 2 * count);
            removed = Arrays.copyOf(removed, 2 * count);
        }
        bodies[count] = b;
        causes[count] = c;
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

    /** The body of fault i (stale when it was removed). */
    public BodyHandle body(int i) {
        check(i);
        return bodies[i];
    }

    public Cause cause(int i) {
        check(i);
        return causes[i];
    }

    /** True if the body was destroyed, false if it was reset to its last good pose at rest. */
    public boolean removed(int i) {
        check(i);
        return removed[i];
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + count + ")");
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("FaultEvents[");
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ", ").append(bodies[i]).append(' ').append(causes[i]).append(removed[i] ? " removed" : " reset");
        }
        return sb.append(']').toString();
    }
}
