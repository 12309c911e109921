package dev.sinew.solver.step;

import dev.sinew.solver.TaskRunner;
import java.util.function.IntConsumer;

/**
 * Runs a stage over a list of n independent items as tasks on the world's {@link TaskRunner}: the
 * list is cut into contiguous ranges, one per task ({@value #SPLIT} per thread), and task i works
 * with lane i's scratch. Items
 * of one stage touch disjoint state, so how the list is cut and the order the tasks run in change
 * nothing in the results. Without a runner (one thread) the whole list is one range on lane 0.
 */
final class Parallel {
    /** A stage's work on items [from, to) with lane {@code lane}'s scratch. */
    interface Range {
        void run(int lane, int from, int to);
    }

    private TaskRunner runner;
    private int lanes = 1;
    private Range body;
    private int base;
    private int n;
    private int tasks;
    private final IntConsumer task = this::runTask;

    /** The runner of the coming stages (null: the caller's thread alone). */
    void use(TaskRunner r) {
        runner = r;
        int threads = r == null ? 1 : Math.max(1, r.parallelism());
        lanes = threads == 1 ? 1 : SPLIT * threads;
    }

    /** How many lanes a stage may use. */
    int lanes() {
        return lanes;
    }

    /**
     * Tasks per thread of a stage: a thread that finishes early (or a thread the machine kept
     * waiting) leaves smaller ranges for the others to take.
     */
    static final int SPLIT = 4; // TaskRunner.run's contract: at most 4 tasks per thread

    /** Smallest range worth a task of its own. */
    static final int MIN_RANGE = 4;

    /** Runs {@code body} over items [from, to), split among the lanes. */
    void run(int from, int to, Range b) {
        int count = to - from;
        int k = Math.min(lanes, count / MIN_RANGE);
        if (k <= 1) {
            if (count > 0) {
                b.run(0, from, to);
            }
            return;
        }
        body = b;
        base = from;
        n = count;
        tasks = k;
        try {
            runner.run(k, task);
        } finally {
            body = null;
        }
    }

    private void runTask(int i) {
        int from = base + (int) ((long) n * i / tasks);
        int to = base + (int) ((long) n * (i + 1) / tasks);
        body.run(i, from, to);
    }
}
