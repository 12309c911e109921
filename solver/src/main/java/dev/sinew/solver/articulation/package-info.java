/**
 * Joint trees (chains, ragdolls) solved exactly in linear time: the tree solve with its limits,
 * drives and tension inertia, the projections of passed limits and of fast-turning anchors, the
 * trees' ground contacts with the articulated mass, the composite inertias drives brake with, and
 * the limit projection of the joints solved sequentially.
 */
package dev.sinew.solver.articulation;
