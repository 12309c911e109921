package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Plane;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bulk read-back: every body's pose (or a list's, now or interpolated) copied into caller arrays
 * is bit for bit what the per-body getters give, and reading allocates nothing.
 */
class PoseReaderTest {
    private static World tumbling() {
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        for (int i = 0; i < 6; i++) {
            w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.3 * i, 1 + 0.5 * i, 0)
                    .orientation(new Quaterniond().rotateZ(0.4 * i)).angularVelocity(1, 2, 3)
                    .collider(Collider.of(i % 2 == 0 ? new Box(0.2, 0.1, 0.15) : Capsule.ofRadiusAndHalfHeight(0.1, 0.2)))
                    .build());
        }
        w.update(0.5 + 0.37 / 60); // whole ticks and a fraction of one, for the interpolated poses
        return w;
    }

    private static void assertBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), what);
    }

    @Test
    void everyPoseIsBitForBitThatOfTheGetters() {
        World w = tumbling();
        List<BodyHandle> all = w.bodyHandles();
        double[] pos = new double[3 * all.size()];
        double[] rot = new double[4 * all.size()];
        double[] ipos = new double[3 * all.size()];
        double[] irot = new double[4 * all.size()];
        assertEquals(all.size(), w.poses().read(pos, rot));
        assertEquals(all.size(), w.poses().readInterpolated(ipos, irot));
        Vector3d p = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int k = 0; k < all.size(); k++) {
            BodyHandle h = all.get(k);
            w.position(h, p);
            w.orientation(h, q);
            assertBits(p.x, pos[3 * k], "x");
            assertBits(p.y, pos[3 * k + 1], "y");
            assertBits(p.z, pos[3 * k + 2], "z");
            assertBits(q.x, rot[4 * k], "qx");
            assertBits(q.y, rot[4 * k + 1], "qy");
            assertBits(q.z, rot[4 * k + 2], "qz");
            assertBits(q.w, rot[4 * k + 3], "qw");
            w.interpolatedPosition(h, p);
            w.interpolatedOrientation(h, q);
            assertBits(p.x, ipos[3 * k], "interpolated x");
            assertBits(p.y, ipos[3 * k + 1], "interpolated y");
            assertBits(p.z, ipos[3 * k + 2], "interpolated z");
            assertBits(q.x, irot[4 * k], "interpolated qx");
            assertBits(q.w, irot[4 * k + 3], "interpolated qw");
        }
        BodyHandle[] some = {all.get(3), all.get(1)};
        double[] pos2 = new double[6];
        double[] rot2 = new double[8];
        w.poses().read(some, 2, pos2, rot2);
        for (int k = 0; k < 2; k++) {
            int i = all.indexOf(some[k]);
            for (int c = 0; c < 3; c++) {
                assertBits(pos[3 * i + c], pos2[3 * k + c], "listed position");
            }
            for (int c = 0; c < 4; c++) {
                assertBits(rot[4 * i + c], rot2[4 * k + c], "listed orientation");
            }
        }
    }

    @Test
    void readingAllocatesNothing() {
        World w = tumbling();
        int n = w.bodyCount();
        double[] pos = new double[3 * n];
        double[] rot = new double[4 * n];
        BodyHandle[] some = w.bodyHandles().toArray(new BodyHandle[0]);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        // three windows after a warm-up: a JIT deoptimization lands in one at most
        for (int window = 0; window < 4; window++) {
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 20_000; i++) {
                w.poses().read(pos, rot);
                w.poses().readInterpolated(pos, rot);
                w.poses().read(some, n, pos, rot);
                w.poses().readInterpolated(some, n, pos, rot);
            }
            long bytes = mx.getThreadAllocatedBytes(tid) - before;
            if (window > 0) {
                quietest = Math.min(quietest, bytes);
            }
        }
        assertEquals(0, quietest, "bytes allocated by 80,000 reads");
    }

    @Test
    void shortArraysAndStaleHandlesAreRefusedBeforeAnythingIsWritten() {
        World w = tumbling();
        double[] pos = new double[3];
        double[] rot = new double[4 * w.bodyCount()];
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.poses().read(pos, rot));
        assertEquals(true, e.getMessage().contains("positions"), e.getMessage());
        assertEquals(0, pos[0]);
        BodyHandle gone = w.bodyHandles().get(2);
        w.destroyBody(gone);
        BodyHandle[] list = {w.bodyHandles().get(1), gone};
        double[] p2 = new double[6];
        assertThrows(StaleHandleException.class, () -> w.poses().read(list, 2, p2, new double[8]));
        assertEquals(0, p2[0]);
    }
}
