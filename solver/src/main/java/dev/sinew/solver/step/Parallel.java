package dev.sinew.solver.step;

import dev.sinew.solver.TaskRunner;
import java.util.function.IntConsumer;

/**
 * Runs a stage over a list of n independent items as tasks on the world's {@link TaskRunner}: the
 * list is cut into contiguous ranges, one per task (up to {@value #SPLIT} per thread, each of at
 * least a grain of items), and task i works with lane i's scratch. Items of one stage touch
 * disjoint state, so how the list is cut and the order the tasks run in change nothing in the
 * results. Without a runner (one thread), or with fewer than two grains of items, the whole list is
 * one range on lane 0, on the caller's thread.
 *
 * <p>The grain is the work a task must have to be worth its share of the stage's cost (the tasks'
 * hand-over and the wait for the last one: microseconds), counted in items, since the items' cost
 * is known ahead only roughly: {@link #HEAVY}, {@link #MEDIUM}, {@link #LIGHT}, {@link #PAIRS},
 * {@link #FLAGS}, from what the items of the step's stages take on one thread (a limp pile of
 * ragdolls). It depends on the item counts alone, so the cut, and with it the results, never
 * depends on timing.
 */
final class Parallel {
    /** A stage's work on items [from, to) with lane {@code lane}'s scratch. */
    interface Range {
        void run(int lane, int from, int to);
    }

    private TaskRunner runner;
    private int threads = 1;
    private int lanes = 1;
    private Range body;
    private int base;
    private int n;
    private int tasks;
    private final IntConsumer task = this::runTask;

    /** The runner of the coming stages (null: the caller's thread alone). */
    void use(TaskRunner r) {
        runner = r;
        threads = r == null ? 1 : Math.max(1, r.parallelism());
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

    /** Items of 10–20 µs (an articulation's free step, load or limit projection). */
    static final int HEAVY = 2;
    /**
     * Items of a few µs (an articulation's pass over its joint rows or its ground block, a group of
     * contacts between two trees, the pairs of a cell of the broadphase's grid).
     */
    static final int MEDIUM = 4;
    /** Items of about 1 µs (an articulation's flush or position update). */
    static final int LIGHT = 16;
    /** Contact pairs whose manifold or rows are computed (about 0.1–0.5 µs each, most of them far apart). */
    static final int PAIRS = 64;
    /** Items read and flagged (0.05–0.1 µs: pairs to solve, touching state, pairs passed by). */
    static final int FLAGS = 512;

    /** Runs {@code body} over items [from, to), split among the lanes in ranges of at least {@code grain} items. */
    void run(int from, int to, int grain, Range b) {
        int count = to - from;
        int k = Math.min(lanes, count / grain);
        if (k > threads) {
            k -= k % threads; // whole rounds: 3 tasks on 2 threads leave one thread two thirds of the work
        }
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
