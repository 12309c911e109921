/**
 * Joints: their store (slots, bodies, anchors, parts), their creation from the settings records,
 * their runtime controls, and their sequential solve (prepare, warm start, drives, one
 * Gauss–Seidel pass, relax).
 */
package dev.sinew.solver.joint;
