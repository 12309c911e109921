/**
 * The contact solver: non-penetration rows of a manifold solved together as a small linear
 * complementarity problem, loaded rows stiffened, patch friction, restitution; and small islands
 * of manifolds solved as one exact block.
 */
package dev.sinew.solver.contact;
