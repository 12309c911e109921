package dev.sinew.solver;

/**
 * How often the solver hit one of its limits in the last {@link World#step()} (and, for impulses
 * applied with a cap, since the step before it): no limit acts silently. Counts are cleared at
 * the start of every step, after the applied-impulse count has been carried into it.
 */
public final class SolverLimits {
    int speedCapped;
    int pushOutCapped;
    int contactImpulseCapped;
    int bodyImpulseCapped;
    int appliedImpulseCapped;
    int appliedSincePrevious;
    int treeContactsLeftOut;
    int sweptBack;

    void begin() {
        speedCapped = 0;
        pushOutCapped = 0;
        contactImpulseCapped = 0;
        bodyImpulseCapped = 0;
        treeContactsLeftOut = 0;
        sweptBack = 0;
        appliedImpulseCapped = appliedSincePrevious;
        appliedSincePrevious = 0;
    }

    /** Body-substeps whose speed was cut to the body's maximum linear or angular speed. */
    public int speedCapped() {
        return speedCapped;
    }

    /** Contact rows whose push-out was held to the world's maximum push-out speed (row-substeps). */
    public int pushOutCapped() {
        return pushOutCapped;
    }

    /** Contact points whose impulse in a solve was cut to the world's maximum contact impulse. */
    public int contactImpulseCapped() {
        return contactImpulseCapped;
    }

    /** Contact point solves cut so that a body's contacts stay within its per-tick budget ({@link World#setMaxContactImpulsePerStep}). */
    public int bodyImpulseCapped() {
        return bodyImpulseCapped;
    }

    /** Calls to {@link World#applyImpulseAtPoint(BodyHandle, org.joml.Vector3dc, org.joml.Vector3dc, double)} whose cap cut the impulse, since the previous step. */
    public int appliedImpulseCapped() {
        return appliedImpulseCapped;
    }

    /** Ground contact points of joint trees beyond the articulated solve's capacity (solved as plain contacts). */
    public int treeContactsLeftOut() {
        return treeContactsLeftOut;
    }

    /** Fast bodies moved back by the time-of-impact sweep. */
    public int sweptBack() {
        return sweptBack;
    }

    @Override
    public String toString() {
        return "SolverLimits[speedCapped=" + speedCapped + ", pushOutCapped=" + pushOutCapped + ", contactImpulseCapped="
                + contactImpulseCapped + ", bodyImpulseCapped=" + bodyImpulseCapped + ", appliedImpulseCapped=" + appliedImpulseCapped + ", treeContactsLeftOut="
                + treeContactsLeftOut + ", sweptBack=" + sweptBack + "]";
    }
}
