package dev.sinew.solver.articulation;

import java.util.Arrays;

/**
 * What an articulation's factor of its mass matrix was formed with, so that a substep may keep it
 * instead of forming it again: the extra blocks the drives and a root spring added (a factor is
 * kept only for the same extras, bit for bit) and how far the tree's links have turned since
 * (h times its fastest link's angular speed, summed over the substeps, rad). The stepper decides
 * per substep whether the free step keeps it ({@link #keep}, against
 * {@link dev.sinew.solver.constraint.Tuning#FACTOR_TURN}); the free step then refines its solve
 * against the mass matrix of the pose now ({@link Articulation#solveStep}).
 *
 * <p>Not thread-safe; allocates only when the tree grows.
 */
final class KeptFactor {
    /** A factor is there, formed with the extras below. */
    boolean held;
    /** The articulation's node responses are of the factor held (they depend on nothing else). */
    boolean responses;
    /** The stepper's choice for this substep: keep the factor held if its extras match. */
    boolean keep;
    /** Radians the tree's links turned since the factor was formed. */
    double turn;
    private double[] diag = new double[36];
    private final double[] root = new double[9];
    private int spring = -1;

    /** A factor was formed now, with these extra diagonal blocks (9 per node) and root coupling. */
    void formed(double[] extraDiag, double[] extraRoot, int rootSpring, int nodes) {
        reserve(nodes);
        System.arraycopy(extraDiag, 0, diag, 0, 9 * nodes);
        System.arraycopy(extraRoot, 0, root, 0, 9);
        spring = rootSpring;
        held = true;
        responses = false;
        turn = 0;
    }

    /** Room for a tree of {@code nodes} nodes, so that a later substep does not allocate. */
    void reserve(int nodes) {
        if (diag.length < 9 * nodes) {
            diag = new double[9 * nodes];
        }
    }

    /** The factor is being formed again, or the tree changed: nothing is held. */
    void drop() {
        held = false;
        responses = false;
    }

    /** True if a factor is held and was formed with exactly these extras. */
    boolean of(double[] extraDiag, double[] extraRoot, int rootSpring, int nodes) {
        return held && spring == rootSpring && Arrays.equals(diag, 0, 9 * nodes, extraDiag, 0, 9 * nodes)
                && Arrays.equals(root, extraRoot);
    }
}
