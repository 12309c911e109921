package dev.sinew.scenes.check;

import java.util.Arrays;

/**
 * A time series kept to at most {@link #CAPACITY} points for charts, however long the run: each
 * point covers a stretch of ticks (its end time, the largest value in it), and when the series is
 * full, neighbouring points are merged in pairs and the stretch doubles. Maxima, because what a
 * chart of tracking error or joint separation must not hide is a peak.
 */
public final class Series {
    /** Points kept at most. */
    public static final int CAPACITY = 512;
    private final double[] time = new double[CAPACITY];
    private final double[] value = new double[CAPACITY];
    private int size;
    private int stride = 1;
    private int inBucket;

    /** Adds the value at time t (s); NaN values are skipped (nothing to chart then). */
    public void add(double t, double v) {
        if (inBucket == 0) {
            if (size == CAPACITY) {
                for (int i = 0; i < CAPACITY / 2; i++) {
                    time[i] = time[2 * i + 1];
                    value[i] = Math.max(value[2 * i], value[2 * i + 1]);
                }
                size = CAPACITY / 2;
                stride *= 2;
            }
            time[size] = t;
            value[size] = v;
            size++;
        } else {
            time[size - 1] = t;
            value[size - 1] = Math.max(value[size - 1], v);
        }
        inBucket = (inBucket + 1) % stride;
    }

    /** Whether it holds any finite value. */
    public boolean isEmpty() {
        for (int i = 0; i < size; i++) {
            if (Double.isFinite(value[i])) {
                return false;
            }
        }
        return true;
    }

    /** The points' times, s. */
    public double[] times() {
        return Arrays.copyOf(time, size);
    }

    /** The points' values. */
    public double[] values() {
        return Arrays.copyOf(value, size);
    }
}
