package dev.sinew.solver;

import dev.sinew.solver.collision.NarrowPhase;
import java.nio.ByteBuffer;
import java.nio.BufferUnderflowException;
import java.util.Arrays;

/**
 * The whole dynamic state of a {@link World}, bit-exact: body poses, velocities, sleep state and
 * accumulated forces; collider bounds; every contact pair with its points and warm-start
 * impulses; every joint's point, angle, drive, friction, limit and motor impulses; the tick counter. Restoring it and
 * stepping gives exactly the same hashes as the original run did from that point. Drive gains and
 * targets are inputs, not state: they are not in the snapshot (a controller sets them each tick).
 *
 * <p>The bytes carry a layout hash (body slots, generations, types, shapes) and a checksum: a
 * snapshot is accepted only by a world whose bodies are laid out the same way, and any changed
 * byte is detected. Restoring validates everything before it writes anything.
 */
public final class WorldSnapshot {
    private static final int MAGIC = 0x534E5732; // "SNW2" (2: three more row impulses per joint)
    private static final double[] NO_PART = new double[3];
    private final byte[] data;

    private WorldSnapshot(byte[] data) {
        this.data = data;
    }

    /** A copy of the serialized snapshot, for saving. */
    public byte[] toBytes() {
        return data.clone();
    }

    /** Wraps bytes from {@link #toBytes()}; they are checked when restored. */
    public static WorldSnapshot fromBytes(byte[] bytes) {
        Check.notNull("bytes", bytes);
        return new WorldSnapshot(bytes.clone());
    }

    /** Size in bytes. */
    public int size() {
        return data.length;
    }

