/**
 * Finding contacts: colliders as structure-of-arrays state, the broadphase (sweep and prune over
 * fat bounds) and the collision filter, the narrowphase (shape pair colliders and their manifolds),
 * and the persistent contact pairs with their warm-start impulses and events.
 */
package dev.sinew.solver.collision;
