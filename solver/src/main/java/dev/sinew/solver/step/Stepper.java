package dev.sinew.solver.step;

import dev.sinew.solver.TaskRunner;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.articulation.JointTreeSolver;
import dev.sinew.solver.articulation.LimitProjection;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.contact.IslandBlockSolver;
import dev.sinew.solver.joint.JointSolver;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.state.FaultContainment;
import dev.sinew.solver.state.SnapshotCodec;
import dev.sinew.solver.state.WorldState;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One step of a world: fault containment around one fixed tick, run as named stages over one
 * {@link TickContext}:
 * <ol>
 *   <li>begin: the context from the settings (substep, softness, caps), the awake bodies;</li>
 *   <li>collide: refit the bounds of moving bodies, find candidate pairs (broadphase), update
 *       each moving pair's manifold (narrowphase), carrying impulses over by feature id;</li>
 *   <li>prepare: world inertia, the pairs to solve and their rows, the solve order, the joints'
 *       rows, the joint trees and their ground contacts;</li>
 *   <li>the substeps: recollide fast-turning pairs, integrate velocities, warm start, solve
 *       with bias (contacts, drives, joint trees, tree contacts, joints), predict the joint
 *       anchors, integrate positions, project (tree limits and anchors, other limits), relax
 *       without bias (contacts, joint trees, tree contacts, joints);</li>
 *   <li>restitution, store impulses, speed caps;</li>
 *   <li>the time-of-impact sweep of fast bodies (continuous collision, unless the settings turn it off);</li>
 *   <li>end: forces cleared, touching state and events, islands and sleep.</li>
 * </ol>
 */
public final class Stepper {
    private final WorldState state;
    private final Bodies bodies;
    private final Colliders colliders;
    private final Contacts contacts;
    private final Joints joints;
    private final TickContext ctx;
    private final Integrator integrator;
    private final ContactSolver contactSolver;
    private final SolveOrder solveOrder;
    private final JointSolver jointSolver;
    private final JointTreeSolver jointTree;
    /** This tick's articulations: trees of ball joints moved in reduced coordinates. */
    private final Articulations arts;
    private final LimitProjection limitProjection = new LimitProjection();
    private final Continuous continuous = new Continuous();
    private final TickEnd end;
    private final SnapshotCodec codec;
    /** What runs the parallel stages, and each task's scratch (one array, grown with the runner's parallelism). */
    private final Parallel par = new Parallel();
    private final Lane[][] lanes = {new Lane[0]};
    private final SolverCounters drained = new SolverCounters();
    /** The world's state before the current tick, kept while step listeners are registered. */
    private ByteBuffer rollback;

    public Stepper(WorldState state, SnapshotCodec codec) {
        this.state = state;
        this.codec = codec;
        this.bodies = state.bodies;
        this.colliders = state.colliders;
        this.contacts = state.contacts;
        this.joints = state.joints;
        this.ctx = new TickContext(state.counters);
        this.integrator = new Integrator(bodies);
        this.contactSolver = new ContactSolver(bodies, ctx);
        this.arts = new Articulations(bodies, joints, contactSolver);
        this.solveOrder = new SolveOrder(bodies, contactSolver, new IslandBlockSolver(bodies, contactSolver, ctx), arts,
                par, lanes);
        use(null);
        this.jointSolver = new JointSolver(joints);
        this.jointTree = new JointTreeSolver(bodies, joints, ctx);
        this.end = new TickEnd(bodies, contacts, joints, state.contactLog);
    }

    /**
     * The runner of the step's parallel stages from the next tick on (null: the caller's thread
     * alone). The results do not depend on it.
     */
    public void use(TaskRunner runner) {
        par.use(runner);
        int n = par.lanes();
        if (lanes[0].length < n) {
            Lane[] grown = Arrays.copyOf(lanes[0], n);
            for (int i = lanes[0].length; i < n; i++) {
                grown[i] = new Lane(bodies);
            }
            lanes[0] = grown;
        }
        arts.lanes(n);
    }

    /** The lanes' solvers read the tick's per-body arrays (call after any of them is replaced). */
    private void shareArrays() {
        for (Lane l : lanes[0]) {
            l.cs.wrench = contactSolver.wrench;
            l.cs.budget = contactSolver.budget;
            l.cs.received = contactSolver.received;
        }
    }

    /** The time-of-impact sweeps of the last tick, for debug drawing. */
    public Continuous continuous() {
        return continuous;
    }

