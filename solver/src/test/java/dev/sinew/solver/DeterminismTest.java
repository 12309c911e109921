package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Same inputs, same bits: repeated runs, snapshots and rejected snapshots. */
class DeterminismTest {

    /** A small tumbling pile of every shape kind with a spinning kinematic paddle. */
    static World pile(long seed) {
        World w = new World();
        Random r = new Random(seed);
        Worlds.ground(w, Material.DEFAULT);
        w.createBody(BodySettings.builder(BodyType.KINEMATIC).position(0, 0.6, 0).angularVelocity(0, 2, 0)
                .collider(Collider.of(new Box(1.5, 0.1, 0.1))).build());
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            pts.add(new Vector3d(r.nextGaussian() * 0.2, r.nextGaussian() * 0.15, r.nextGaussian() * 0.2));
        }
        ConvexHull hull = ConvexHull.of(pts);
        for (int i = 0; i < 40; i++) {
            Shape s = switch (i % 4) {
                case 0 -> new Sphere(0.15);
                case 1 -> new Capsule(0.15, 0.1);
                case 2 -> new Box(0.15, 0.1, 0.12);
                default -> hull;
            };
            w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(r.nextDouble() * 2 - 1, 1 + i * 0.3, r.nextDouble() * 2 - 1)
                    .orientation(Worlds.axisAngle(0, 1, 0, r.nextDouble() * 3)).collider(Collider.of(s)).build());
        }
        // A short chain of capsules on ball joints, hanging from a static hook, so joint impulses
        // are part of what must replay.
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(2, 3, 0).build());
        BodyHandle last = hook;
        Vector3d below = new Vector3d(0, -0.2, 0);
        for (int i = 0; i < 4; i++) {
            BodyHandle link = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(2 + 0.4 * (i + 1), 3, 0)
                    .orientation(Worlds.axisAngle(0, 0, 1, Math.PI / 2)).collider(Collider.of(new Capsule(0.15, 0.04)))
                    .build());
            Vector3d anchorLast = i == 0 ? new Vector3d() : new Vector3d(0, 0.2, 0);
            w.createJoint(BallJointSettings.of(last, anchorLast, link, below));
            last = link;
        }
        return w;
    }

    @Test
    void twoRunsGiveTheSameHashEveryTick() {
        World a = pile(5);
        World b = pile(5);
        for (int i = 0; i < 240; i++) {
            a.step();
            b.step();
            assertEquals(a.stateHash(), b.stateHash(), "tick " + i);
        }
        assertNotEquals(pile(6).stateHash(), pile(5).stateHash(), "the hash sees the state");
    }

    @Test
    void restoredSnapshotReplaysBitForBit() {
        World w = pile(9);
        for (int i = 0; i < 90; i++) {
            w.step();
        }
        WorldSnapshot snap = w.snapshot();
        long[] expected = new long[120];
        for (int i = 0; i < 120; i++) {
            w.step();
            expected[i] = w.stateHash();
        }
        w.restore(snap);
        for (int i = 0; i < 120; i++) {
            w.step();
            assertEquals(expected[i], w.stateHash(), "tick " + i + " after restore");
        }
        // Into a second world built the same way: the same replay.
        World twin = pile(9);
        twin.restore(WorldSnapshot.fromBytes(snap.toBytes()));
        for (int i = 0; i < 120; i++) {
            twin.step();
            assertEquals(expected[i], twin.stateHash(), "tick " + i + " in the twin");
        }
    }

    @Test
    void corruptedSnapshotIsRejectedAndLeavesTheWorldUnchanged() {
        World w = pile(3);
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        byte[] bytes = w.snapshot().toBytes();
        w.step();
        long before = w.stateHash();
        for (int at : new int[] {5, bytes.length / 2, bytes.length - 12}) {
            byte[] bad = bytes.clone();
            bad[at] ^= 0x10;
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> w.restore(WorldSnapshot.fromBytes(bad)));
            assertEquals("snapshot", e.parameter());
            assertEquals(before, w.stateHash());
        }
        byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 100);
        assertThrows(InvalidArgumentException.class, () -> w.restore(WorldSnapshot.fromBytes(cut)));
        assertEquals(before, w.stateHash());
    }

    @Test
    void foreignSnapshotIsRejected() {
        World w = pile(3);
        World other = pile(3);
        Worlds.sphere(other, 5, 5, 5, 0.2, Material.DEFAULT);
        WorldSnapshot foreign = other.snapshot();
        long before = w.stateHash();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.restore(foreign));
        assertEquals("snapshot", e.parameter());
        assertEquals(before, w.stateHash());
    }
}
