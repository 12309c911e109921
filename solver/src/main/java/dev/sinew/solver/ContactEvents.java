package dev.sinew.solver;

import java.util.Arrays;

/**
 * Contact events of the last tick, read after {@link World#step()} returns (or from a
 * {@link StepListener}). Three lists, each in the deterministic pair order:
 * <ul>
 *   <li>begin: pairs that started touching this tick;</li>
 *   <li>end: pairs that stopped touching (or whose body was destroyed);</li>
 *   <li>touch: every touching pair with the total normal impulse it delivered this tick, N·s.</li>
 * </ul>
 * Two colliders touch when their closest points are within the linear slop. Entries are the
 * two bodies' handles.
 */
public final class ContactEvents {
    static final int BEGIN = 0;
    static final int END = 1;
    static final int TOUCH = 2;

    private final int[][] bodyA = {new int[16], new int[16], new int[16]};
    private final int[][] genA = {new int[16], new int[16], new int[16]};
    private final int[][] bodyB = {new int[16], new int[16], new int[16]};
    private final int[][] genB = {new int[16], new int[16], new int[16]};
    private double[] touchImpulse = new double[16];
    private final int[] count = new int[3];

    void clear() {
        count[0] = 0;
        count[1] = 0;
        count[2] = 0;
    }

    void add(int list, int ba, int ga, int bb, int gb, double totalImpulse) {
        int n = count[list];
        if (n == bodyA[list].length) {
            int m = 2 * n;
            bodyA[list] = Arrays.copyOf(bodyA[list], m);
            genA[list] = Arrays.copyOf(genA[list], m);
            bodyB[list] = Arrays.copyOf(bodyB[list], m);
            genB[list] = Arrays.copyOf(genB[list], m);
            if (list == TOUCH) {
                touchImpulse = Arrays.copyOf(touchImpulse, m);
            }
        }
        bodyA[list][n] = ba;
        genA[list][n] = ga;
        bodyB[list][n] = bb;
        genB[list][n] = gb;
        if (list == TOUCH) {
            touchImpulse[n] = totalImpulse;
        }
        count[list] = n + 1;
    }

    /** Number of pairs that began touching this tick. */
    public int beginCount() {
        return count[BEGIN];
    }

    /** Number of pairs that stopped touching this tick. */
    public int endCount() {
        return count[END];
    }

    /** Number of pairs touching at the end of this tick. */
    public int touchCount() {
        return count[TOUCH];
    }

    /** Body A of entry i in list (0 = begin, 1 = end, 2 = touch). */
    public BodyHandle bodyA(int list, int i) {
        check(list, i);
        return new BodyHandle(bodyA[list][i], genA[list][i]);
    }

    /** Body B of entry i in list (0 = begin, 1 = end, 2 = touch). */
    public BodyHandle bodyB(int list, int i) {
        check(list, i);
        return new BodyHandle(bodyB[list][i], genB[list][i]);
    }

    /** Total normal impulse of touching pair i over the tick, N·s (≥ 0). */
    public double touchImpulse(int i) {
        check(TOUCH, i);
        return touchImpulse[i];
    }

    /** Convenience: begin-list index constant. */
    public static int beginList() {
        return BEGIN;
    }

    /** Convenience: end-list index constant. */
    public static int endList() {
        return END;
    }

    /** Convenience: touch-list index constant. */
    public static int touchList() {
        return TOUCH;
    }

    private void check(int list, int i) {
        if (list < 0 || list > 2) {
            throw new InvalidArgumentException("list", list, "must be 0 (begin), 1 (end) or 2 (touch)");
        }
        if (i < 0 || i >= count[list]) {
            throw new InvalidArgumentException("index", i, "must be in [0, " + count[list] + ")");
        }
    }
}
