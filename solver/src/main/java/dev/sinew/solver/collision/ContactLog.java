package dev.sinew.solver.collision;

import java.util.Arrays;

/**
 * The contact events of the tick being run, as body slots and generations: three lists (begun,
 * ended and touching pairs, the last with the normal impulse delivered in the tick), each in the
 * deterministic pair order. The public {@code ContactEvents} reads them as handles.
 */
public final class ContactLog {
    /** Pairs that started touching this tick. */
    public static final int BEGIN = 0;
    /** Pairs that stopped touching this tick (or whose body was destroyed). */
    public static final int END = 1;
    /** Pairs touching at the end of this tick. */
    public static final int TOUCH = 2;

    private final int[][] bodyA = {new int[16], new int[16], new int[16]};
    private final int[][] genA = {new int[16], new int[16], new int[16]};
    private final int[][] bodyB = {new int[16], new int[16], new int[16]};
    private final int[][] genB = {new int[16], new int[16], new int[16]};
    private double[] touchImpulse = new double[16];
    private final int[] count = new int[3];

    public void clear() {
        count[0] = 0;
        count[1] = 0;
        count[2] = 0;
    }

    /** Appends an event to {@code list}: bodies a, b (slot, generation) and, for TOUCH, the impulse, N·s. */
    public void add(int list, int ba, int ga, int bb, int gb, double totalImpulse) {
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

    public int count(int list) {
        return count[list];
    }

    public int bodyA(int list, int i) {
        return bodyA[list][i];
    }

    public int generationA(int list, int i) {
        return genA[list][i];
    }

    public int bodyB(int list, int i) {
        return bodyB[list][i];
    }

    public int generationB(int list, int i) {
        return genB[list][i];
    }

    /** Total normal impulse of touching pair i over the tick, N·s. */
    public double touchImpulse(int i) {
        return touchImpulse[i];
    }
}
