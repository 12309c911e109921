package dev.sinew.solver.constraint;

/**
 * How often the solver hit one of its limits in the step being run, counted where the limit acts;
 * the public {@code SolverLimits} reads them. Cleared by {@link #begin} at the start of every step,
 * after the count of capped applied impulses has been carried into it.
 */
public final class SolverCounters {
    /** Body-substeps whose speed was cut to the body's maximum linear or angular speed. */
    public int speedCapped;
    /** Contact rows whose push-out was held to the world's maximum push-out speed (row-substeps). */
    public int pushOutCapped;
    /** Contact points whose impulse in a solve was cut to the world's maximum contact impulse. */
    public int contactImpulseCapped;
    /** Contact point solves cut so that a body's contacts stay within its per-tick budget. */
    public int bodyImpulseCapped;
    /** Applied impulses whose cap cut them, in the time before the last step. */
    public int appliedImpulseCapped;
    /** Applied impulses whose cap cut them since the last step (carried into the next). */
    public int appliedSincePrevious;
    /** Ground contact points of joint trees beyond the articulated solve's capacity. */
    public int treeContactsLeftOut;
    /** Fast bodies moved back by the time-of-impact sweep. */
    public int sweptBack;

    public void begin() {
        speedCapped = 0;
        pushOutCapped = 0;
        contactImpulseCapped = 0;
        bodyImpulseCapped = 0;
        treeContactsLeftOut = 0;
        sweptBack = 0;
        appliedImpulseCapped = appliedSincePrevious;
        appliedSincePrevious = 0;
    }

    /** Adds the counts a task made on its own counters (the solver's limits) into these and clears them. */
    public void drainInto(SolverCounters into) {
        into.speedCapped += speedCapped;
        into.pushOutCapped += pushOutCapped;
        into.contactImpulseCapped += contactImpulseCapped;
        into.bodyImpulseCapped += bodyImpulseCapped;
        into.treeContactsLeftOut += treeContactsLeftOut;
        into.sweptBack += sweptBack;
        speedCapped = 0;
        pushOutCapped = 0;
        contactImpulseCapped = 0;
        bodyImpulseCapped = 0;
        treeContactsLeftOut = 0;
        sweptBack = 0;
    }
}
