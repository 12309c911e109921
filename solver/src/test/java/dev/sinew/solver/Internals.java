package dev.sinew.solver;

import dev.sinew.solver.state.WorldState;

/** For tests of the solver's internal packages: a world's state, which the public API does not show. */
public final class Internals {
    private Internals() {
    }

    public static WorldState state(World w) {
        return w.state;
    }
}