    /**
     * One step: fault containment, the tick, the joints that broke, fault containment again, then
     * {@code afterTick} (the step listeners). With {@code afterTick} given, the state from before
     * the tick is kept in a reused buffer, and anything thrown leaves the world as it was before
     * the step (the exception is rethrown).
     */
    public void step(Runnable afterTick) {
        boolean guarded = afterTick != null;
        try {
            state.faultLog.clear();
            ctx.counters.begin();
            FaultContainment.run(state);
            if (guarded) {
                rollback = codec.write(state, rollback);
            }
            runTick();
            state.stepCount++;
            state.breakOverloadedJoints();
            FaultContainment.run(state);
            if (guarded) {
                afterTick.run();
            }
        } catch (RuntimeException | Error e) {
            if (guarded && rollback != null) {
                try {
                    codec.restore(state, Arrays.copyOf(rollback.array(), rollback.position()));
                    state.contactLog.clear();
                } catch (RuntimeException restoreFailed) {
                    // a body removed by fault containment in this step cannot come back
                    e.addSuppressed(restoreFailed);
                }
            }
            throw e;
        }
    }

    private void runTick() {
        begin();
        collide();
        prepare();
        for (int sub = 0; sub < ctx.substeps; sub++) {
            substep(sub);
        }
        for (int i = 0; i < ctx.solveCount; i++) {
            ContactPair p = ctx.solveList[i];
            solveOrder.begin(p);
            contactSolver.restitution(p, ctx.h);
            solveOrder.end(p);
        }
        arts.flush(ctx.h, ctx.counters);
        for (int i = 0; i < ctx.solveCount; i++) {
            contactSolver.storeImpulses(ctx.solveList[i]);
        }
        integrator.capSpeeds(ctx);
        if (ctx.settings.continuousCollision()) {
            ctx.counters.sweptBack += continuous.run(state, ctx);
        } else {
            continuous.clear();
        }
        end.run(ctx);
        for (Lane l : lanes[0]) {
            l.ctx.counters.drainInto(ctx.counters);
        }
    }

