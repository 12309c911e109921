package dev.sinew.rig.match;

/**
 * The closed-form critically damped spring x'' = −2y·x' − y²·x (both roots at −y), with which the
 * motion-matching {@link Trajectory} approaches what the stick asks for. From x(0) = x0, x'(0) = v0:
 * <pre>
 *   j = v0 + y·x0
 *   x(t) = (x0 + j·t)·e^(−y·t)
 *   v(t) = (v0 − y·j·t)·e^(−y·t)
 * </pre>
 * exact for any step, so it is stable and frame-rate independent. y (1/s) is set from a half-life
 * ({@link #dampingForHalfLife}).
 */
public final class CriticallyDampedSpring {
    private CriticallyDampedSpring() {
    }

    /**
     * y (1/s) of the spring a velocity goal is approached with, from the half-life h (s) of its
     * error: y = 2·ln 2 / h, which is the usual "half-life" parameterization of a critically damped
     * spring (its envelope e^(−y·t) halves in h/2; an error released at rest, (1 + y·t)·e^(−y·t),
     * is 0.60 of itself after h and 0.24 after 2h).
     */
    public static double dampingForHalfLife(double halfLife) {
        return 2 * StrictMath.log(2) / halfLife;
    }

    /** x(t) of the spring released from (x0, v0), decaying toward 0 with rate y. */
    public static double position(double x0, double v0, double y, double t) {
        return (x0 + (v0 + y * x0) * t) * StrictMath.exp(-y * t);
    }

    /** x'(t) of the spring released from (x0, v0). */
    public static double velocity(double x0, double v0, double y, double t) {
        return (v0 - y * (v0 + y * x0) * t) * StrictMath.exp(-y * t);
    }
}
