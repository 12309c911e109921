package dev.sinew.solver;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * A fixed pool of {@code threads − 1} daemon worker threads plus the calling thread, running a
 * stage's tasks as they claim them. A world owns one when {@link WorldSettings#threads()} is above 1
 * and stops it in {@link World#close()}; being daemon threads, they never keep the JVM alive. Workers
 * wait for the next stage by spinning briefly and then parking, so the many short stages of a tick do
 * not each pay for a wake-up. Not for sharing between worlds stepped at the same time.
 *
 * <p>Thread t (the caller is 0) claims the tasks t, t + threads, t + 2·threads, … first and then
 * those the others have not claimed yet. A step cuts its stages over the same lists into the same
 * ranges tick after tick, so each thread finds the bodies and trees of its ranges in its own cache
 * from stage to stage; a thread held up leaves its tasks to the others.
 */
public final class WorkerPool implements TaskRunner, AutoCloseable {
    /** A value of {@link #next} no stage matches (stages count within 31 bits). */
    private static final long CLOSED = -1L;
    /** Spins of a waiting thread before it parks (a stage ends within microseconds of the last). */
    private static final int SPINS = 1 << 14;
    private final int threads;
    private final Thread[] workers;
    /**
     * Per thread t, at {@link #STRIDE}·t: the stage (high 32 bits) and how many of t's tasks
     * (t, t + threads, …) are claimed (low 32 bits); a thread late for a stage claims nothing of the
     * next. Each on a cache line of its own.
     */
    private final AtomicLongArray next;
    private static final int STRIDE = 8;
    private final AtomicInteger remaining = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile long generation;
    private volatile boolean closed;
    private volatile Thread caller;
    // volatile, as next and generation: a thread late for a stage that reads the next stage's task
    // and count finds next closed or in that stage, and claims nothing
    private volatile IntConsumer task;
    private volatile int count;

    /** A pool running stages on {@code threads} threads in all (the caller and threads − 1 workers), ≥ 1. */
    public WorkerPool(int threads) {
        Check.atLeast("threads", threads, 1);
        this.threads = threads;
        this.next = new AtomicLongArray(STRIDE * threads);
        this.workers = new Thread[threads - 1];
        for (int i = 0; i < workers.length; i++) {
            int self = i + 1;
            Thread t = new Thread(() -> work(self), "sinew-worker-" + self);
            t.setDaemon(true);
            workers[i] = t;
            t.start();
        }
    }

    @Override
    public int parallelism() {
        return threads;
    }

    @Override
    public void run(int n, IntConsumer t) {
        if (closed) {
            throw new IllegalStateException("the worker pool is closed");
        }
        if (n <= 1 || workers.length == 0) {
            for (int i = 0; i < n; i++) {
                t.accept(i);
            }
            return;
        }
        for (int q = 0; q < threads; q++) {
            next.set(STRIDE * q, CLOSED);
        }
        task = t;
        count = n;
        failure.set(null);
        caller = Thread.currentThread();
        long stage = (generation + 1) & 0x7fffffffL;
        for (int q = 0; q < threads; q++) {
            next.set(STRIDE * q, stage << 32);
        }
        remaining.set(n);
        generation = stage; // publishes the stage
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        claim(0, stage, t, n);
        for (int spin = 0; remaining.get() > 0; spin++) {
            if (spin < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.park(this);
            }
        }
        task = null;
        Throwable f = failure.getAndSet(null);
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }

    /** Runs tasks of the current stage, thread {@code self}'s first, until none is left to claim. */
    private void claim(int self, long stage, IntConsumer t, int n) {
        for (int k = 0; k < threads; k++) {
            int q = self + k < threads ? self + k : self + k - threads;
            while (claimFrom(q, stage, t, n)) {
                // thread q's next task was run
            }
        }
    }

    /** Claims and runs thread q's next task of the stage; false when it has none left (or the stage is over). */
    private boolean claimFrom(int q, long stage, IntConsumer t, int n) {
        while (true) {
            long v = next.get(STRIDE * q);
            int i = q + threads * (int) v;
            if (v >>> 32 != stage || i >= n) {
                return false;
            }
            if (next.compareAndSet(STRIDE * q, v, v + 1)) {
                runTask(i, t);
                return true;
            }
        }
    }

    private void runTask(int i, IntConsumer t) {
        try {
            t.accept(i);
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
        if (remaining.decrementAndGet() == 0) {
            Thread c = caller;
            if (c != Thread.currentThread()) {
                LockSupport.unpark(c);
            }
        }
    }

    private void work(int self) {
        long seen = 0;
        while (true) {
            for (int spin = 0; generation == seen && !closed; spin++) {
                if (spin < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            if (closed) {
                return;
            }
            seen = generation;
            IntConsumer t = task;
            int n = count;
            if (t != null) {
                claim(self, seen, t, n);
            }
        }
    }

    /** Stops the worker threads; a closed pool runs nothing more. */
    @Override
    public void close() {
        closed = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
    }
}
