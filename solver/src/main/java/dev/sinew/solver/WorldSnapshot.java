package dev.sinew.solver;

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
    private final byte[] data;

    WorldSnapshot(byte[] data) {
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

    /** The bytes, not copied (for the world restoring it). */
    byte[] bytes() {
        return data;
    }
}
