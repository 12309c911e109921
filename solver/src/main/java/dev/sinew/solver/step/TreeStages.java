package dev.sinew.solver.step;

import dev.sinew.solver.articulation.ArticulationLane;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.constraint.SoftCoefficients;

/**
 * The articulations' work in a tick, as tasks over the trees: each articulation's work touches its
 * own tree alone (its bodies, its joints' rows, its contacts with bodies that do not move), so the
 * trees are cut into ranges like any other stage's items. Steps that follow one another with
 * nothing between them but work on other bodies run as one stage ({@link #run}), each tree taking
 * them in turn: one barrier instead of several, and a tree's data used while it is at hand.
 */
final class TreeStages {
    /** Steps of {@link #run}, done in this order for each tree. */
    static final int REFRESH = 1;
    static final int GROUND = 2;
    static final int JOINTS = 4;
    static final int FRICTION = 8;
    static final int FLUSH = 16;
    static final int INTEGRATE = 32;
    static final int PROJECT = 64;
    /** {@link #FLUSH} of the velocities alone: the joints' rows stay in the row data until the tick's end. */
    static final int FLUSH_VELOCITIES = 128;

    private final Articulations arts;
    private final Parallel par;
    private final Lane[][] lanes;
    private final TickContext ctx;

    TreeStages(Articulations arts, Parallel par, Lane[][] lanes, TickContext ctx) {
        this.arts = arts;
        this.par = par;
        this.lanes = lanes;
        this.ctx = ctx;
    }

    // the stage being run
    private int steps;
    private SoftCoefficients jointsSoft;
    private boolean groundBias;
    private boolean groundBuild;
    /** Set by a task whose articulation was singular (only ever to true). */
    private boolean failed;
    private final Parallel.Range stepsRange = this::steps;
    private final Parallel.Range loadRange = this::load;
    private final Parallel.Range crossRange = this::responses;
    private final Parallel.Range freeRange = this::freeStep;
    private final Parallel.Range warmRange = this::warmStart;

    /** Each articulation's pose and velocities from the bodies' arrays; false if one is singular. */
    boolean load() {
        arts.beginLoad();
        failed = false;
        par.run(0, arts.count(), Parallel.HEAVY, loadRange);
        return !failed;
    }

    private void load(int lane, int from, int to) {
        if (!arts.load(lanes[0][lane].art, from, to)) {
            failed = true;
        }
    }

    /**
     * The articulated responses of the bodies the pairs to solve touch ({@link Articulations#wantResponses}
     * first), and the cross responses of the pairs within one tree (after their slots were given and grouped).
     */
    void responses() {
        par.run(0, arts.count(), Parallel.MEDIUM, crossRange);
    }

    private void responses(int lane, int from, int to) {
        arts.responses(from, to);
        arts.crossCaches(from, to);
    }

    /**
     * The substep's free step of every articulation, which starts {@code remaining} s before the
     * tick ends; false if one is singular.
     */
    boolean freeStep(double remaining) {
        this.remaining = remaining;
        arts.beginFreeStep();
        failed = false;
        par.run(0, arts.count(), Parallel.HEAVY, freeRange);
        return !failed;
    }

    /** The time left in the tick at the start of this substep, s (its drives' aim). */
    private double remaining;

    private void freeStep(int lane, int from, int to) {
        if (!arts.freeStep(ctx.h, remaining, ctx.gravityX, ctx.gravityY, ctx.gravityZ, lanes[0][lane].art, from, to)) {
            failed = true;
        }
    }

    /** The warm start of the articulated joints' rows. */
    void warmStart() {
        par.run(0, arts.count(), Parallel.MEDIUM, warmRange);
    }

    private void warmStart(int lane, int from, int to) {
        arts.warmStartJoints(lanes[0][lane].art, from, to);
    }

    /**
     * The given steps for every tree, each tree's in the order of the constants: {@link #REFRESH}
     * its bodies' velocities, {@link #GROUND} its ground block (with the contacts' bias or without;
     * {@code groundBuild}: the substep's couplings first, after {@link Articulations#layOutGround}),
     * {@link #JOINTS} a pass over its joints' rows ({@code jointsSoft} null: the relax),
     * {@link #FRICTION} its joints' friction rows alone (after the relax's contacts), {@link #FLUSH}
     * its bodies' velocities with the rates capped and its rows' impulses into the joints
     * ({@link #FLUSH_VELOCITIES}: the velocities alone), {@link #INTEGRATE} its positions (after the
     * kinematic bodies moved; {@link Articulations#beginIntegrate} first), {@link #PROJECT} its
     * passed limits (then {@link Articulations#projected}).
     */
    void run(int steps, SoftCoefficients jointsSoft, boolean groundBias, boolean groundBuild) {
        this.steps = steps;
        this.jointsSoft = jointsSoft;
        this.groundBias = groundBias;
        this.groundBuild = groundBuild;
        int heavy = GROUND | JOINTS | FRICTION | PROJECT;
        par.run(0, arts.count(), (steps & heavy) != 0 ? Parallel.MEDIUM : Parallel.LIGHT, stepsRange);
    }

    /** {@link #run} without the ground or joint steps. */
    void run(int steps) {
        run(steps, null, false, false);
    }

    private void steps(int lane, int from, int to) {
        ArticulationLane l = lanes[0][lane].art;
        double h = ctx.h;
        for (int t = from; t < to; t++) {
            if ((steps & REFRESH) != 0) {
                arts.refresh(t, t + 1);
            }
            if ((steps & GROUND) != 0) {
                arts.solveGround(l, ctx.invH, groundBias, groundBuild, t, t + 1);
            }
            if ((steps & JOINTS) != 0) {
                arts.solveJoints(jointsSoft, h, l, t, t + 1);
            }
            if ((steps & FRICTION) != 0) {
                arts.solveFriction(h, l, t, t + 1);
            }
            if ((steps & (FLUSH | FLUSH_VELOCITIES)) != 0) {
                arts.flush(h, l, t, t + 1, (steps & FLUSH) != 0);
            }
            if ((steps & INTEGRATE) != 0) {
                arts.integrate(h, t, t + 1);
            }
            if ((steps & PROJECT) != 0) {
                arts.projectLimits(l, t, t + 1);
            }
        }
    }
}
