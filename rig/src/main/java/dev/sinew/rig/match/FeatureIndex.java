package dev.sinew.rig.match;

import dev.sinew.solver.InvalidArgumentException;

/**
 * The searchable side of a motion-matching database: every frame's feature vector normalized and
 * weighted, and two searches for the frame nearest a query that return the same answer.
 *
 * <p>Normalization: for group g with weight w_g and standard deviation σ_g (the root of the mean
 * squared distance of the group's vectors from their mean over all frames, so each group counts
 * about 1 before weighting), feature d of the group is stored as (f_d − μ_d)·√w_g / σ_g. The cost of
 * frame k for a query q (normalized the same way) is then
 * C(k) = Σ_g w_g/σ_g² · ‖q_g − f_k,g‖², summed over the dimensions in order. A group that does not
 * vary (σ = 0) is left unscaled.
 *
 * <p>The answer is the searchable frame of least cost, the frame playing on (the continuing frame)
 * counted at its cost minus a bias, and of equal costs the lowest frame index.
 * {@link #searchBruteForce} computes every cost. {@link #search} gives the same answer faster: it
 * bounds runs of {@value #SMALL_BOX} and {@value #LARGE_BOX} searchable frames by boxes (each
 * dimension's least and greatest value) and skips a box whose least possible cost, the squared
 * distance from the query to the box summed in the same order, is above the best cost so far.
 * Floating-point rounding is monotone, so that bound never exceeds a computed cost of a frame in
 * the box, and a frame's sum, stopped as soon as it passes the best, could only have grown: nothing
 * skipped can win or tie, and the answer is bit for bit the brute force's.
 */
public final class FeatureIndex {
    /** Frames per small box. */
    public static final int SMALL_BOX = 16;
    /** Frames per large box (a whole number of small boxes). */
    public static final int LARGE_BOX = 64;
    private final int frames;
    private final int dims;
    private final int[] groupStart;
    private final double[] mean;
    private final double[] scale;
    private final double[] features;
    private final int[] candidates;
    private final boolean[] searchable;
    private final double[] smallMin;
    private final double[] smallMax;
    private final double[] largeMin;
    private final double[] largeMax;

    /**
     * @param raw        frames × dims feature values, frame-major
     * @param groupStart where each {@link FeatureGroup} starts in a vector, and the vector's length last
     * @param weights    each group's weight (≥ 0), in {@link FeatureGroup} order
     * @param searchable which frames a search may return (frames near clip ends are not)
     */
    public FeatureIndex(double[] raw, int frames, int[] groupStart, double[] weights, boolean[] searchable) {
        int groups = weights.length;
        if (groups != FeatureGroup.values().length) {
            throw new InvalidArgumentException("weights", groups, "one weight per feature group ("
                    + FeatureGroup.values().length + ")");
        }
        if (groupStart.length != groups + 1 || groupStart[0] != 0) {
            throw new InvalidArgumentException("groupStart", java.util.Arrays.toString(groupStart),
                    "must start at 0 and give one start per group plus the length");
        }
        for (int g = 0; g < groups; g++) {
            if (groupStart[g + 1] <= groupStart[g]) {
                throw new InvalidArgumentException("groupStart", java.util.Arrays.toString(groupStart), "must increase");
            }
            if (!(weights[g] >= 0) || !Double.isFinite(weights[g])) {
                throw new InvalidArgumentException("weights[" + g + "]", weights[g], "must be finite and >= 0");
            }
        }
        this.frames = frames;
        this.dims = groupStart[groups];
        if (frames < 1 || raw.length != frames * dims || searchable.length != frames) {
            throw new InvalidArgumentException("raw", raw.length, "must hold " + dims + " values for each of " + frames
                    + " frames, with a searchable flag each");
        }
        for (double v : raw) {
            if (!Double.isFinite(v)) {
                throw new InvalidArgumentException("raw", v, "every feature must be finite");
            }
        }
        this.groupStart = groupStart.clone();
        this.searchable = searchable.clone();
        mean = new double[dims];
        for (int f = 0; f < frames; f++) {
            for (int d = 0; d < dims; d++) {
                mean[d] += raw[f * dims + d];
            }
        }
        for (int d = 0; d < dims; d++) {
            mean[d] /= frames;
        }
        double[] sigma = new double[groups];
        scale = new double[groups];
        for (int g = 0; g < groups; g++) {
            double var = 0;
            for (int f = 0; f < frames; f++) {
                for (int d = groupStart[g]; d < groupStart[g + 1]; d++) {
                    double e = raw[f * dims + d] - mean[d];
                    var += e * e;
                }
            }
            sigma[g] = Math.sqrt(var / frames);
            scale[g] = Math.sqrt(weights[g]) / (sigma[g] > 0 ? sigma[g] : 1);
        }
        features = new double[frames * dims];
        for (int f = 0; f < frames; f++) {
            for (int g = 0; g < groups; g++) {
                for (int d = groupStart[g]; d < groupStart[g + 1]; d++) {
                    features[f * dims + d] = (raw[f * dims + d] - mean[d]) * scale[g];
                }
            }
        }
        int n = 0;
        for (boolean s : searchable) {
            n += s ? 1 : 0;
        }
        candidates = new int[n];
        n = 0;
        for (int f = 0; f < frames; f++) {
            if (searchable[f]) {
                candidates[n++] = f;
            }
        }
        int small = (n + SMALL_BOX - 1) / SMALL_BOX;
        int large = (n + LARGE_BOX - 1) / LARGE_BOX;
        smallMin = new double[small * dims];
        smallMax = new double[small * dims];
        largeMin = new double[large * dims];
        largeMax = new double[large * dims];
        bounds(SMALL_BOX, smallMin, smallMax);
        bounds(LARGE_BOX, largeMin, largeMax);
    }