    /** The context of this tick; each body's pose now is its pose before the tick, for interpolation and the sweep. */
    private void begin() {
        ctx.begin(state);
        for (Lane l : lanes[0]) {
            l.ctx.copyFrom(ctx);
            l.ctx.counters.drainInto(drained); // what an abandoned tick left
        }
        state.contactLog.clear();
        Bodies b = bodies;
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i]) {
                System.arraycopy(b.pos, 3 * i, b.prevPos, 3 * i, 3);
                System.arraycopy(b.rot, 4 * i, b.prevRot, 4 * i, 4);
            }
        }
    }

    /** Bounds of moving bodies, candidate pairs, and the manifolds of pairs with a moving body. */
    private void collide() {
        for (int k = 0; k < colliders.high; k++) {
            if (colliders.alive[k] && !colliders.isPlane[k] && bodies.isMoving(colliders.body[k])) {
                contacts.refitBounds(k, false, ctx.settings);
            }
        }
        state.refreshFilter();
        state.broadPhase.findPairs(colliders, bodies, state.filter);
        contacts.mergePairs(state.broadPhase, state.contactLog);
        // the manifolds, each writing its pair alone: in parallel, but for terrain pairs, whose
        // patches take pairs from the shared pool
        par.run(0, contacts.pairCount, narrowRange);
        double speculative = ctx.settings.speculativeDistance();
        for (int i = 0; i < contacts.pairCount; i++) {
            ContactPair p = contacts.pairs[i];
            if (p.terrain && (bodies.isMoving(p.bodyA) || bodies.isMoving(p.bodyB))) {
                contacts.updateManifold(p, ctx.dt, speculative, true);
            }
        }
    }

    private final Parallel.Range narrowRange = this::narrow;

    private void narrow(int lane, int from, int to) {
        Contacts.Scratch s = lanes[0][lane].narrow;
        double speculative = ctx.settings.speculativeDistance();
        for (int i = from; i < to; i++) {
            ContactPair p = contacts.pairs[i];
            if (!p.terrain && (bodies.isMoving(p.bodyA) || bodies.isMoving(p.bodyB))) {
                contacts.updateManifold(p, ctx.dt, speculative, true, s);
            }
        }
    }

    /** Everything the substeps reuse: inertia, the contact rows and their order, the joint rows and trees. */
    private void prepare() {
        integrator.updateInertia(ctx);
        arts.build();
        if (!arts.load()) {
            arts.abandon();
        }
        if (contactSolver.wrench.length < bodies.wrenchLength()) {
            contactSolver.wrench = new double[bodies.wrenchLength()];
        }
        shareArrays();
        for (int i = 0; i < contacts.pairCount; i++) {
            for (ContactPair p = contacts.pairs[i]; p != null; p = p.nextPatch) {
                if (p.pointCount > 0 && (awakeDynamic(p.bodyA) || awakeDynamic(p.bodyB))) {
                    ctx.addToSolve(p);
                }
            }
        }
        // the cross responses of pairs within one tree first (they use the tree's scratch), then
        // every pair's rows, each writing its pair alone
        for (int i = 0; i < ctx.solveCount; i++) {
            ContactPair p = ctx.solveList[i];
            p.crossSlot = -1;
            if (arts.sameTree(p.bodyA, p.bodyB)) {
                arts.crossSlot(p);
                arts.crossCache(p);
            }
        }
        par.run(0, ctx.solveCount, prepareRange);
        solveOrder.build(ctx);
        arts.groupGround(ctx.solveList, ctx.solveCount);
        jointSolver.prepare(bodies, ctx.h);
        jointTree.build();
        jointTree.markArticulated(ctx.solveList, ctx.solveCount);
        ctx.counters.treeContactsLeftOut += jointTree.contacts.limitsLeftOut;
    }

    private final Parallel.Range prepareRange = this::preparePairs;
    private final Parallel.Range artWarmRange = this::artWarm;
    private final Parallel.Range artProjectRange = this::artProject;
    private final Parallel.Range artJointsRange = this::artJoints;
    private final Parallel.Range artFrictionRange = this::artFriction;
    private final Parallel.Range freeRange = this::artFree;
    private SoftCoefficients jointRowsSoft;
    /** Set by a task whose articulation was singular in the free step (only ever to true). */
    private boolean freeFailed;

    private void artWarm(int lane, int from, int to) {
        arts.warmStartJoints(lane, from, to);
    }

    private void artProject(int lane, int from, int to) {
        arts.projectLimits(lane, from, to);
    }

    private void artJoints(int lane, int from, int to) {
        arts.solveJoints(jointRowsSoft, ctx.h, lane, from, to);
    }

    private void artFriction(int lane, int from, int to) {
        arts.solveFriction(ctx.h, lane, from, to);
    }

    private void artFree(int lane, int from, int to) {
        if (!arts.freeStep(ctx.h, ctx.gravityX, ctx.gravityY, ctx.gravityZ, lane, from, to)) {
            freeFailed = true;
        }
    }

    /** One pass over the articulated joints' rows, the articulations in parallel. */
    private void solveArtJoints(SoftCoefficients soft, double h) {
        jointRowsSoft = soft;
        par.run(0, arts.count(), artJointsRange);
    }

    private void preparePairs(int lane, int from, int to) {
        Lane l = lanes[0][lane];
        for (int i = from; i < to; i++) {
            ContactPair p = ctx.solveList[i];
            if (p.crossSlot >= 0) {
                arts.crossBegin(p, l.art);
            }
            l.cs.prepare(p);
            arts.crossEnd(l.art);
        }
    }

    private void substep(int sub) {
        double h = ctx.h;
        double invH = ctx.invH;
        double remaining = h * (ctx.substeps - sub);
        if (sub > 0 && refreshFastPairs(remaining)) {
            solveOrder.build(ctx);
        }
        integrator.integrateVelocities(ctx);
        jointSolver.aimDrives(remaining);
        arts.beginFreeStep();
        freeFailed = false;
        par.run(0, arts.count(), freeRange);
        if (freeFailed) {
            arts.abandon();
        }
        // warm start
        contactSolver.beginBodyCaps();
        shareArrays();
        par.run(0, arts.count(), artWarmRange);
        jointSolver.warmStart(bodies);
        jointTree.warmStart();
        solveOrder.warmStart();
        // the articulated bodies' velocities with the warm start in, for the solve's cheap test of
        // pairs that are clearly apart
        arts.refresh();
        solveOrder.select(invH);
        // solve with bias: the articulations' joint rows before the contacts each pass (the contacts
        // have the last word there, so a limit closing a landing ankle cannot push the foot into the
        // ground) and each articulation's ground block after its friction, so limits, friction and
        // the normals it bears converge together; then the maximal joints, which have the last word
        // over their bodies' contacts
        for (int pass = 0; pass < Tuning.CONTACT_PASSES; pass++) {
            solveArtJoints(ctx.jointSoft, h);
            solveOrder.solve(invH, true);
            arts.solveGround(contactSolver, invH, true, pass == 0);
        }
        jointSolver.solveDrives(bodies);
        jointTree.solve(ctx.jointSoft.biasRate, true);
        jointTree.solveContacts(contactSolver, invH, true);
        jointSolver.solve(bodies, ctx.jointSoft);
        arts.flush(h, ctx.counters);
        // integrate positions, then project what the linear velocity step leaves passed
        jointTree.predictAnchors(h);
        integrator.integratePositions(ctx);
        arts.integrate(h);
        for (int pass = 0; pass < Tuning.TREE_LIMIT_PROJECTIONS && jointTree.project(); pass++) {
            // repeat while a tree's limit is still passed
        }
        limitProjection.project(bodies, joints);
        par.run(0, arts.count(), artProjectRange);
        arts.projected();
        // relax without bias; again the joints last, so a chain's links are not pulled apart by
        // the contacts they make with each other; the articulations' joint friction once more after
        // their contacts (ArticulatedJoints.solveFriction)
        // the pairs the passes passed by as clearly apart stay out: the relax applies no bias, and
        // a pair apart by its margin when the passes began is still apart after the position update
        arts.refresh();
        solveArtJoints(null, h);
        solveOrder.solve(invH, false);
        arts.solveGround(contactSolver, invH, false, false);
        par.run(0, arts.count(), artFrictionRange);
        jointTree.solve(0, false);
        jointTree.solveContacts(contactSolver, invH, false);
        jointSolver.solve(bodies, null);
        arts.flush(h, ctx.counters);
    }

    /**
     * A manifold is computed once per tick with a fixed normal and fixed points. A body spinning
     * fast turns other features into its neighbour within the tick (a box at 20 rad/s turns 19°),
     * so pairs whose bodies' rotation sweeps more than {@link Tuning#FAST_ROTATION_SWEEP} in a
     * substep are recollided between substeps, keeping their impulses by feature id.
     */
    private boolean refreshFastPairs(double remaining) {
        boolean any = false;
        double h = ctx.h;
        if (!markFastBodies(h)) {
            return false;
        }
        double speculative = ctx.settings.speculativeDistance();
        for (int i = 0; i < ctx.solveCount; i++) {
            ContactPair p = ctx.solveList[i];
            if (!fastBody[p.bodyA] && !fastBody[p.bodyB]) {
                continue; // neither body turns half the sweep with any of its colliders
            }
            double sweep = h * (Contacts.length(bodies.angVel, p.bodyA) * colliders.maxRadius[p.colliderA]
                    + Contacts.length(bodies.angVel, p.bodyB) * colliders.maxRadius[p.colliderB]);
            if (sweep <= Tuning.FAST_ROTATION_SWEEP || p.owner != null) {
                continue; // a terrain pair's further patches are recollided with its first
            }
            contacts.updateColliderPose(p.colliderA);
            contacts.updateColliderPose(p.colliderB);
            contacts.updateManifold(p, remaining, speculative, false);
            for (ContactPair q = p; q != null; q = q.nextPatch) {
                if (q.pointCount > 0) {
                    solveOrder.begin(q);
                    contactSolver.prepare(q, false);
                    solveOrder.end(q);
                }
            }
            any = true;
        }
        return any;
    }

    /** Per body: one of its colliders sweeps more than about half of {@link Tuning#FAST_ROTATION_SWEEP} in a substep. */
    private boolean[] fastBody = new boolean[0];

    /**
     * Marks the bodies of {@link #fastBody}; false if there are none. A pair's sweep is the sum of
     * its two colliders' sweeps, so it can pass the limit only if one of them passes half of it; the
     * bound is taken a little lower so that the rounding of the sum cannot matter.
     */
    private boolean markFastBodies(double h) {
        if (fastBody.length < bodies.capacity) {
            fastBody = new boolean[bodies.capacity];
        }
        Arrays.fill(fastBody, 0, bodies.high, false);
        boolean any = false;
        double half = 0.49 * Tuning.FAST_ROTATION_SWEEP;
        for (int k = 0; k < colliders.high; k++) {
            if (!colliders.alive[k] || colliders.isPlane[k]) {
                continue;
            }
            int body = colliders.body[k];
            if (h * Contacts.length(bodies.angVel, body) * colliders.maxRadius[k] > half) {
                fastBody[body] = true;
                any = true;
            }
        }
        return any;
    }

    private boolean awakeDynamic(int body) {
        return bodies.type[body] == Bodies.DYNAMIC && bodies.awake[body];
    }
}
