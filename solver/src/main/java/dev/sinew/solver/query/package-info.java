/** Ray casts, overlap tests and shape casts against a world's colliders. */
package dev.sinew.solver.query;
