package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.scenes.joints.DrivenChain;
import dev.sinew.scenes.solver.PyramidScene;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The step allocates nothing once its buffers have grown: counted with the JVM's per-thread
 * allocation counter (bytes, not time), over 300 ticks of a settled but awake pyramid after 600
 * ticks of warm-up. JMH's {@code -prof gc} in bench/ measures the same thing with more detail.
 */
class SteadyStateAllocationTest {
    @Test
    void awakePyramidStepAllocatesNothing() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World w = new World(WorldSettings.defaults().withSleep(false));
        PyramidScene.build(w);
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 300; i++) {
            w.step();
        }
        long after = mx.getThreadAllocatedBytes(tid);
        assertEquals(0, after - before, "bytes allocated by 300 steady-state ticks");
    }

    /**
     * With a step listener registered the step also keeps a rollback snapshot of the world (so a
     * throwing listener leaves it unchanged): written into a reused buffer, it allocates nothing
     * either (quietest of three 100-tick windows of the awake pyramid after 600 ticks; this found
     * 165 KB a tick of arrays made while writing contact pairs).
     */
    @Test
    void stepWithAListenerAllocatesNothing() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World w = new World(WorldSettings.defaults().withSleep(false));
        PyramidScene.build(w);
        long[] calls = {0};
        w.addStepListener(world -> calls[0]++);
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100; i++) {
                w.step();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertEquals(900, calls[0]);
        assertEquals(0, quietest, "bytes allocated by the quietest of three 100-tick windows");
    }

    /**
     * The same for a 30-link swing-twist chain whose drive targets are set every tick and reach past
     * the joints' limits: drives, target clamping, the tree solve with limit rows and the limit
     * projection allocate nothing either. The warm-up covers a whole period of the targets' sweep
     * (628 ticks), so that every branch has run before the JIT's last recompilation (a
     * deoptimization materializes scalar-replaced objects, which the counter sees once).
     */
    @Test
    void drivenSwingTwistChainAllocatesNothing() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        DrivenChain chain = new DrivenChain(new World(WorldSettings.defaults().withSleep(false)), 30);
        for (int i = 0; i < 700; i++) {
            chain.drive();
            chain.world().step();
        }
        long tid = Thread.currentThread().getId();
        // Three windows of 100 ticks: an allocation of the step recurs in every window, while the
        // JIT's one-off deoptimizations (which materialize scalar-replaced objects, tens of bytes)
        // land in one at most; the quietest window must be exactly zero.
        long quietest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100; i++) {
                chain.drive();
                chain.world().step();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        long after = quietest;
        long before = 0;
        assertEquals(0, after - before, "bytes allocated by the quietest of three 100-tick windows");
    }

    /**
     * An active ragdoll: the stand scene's pose driver update (targets, feed-forward velocities,
     * the root drive's kinematic anchor) and the step allocate nothing once warm, counted the same
     * way (quietest of three 100-tick windows after 600 ticks).
     */
    @Test
    void activeRagdollUpdateAndStepAllocateNothing() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SceneInstance stand = SceneCatalog.get("stand").create(SceneOptions.defaults());
        World w = stand.world();
        long tick = 0;
        for (; tick < 600; tick++) {
            stand.beforeStep(tick);
            w.step();
        }
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100; i++, tick++) {
                stand.beforeStep(tick);
                w.step();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        assertEquals(0, quietest, "bytes allocated by the quietest of three 100-tick windows");
    }

    /**
     * Bodies resting and rocking on a heightfield and a triangle mesh (sleep off): the terrain
     * narrowphase (tree walk, per-triangle contacts, patches, the pair's patch chain) allocates
     * nothing once warm, counted the same way (quietest of three 100-tick windows after 600 ticks).
     */
    @Test
    void terrainContactsAllocateNothing() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        java.util.function.DoubleBinaryOperator hills = (x, z) -> 0.3 * Math.sin(1.1 * x) * Math.cos(0.9 * z);
        w.createBody(dev.sinew.solver.BodySettings.builder(dev.sinew.solver.BodyType.STATIC)
                .collider(dev.sinew.solver.Collider.of(dev.sinew.solver.shape.HeightField.sample(21, 21, 0.5, 0.5, hills),
                        dev.sinew.solver.Material.DEFAULT)).build());
        w.createBody(dev.sinew.solver.BodySettings.builder(dev.sinew.solver.BodyType.STATIC).position(12, 0, 0)
                .collider(dev.sinew.solver.Collider.of(dev.sinew.scenes.ccd.TerrainScene.gridMesh(20, 20, 0.5, 0, 0, hills),
                        dev.sinew.solver.Material.DEFAULT)).build());
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 16; i++) {
            double x = (i % 2 == 0 ? 0 : 12) + 2 + 6 * rnd.nextDouble();
            double z = 2 + 6 * rnd.nextDouble();
            dev.sinew.solver.shape.Shape shape = i % 3 == 0 ? new dev.sinew.solver.shape.Capsule(0.3, 0.15)
                    : (i % 3 == 1 ? dev.sinew.solver.shape.Box.cube(0.25) : new dev.sinew.solver.shape.Sphere(0.2));
            w.createBody(dev.sinew.solver.BodySettings.builder(dev.sinew.solver.BodyType.DYNAMIC).position(x, 1.5, z)
                    .orientation(new org.joml.Quaterniond().rotateXYZ(rnd.nextDouble(), rnd.nextDouble(), 0))
                    .collider(dev.sinew.solver.Collider.of(shape, dev.sinew.solver.Material.DEFAULT)).build());
        }
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        assertEquals(0, quietestWindow(w::step), "bytes allocated by the quietest of three 100-tick windows");
    }

    /**
     * The resting 10-ragdoll pile of RagdollPileBenchmark (sleep off): trees with their ground
     * contacts, limits and heavily loaded contact rows, counted the same way (quietest of three
     * 100-tick windows after 600 ticks). This found 12.7 KB a tick from StrictMath.pow, which in
     * Java 17 allocates arrays on every call, in the loaded rows' stiffening.
     */
    @Test
    void ragdollPileAllocatesNothing() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        dev.sinew.scenes.rig.RagdollPileScene.build(w, 10, 1);
        for (int i = 0; i < 600; i++) {
            w.step();
        }
        assertEquals(0, quietestWindow(w::step), "bytes allocated by the quietest of three 100-tick windows");
    }

    /**
     * The same pile stepped on 2 threads (the world's pool: the caller and one worker): the
     * parallel stages' tasks allocate nothing either, on the caller's thread or the worker's
     * (their allocated bytes summed, the quietest of three 100-tick windows after 600 ticks).
     */
    @Test
    void ragdollPileOnTwoThreadsAllocatesNothing() {
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        World w = new World(WorldSettings.defaults().withSleep(false).withThreads(2));
        try {
            dev.sinew.scenes.rig.RagdollPileScene.build(w, 10, 1);
            for (int i = 0; i < 600; i++) {
                w.step();
            }
            long worker = -1;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (!before.contains(t) && t.getName().startsWith("sinew-worker")) {
                    worker = t.getId();
                }
            }
            assertTrue(worker >= 0, "the pool's worker thread");
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long caller = Thread.currentThread().getId();
            long quietest = Long.MAX_VALUE;
            for (int window = 0; window < 3; window++) {
                // the caller's own counter read innermost, so the other reads' allocations stay outside
                long workerStart = mx.getThreadAllocatedBytes(worker);
                long callerStart = mx.getThreadAllocatedBytes(caller);
                for (int i = 0; i < 100; i++) {
                    w.step();
                }
                long callerEnd = mx.getThreadAllocatedBytes(caller);
                long workerEnd = mx.getThreadAllocatedBytes(worker);
                quietest = Math.min(quietest, callerEnd - callerStart + workerEnd - workerStart);
            }
            assertEquals(0, quietest, "bytes allocated by the quietest of three 100-tick windows, both threads");
        } finally {
            w.close();
        }
    }

    /**
     * Bytes this thread allocates in the quietest of three windows of 100 calls of {@code tick}: an
     * allocation of the step recurs in every window, while the JIT's one-off deoptimizations (which
     * materialize scalar-replaced objects, tens of bytes) land in one at most.
     */
    static long quietestWindow(Runnable tick) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 100; i++) {
                tick.run();
            }
            quietest = Math.min(quietest, mx.getThreadAllocatedBytes(tid) - before);
        }
        return quietest;
    }
}
