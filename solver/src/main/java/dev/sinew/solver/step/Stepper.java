package dev.sinew.solver.step;

import dev.sinew.solver.TaskRunner;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.articulation.JointTreeSolver;
import dev.sinew.solver.articulation.LimitProjection;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.BroadPhase;
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
    /** The articulations' stages. */
    private final TreeStages trees;
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
        this.arts = new Articulations(bodies, joints, contactSolver, ctx.counters);
        this.trees = new TreeStages(arts, par, lanes, ctx);
        this.solveOrder = new SolveOrder(bodies, contactSolver, new IslandBlockSolver(bodies, contactSolver, ctx), arts,
                par, lanes);
        use(null);
        this.jointSolver = new JointSolver(joints);
        this.jointTree = new JointTreeSolver(bodies, joints, ctx);
        this.end = new TickEnd(bodies, contacts, joints, state.contactLog, par);
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
                grown[i] = new Lane(bodies, arts);
            }
            lanes[0] = grown;
            broadLists = new BroadPhase.Pairs[n];
            for (int i = 0; i < n; i++) {
                broadLists[i] = grown[i].broad;
            }
        }
    }

    /** The lanes' lists of the broadphase's pairs. */
    private BroadPhase.Pairs[] broadLists;

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
            if (p.restitution == 0) {
                continue; // no bounce: loading its articulated bodies' velocities would change nothing the flush keeps
            }
            solveOrder.begin(p);
            contactSolver.restitution(p, ctx.h);
            solveOrder.end(p);
        }
        trees.run(TreeStages.FLUSH);
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
        // the bounds around where the bodies are now (the tick's end moved the colliders), for the
        // queries between ticks: a body knocked back during the tick has left the bound swept along
        // its velocity at the tick's start
        refitMovingBounds();
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
        refitMovingBounds();
        state.refreshFilter();
        // the broadphase's grid on one thread, its cells' pairs in parts, each sorting the pairs it
        // finds, then merged
        BroadPhase bp = state.broadPhase;
        bp.prepare(colliders, bodies, state.filter);
        for (Lane l : lanes[0]) {
            l.broad.clear();
        }
        par.run(0, bp.items(), Parallel.MEDIUM, sweepRange);
        bp.gather(broadLists, broadLists.length);
        contacts.mergePairs(bp, state.contactLog);
        // the manifolds, each writing its pair alone: in parallel, but for terrain pairs, whose
        // patches take pairs from the shared pool (the tasks list them, in pair order)
        for (Lane l : lanes[0]) {
            l.terrainCount = 0;
        }
        par.run(0, contacts.pairCount, Parallel.PAIRS, narrowRange);
        double speculative = ctx.settings.speculativeDistance();
        for (Lane l : lanes[0]) {
            for (int k = 0; k < l.terrainCount; k++) {
                contacts.updateManifold(contacts.pairs[l.terrain[k]], ctx.dt, speculative, true);
            }
        }
    }

    /**
     * The broadphase bounds of every collider of a moving body, from its pose and velocity now
     * ({@link Contacts#refitBounds}).
     */
    private void refitMovingBounds() {
        for (int k = 0; k < colliders.high; k++) {
            if (colliders.alive[k] && !colliders.isPlane[k] && bodies.isMoving(colliders.body[k])) {
                contacts.refitBounds(k, false, ctx.settings);
            }
        }
    }

    private final Parallel.Range narrowRange = this::narrow;
    private final Parallel.Range sweepRange = this::sweep;

    private void sweep(int lane, int from, int to) {
        state.broadPhase.sweep(colliders, bodies, from, to, lanes[0][lane].broad);
    }

    private void narrow(int lane, int from, int to) {
        Contacts.Scratch s = lanes[0][lane].narrow;
        double speculative = ctx.settings.speculativeDistance();
        Lane l = lanes[0][lane];
        for (int i = from; i < to; i++) {
            ContactPair p = contacts.pairs[i];
            if (bodies.isMoving(p.bodyA) || bodies.isMoving(p.bodyB)) {
                if (p.terrain) {
                    l.addTerrain(i);
                } else {
                    contacts.updateManifold(p, ctx.dt, speculative, true, s);
                }
            }
        }
    }

    /** Everything the substeps reuse: inertia, the contact rows and their order, the joint rows and trees. */
    private void prepare() {
        integrator.updateInertia(ctx);
        arts.build();
        if (!trees.load()) {
            arts.abandon();
        }
        if (contactSolver.wrench.length < bodies.wrenchLength()) {
            contactSolver.wrench = new double[bodies.wrenchLength()];
        }
        shareArrays();
        // the pairs to solve, found in parts; the cross responses of pairs within one tree first
        // (they use the tree's scratch: one task per tree), then every pair's rows, each writing its
        // pair alone
        for (Lane l : lanes[0]) {
            l.toSolveCount = 0;
            l.sameTreeCount = 0;
        }
        par.run(0, contacts.pairCount, Parallel.FLAGS, toSolveRange);
        for (Lane l : lanes[0]) {
            ctx.addToSolve(l.toSolve, l.toSolveCount);
            for (int k = 0; k < l.sameTreeCount; k++) {
                arts.crossSlot(l.sameTree[k]);
            }
        }
        arts.wantResponses(ctx.solveList, ctx.solveCount);
        arts.groupCross();
        trees.responses();
        par.run(0, ctx.solveCount, Parallel.PAIRS, prepareRange);
        solveOrder.build(ctx);
        arts.groupGround(ctx.solveList, ctx.solveCount);
        jointSolver.prepare(bodies, ctx.h);
        jointTree.build();
        jointTree.markArticulated(ctx.solveList, ctx.solveCount);
        ctx.counters.treeContactsLeftOut += jointTree.contacts.limitsLeftOut;
    }

    private final Parallel.Range prepareRange = this::preparePairs;
    private final Parallel.Range toSolveRange = this::findPairsToSolve;

    /** Pairs [from, to): the patches with points and an awake dynamic body, into the lane's lists. */
    private void findPairsToSolve(int lane, int from, int to) {
        Lane l = lanes[0][lane];
        for (int i = from; i < to; i++) {
            for (ContactPair p = contacts.pairs[i]; p != null; p = p.nextPatch) {
                if (p.pointCount > 0 && (awakeDynamic(p.bodyA) || awakeDynamic(p.bodyB))) {
                    l.addToSolve(p);
                    p.crossSlot = -1;
                    if (arts.sameTree(p.bodyA, p.bodyB)) {
                        l.addSameTree(p);
                    }
                }
            }
        }
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
        if (!trees.freeStep(remaining)) {
            arts.abandon();
            jointSolver.aimDrives(remaining); // the drives the trees gave back
            solveOrder.pairsChanged();
        }
        if (arts.count() > 0 && arts.refreshResponses(h)) {
            refreshMasses();
            solveOrder.pairsChanged();
        }
        // warm start
        contactSolver.beginBodyCaps();
        shareArrays();
        trees.warmStart();
        jointSolver.warmStart(bodies);
        jointTree.warmStart();
        solveOrder.warmStart();
        // the articulated bodies' velocities with the warm start in, for the solve's cheap test of
        // pairs that are clearly apart
        trees.run(TreeStages.REFRESH);
        solveOrder.select(invH);
        // solve with bias: the articulations' joint rows before the contacts each pass (the contacts
        // have the last word there, so a limit closing a landing ankle cannot push the foot into the
        // ground) and each articulation's ground block after its friction, so limits, friction and
        // the normals it bears converge together; then the maximal joints, which have the last word
        // over their bodies' contacts. A tree's ground block and its joint rows of the next pass are
        // one stage; the maximal solvers and the other bodies' position update and projections move
        // other bodies than the trees, so they come before the last ground blocks, which join the
        // trees' flush, position update and projection.
        arts.layOutGround();
        trees.run(TreeStages.JOINTS, ctx.jointSoft, true, false);
        for (int pass = 0; pass < Tuning.CONTACT_PASSES - 1; pass++) {
            solveOrder.solve(invH, true);
            trees.run(TreeStages.GROUND | TreeStages.JOINTS, ctx.jointSoft, true, pass == 0);
        }
        solveOrder.solve(invH, true);
        jointSolver.solveDrives(bodies);
        jointTree.solve(ctx.jointSoft.biasRate, true);
        jointTree.solveContacts(contactSolver, invH, true);
        jointSolver.solve(bodies, ctx.jointSoft);
        // integrate positions, then project what the linear velocity step leaves passed
        jointTree.predictAnchors(h);
        integrator.integratePositions(ctx);
        for (int pass = 0; pass < Tuning.TREE_LIMIT_PROJECTIONS && jointTree.project(); pass++) {
            // repeat while a tree's limit is still passed
        }
        limitProjection.project(bodies, joints);
        arts.beginIntegrate();
        trees.run(TreeStages.GROUND | TreeStages.FLUSH_VELOCITIES | TreeStages.INTEGRATE | TreeStages.PROJECT, null,
                true, Tuning.CONTACT_PASSES == 1);
        arts.projected();
        // relax without bias; again the joints last, so a chain's links are not pulled apart by
        // the contacts they make with each other; the articulations' joint friction once more after
        // their contacts (ArticulatedJoints.solveFriction)
        // the pairs the passes passed by as clearly apart stay out: the relax applies no bias, and
        // a pair apart by its margin when the passes began is still apart after the position update;
        // the maximal solvers come before the trees' ground blocks, friction and flush (one stage)
        trees.run(TreeStages.REFRESH | TreeStages.JOINTS, null, false, false);
        solveOrder.solve(invH, false);
        jointTree.solve(0, false);
        jointTree.solveContacts(contactSolver, invH, false);
        jointSolver.solve(bodies, null);
        trees.run(TreeStages.GROUND | TreeStages.FRICTION | TreeStages.FLUSH_VELOCITIES, null, false, false);
    }

    /**
     * The contact rows' masses of the pairs whose articulated bodies' responses were just computed
     * again ({@link Articulations#refreshResponses}), in pair order.
     */
    private void refreshMasses() {
        for (int i = 0; i < ctx.solveCount; i++) {
            ContactPair p = ctx.solveList[i];
            if (arts.responsesRefreshed(p.bodyA) || arts.responsesRefreshed(p.bodyB)) {
                prepareMidTick(p);
            }
        }
    }

    /** A pair's rows prepared again between substeps, its articulated bodies loaded around it; the tick's restitution data kept. */
    private void prepareMidTick(ContactPair p) {
        solveOrder.begin(p);
        contactSolver.prepare(p, false);
        solveOrder.end(p);
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
                    prepareMidTick(q);
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
