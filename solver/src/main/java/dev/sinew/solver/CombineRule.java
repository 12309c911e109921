package dev.sinew.solver;

/**
 * How two shapes' friction or restitution coefficients combine. When the two shapes ask for
 * different rules, the one declared later here wins (MAX beats MULTIPLY beats ... AVERAGE).
 */
public enum CombineRule {
    AVERAGE,
    MIN,
    GEOMETRIC_MEAN,
    MULTIPLY,
    MAX;

    /** Combined coefficient of a and b under the winning rule of {@code ra} and {@code rb}. */
    public static double combine(double a, CombineRule ra, double b, CombineRule rb) {
        CombineRule r = ra.ordinal() >= rb.ordinal() ? ra : rb;
        return switch (r) {
            case AVERAGE -> 0.5 * (a + b);
            case MIN -> Math.min(a, b);
            case GEOMETRIC_MEAN -> Math.sqrt(a * b);
            case MULTIPLY -> a * b;
            case MAX -> Math.max(a, b);
        };
    }
}
