/**
 * One step of a world: fault containment around the tick, and the tick as named stages over one
 * {@link dev.sinew.solver.step.TickContext} (collide, prepare, substeps of integration, warm start,
 * biased solve, position update, projection and relax, then restitution, continuous collision,
 * and sleep, islands and events at the end).
 */
package dev.sinew.solver.step;
