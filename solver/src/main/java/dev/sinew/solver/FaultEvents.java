package dev.sinew.solver;

import dev.sinew.solver.state.FaultLog;

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

    private final int worldId;
    private final FaultLog log;

    FaultEvents(int worldId, FaultLog log) {
        this.worldId = worldId;
        this.log = log;
    }

    /** Faults in the last step. */
    public int count() {
        return log.count();
    }

    /** Faults since the world was made. */
    public long total() {
        return log.total();
    }

    /** The body of fault i (stale when it was removed). */
    public BodyHandle body(int i) {
        check(i);
        return new BodyHandle(log.body(i), log.generation(i), worldId);
    }

    public Cause cause(int i) {
        check(i);
        return log.notFinite(i) ? Cause.NOT_FINITE : Cause.OUT_OF_BOUNDS;
    }

    /** True if the body was destroyed, false if it was reset to its last good pose at rest. */
    public boolean removed(int i) {
        check(i);
        return log.removed(i);
    }

    private void check(int i) {
        if (i < 0 || i >= log.count()) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + log.count() + ")");
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("FaultEvents[");
        for (int i = 0; i < log.count(); i++) {
            sb.append(i == 0 ? "" : ", ").append(body(i)).append(' ').append(cause(i))
                    .append(log.removed(i) ? " removed" : " reset");
        }
        return sb.append(']').toString();
    }
}
