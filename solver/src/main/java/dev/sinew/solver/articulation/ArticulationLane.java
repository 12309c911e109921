package dev.sinew.solver.articulation;

import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.contact.ContactSolver;

/**
 * One task's scratch for the articulations' work: tasks that handle different articulations at the
 * same time each use their own lane. It holds the temporaries of the calls that move an
 * articulation's bodies through the contact solver ({@link Articulations#begin(int, ArticulationLane)},
 * {@link Articulations#end(int, ArticulationLane)}, {@link Articulations#crossBegin}), with that
 * task's contact solver, and those of the per-articulation stages (the free step, the joint rows,
 * the ground blocks, the mass matrix each articulation is built and factored in). An articulation's
 * own data stays with the articulation, so a task working on one articulation shares nothing with a
 * task working on another.
 */
public final class ArticulationLane {
    final ContactSolver contacts;
    /** Where the per-articulation stages count the rates they capped (added into the world's after the tick). */
    final SolverCounters counters;
    double[] path = new double[12];
    final double[] vel6 = new double[6];
    /** The articulated joints' rows (limits, friction) and their projection. */
    final ArticulatedJoints rows;
    /** The free step's drives and root springs. */
    final ArticulatedDrives drives;
    double[] jointImpulse = new double[12];
    private double[] massBlocks = new double[36];

    /** Scratch for an articulation's H of {@code blocks} blocks (see {@link ArticulationTree#hb}). */
    double[] massBlocks(int blocks) {
        if (massBlocks.length < 9 * blocks) {
            massBlocks = new double[18 * blocks];
        }
        return massBlocks;
    }
    /** The rows of the ground block being solved. */
    final ArticulatedGround.Block ground = new ArticulatedGround.Block();

    /** A lane of {@code arts} whose contact rows go through {@code contacts} (the task's), counting into {@code counters}. */
    public ArticulationLane(Articulations arts, ContactSolver contacts, SolverCounters counters) {
        this.contacts = contacts;
        this.counters = counters;
        this.rows = arts.newRows();
        this.drives = arts.newDrives();
    }
}
