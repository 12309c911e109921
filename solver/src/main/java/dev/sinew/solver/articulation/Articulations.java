package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * This tick's articulations: every component of moving bodies joined only by ball and swing-twist
 * joints, without a loop and with at most one joint to a body that does not move, is moved in
 * reduced coordinates ({@link Articulation}); its joints cannot open. Other components are left
 * to the maximal-coordinate solvers. The set is rebuilt each tick from the joints in slot order, so
 * it depends on nothing but the world's state.
 *
 * <p>Between the contact solver and an articulation: a manifold touching an articulated body
 * {@link #begin}s it (its exact velocity, pending impulses included, into the body arrays), solves
 * with the body's articulated response (its 6×6 inverse mass seen at the body: the whole tree
 * moves, its joints held, drives implicit) and {@link #end}s it (the manifold's impulse on the
 * body swept through the tree). {@link #flush} writes every articulated body's velocity.
 */
public final class Articulations {
    private final Bodies b;
    private final Joints joints;
    Articulation[] list = new Articulation[4];
    int count;
    /** Per body: its articulation and link this tick, or −1. */
    int[] artOf = new int[0];
    int[] linkOf = new int[0];

    private final ArticulationFinder finder;
    /** The joints' point impulses the articulations keep through a tick, and the tension inertia. */
    private final ArticulatedPoints points;
    private final double[] zero3 = new double[3];

    /**
     * The articulations of a world whose contact rows go through {@code contacts} when no task's
     * lane is given, counting the limits that act into {@code counters}.
     */
    public Articulations(Bodies bodies, Joints joints, ContactSolver contacts, SolverCounters counters) {
        this.b = bodies;
        this.joints = joints;
        this.finder = new ArticulationFinder(bodies, joints);
        this.points = new ArticulatedPoints(joints);
        this.ground = new ArticulatedGround(this, bodies);
        this.mainLane = new ArticulationLane(this, contacts, counters);
    }

    /** The articulations' contacts with the ground, solved as one block per tree. */
    private final ArticulatedGround ground;
    /** The lane of the calls made without one (the caller's thread, between the parallel stages). */
    private final ArticulationLane mainLane;

    /** The lane of the caller's thread between the parallel stages (with the world's contact solver). */
    public ArticulationLane mainLane() {
        return mainLane;
    }

    /** A lane's joint rows (limits, friction). */
    ArticulatedJoints newRows() {
        return new ArticulatedJoints(this, b, joints, ground);
    }

    /** A lane's drives and root springs, taken into each substep's system implicitly. */
    ArticulatedDrives newDrives() {
        return new ArticulatedDrives(b, joints);
    }

    public boolean taken(int joint) {
        return joints.articulated[joint];
    }

    public boolean articulated(int body) {
        return body < artOf.length && artOf[body] >= 0;
    }

    /** The body's articulation this tick (0 to {@link #count()} − 1), or −1. */
    public int articulationOf(int body) {
        return articulated(body) ? artOf[body] : -1;
    }

    /** How many articulations this tick has. */
    public int count() {
        return count;
    }

    /** Finds this tick's articulations (see the class doc and {@link ArticulationFinder}). */
    public void build() {
        finder.build(this);
        ensurePoseState();
    }

    /** Gives every body back to the maximal solvers (an articulation was singular). */
    public void abandon() {
        for (int t = 0; t < count; t++) {
            mainLane.rows.writeBack(t);
            writeBack(list[t], mainLane.drives);
        }
        for (int i = 0; i < b.high; i++) {
            artOf[i] = -1;
            b.articulated[i] = false;
        }
        Arrays.fill(joints.articulated, 0, joints.high, false);
        count = 0;
    }

    /** Before the articulations' {@link #load}: the cross responses of the last tick are gone. */
    public void beginLoad() {
        crossSlots = 0;
        crossStamp++;
    }

    /**
     * Each articulation's pose (joints closed) and velocities from the bodies' arrays, articulations
     * [from, to); every one of them is loaded, and false is returned if one is singular (the caller
     * then gives every body back to the maximal solvers).
     */
    public boolean load(ArticulationLane lane, int from, int to) {
        boolean ok = true;
        for (int i = from; i < to; i++) {
            Articulation a = list[i];
            a.hb = lane.massBlocks(a.blockCount);
            // the tick's copies of the joints' data are made at its first free step (what a tick
            // cut short by an exception left in them is not written back: the world was restored)
            a.tickFilled = false;
            a.tickDirty = false;
            baseMotion(a);
            a.pose(b);
            if (!a.load(b)) {
                ok = false;
            }
        }
        return ok;
    }

    /** Per body: a pair to solve this tick touches it, so its contact rows need its articulated response. */
    private boolean[] wanted = new boolean[0];

    /**
     * Marks the articulated bodies of this tick's pairs to solve, whose articulated responses
     * {@link #responses} computes (after {@link #load}, on one thread).
     */
    public void wantResponses(ContactPair[] pairs, int n) {
        if (wanted.length < b.high) {
            wanted = new boolean[Math.max(b.high, 2 * wanted.length)];
        }
        Arrays.fill(wanted, 0, b.high, false);
        for (int i = 0; i < n; i++) {
            ContactPair p = pairs[i];
            wanted[p.bodyA] |= articulated(p.bodyA);
            wanted[p.bodyB] |= articulated(p.bodyB);
        }
    }

    /**
     * The articulated responses ({@link Articulation#linkResponses}) of the bodies of articulations
     * [from, to) that {@link #wantResponses} marked, into the bodies' response arrays.
     */
    public void responses(int from, int to) {
        for (int i = from; i < to; i++) {
            turned[i] = 0;
            list[i].linkResponses(b, b.response, wanted);
        }
    }

    private void baseMotion(Articulation a) {
        if (a.base < 0) {
            return;
        }
        System.arraycopy(b.pos, 3 * a.base, a.baseCom, 0, 3);
        boolean kinematic = b.type[a.base] == Bodies.KINEMATIC;
        System.arraycopy(kinematic ? b.linVel : zero3, kinematic ? 3 * a.base : 0, a.baseVel, 0, 3);
        System.arraycopy(kinematic ? b.angVel : zero3, kinematic ? 3 * a.base : 0, a.baseAngVel, 0, 3);
    }

    /** Before the articulations' {@link #freeStep}. */
    public void beginFreeStep() {
        lastSubstepStamp = crossStamp;
        crossStamp++;
    }

    /**
     * One substep's forces on articulations [from, to), drives implicit: a drive of joint j on node
     * i is the soft row J·q̇ + v = 0 (J = ±E, the sign of the link's side of the joint) with
     * compliance Γ, taken into the system as (H + Γ⁻¹)·Δq̇ = h·g − J·Γ⁻¹·v; then the articulated
     * responses. Every one of them is stepped, and false is returned if one is singular.
     */
    public boolean freeStep(double h, double remaining, double gx, double gy, double gz, ArticulationLane lane, int from,
            int to) {
        boolean ok = true;
        for (int i = from; i < to; i++) {
            if (lane.jointImpulse.length < 3 * list[i].linkCount) {
                lane.jointImpulse = new double[3 * list[i].linkCount];
            }
            list[i].hb = lane.massBlocks(list[i].blockCount);
            ok &= freeStep(list[i], h, remaining, gx, gy, gz, lane.drives, lane.jointImpulse);
        }
        return ok;
    }

    private boolean freeStep(Articulation a, double h, double remaining, double gx, double gy, double gz,
            ArticulatedDrives drives, double[] jointImpulse) {
        boolean first = !a.tickFilled;
        if (!a.tickFilled) {
            fill(a, drives);
        }
        a.tickDirty = true;
        baseMotion(a);
        a.pose(b);
        points.tension(a, h);
        a.prepareStep(b);
        a.kept.turn += h * a.fastestSpin();
        a.kept.keep = !first && a.kept.turn <= Tuning.FACTOR_TURN;
        boolean driven = drives.setUp(a, remaining);
        a.forces(b, h, gx, gy, gz);
        double[] start = drives.start(a);
        for (int pass = 0; ; pass++) {
            if (!a.solveStep(b, drives.rhs, start)) {
                return false;
            }
            if (!driven || !drives.impulses(a, pass < ArticulatedDrives.MAX_CLAMP_PASSES)) {
                break;
            }
        }
        a.jointImpulses(b, h, jointImpulse);
        points.store(a, jointImpulse);
        drives.rootSpringImpulse(a);
        return true;
    }

    /**
     * At articulation a's first free step in a tick: its joints' point impulses and its drives'
     * records copied from the joints, read and written in the articulation's arrays until
     * {@link #writeBack(Articulation, ArticulatedDrives)}.
     */
    private void fill(Articulation a, ArticulatedDrives drives) {
        points.fill(a);
        drives.fill(a);
        a.tickFilled = true;
    }

    /**
     * Writes articulation a's point impulses and drive records back into its joints, if newer: at
     * the tick's end and when the articulations are let go.
     */
    private void writeBack(Articulation a, ArticulatedDrives drives) {
        if (!a.tickDirty) {
            return;
        }
        a.tickDirty = false;
        points.writeBack(a);
        drives.writeBack(a);
    }

    /**
     * Writes the velocities of the bodies of articulations [from, to) with the pending impulses
     * folded in, without the rate cap of {@link #flush}: the body arrays then hold velocities the
     * contact solver's cheap tests may read.
     */
    public void refresh(int from, int to) {
        for (int i = from; i < to; i++) {
            list[i].flush(b);
        }
    }

    /**
     * Writes the velocities of the bodies of articulations [from, to) (pending impulses folded in),
     * each joint's rate first held within {@link #MAX_TURN} per substep h (the caps counted in the
     * lane's counters), and with {@code rows} the impulses of their joints' friction and limit rows
     * into the joints (the tick's last flush: within a tick the rows are read from the row data).
     */
    public void flush(double h, ArticulationLane lane, int from, int to, boolean rows) {
        for (int i = from; i < to; i++) {
            Articulation a = list[i];
            a.flushPending();
            lane.counters.speedCapped += a.capRates(MAX_TURN / h);
            a.flush(b);
            if (rows) {
                lane.rows.writeBack(i);
                writeBack(a, lane.drives);
            }
        }
    }

    /**
     * {@link #flush(double, ArticulationLane, int, int, boolean)} of every articulation with its
     * rows, on the caller's thread.
     */
    public void flush(double h) {
        flush(h, mainLane, 0, count, true);
    }

    /**
     * The most a joint may turn in one substep, rad (its rate is capped at this over h: 120 rad/s at
     * 240 substeps a second). The joint-space step is linear in the rates; a hand struck at 30 m/s
     * reached 20,000 rad/s in two substeps without the cap (the centripetal and gyroscopic terms,
     * evaluated at the start of the substep, grow with the square of the rate), and engines that move
     * articulations in reduced coordinates cap joint speeds for the same reason.
     */
    static final double MAX_TURN = 0.5;

    /** True if both bodies are articulated in the same tree. */
    public boolean sameTree(int a, int c) {
        return articulated(a) && articulated(c) && artOf[a] == artOf[c];
    }

    /**
     * Gives the contact solver the cross response R_AB of a pair whose bodies share an
     * articulation ({@link Articulation#crossResponse}): its rows then move both bodies together.
     */
    public void crossBegin(ContactPair p) {
        crossBegin(p, mainLane);
    }

    /** {@link #crossBegin(ContactPair)} into one task's contact solver (see {@link #begin(int, ArticulationLane)}). */
    public void crossBegin(ContactPair p, ArticulationLane lane) {
        ContactSolver contacts = lane.contacts;
        int a = p.bodyA;
        int c = p.bodyB;
        int slot = p.crossSlot;
        if (slot < 0 || crossStampOf[slot] != crossStamp) {
            double[] out = slot < 0 ? contacts.cross : crossCache;
            list[artOf[a]].crossResponse(b, linkOf[a], linkOf[c], out, slot < 0 ? 0 : 36 * slot);
            if (slot >= 0) {
                crossStampOf[slot] = crossStamp;
            }
        }
        if (slot >= 0) {
            System.arraycopy(crossCache, 36 * slot, contacts.cross, 0, 36);
        }
        contacts.crossA = a;
        contacts.crossB = c;
    }

    /**
     * Computes the cross response of a pair whose bodies share an articulation into its slot's
     * cache, unless it holds one already, so that tasks preparing pairs of one tree at the same
     * time only read it ({@link #crossSlot} first).
     */
    private void crossCache(ContactPair p) {
        int slot = p.crossSlot;
        if (slot >= 0 && crossStampOf[slot] != crossStamp) {
            list[artOf[p.bodyA]].crossResponse(b, linkOf[p.bodyA], linkOf[p.bodyB], crossCache, 36 * slot);
            crossStampOf[slot] = crossStamp;
        }
    }

    /**
     * Gives a pair whose bodies share an articulation a slot for its cross response this tick (call
     * once per pair when the tick's pairs are prepared). The response depends only on the
     * factorization and the links' positions, so it is computed once per slot while they hold: from
     * a substep's free step to its position update, and from its projections to the next free step
     * (the warm start and the three passes, then the relax, each share one).
     */
    public void crossSlot(ContactPair p) {
        int slot = crossSlots++;
        if (crossStampOf.length <= slot) {
            crossStampOf = Arrays.copyOf(crossStampOf, 2 * slot + 2);
            crossCache = Arrays.copyOf(crossCache, 36 * crossStampOf.length);
        }
        if (crossPairs.length < crossStampOf.length) {
            crossPairs = Arrays.copyOf(crossPairs, crossStampOf.length);
        }
        crossStampOf[slot] = -1;
        crossPairs[slot] = p;
        p.crossSlot = slot;
    }

    private int crossSlots;
    long crossStamp;
    private long[] crossStampOf = new long[8];
    private double[] crossCache = new double[36 * 8];
    /** Per slot its pair, and the slots grouped by articulation (in slot order within one). */
    private ContactPair[] crossPairs = new ContactPair[8];
    private int[] crossByTree = new int[8];
    private int[] crossTreeStart = new int[5];

    /**
     * Groups the slots given out by {@link #crossSlot} by articulation, for
     * {@link #crossCaches}: an articulation's cross responses use its scratch, so one task computes
     * all of them.
     */
    public void groupCross() {
        if (crossTreeStart.length < count + 2) {
            crossTreeStart = new int[2 * count + 2];
        }
        if (crossByTree.length < crossSlots) {
            crossByTree = new int[crossStampOf.length];
        }
        Arrays.fill(crossTreeStart, 0, count + 2, 0);
        for (int slot = 0; slot < crossSlots; slot++) {
            crossTreeStart[artOf[crossPairs[slot].bodyA] + 2]++;
        }
        for (int t = 0; t < count; t++) {
            crossTreeStart[t + 2] += crossTreeStart[t + 1];
        }
        for (int slot = 0; slot < crossSlots; slot++) {
            crossByTree[crossTreeStart[artOf[crossPairs[slot].bodyA] + 1]++] = slot;
        }
    }

    /** The cross responses of the pairs within articulations [from, to), into their slots ({@link #groupCross} first). */
    public void crossCaches(int from, int to) {
        for (int k = crossTreeStart[from]; k < crossTreeStart[to]; k++) {
            crossCache(crossPairs[crossByTree[k]]);
        }
    }

    /**
     * Per articulation, for its joint rows (each articulation is handled by one task per stage, so
     * these are written by one thread at a time): the {@link #crossStamp} at which its limits were
     * last measured, whether its last projection left it in place, and whether the projection ran
     * since the last pass over its rows.
     */
    long[] evaluatedAt = new long[0];
    boolean[] settled = new boolean[0];
    boolean[] projectedNow = new boolean[0];
    /**
     * The {@link #crossStamp} at which the relax last measured an articulation's limits into its row
     * data; equal to {@link #lastSubstepStamp} when the data holds the rows of the pose the next
     * substep starts from.
     */
    long[] relaxedAt = new long[0];
    /** The {@link #crossStamp} of the substep before this one's free step ({@link #beginFreeStep}). */
    long lastSubstepStamp = -1;

    /**
     * Per articulation: how far its links have turned since its contact rows' masses were computed
     * (h times its fastest link's angular speed, summed over the substeps), rad; and whether
     * {@link #refreshResponses} computed its responses again in this substep.
     */
    private double[] turned = new double[0];
    private boolean[] refreshed = new boolean[0];

    /**
     * After a substep's free step: each articulation whose links have turned by more than
     * {@link Tuning#RESPONSE_TURN} in the substeps since its responses were computed gets the
     * responses of its bodies that pairs touch again, from its pose now
     * ({@link Articulation#responsesWithoutDrives}); the masses of those pairs' rows are then to be
     * prepared again ({@link #responsesRefreshed}). Then this substep's turn is added. On one
     * thread, articulations in order; true if any was refreshed.
     */
    public boolean refreshResponses(double h) {
        boolean any = false;
        for (int i = 0; i < count; i++) {
            Articulation a = list[i];
            refreshed[i] = false;
            if (turned[i] > Tuning.RESPONSE_TURN) {
                turned[i] = 0;
                a.hb = mainLane.massBlocks(a.blockCount);
                refreshed[i] = a.responsesWithoutDrives(b, b.response, wanted);
                any |= refreshed[i];
            }
            turned[i] += h * a.fastestSpin();
        }
        return any;
    }

    /** True if {@link #refreshResponses} computed body k's articulation's responses again in this substep. */
    public boolean responsesRefreshed(int k) {
        return articulated(k) && refreshed[artOf[k]];
    }

    /** Sizes the per-articulation state of the joint rows (from {@link #build}, on one thread). */
    void ensurePoseState() {
        if (evaluatedAt.length < count) {
            evaluatedAt = new long[list.length];
            Arrays.fill(evaluatedAt, -1);
            relaxedAt = new long[list.length];
            Arrays.fill(relaxedAt, -1);
            settled = new boolean[list.length];
            projectedNow = new boolean[list.length];
            turned = new double[list.length];
            refreshed = new boolean[list.length];
        }
    }

    /** Ends a pair's cross response. */
    public void crossEnd() {
        crossEnd(mainLane);
    }

    /** {@link #crossEnd()} of one task's contact solver. */
    public void crossEnd(ArticulationLane lane) {
        lane.contacts.crossA = -1;
        lane.contacts.crossB = -1;
    }

    /** Before the articulations' {@link #integrate}: the links are about to move. */
    public void beginIntegrate() {
        crossStamp++;
    }

    /** Moves the links of articulations [from, to) by their velocities over h (after the kinematic bodies moved). */
    public void integrate(double h, int from, int to) {
        for (int i = from; i < to; i++) {
            Articulation a = list[i];
            baseMotion(a);
            a.integrate(b, h);
        }
    }

    /** Loads the body's exact current velocity into its arrays and clears its contact impulse. */
    public void begin(int body) {
        begin(body, mainLane);
    }

    /**
     * {@link #begin} with one task's scratch and contact solver: tasks that work on different
     * articulations at the same time each use their own lane.
     */
    public void begin(int body, ArticulationLane lane) {
        Articulation a = list[artOf[body]];
        int l = linkOf[body];
        if (lane.path.length < 3 * a.nodeCount) {
            lane.path = new double[3 * a.nodeCount];
        }
        double[] path = lane.path;
        double[] vel6 = lane.vel6;
        a.pathVelocity(a.linkNode[l], path);
        a.pointVelocity(l, path, b.pos[3 * body], b.pos[3 * body + 1], b.pos[3 * body + 2], vel6, true);
        System.arraycopy(vel6, 0, b.linVel, 3 * body, 3);
        System.arraycopy(vel6, 3, b.angVel, 3 * body, 3);
        clearWrench(body, lane);
    }

    /**
     * Clears the impulse the lane's contact solver books on the body for {@link #end}, without
     * loading its velocity: for the warm start, which only applies impulses (its velocity writes
     * to articulated bodies are replaced when the trees' velocities are refreshed after it).
     */
    public void clearWrench(int body, ArticulationLane lane) {
        ContactSolver contacts = lane.contacts;
        if (contacts.wrench.length < b.wrenchLength()) {
            contacts.wrench = new double[b.wrenchLength()];
        }
        double[] w = contacts.wrench;
        int o = 6 * body;
        w[o] = 0;
        w[o + 1] = 0;
        w[o + 2] = 0;
        w[o + 3] = 0;
        w[o + 4] = 0;
        w[o + 5] = 0;
    }

    /** Sweeps the impulse the body's contacts gave it since {@link #begin} through its articulation. */
    public void end(int body) {
        end(body, mainLane);
    }

    /** {@link #end} with one task's lane (see {@link #begin(int, ArticulationLane)}). */
    public void end(int body, ArticulationLane lane) {
        int o = 6 * body;
        double[] w = lane.contacts.wrench;
        if (w[o] == 0 && w[o + 1] == 0 && w[o + 2] == 0 && w[o + 3] == 0 && w[o + 4] == 0 && w[o + 5] == 0) {
            return;
        }
        Articulation a = list[artOf[body]];
        int l = linkOf[body];
        if (lane.path.length < 3 * a.nodeCount) {
            lane.path = new double[3 * a.nodeCount];
        }
        a.reached(Math.sqrt(Math.max(0, responseForm(body, w, o))));
        a.pathImpulse(l, w[o], w[o + 1], w[o + 2], b.pos[3 * body], b.pos[3 * body + 1], b.pos[3 * body + 2], w[o + 3],
                w[o + 4], w[o + 5], lane.path);
        a.applyPath(a.linkNode[l], lane.path);
    }

    /** wᵀ·R·w for the wrench w[o..o+5] and the body's 6×6 response R: twice the kinetic energy it gives the tree alone, J. */
    private double responseForm(int body, double[] w, int o) {
        double[] r = b.response;
        int ro = 36 * body;
        double e = 0;
        for (int row = 0; row < 6; row++) {
            int k = ro + 6 * row;
            e += w[o + row] * (r[k] * w[o] + r[k + 1] * w[o + 1] + r[k + 2] * w[o + 2] + r[k + 3] * w[o + 3]
                    + r[k + 4] * w[o + 4] + r[k + 5] * w[o + 5]);
        }
        return e;
    }

    /**
     * Warm start of the joint rows (limits, friction) of articulations [from, to) with the lane's
     * scratch; call after {@link #freeStep}.
     */
    public void warmStartJoints(ArticulationLane lane, int from, int to) {
        lane.rows.warmStart(from, to);
    }

    /** One pass over the joint rows of articulations [from, to) with the lane's scratch ({@code soft} null: the relax pass). */
    public void solveJoints(SoftCoefficients soft, double h, ArticulationLane lane, int from, int to) {
        lane.rows.solve(soft, h, from, to);
    }

    /** The joints' friction rows alone, after the relax's contacts, of articulations [from, to) with the lane's scratch. */
    public void solveFriction(double h, ArticulationLane lane, int from, int to) {
        lane.rows.solveFriction(h, from, to);
    }

    /**
     * Position projection of the passed limits of articulations [from, to), after the position
     * update, with the lane's scratch; then {@link #projected()}.
     */
    public void projectLimits(ArticulationLane lane, int from, int to) {
        lane.rows.project(from, to);
    }

    /** After every articulation's {@link #projectLimits}: the links have moved. */
    public void projected() {
        crossStamp++;
    }

    /**
     * Groups this tick's pairs of articulated bodies against non-moving ones by articulation and
     * gives their normal rows to the articulations' ground blocks ({@link ContactPair#groundBlock}).
     */
    public void groupGround(ContactPair[] pairs, int n) {
        ground.group(pairs, n);
    }

    /**
     * Before a substep's first {@link #solveGround} with {@code build}: where each articulation's
     * rows and couplings go.
     */
    public void layOutGround() {
        ground.layOut();
    }

    /**
     * The ground blocks of articulations [from, to), after a contact solver pass, with the lane's
     * scratch and contact solver ({@code useBias} false: the relax; {@code build}: the substep's
     * couplings first, after {@link #layOutGround}).
     */
    public void solveGround(ArticulationLane lane, double invH, boolean useBias, boolean build, int from, int to) {
        ground.solve(lane, invH, useBias, build, from, to);
    }
}