    private void bounds(int size, double[] min, double[] max) {
        java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < candidates.length; i++) {
            int o = (i / size) * dims;
            int f = candidates[i] * dims;
            for (int d = 0; d < dims; d++) {
                min[o + d] = Math.min(min[o + d], features[f + d]);
                max[o + d] = Math.max(max[o + d], features[f + d]);
            }
        }
    }

    public int frames() {
        return frames;
    }

    public int dimensions() {
        return dims;
    }

    public boolean searchable(int frame) {
        return searchable[frame];
    }

    /** Searchable frames. */
    public int searchableCount() {
        return candidates.length;
    }

    /** A raw query normalized and weighted as the database's features are, into dest. */
    public double[] normalize(double[] raw, double[] dest) {
        for (int g = 0; g + 1 < groupStart.length; g++) {
            for (int d = groupStart[g]; d < groupStart[g + 1]; d++) {
                dest[d] = (raw[d] - mean[d]) * scale[g];
            }
        }
        return dest;
    }

    /** The cost of a frame for a normalized query: the squared distance, summed in dimension order. */
    public double cost(double[] q, int frame) {
        int o = frame * dims;
        double s = 0;
        for (int d = 0; d < dims; d++) {
            double e = q[d] - features[o + d];
            s += e * e;
        }
        return s;
    }

    /** Each group's part of a frame's cost, into dest (one per group). */
    public double[] groupCosts(double[] q, int frame, double[] dest) {
        int o = frame * dims;
        for (int g = 0; g + 1 < groupStart.length; g++) {
            double s = 0;
            for (int d = groupStart[g]; d < groupStart[g + 1]; d++) {
                double e = q[d] - features[o + d];
                s += e * e;
            }
            dest[g] = s;
        }
        return dest;
    }

    /**
     * Every searchable frame's cost: the reference answer.
     *
     * @param continuing the frame playing on (its cost counts less by {@code bias}), or −1
     * @param bias       how much cheaper continuing is (≥ 0)
     */
    public SearchResult searchBruteForce(double[] q, int continuing, double bias, SearchResult result) {
        checkBias(bias);
        double best = Double.POSITIVE_INFINITY;
        int bestFrame = -1;
        for (int f : candidates) {
            double c = cost(q, f);
            if (f == continuing) {
                c -= bias;
            }
            if (c < best) {
                best = c;
                bestFrame = f;
            }
        }
        return finish(q, bestFrame, best, candidates.length, result);
    }

    /** The same answer as {@link #searchBruteForce}, skipping boxes that cannot hold it. */
    public SearchResult search(double[] q, int continuing, double bias, SearchResult result) {
        checkBias(bias);
        double best = Double.POSITIVE_INFINITY;
        int bestFrame = -1;
        int visited = 0;
        if (continuing >= 0 && continuing < frames && searchable[continuing]) {
            best = cost(q, continuing) - bias;
            bestFrame = continuing;
            visited++;
        }
        int n = candidates.length;
        for (int large = 0; large * LARGE_BOX < n; large++) {
            if (bound(q, largeMin, largeMax, large) > best) {
                continue;
            }
            int smallEnd = Math.min((large + 1) * LARGE_BOX, n);
            for (int small = large * LARGE_BOX / SMALL_BOX; small * SMALL_BOX < smallEnd; small++) {
                if (bound(q, smallMin, smallMax, small) > best) {
                    continue;
                }
                int end = Math.min((small + 1) * SMALL_BOX, n);
                for (int i = small * SMALL_BOX; i < end; i++) {
                    int f = candidates[i];
                    if (f == continuing) {
                        continue;
                    }
                    visited++;
                    int o = f * dims;
                    double s = 0;
                    int d = 0;
                    for (; d < dims; d++) {
                        double e = q[d] - features[o + d];
                        s += e * e;
                        if (s > best) {
                            break;
                        }
                    }
                    if (d == dims && (s < best || s == best && f < bestFrame)) {
                        best = s;
                        bestFrame = f;
                    }
                }
            }
        }
        return finish(q, bestFrame, best, visited, result);
    }

    /** Squared distance from q to box b, summed in dimension order. */
    private double bound(double[] q, double[] min, double[] max, int b) {
        int o = b * dims;
        double s = 0;
        for (int d = 0; d < dims; d++) {
            double v = q[d];
            double lo = min[o + d];
            double hi = max[o + d];
            if (v < lo) {
                double e = v - lo;
                s += e * e;
            } else if (v > hi) {
                double e = v - hi;
                s += e * e;
            }
        }
        return s;
    }

    private SearchResult finish(double[] q, int frame, double cost, int visited, SearchResult r) {
        r.frame = frame;
        r.cost = frame < 0 ? Double.POSITIVE_INFINITY : cost;
        r.framesVisited = visited;
        if (frame >= 0) {
            groupCosts(q, frame, r.groupCost);
        } else {
            java.util.Arrays.fill(r.groupCost, 0);
        }
        return r;
    }

    private static void checkBias(double bias) {
        if (!(bias >= 0) || !Double.isFinite(bias)) {
            throw new InvalidArgumentException("bias", bias, "must be finite and >= 0");
        }
    }
}
