/**
 * Bodies as structure-of-arrays state ({@link dev.sinew.solver.body.Bodies}: poses, velocities,
 * mass properties, sleep), the slot allocation every store shares ({@link dev.sinew.solver.body.Slots}),
 * and the implicit gyroscopic step.
 */
package dev.sinew.solver.body;
