package dev.sinew.reactions.weakening;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import java.util.SplittableRandom;

/**
 * The strength multipliers of one ragdoll's bodies under the hits it took: one
 * {@link RecoveryCurve} per body, combined by the curve's rule. Distances along the skeleton
 * (bones between two bodies in the body tree) are found once, when built.
 */
public final class BodyWeakening {
    /** Regions whose bodies count as the spine for {@link Weakening#spine()}. */
    public static final java.util.List<String> SPINE_REGIONS = java.util.List.of("abdomen", "chest", "neck");

    private final int n;
    private final int[][] distance;
    private final boolean[] spine;
    private final RecoveryCurve[] curves;

    public BodyWeakening(Ragdoll ragdoll) {
        n = ragdoll.bodyCount();
        int[] parent = new int[n];
        spine = new boolean[n];
        for (int i = 0; i < n; i++) {
            parent[i] = ragdoll.parent(i);
            spine[i] = SPINE_REGIONS.contains(ragdoll.region(i));
        }
        distance = treeDistances(parent);
        curves = new RecoveryCurve[n];
        for (int i = 0; i < n; i++) {
            curves[i] = new RecoveryCurve();
        }
    }

    /** Bones between every two bodies of a tree given by parent indices (parents first): d(i, j) = depth i + depth j − 2·depth(common ancestor). */
    static int[][] treeDistances(int[] parent) {
        int n = parent.length;
        int[] depth = new int[n];
        for (int i = 0; i < n; i++) {
            depth[i] = parent[i] < 0 ? 0 : depth[parent[i]] + 1;
        }
        int[][] d = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int a = i;
                int b = j;
                while (a != b) {
                    if (depth[a] >= depth[b]) {
                        a = parent[a];
                    } else {
                        b = parent[b];
                    }
                    if (a < 0 || b < 0) {
                        break; // two roots: not connected
                    }
                }
                d[i][j] = a < 0 || b < 0 ? Integer.MAX_VALUE / 2 : depth[i] + depth[j] - 2 * depth[a];
            }
        }
        return d;
    }

    /**
     * A hit on {@code body} at time t (s): every body's curve is combined with the multiplier
     * {@code w} gives it at its distance. With {@code jitter} > 0 each multiplier below 1 is
     * scaled by 1 + jitter·u, u uniform in [−1, 1] drawn from {@code seed} in body order (so the
     * same hit weakens the same way everywhere), and clamped to [0, 1].
     */
    public void hit(int body, Weakening w, double t, double jitter, long seed) {
        if (body < 0 || body >= n) {
            throw new InvalidArgumentException("body", body, "must be in [0, " + n + ")");
        }
        SplittableRandom random = jitter > 0 ? new SplittableRandom(seed) : null;
        for (int i = 0; i < n; i++) {
            double m = w.multiplier(distance[body][i], spine[i]);
            if (random != null) {
                double u = 2 * random.nextDouble() - 1;
                if (m < 1) {
                    m = Math.max(0, Math.min(1, m * (1 + jitter * u)));
                }
            }
            if (m < 1) {
                curves[i].combine(t, m, w.holdSeconds(), w.recoverySeconds());
            }
        }
    }

    /** Body i's multiplier at time t, s. */
    public double multiplier(int body, double t) {
        return curves[body].value(t);
    }

    /** Body i's curve (read it, do not change it). */
    public RecoveryCurve curve(int body) {
        return curves[body];
    }

    /** Whether every body is back at 1 for good at time t. */
    public boolean recovered(double t) {
        for (RecoveryCurve c : curves) {
            if (!c.recovered(t)) {
                return false;
            }
        }
        return true;
    }

    /** Bones between two bodies along the skeleton. */
    public int distance(int a, int b) {
        return distance[a][b];
    }

    /** Whether body i is a spine body. */
    public boolean isSpine(int body) {
        return spine[body];
    }

    /** Every body back at 1. */
    public void reset() {
        for (RecoveryCurve c : curves) {
            c.reset();
        }
    }

    public int bodyCount() {
        return n;
    }
}
