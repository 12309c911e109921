package dev.sinew.solver.math;

/**
 * In-place sort of a prefix of a long array: quicksort with median-of-three and insertion sort
 * for short runs. Unlike {@link java.util.Arrays#sort(long[], int, int)} it never allocates,
 * so the step stays allocation-free.
 */
public final class LongSort {
    private LongSort() {
    }

    public static void sort(long[] a, int from, int to) {
        while (to - from > 16) {
            int mid = (from + to) >>> 1;
            long x = a[from];
            long y = a[mid];
            long z = a[to - 1];
            long pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
            int i = from;
            int j = to - 1;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            // Recurse into the smaller half, loop on the larger.
            if (j - from < to - i) {
                sort(a, from, j + 1);
                from = i;
            } else {
                sort(a, i, to);
                to = j + 1;
            }
        }
        for (int i = from + 1; i < to; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }
}
