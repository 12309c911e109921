/**
 * Sinew's rigid-body solver. An engine that links it sees its public API ({@code dev.sinew.solver}:
 * the world, settings, handles, views, events, snapshots, queries) and the shapes; every other
 * package is internal.
 */
module dev.sinew.solver {
    requires transitive org.joml;

    exports dev.sinew.solver;
    exports dev.sinew.solver.shape;
}
