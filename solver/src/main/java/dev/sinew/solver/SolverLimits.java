package dev.sinew.solver;

import dev.sinew.solver.constraint.SolverCounters;

/**
 * How often the solver hit one of its limits in the last {@link World#step()} (and, for impulses
 * applied with a cap, since the step before it): no limit acts silently. Counts are cleared at
 * the start of every step, after the applied-impulse count has been carried into it.
 */
public final class SolverLimits {
    private final SolverCounters c;

    SolverLimits(SolverCounters counters) {
        this.c = counters;
    }

    /** Body-substeps whose speed was cut to the body's maximum linear or angular speed. */
    public int speedCapped() {
        return c.speedCapped;
    }

    /** Contact rows whose push-out was held to the world's maximum push-out speed (row-substeps). */
    public int pushOutCapped() {
        return c.pushOutCapped;
    }

    /** Contact points whose impulse in a solve was cut to the world's maximum contact impulse. */
    public int contactImpulseCapped() {
        return c.contactImpulseCapped;
    }

    /** Contact point solves cut so that a body's contacts stay within its per-tick budget ({@link BodyView#setMaxContactImpulsePerStep}). */
    public int bodyImpulseCapped() {
        return c.bodyImpulseCapped;
    }

    /** Calls to {@link BodyView#applyImpulseAtPoint(org.joml.Vector3dc, org.joml.Vector3dc, double)} whose cap cut the impulse, since the previous step. */
    public int appliedImpulseCapped() {
        return c.appliedImpulseCapped;
    }

    /** Ground contact points of joint trees beyond the articulated solve's capacity (solved as plain contacts). */
    public int treeContactsLeftOut() {
        return c.treeContactsLeftOut;
    }

    /** Fast bodies moved back by the time-of-impact sweep. */
    public int sweptBack() {
        return c.sweptBack;
    }

    @Override
    public String toString() {
        return "SolverLimits[speedCapped=" + c.speedCapped + ", pushOutCapped=" + c.pushOutCapped + ", contactImpulseCapped="
                + c.contactImpulseCapped + ", bodyImpulseCapped=" + c.bodyImpulseCapped + ", appliedImpulseCapped="
                + c.appliedImpulseCapped + ", treeContactsLeftOut=" + c.treeContactsLeftOut + ", sweptBack=" + c.sweptBack + "]";
    }
}
