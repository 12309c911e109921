package dev.sinew.solver;

import org.joml.Vector3dc;

/**
 * Where a ray or a cast shape first meets a body.
 *
 * @param body     the body hit
 * @param fraction distance along the query, as a fraction of its length (0..1)
 * @param distance metres from the query's start
 * @param point    world point of the hit, metres
 * @param normal   world surface normal at the hit, unit, pointing out of the body hit
 */
public record RayHit(BodyHandle body, double fraction, double distance, Vector3dc point, Vector3dc normal) {
}
