/**
 * Collision shapes (public API): sphere, capsule, box and convex hull for any body; plane,
 * heightfield and triangle mesh for static bodies. Each shape is immutable, validated at
 * creation, and gives its exact mass properties and its bounds at a pose.
 */
package dev.sinew.solver.shape;
