/**
 * The solver's small mathematics, in one home: quaternion helpers on packed arrays (rotation of a
 * vector, the quaternion-to-matrix expansion, products), 3×3 inverses, dense solves of small
 * systems, orthonormal bases, rigid transforms, and an allocation-free sort.
 */
package dev.sinew.solver.math;
