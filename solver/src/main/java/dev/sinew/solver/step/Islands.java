package dev.sinew.solver.step;

import dev.sinew.solver.body.Bodies;
import java.util.Arrays;

/**
 * Islands and sleeping. After each tick, dynamic bodies joined by a touching contact (or, later,
 * a joint) are grouped with a union–find rebuilt from scratch; the groups are a pure function
 * of the contact list, so the result does not depend on history or timing. An island sleeps
 * when every body in it has rested (below the sleep speeds) for {@code timeToSleep}; a sleeping
 * body that ends up in an island with a restless body is woken, which is how a contact with a
 * moving body wakes a sleeping pile.
 */
public final class Islands {
    private int[] parent = new int[64];
    private double[] minSleep = new double[64];
    private boolean[] hasAwake = new boolean[64];
    private boolean[] hasSleeping = new boolean[64];
    private boolean[] restless = new boolean[64];

    public void ensure(int n) {
        if (parent.length < n) {
            parent = Arrays.copyOf(parent, n);
            minSleep = Arrays.copyOf(minSleep, n);
            hasAwake = Arrays.copyOf(hasAwake, n);
            hasSleeping = Arrays.copyOf(hasSleeping, n);
            restless = Arrays.copyOf(restless, n);
        }
    }

    public int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    public void union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra != rb) {
            // Lower slot becomes the root: deterministic.
            if (ra < rb) {
                parent[rb] = ra;
            } else {
                parent[ra] = rb;
            }
        }
    }

    public void begin(Bodies b) {
        ensure(b.capacity);
        for (int i = 0; i < b.high; i++) {
            parent[i] = i;
            restless[i] = false;
        }
    }

    /** Marks a body that must not sleep this tick (touched by a moving kinematic body). */
    public void markRestless(int body) {
        restless[body] = true;
    }

    /**
     * Decides sleeping and waking for every island.
     *
     * @param sleepEnabled world switch
     * @param timeToSleep  seconds
     */
    public void finish(Bodies b, boolean sleepEnabled, double timeToSleep) {
        int n = b.high;
        for (int i = 0; i < n; i++) {
            minSleep[i] = Double.POSITIVE_INFINITY;
            hasAwake[i] = false;
            hasSleeping[i] = false;
        }
        for (int i = 0; i < n; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC) {
                b.islandId[i] = -1;
                continue;
            }
            int r = find(i);
            b.islandId[i] = r;
            if (b.awake[i]) {
                hasAwake[r] = true;
                double t = (b.allowSleep[i] && !restless[i]) ? b.sleepTime[i] : 0;
                minSleep[r] = Math.min(minSleep[r], t);
            } else {
                hasSleeping[r] = true;
            }
        }
        boolean sleeping = false;
        for (int i = 0; i < n; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC) {
                continue;
            }
            int r = b.islandId[i];
            if (!hasAwake[r]) {
                sleeping = true;
                continue;
            }
            if (sleepEnabled && minSleep[r] >= timeToSleep) {
                b.awake[i] = false;
                sleeping = true;
                zeroVelocity(b, i);
            } else if (!b.awake[i]) {
                b.awake[i] = true;
                b.sleepTime[i] = 0;
            }
        }
        b.anySleeping = sleeping;
    }

    public static void zeroVelocity(Bodies b, int i) {
        b.linVel[3 * i] = 0;
        b.linVel[3 * i + 1] = 0;
        b.linVel[3 * i + 2] = 0;
        b.angVel[3 * i] = 0;
        b.angVel[3 * i + 1] = 0;
        b.angVel[3 * i + 2] = 0;
    }
}
