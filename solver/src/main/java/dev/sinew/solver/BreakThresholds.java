package dev.sinew.solver;

/**
 * When a joint breaks: once the force its anchors carry exceeds {@code maxForce} or the torque its
 * angular rows carry exceeds {@code maxTorque}, both measured over the last substep of a tick, it
 * is destroyed at the end of that tick ({@link World#brokenJointCount()}). A drive's torque does
 * not count.
 *
 * @param maxForce  N, &gt; 0, or {@link Double#POSITIVE_INFINITY} (never)
 * @param maxTorque N·m, &gt; 0, or {@link Double#POSITIVE_INFINITY} (never)
 */
public record BreakThresholds(double maxForce, double maxTorque) {
    /** Unbreakable (the default). */
    public static final BreakThresholds NEVER = new BreakThresholds(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    public BreakThresholds {
        Check.cap("maxForce", maxForce, "N");
        Check.cap("maxTorque", maxTorque, "N·m");
    }
}
