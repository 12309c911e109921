package dev.sinew.solver;

import java.util.function.IntConsumer;

/**
 * What runs the parallel stages of a world's step: the world's own {@link WorkerPool}
 * ({@link WorldSettings#threads()}), or an engine's job system handed in with
 * {@link World#setTaskRunner}. A stage is split into at most {@link #parallelism()} tasks over
 * fixed, sorted lists of work that touch disjoint state, so the results are the same bits whatever
 * the parallelism, the threads, and the order the tasks finish in.
 */
public interface TaskRunner {
    /** How many tasks can run at once (≥ 1); a stage is split into a few times as many. */
    int parallelism();

    /**
     * Runs {@code task.accept(i)} once for every i in [0, count), in any order, on any threads,
     * and returns when every one has finished. count is from 1 to 4 × {@link #parallelism()}.
     * A task that throws makes this throw (after the others have finished); the step is then
     * abandoned as any exception from it is.
     */
    void run(int count, IntConsumer task);
}
