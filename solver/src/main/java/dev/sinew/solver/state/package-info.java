/**
 * A world's state as one object ({@link dev.sinew.solver.state.WorldState}: the stores, the
 * broadphase, the logs, the settings and the clock), creating bodies, changing them between
 * ticks, fault containment, snapshots and the state hash.
 */
package dev.sinew.solver.state;
