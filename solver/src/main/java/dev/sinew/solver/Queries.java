package dev.sinew.solver;

import dev.sinew.solver.query.QueryEngine;
import dev.sinew.solver.shape.Shape;
import java.util.List;
import java.util.Optional;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Ray casts, overlap tests and shape casts against a world's colliders. Each query culls by
 * the broadphase bounds (a linear pass over the colliders) and then tests the shapes exactly.
 * Results are in collider slot order before sorting, so they are deterministic. Rays that start
 * inside a shape do not report it. Like the world, queries are single-threaded: they share the
 * world's query scratch.
 */
public final class Queries {
    private final QueryEngine engine;

    Queries(QueryEngine engine) {
        this.engine = engine;
    }

    /**
     * The closest hit of the segment from {@code origin} (m, world) along {@code direction} (any
     * length > 0) up to {@code maxDistance} metres.
     */
    public Optional<RayHit> rayCast(Vector3dc origin, Vector3dc direction, double maxDistance) {
        return engine.rayCast(origin, direction, maxDistance);
    }

    /** Every body the ray enters (its first entry per collider), nearest first. */
    public List<RayHit> rayCastAll(Vector3dc origin, Vector3dc direction, double maxDistance) {
        return engine.rayCastAll(origin, direction, maxDistance);
    }

    /** Bodies with a collider overlapping {@code shape} placed at the given pose (m, world), in slot order, each once. */
    public List<BodyHandle> overlap(Shape shape, Vector3dc position, Quaterniondc rotation) {
        return engine.overlap(shape, position, rotation);
    }

    /**
     * Sweeps a sphere or capsule from its pose along {@code translation} (m, world) and returns the
     * first body it touches (conservative advancement to within 1e-5 m).
     */
    public Optional<RayHit> shapeCast(Shape shape, Vector3dc position, Quaterniondc rotation, Vector3dc translation) {
        return engine.shapeCast(shape, position, rotation, translation);
    }
}
