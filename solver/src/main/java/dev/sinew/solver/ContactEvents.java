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
 * A pair touches in a tick when it delivered a normal impulse in that tick or its points were
 * within the linear slop at its start. Entries are the two bodies' handles.
 */
public final class ContactEvents {
    /** Which list an event is in. */
    public enum Kind {
        /** Pairs that started touching this tick. */
        BEGIN,
        /** Pairs that stopped touching this tick (or whose body was destroyed). */
        END,
        /** Pairs touching at the end of this tick, with the impulse they delivered. */
        TOUCH
    }

    private final int worldId;

    ContactEvents(int worldId) {
        this.worldId = worldId;
    }

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

    /** Number of events of a kind. */
    public int count(Kind kind) {
        return count[Check.notNull("kind", kind).ordinal()];
    }

    /** Body A of event i of a kind. */
    public BodyHandle bodyA(Kind kind, int i) {
        int list = Check.notNull("kind", kind).ordinal();
        check(list, i);
        return new BodyHandle(bodyA[list][i], genA[list][i], worldId);
    }

    /** Body B of event i of a kind. */
    public BodyHandle bodyB(Kind kind, int i) {
        int list = Check.notNull("kind", kind).ordinal();
        check(list, i);
        return new BodyHandle(bodyB[list][i], genB[list][i], worldId);
    }

    /** Total normal impulse of touching pair i over the tick, N·s (≥ 0). */
    public double touchImpulse(int i) {
        check(TOUCH, i);
        return touchImpulse[i];
    }

    private void check(int list, int i) {
        if (i < 0 || i >= count[list]) {
            throw new InvalidArgumentException("index", i, "must be in [0, " + count[list] + ")");
        }
    }
}
