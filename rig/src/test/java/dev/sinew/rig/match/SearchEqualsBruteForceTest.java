package dev.sinew.rig.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The box-bounded search returns exactly the brute force's answer (same frame, same cost, the same
 * tie-break) on thousands of queries over a made-up database shaped like motion data: clips as
 * random walks through feature space (so runs of frames are close and boxes are tight), some frames
 * not searchable, some frames exact copies of others (ties), queries near frames, on frames, far
 * from everything, with and without a continuing frame and bias.
 */
class SearchEqualsBruteForceTest {
    static final int FRAMES = 4000;
    static final int DIMS = FeatureGroup.dimensions();

    static FeatureIndex index(Random r, double[] raw) {
        boolean[] searchable = new boolean[FRAMES];
        double[] v = new double[DIMS];
        for (int f = 0; f < FRAMES; f++) {
            if (f % 400 == 0) {
                for (int d = 0; d < DIMS; d++) {
                    v[d] = r.nextGaussian() * (1 + d % 3);
                }
            }
            for (int d = 0; d < DIMS; d++) {
                v[d] += 0.05 * r.nextGaussian() * (1 + d % 3);
                raw[f * DIMS + d] = v[d];
            }
            searchable[f] = f % 400 < 340 && r.nextInt(10) > 0;
        }
        for (int i = 0; i < 60; i++) {
            int from = r.nextInt(FRAMES);
            int to = r.nextInt(FRAMES);
            System.arraycopy(raw, from * DIMS, raw, to * DIMS, DIMS);
        }
        int[] starts = new int[FeatureGroup.values().length + 1];
        for (FeatureGroup g : FeatureGroup.values()) {
            starts[g.ordinal() + 1] = g.start() + g.size;
        }
        double[] weights = {1 + r.nextDouble(), 0.5 + r.nextDouble(), r.nextDouble(), 1.5, 0.7};
        return new FeatureIndex(raw, FRAMES, starts, weights, searchable);
    }

    @Test
    void acceleratedEqualsBruteForceOnThousandsOfQueries() {
        Random r = new Random(23);
        double[] raw = new double[FRAMES * DIMS];
        FeatureIndex index = index(r, raw);
        double[] rawQuery = new double[DIMS];
        double[] q = new double[DIMS];
        SearchResult fast = new SearchResult();
        SearchResult slow = new SearchResult();
        long visited = 0;
        int queries = 5000;
        int ties = 0;
        for (int i = 0; i < queries; i++) {
            int near = r.nextInt(FRAMES);
            int kind = i % 4;
            for (int d = 0; d < DIMS; d++) {
                double x = raw[near * DIMS + d];
                rawQuery[d] = switch (kind) {
                    case 0 -> x;                                   // on a frame (copies tie with it)
                    case 1 -> x + 0.05 * r.nextGaussian();          // near one
                    case 2 -> x + 0.5 * r.nextGaussian();           // between
                    default -> 5 * r.nextGaussian();                // anywhere
                };
            }
            index.normalize(rawQuery, q);
            int continuing = r.nextInt(3) == 0 ? -1 : r.nextInt(FRAMES);
            double bias = i % 3 == 0 ? 0 : r.nextDouble();
            index.search(q, continuing, bias, fast);
            index.searchBruteForce(q, continuing, bias, slow);
            assertEquals(slow.frame, fast.frame, "query " + i);
            assertEquals(Double.doubleToLongBits(slow.cost), Double.doubleToLongBits(fast.cost), "query " + i);
            visited += fast.framesVisited;
            ties += kind == 0 && slow.cost == 0 ? 1 : 0;
        }
        assertTrue(ties > 100, "exact hits were searched: " + ties);
        assertTrue(visited < queries * (long) index.searchableCount() / 3,
                "the boxes prune: " + visited / queries + " of " + index.searchableCount() + " frames per query");
    }

    /** Equal costs go to the lowest frame; the continuing frame wins a tie only by its bias. */
    @Test
    void tieBreakIsTheLowestFrameAndTheBiasFavoursContinuing() {
        double[] raw = new double[4 * DIMS];
        for (int d = 0; d < DIMS; d++) {
            raw[d] = 1;
            raw[DIMS + d] = 2;
            raw[2 * DIMS + d] = 2;
            raw[3 * DIMS + d] = 3;
        }
        int[] starts = new int[FeatureGroup.values().length + 1];
        for (FeatureGroup g : FeatureGroup.values()) {
            starts[g.ordinal() + 1] = g.start() + g.size;
        }
        FeatureIndex index = new FeatureIndex(raw, 4, starts, new double[] {1, 1, 1, 1, 1}, new boolean[] {true, true, true, true});
        double[] q = index.normalize(java.util.Arrays.copyOfRange(raw, 2 * DIMS, 3 * DIMS), new double[DIMS]);
        SearchResult a = new SearchResult();
        SearchResult b = new SearchResult();
        assertEquals(1, index.search(q, -1, 0, a).frame, "frames 1 and 2 tie: the lower wins");
        assertEquals(1, index.searchBruteForce(q, -1, 0, b).frame);
        assertEquals(1, index.search(q, 2, 0, a).frame, "without a bias continuing does not break the tie");
        assertEquals(2, index.search(q, 2, 1e-9, a).frame, "a bias does");
        assertEquals(2, index.searchBruteForce(q, 2, 1e-9, b).frame);
        assertEquals(-1e-9, a.cost, 0);
    }
}
