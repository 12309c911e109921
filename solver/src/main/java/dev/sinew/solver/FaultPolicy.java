package dev.sinew.solver;

/** What the world does with a body whose state went bad (see {@link FaultEvents}). */
public enum FaultPolicy {
    /** Back to its last good pose with zero velocity, and kept. */
    RESET,
    /** Destroyed (its handle goes stale). */
    REMOVE
}
