package dev.sinew.solver.state;

import dev.sinew.solver.body.Bodies;

/**
 * The 64-bit hash of a world's dynamic state that reports and determinism tests compare, and the
 * mixing function that snapshots' layout hash and checksum use. The same inputs give the same
 * hash on any JVM and CPU: only the raw bits of doubles are hashed, in slot order.
 */
public final class StateHash {
    private StateHash() {
    }

    /** The bits of every live body's slot, generation, position, velocities and orientation, in slot order. */
    public static long of(Bodies b) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            h = mix(h, i);
            h = mix(h, b.generation[i]);
            for (int a = 0; a < 3; a++) {
                h = mix(h, Double.doubleToRawLongBits(b.pos[3 * i + a]));
                h = mix(h, Double.doubleToRawLongBits(b.linVel[3 * i + a]));
                h = mix(h, Double.doubleToRawLongBits(b.angVel[3 * i + a]));
            }
            for (int a = 0; a < 4; a++) {
                h = mix(h, Double.doubleToRawLongBits(b.rot[4 * i + a]));
            }
        }
        return h;
    }

    /** One round of a 64-bit finalizer (MurmurHash3's fmix64) over h ^ (v · an odd constant). */
    public static long mix(long h, long v) {
        long x = h ^ (v * 0xC2B2AE3D27D4EB4FL);
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        x ^= x >>> 33;
        x *= 0xC4CEB9FE1A85EC53L;
        x ^= x >>> 33;
        return x;
    }
}
