/**
 * The constraint parts joints are built from (point, axis, angle, hinge angle, swing-twist limits,
 * linear axes, slerp drive, motors, friction), each with its equations in its header; the soft
 * coefficients every compliant row is solved with ({@link dev.sinew.solver.constraint.SoftCoefficients});
 * the solvers' shared per-tick context ({@link dev.sinew.solver.constraint.SolverContext}) and the
 * solver's tuning constants ({@link dev.sinew.solver.constraint.Tuning}).
 */
package dev.sinew.solver.constraint;
