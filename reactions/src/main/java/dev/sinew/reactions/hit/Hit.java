package dev.sinew.reactions.hit;

import dev.sinew.solver.InvalidArgumentException;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A blow to a character, as a value: everything that decides what the blow does is here, so an
 * authority (a game server) can decide it once and every client that applies the same
 * {@code Hit} to the same state gets the same motion, bit for bit.
 *
 * <p>Two forms. A <b>body hit</b> names the body (its index in the character's ragdoll, not a
 * world handle, so the value means the same in every world) and the world point struck. A
 * <b>ray hit</b> ({@code body} = −1) gives a world ray; the first of the character's bodies it
 * meets (within {@link #RAY_LENGTH}) is struck where the ray enters it.
 *
 * @param body      the ragdoll body struck (index), or −1 for a ray hit
 * @param point     body hit: the world point struck, m; ray hit: the ray's origin, m
 * @param direction the direction of the blow, world, unit (from attacker to victim); for a ray
 *                  hit also the ray's direction
 * @param magnitude the impulse asked for, N·s (≥ 0; scaled per region and capped when applied)
 * @param critical  a critical hit: stronger weakening ({@link dev.sinew.reactions.weakening.Weakening#CRITICAL})
 * @param seed      seed for any randomness the hit's reaction uses (the weakening's jitter)
 * @param tick      the world tick the hit lands on ({@code World.stepCount()} before that tick's
 *                  step), or −1 for the next tick the character runs
 */
public record Hit(int body, Vector3dc point, Vector3dc direction, double magnitude, boolean critical, long seed,
        long tick) {
    /** How far a ray hit looks for the character, m. */
    public static final double RAY_LENGTH = 1000;

    public Hit {
        if (body < -1) {
            throw new InvalidArgumentException("body", body, "must be a body index >= 0, or -1 for a ray hit");
        }
        point = new Vector3d(finite("point", point));
        Vector3d d = new Vector3d(finite("direction", direction));
        double len = d.length();
        if (!(len > 1e-12)) {
            throw new InvalidArgumentException("direction", direction, "must not be zero");
        }
        direction = d.div(len);
        if (!(magnitude >= 0 && magnitude < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException("magnitude", magnitude, "must be finite and >= 0 N·s");
        }
        if (tick < -1) {
            throw new InvalidArgumentException("tick", tick, "must be a tick >= 0, or -1 for the next tick");
        }
    }

    private static Vector3dc finite(String name, Vector3dc v) {
        if (v == null) {
            throw new InvalidArgumentException(name, null, "must be given");
        }
        if (!v.isFinite()) {
            throw new InvalidArgumentException(name, v, "must be finite");
        }
        return v;
    }

    /** A body hit along a given direction, on the next tick. */
    public static Hit at(int body, Vector3dc point, Vector3dc direction, double magnitude, boolean critical, long seed) {
        if (body < 0) {
            throw new InvalidArgumentException("body", body, "must be a body index >= 0");
        }
        return new Hit(body, point, direction, magnitude, critical, seed, -1);
    }

    /** A body hit whose direction runs from the attacker's position (world, m) to the point struck. */
    public static Hit fromAttacker(int body, Vector3dc point, Vector3dc attacker, double magnitude, boolean critical,
            long seed) {
        return at(body, point, new Vector3d(point).sub(finite("attacker", attacker)), magnitude, critical, seed);
    }

    /** A ray hit: the first body of the character along the ray from {@code origin} (world, m). */
    public static Hit ray(Vector3dc origin, Vector3dc direction, double magnitude, boolean critical, long seed) {
        return new Hit(-1, origin, direction, magnitude, critical, seed, -1);
    }

    /** This hit landing on a given world tick. */
    public Hit atTick(long worldTick) {
        return new Hit(body, point, direction, magnitude, critical, seed, worldTick);
    }

    /** Whether the body is found by a ray. */
    public boolean isRay() {
        return body < 0;
    }
}
