package dev.sinew.solver.state;

import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.joint.Joints;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * The bytes of a world snapshot: body poses, velocities, sleep state and accumulated forces;
 * collider bounds; every contact pair with its points and warm-start impulses; every joint's
 * point, angle, drive, friction, limit and motor impulses; the tick counter and the update
 * accumulator. Drive gains and targets are inputs, not state, and are not written. The bytes
 * carry a layout hash (body slots, generations, types, shapes, joints) and a checksum.
 */
public final class SnapshotCodec {
    private static final int MAGIC = 0x534E5733; // "SNW3": the third layout (contact manifolds with the poses they were computed at)
    private static final double[] NO_PART = new double[3];
    /** A joint's row impulses, scratch. */
    private final double[] rows = new double[Joints.ROW_IMPULSES];
    /** A pair read in the dry run, scratch. */
    private final ContactPair scratchPair = new ContactPair();

    /** A hash of what a snapshot's bytes depend on but do not carry: slots, generations, types, shapes, joints. */
    static long layoutHash(WorldState w) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        long h = 0x243F6A8885A308D3L;
        Joints joints = w.joints;
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                h = StateHash.mix(h, j);
                h = StateHash.mix(h, joints.generation[j]);
                h = StateHash.mix(h, joints.bodyA[j]);
                h = StateHash.mix(h, joints.bodyB[j]);
                h = StateHash.mix(h, joints.angle[j] != null ? 1 : joints.hinge[j] != null ? 2
                        : joints.swingTwist[j] != null ? 3 : 0);
                if (joints.swingTwist[j] != null) {
                    for (int i = 0; i < 4; i++) {
                        h = StateHash.mix(h, Double.doubleToRawLongBits(joints.swingTwist[j].frameA[i]));
                        h = StateHash.mix(h, Double.doubleToRawLongBits(joints.swingTwist[j].frameB[i]));
                    }
                }
                if (joints.hinge[j] != null) {
                    for (int i = 0; i < 3; i++) {
                        h = StateHash.mix(h, Double.doubleToRawLongBits(joints.hinge[j].axisA[i]));
                        h = StateHash.mix(h, Double.doubleToRawLongBits(joints.hinge[j].axisB[i]));
                    }
                }
                if (joints.angle[j] != null) {
                    for (int i = 0; i < 4; i++) {
                        h = StateHash.mix(h, Double.doubleToRawLongBits(joints.targetRelative[4 * j + i]));
                    }
                }
                for (int i = 0; i < 3; i++) {
                    h = StateHash.mix(h, Double.doubleToRawLongBits(joints.localA[3 * j + i]));
                    h = StateHash.mix(h, Double.doubleToRawLongBits(joints.localB[3 * j + i]));
                }
            }
        }
        h = StateHash.mix(h, b.high);
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            h = StateHash.mix(h, i);
            h = StateHash.mix(h, b.generation[i]);
            h = StateHash.mix(h, b.type[i]);
            h = StateHash.mix(h, Double.doubleToRawLongBits(b.mass[i]));
            for (int k : b.shapes[i]) {
                h = StateHash.mix(h, k);
                h = StateHash.mix(h, c.shape[k].typeName().hashCode());
                h = StateHash.mix(h, Double.doubleToRawLongBits(c.shape[k].sizeSignature()));
            }
        }
        return h;
    }

    /**
     * Writes the snapshot of w into {@code reuse} when it is large enough (else a new buffer) and
     * returns the buffer, its position at the end: the step keeps its rollback state this way
     * without allocating in steady state.
     */
    public ByteBuffer write(WorldState w, ByteBuffer reuse) {
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
        buf.putLong(w.stepCount);
        buf.putDouble(w.accumulator);
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
                if (joints.drive[j] != null) {
                    put(buf, joints.drive[j].data, SlerpDrivePart.IMPULSE, 3);
                } else {
                    put(buf, NO_PART, 0, 3);
                }
                put(buf, joints.friction[j] != null ? joints.friction[j].impulse : NO_PART, 0, 3);
                joints.rowImpulses(j, rows);
                put(buf, rows, 0, Joints.ROW_IMPULSES);
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

    private static long checksum(byte[] a, int n) {
        long h = 0x6A09E667F3BCC908L;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long v = 0;
            for (int k = 0; k < 8; k++) {
                v = (v << 8) | (a[i + k] & 0xFF);
            }
            h = StateHash.mix(h, v);
        }
        for (; i < n; i++) {
            h = StateHash.mix(h, a[i]);
        }
        return StateHash.mix(h, n);
    }

    /**
     * Restores the snapshot {@code data} into w, or throws {@link InvalidArgumentException} leaving
     * w unchanged: the checksum, the layout hash and every count are checked before anything is written.
     */
    public void restore(WorldState w, byte[] data) {
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
    private void decode(ByteBuffer buf, WorldState w, boolean dryRun) {
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
            w.stepCount = step;
            w.accumulator = acc;
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
            b.anySleeping |= !awake;
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
            ContactPair p = dryRun ? scratchPair : w.contacts.takePair();
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
                if (joints.drive[j] != null) {
                    get(buf, joints.drive[j].data, SlerpDrivePart.IMPULSE, 3);
                } else {
                    get(buf, tmp, 0, 3);
                }
                get(buf, joints.friction[j] != null ? joints.friction[j].impulse : tmp, 0, 3);
                get(buf, tmp, 0, Joints.ROW_IMPULSES);
                joints.setRowImpulses(j, tmp);
            }
        }
        if (buf.remaining() != 8) {
            throw new InvalidArgumentException("snapshot", "length", "trailing or missing bytes");
        }
    }
}
