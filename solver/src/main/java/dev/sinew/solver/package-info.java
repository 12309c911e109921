/**
 * Sinew's rigid-body solver: the public API.
 *
 * <p>{@link dev.sinew.solver.World} is the facade: settings ({@link dev.sinew.solver.WorldSettings}),
 * stepping ({@code step}, {@code update} and the interpolation fraction), bodies (created from
 * {@link dev.sinew.solver.BodySettings}, read through the world, changed through a
 * {@link dev.sinew.solver.BodyView}), joints (created from the {@link dev.sinew.solver.JointSettings}
 * records, changed through {@link dev.sinew.solver.JointView} and its hinge and swing-twist
 * kinds), events ({@link dev.sinew.solver.ContactEvents}, {@link dev.sinew.solver.FaultEvents},
 * {@link dev.sinew.solver.SolverLimits}), snapshots ({@link dev.sinew.solver.WorldSnapshot}),
 * queries ({@link dev.sinew.solver.Queries}) and debug views ({@link dev.sinew.solver.WorldDebug}).
 * Bodies and joints are named by generation-checked handles; bad arguments throw
 * {@link dev.sinew.solver.InvalidArgumentException} naming the parameter and the value. Shapes are
 * in {@link dev.sinew.solver.shape}. Every other package of the module is internal and not
 * exported.
 */
package dev.sinew.solver;
