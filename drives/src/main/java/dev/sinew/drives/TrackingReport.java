package dev.sinew.drives;

/**
 * How well a ragdoll tracks its animation after a step, per body (indices as the ragdoll's): for
 * debugging and for the viewer's overlay. One object, refilled by {@link PoseDriver#report()}.
 */
public final class TrackingReport {
    /** Angle between the body's orientation and its animated target, degrees. */
    public final double[] errorDeg;
    /** |applied drive torque| / maximum drive torque, 0..1 (1: at the limit). */
    public final double[] torqueUse;

    TrackingReport(int bodies) {
        errorDeg = new double[bodies];
        torqueUse = new double[bodies];
    }

    /** Mean of {@link #errorDeg} over the bodies, degrees. */
    public double meanErrorDeg() {
        double s = 0;
        for (double e : errorDeg) {
            s += e;
        }
        return s / errorDeg.length;
    }

    /** Largest {@link #errorDeg}, degrees. */
    public double maxErrorDeg() {
        double m = 0;
        for (double e : errorDeg) {
            m = Math.max(m, e);
        }
        return m;
    }
}