    static long layoutHash(World w) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        long h = 0x243F6A8885A308D3L;
        Joints joints = w.joints;
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                h = World.mix(h, j);
                h = World.mix(h, joints.generation[j]);
                h = World.mix(h, joints.bodyA[j]);
                h = World.mix(h, joints.bodyB[j]);
                h = World.mix(h, joints.angle[j] != null ? 1 : joints.hinge[j] != null ? 2
                        : joints.swingTwist[j] != null ? 3 : 0);
                if (joints.swingTwist[j] != null) {
                    for (int i = 0; i < 4; i++) {
                        h = World.mix(h, Double.doubleToRawLongBits(joints.swingTwist[j].frameA[i]));
                        h = World.mix(h, Double.doubleToRawLongBits(joints.swingTwist[j].frameB[i]));
                    }
                }
                if (joints.hinge[j] != null) {
                    for (int i = 0; i < 3; i++) {
                        h = World.mix(h, Double.doubleToRawLongBits(joints.hinge[j].axisA[i]));
                        h = World.mix(h, Double.doubleToRawLongBits(joints.hinge[j].axisB[i]));
                    }
                }
                if (joints.angle[j] != null) {
                    for (int i = 0; i < 4; i++) {
                        h = World.mix(h, Double.doubleToRawLongBits(joints.targetRelative[4 * j + i]));
                    }
                }
                for (int i = 0; i < 3; i++) {
                    h = World.mix(h, Double.doubleToRawLongBits(joints.localA[3 * j + i]));
                    h = World.mix(h, Double.doubleToRawLongBits(joints.localB[3 * j + i]));
                }
            }
        }
        h = World.mix(h, b.high);
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            h = World.mix(h, i);
            h = World.mix(h, b.generation[i]);
            h = World.mix(h, b.type[i]);
            h = World.mix(h, Double.doubleToRawLongBits(b.mass[i]));
            for (int k : b.shapes[i]) {
                h = World.mix(h, k);
                h = World.mix(h, c.shape[k].typeName().hashCode());
                h = World.mix(h, Double.doubleToRawLongBits(c.shape[k].sizeSignature()));
            }
        }
        return h;
    }

    static WorldSnapshot capture(World w) {
        ByteBuffer buf = write(w, null);
        return new WorldSnapshot(Arrays.copyOf(buf.array(), buf.position()));
    }

    /** A snapshot over the first {@code buf.position()} bytes of a buffer {@link #write} filled (not copied). */
    static WorldSnapshot fromBuffer(ByteBuffer buf) {
        return new WorldSnapshot(Arrays.copyOf(buf.array(), buf.position()));
    }

    /**
     * Writes the snapshot of w into {@code reuse} when it is large enough (else a new buffer) and
     * returns the buffer, its position at the end: the step keeps its rollback state this way
     * without allocating in steady state.
     */
    static ByteBuffer write(World w, ByteBuffer reuse) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        int liveBodies = 0;
        int liveColliders = 0;
        for (int i = 0; i < b.high; i++) {
            liveBodies += b.alive[i] ? 1 : 0;
        }
        for (int k = 0; k < c.high; k++) {
            liveColliders += c.alive[k] ? 1 : 0;
        }
        int perBody = 8 * (1 + 3 + 4 + 3 + 3 + 3 + 4 + 3 + 3) + 2 + 4;
        int perCollider = 8 * (6 + 3 + 4);
        int perPair = ContactPair.BYTES;
        int size = 4 + 8 + 8 + 8 + 4 + 4 + liveBodies * perBody + 4 + liveColliders * perCollider + 4
                + w.contacts.entryCount() * perPair + 4 + 8 * (12 + Joints.ROW_IMPULSES) * w.joints.count + 8;
        ByteBuffer buf = reuse != null && reuse.capacity() >= size ? reuse.clear() : ByteBuffer.allocate(size + size / 4);
        buf.putInt(MAGIC);
        buf.putLong(layoutHash(w));
        buf.putLong(w.stepCountInternal());
        buf.putDouble(w.accumulator());
        buf.putInt(b.high);
        buf.putInt(liveBodies);
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            buf.putInt(i);
            buf.put((byte) (b.awake[i] ? 1 : 0));
            buf.put((byte) 0);
            buf.putDouble(b.sleepTime[i]);
            put(buf, b.pos, 3 * i, 3);
            put(buf, b.rot, 4 * i, 4);
            put(buf, b.linVel, 3 * i, 3);
            put(buf, b.angVel, 3 * i, 3);
            put(buf, b.prevPos, 3 * i, 3);
            put(buf, b.prevRot, 4 * i, 4);
            put(buf, b.force, 3 * i, 3);
            put(buf, b.torque, 3 * i, 3);
        }
        buf.putInt(liveColliders);
        for (int k = 0; k < c.high; k++) {
            if (!c.alive[k]) {
                continue;
            }
            put(buf, c.fatBounds, 6 * k, 6);
            put(buf, c.worldPos, 3 * k, 3);
            put(buf, c.worldRot, 4 * k, 4);
        }
        // a terrain pair's further patches follow it as entries with the same key
        buf.putInt(w.contacts.entryCount());
        for (int i = 0; i < w.contacts.pairCount; i++) {
            for (ContactPair p = w.contacts.pairs[i]; p != null; p = p.nextPatch) {
                p.write(buf);
            }
        }
        Joints joints = w.joints;
        buf.putInt(joints.count);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                put(buf, joints.point[j].impulse, 0, 3);
                put(buf, joints.angle[j] != null ? joints.angle[j].impulse
                        : joints.hinge[j] != null ? joints.hinge[j].impulse : NO_PART, 0, 3);
                put(buf, joints.drive[j] != null ? joints.drive[j].impulse : NO_PART, 0, 3);
                put(buf, joints.friction[j] != null ? joints.friction[j].impulse : NO_PART, 0, 3);
                joints.rowImpulses(j, w.snapshotRows);
                put(buf, w.snapshotRows, 0, Joints.ROW_IMPULSES);
            }
        }
        buf.putLong(checksum(buf.array(), buf.position()));
        return buf;
    }

    private static void put(ByteBuffer buf, double[] a, int o, int n) {
        for (int i = 0; i < n; i++) {
            buf.putDouble(a[o + i]);
        }
    }

    private static void get(ByteBuffer buf, double[] a, int o, int n) {
        for (int i = 0; i < n; i++) {
            a[o + i] = buf.getDouble();
        }
    }

    static long checksum(byte[] a, int n) {
        long h = 0x6A09E667F3BCC908L;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long v = 0;
            for (int k = 0; k < 8; k++) {
                v = (v << 8) | (a[i + k] & 0xFF);
            }
            h = World.mix(h, v);
        }
        for (; i < n; i++) {
            h = World.mix(h, a[i]);
        }
        return World.mix(h, n);
    }

    void restoreInto(World w) {
        if (data.length < 4 + 8 + 8) {
            throw new InvalidArgumentException("snapshot", data.length + " bytes", "too short to be a snapshot");
        }
        ByteBuffer buf = ByteBuffer.wrap(data);
        if (buf.getInt() != MAGIC) {
            throw new InvalidArgumentException("snapshot", "magic", "not a Sinew world snapshot");
        }
        long stored = ByteBuffer.wrap(data, data.length - 8, 8).getLong();
        if (checksum(data, data.length - 8) != stored) {
            throw new InvalidArgumentException("snapshot", "checksum", "the snapshot is corrupted (checksum mismatch)");
        }
        long layout = buf.getLong();
        if (layout != layoutHash(w)) {
            throw new InvalidArgumentException("snapshot", "layout",
                    "taken from a world with other bodies (layout hash differs); create the same bodies first");
        }
        try {
            decode(buf, w, true);
        } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
            throw new InvalidArgumentException("snapshot", "contents", "malformed: " + e);
        }
        buf.position(4 + 8);
        decode(buf, w, false);
    }

    /** With {@code dryRun} only reads and checks; otherwise writes into the world. */
    private static void decode(ByteBuffer buf, World w, boolean dryRun) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        double[] tmp = new double[Joints.ROW_IMPULSES];
        long step = buf.getLong();
        double acc = buf.getDouble();
        int high = buf.getInt();
        int liveBodies = buf.getInt();
        if (high != b.high) {
            throw new InvalidArgumentException("snapshot", "bodies", "body slot count differs");
        }
        if (!dryRun) {
            w.setStepCount(step);
            w.setAccumulator(acc);
        }
        for (int n = 0; n < liveBodies; n++) {
            int i = buf.getInt();
            if (i < 0 || i >= b.high || !b.alive[i]) {
                throw new InvalidArgumentException("snapshot", "body " + i, "no such live body");
            }
            boolean awake = buf.get() != 0;
            buf.get();
            double sleep = buf.getDouble();
            if (dryRun) {
                buf.position(buf.position() + 8 * (3 + 4 + 3 + 3 + 3 + 4 + 3 + 3));
                continue;
            }
            b.awake[i] = awake;
            b.sleepTime[i] = sleep;
            get(buf, b.pos, 3 * i, 3);
            get(buf, b.rot, 4 * i, 4);
            get(buf, b.linVel, 3 * i, 3);
            get(buf, b.angVel, 3 * i, 3);
            get(buf, b.prevPos, 3 * i, 3);
            get(buf, b.prevRot, 4 * i, 4);
            get(buf, b.force, 3 * i, 3);
            get(buf, b.torque, 3 * i, 3);
            b.updateWorldInertia(i);
        }
        int liveColliders = buf.getInt();
        for (int n = 0, k = 0; n < liveColliders; n++, k++) {
            while (k < c.high && !c.alive[k]) {
                k++;
            }
            if (k >= c.high) {
                throw new InvalidArgumentException("snapshot", "colliders", "collider count differs");
            }
            if (dryRun) {
                get(buf, tmp, 0, 6);
                get(buf, tmp, 0, 7);
                continue;
            }
            get(buf, c.fatBounds, 6 * k, 6);
            get(buf, c.worldPos, 3 * k, 3);
            get(buf, c.worldRot, 4 * k, 4);
        }
        int pairs = buf.getInt();
        if (pairs < 0) {
            throw new InvalidArgumentException("snapshot", "pairs", "negative pair count");
        }
        if (!dryRun) {
            w.contacts.releaseAllPairs();
        }
        ContactPair last = null;
        for (int i = 0; i < pairs; i++) {
            long key = buf.getLong();
            int ca = (int) (key >>> 32);
            int cb = (int) key;
            if (ca < 0 || cb < 0 || ca >= c.high || cb >= c.high || !c.alive[ca] || !c.alive[cb]) {
                throw new InvalidArgumentException("snapshot", "pair " + Long.toHexString(key), "names a missing collider");
            }
            ContactPair p = dryRun ? SCRATCH.get() : w.contacts.takePair();
            p.reset(key, ca, cb, c.body[ca], c.body[cb]);
            p.readAfterKey(buf);
            if (p.pointCount < 0 || p.pointCount > ContactPair.N) {
                throw new InvalidArgumentException("snapshot.pointCount", p.pointCount, "must be in [0, 4]");
            }
            p.terrain = NarrowPhase.isTerrainPair(c.shape[ca], c.shape[cb]);
            if (!dryRun) {
                if (last != null && last.key == key && p.terrain) {
                    last.nextPatch = p;
                    p.owner = last.owner != null ? last.owner : last;
                } else {
                    w.contacts.appendPair(p);
                }
                last = p;
            }
        }
        int jointCount = buf.getInt();
        Joints joints = w.joints;
        if (jointCount != joints.count) {
            throw new InvalidArgumentException("snapshot", "joints", "joint count differs");
        }
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j]) {
                continue;
            }
            if (dryRun) {
                get(buf, tmp, 0, 3);
                get(buf, tmp, 0, 3);
                get(buf, tmp, 0, 3);
                get(buf, tmp, 0, 3);
                get(buf, tmp, 0, Joints.ROW_IMPULSES);
            } else {
                get(buf, joints.point[j].impulse, 0, 3);
                get(buf, joints.angle[j] != null ? joints.angle[j].impulse
                        : joints.hinge[j] != null ? joints.hinge[j].impulse : tmp, 0, 3);
                get(buf, joints.drive[j] != null ? joints.drive[j].impulse : tmp, 0, 3);
                get(buf, joints.friction[j] != null ? joints.friction[j].impulse : tmp, 0, 3);
                get(buf, tmp, 0, Joints.ROW_IMPULSES);
                joints.setRowImpulses(j, tmp);
            }
        }
        if (buf.remaining() != 8) {
            throw new InvalidArgumentException("snapshot", "length", "trailing or missing bytes");
        }
    }

    private static final ThreadLocal<ContactPair> SCRATCH = ThreadLocal.withInitial(ContactPair::new);
}
