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

    // build scratch
    private int[] root = new int[0];
    private int[] worldJoints = new int[0];
    private boolean[] bad = new boolean[0];
    private int[] adjStart = new int[0];
    private int[] adj = new int[0];
    private int[] queue = new int[0];
    private int[] queueJoint = new int[0];
    private int[] queueParentLink = new int[0];
    private final double[] zero3 = new double[3];


    public Articulations(Bodies bodies, Joints joints, ContactSolver contacts) {
        this.b = bodies;
        this.joints = joints;
        this.contacts = contacts;
        this.ground = new ArticulatedGround(this, bodies);
        this.rows = new ArticulatedJoints(this, bodies, joints, ground);
        this.drives = new ArticulatedDrives(bodies, joints);
        this.mainLane = new Lane(contacts);
    }

    /** The articulations' contacts with the ground, solved as one block per tree. */
    private final ArticulatedGround ground;
    /** The articulated joints' rows (limits, friction) and their projection. */
    private final ArticulatedJoints rows;
    /** The contact solver whose rows apply impulses to articulated bodies ({@link ContactSolver#wrench}). */
    private final ContactSolver contacts;
    /** The articulations' drives and root springs, taken into each substep's system implicitly. */
    private final ArticulatedDrives drives;

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

    /**
     * A joint an articulation can carry: a ball or swing-twist joint, unbreakable, without axis
     * motors, with a rigid point, or a soft point if it holds the tree to a body that does not move
     * (its root spring).
     */
    private boolean articulable(int j) {
        boolean world = !(moving(joints.bodyA[j]) && moving(joints.bodyB[j]));
        return joints.linear[j] == null && (joints.pointSpring[j] == null || world) && !joints.sequentialOnly[j]
                && joints.breakForce[j] == Double.POSITIVE_INFINITY && joints.breakTorque[j] == Double.POSITIVE_INFINITY
                && joints.angle[j] == null && joints.hinge[j] == null && joints.motor[j] == null
;
    }

    private boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }

    private int find(int x) {
        while (root[x] != x) {
            root[x] = root[root[x]];
            x = root[x];
        }
        return x;
    }

    /** Finds this tick's articulations (see the class doc). */
    public void build() {
        int cap = b.capacity;
        if (artOf.length < cap) {
            artOf = new int[cap];
            linkOf = new int[cap];
            root = new int[cap];
            worldJoints = new int[cap];
            bad = new boolean[cap];
            adjStart = new int[cap + 1];
            queue = new int[cap];
            queueJoint = new int[cap];
            queueParentLink = new int[cap];
        }
        if (adj.length < 2 * joints.high) {
            adj = new int[2 * joints.alive.length];
        }
        Arrays.fill(artOf, 0, b.high, -1);
        Arrays.fill(joints.articulated, 0, joints.high, false);
        Arrays.fill(b.articulated, 0, b.high, false);
        count = 0;
        for (int i = 0; i < b.high; i++) {
            root[i] = i;
            worldJoints[i] = 0;
            bad[i] = false;
        }
        // components of moving bodies through joints; a loop, a joint the articulation cannot carry
        // or more than one joint to a non-moving body makes the component stay maximal
        boolean any = false;
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || !joints.touchesMoving(b, j)) {
                continue;
            }
            int a = joints.bodyA[j];
            int c = joints.bodyB[j];
            if (moving(a) && moving(c)) {
                int ra = find(a);
                int rc = find(c);
                if (ra == rc) {
                    bad[ra] = true;
                } else {
                    int lo = Math.min(ra, rc);
                    int hi = Math.max(ra, rc);
                    root[hi] = lo;
                    bad[lo] |= bad[hi];
                    worldJoints[lo] += worldJoints[hi];
                }
            } else {
                int r = find(moving(a) ? a : c);
                worldJoints[r]++;
            }
            any = true;
        }
        if (!any) {
            return;
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                int r = find(moving(joints.bodyA[j]) ? joints.bodyA[j] : joints.bodyB[j]);
                if (!articulable(j) || worldJoints[r] > 1) {
                    bad[r] = true;
                }
            }
        }
        // adjacency of moving bodies (compressed rows, joints in slot order)
        Arrays.fill(adjStart, 0, b.high + 1, 0);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                adjStart[joints.bodyA[j] + 1]++;
                adjStart[joints.bodyB[j] + 1]++;
            }
        }
        for (int i = 0; i < b.high; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                adj[adjStart[joints.bodyA[j]]++] = j;
                adj[adjStart[joints.bodyB[j]]++] = j;
            }
        }
        for (int i = b.high; i > 0; i--) {
            adjStart[i] = adjStart[i - 1];
        }
        adjStart[0] = 0;
        // each good component once, from its lowest slot (its union-find root)
        for (int i = 0; i < b.high; i++) {
            if (!moving(i) || find(i) != i || bad[i] || adjStart[i + 1] == adjStart[i]) {
                continue;
            }
            emit(i);
        }
        ensurePoseState();
    }

    /** Lays out the articulation of the component rooted (union-find) at body r. */
    private void emit(int r) {
        // the base joint, if any: the component's one joint to a non-moving body
        int baseJoint = -1;
        int start = r;
        if (worldJoints[r] == 1) {
            for (int i = 0; i < b.high && baseJoint < 0; i++) {
                if (!moving(i) || find(i) != r) {
                    continue;
                }
                for (int e = adjStart[i]; e < adjStart[i + 1]; e++) {
                    int j = adj[e];
                    int other = joints.bodyA[j] == i ? joints.bodyB[j] : joints.bodyA[j];
                    if (!moving(other)) {
                        baseJoint = j;
                        start = i;
                        break;
                    }
                }
            }
        }
        if (count == list.length) {
            list = Arrays.copyOf(list, 2 * count);
        }
        if (list[count] == null) {
            list[count] = new Articulation();
        }
        Articulation a = list[count];
        int baseBody = -1;
        boolean sprung = baseJoint >= 0 && joints.pointSpring[baseJoint] != null;
        if (baseJoint >= 0 && !sprung) {
            baseBody = joints.bodyA[baseJoint] == start ? joints.bodyB[baseJoint] : joints.bodyA[baseJoint];
        }
        a.reset(baseBody);
        if (sprung) {
            a.rootSpring = baseJoint;
        }
        // breadth-first from the root body, children in joint-slot order
        int head = 0;
        int tail = 0;
        queue[tail] = start;
        queueJoint[tail] = baseJoint;
        queueParentLink[tail] = -1;
        tail++;
        if (baseJoint >= 0) {
            joints.articulated[baseJoint] = true;
        }
        while (head < tail) {
            int body = queue[head];
            int via = queueJoint[head];
            int parentLink = queueParentLink[head];
            head++;
            int l;
            if (via < 0 || sprung && parentLink < 0) {
                l = a.addLink(body, -1, via, null, 0, null, 0);
            } else {
                boolean onB = joints.bodyB[via] == body;
                l = a.addLink(body, parentLink, via, onB ? joints.localA : joints.localB, 3 * via,
                        onB ? joints.localB : joints.localA, 3 * via);
            }
            artOf[body] = count;
            linkOf[body] = l;
            b.articulated[body] = true;
            for (int e = adjStart[body]; e < adjStart[body + 1]; e++) {
                int j = adj[e];
                if (joints.articulated[j]) {
                    continue;
                }
                int other = joints.bodyA[j] == body ? joints.bodyB[j] : joints.bodyA[j];
                if (!moving(other)) {
                    continue;
                }
                joints.articulated[j] = true;
                queue[tail] = other;
                queueJoint[tail] = j;
                queueParentLink[tail] = l;
                tail++;
            }
        }
        a.finish();
        int deepest = 0;
        for (int i = 0; i < a.nodeCount; i++) {
            deepest = Math.max(deepest, a.depth[i]);
        }
        if (deepest > MAX_DEPTH) {
            // a long chain: its path sweeps cost O(depth²); the maximal tree solve is linear in it
            for (int l = 0; l < a.linkCount; l++) {
                artOf[a.body[l]] = -1;
                b.articulated[a.body[l]] = false;
                if (a.linkJoint[l] >= 0) {
                    joints.articulated[a.linkJoint[l]] = false;
                }
            }
            return;
        }
        count++;
    }

    /**
     * Deepest node an articulation may have (root nodes included). A ragdoll's hand is 7 nodes from
     * its root; the 40-link chains are left to the maximal tree solve, whose factorization is linear
     * in the number of links where the path sweeps here grow with the square of the depth.
     */
    static final int MAX_DEPTH = 16;

    /** Gives every body back to the maximal solvers (an articulation was singular). */
    public void abandon() {
        for (int i = 0; i < b.high; i++) {
            artOf[i] = -1;
            b.articulated[i] = false;
        }
        Arrays.fill(joints.articulated, 0, joints.high, false);
        count = 0;
    }

    /** Each articulation's pose (joints closed) and velocities from the bodies' arrays; false if one is singular. */
    public boolean load() {
        crossSlots = 0;
        crossStamp++;
        for (int i = 0; i < count; i++) {
            Articulation a = list[i];
            baseMotion(a);
            a.pose(b);
            if (!a.load(b)) {
                return false;
            }
            responses(a);
        }
        return true;
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

    /** Every link's articulated response (6×6 inverse mass at its centre of mass) into the bodies' {@code response}. */
    private void responses(Articulation a) {
        a.linkResponses(b, b.response);
    }

    /**
     * One substep's forces on every articulation, drives implicit: a drive of joint j on node i is
     * the soft row J·q̇ + v = 0 (J = ±E, the sign of the link's side of the joint) with compliance
     * Γ, taken into the system as (H + Γ⁻¹)·Δq̇ = h·g − J·Γ⁻¹·v; then the articulated responses.
     */
    public boolean freeStep(double h, double gx, double gy, double gz) {
        beginFreeStep();
        return freeStep(h, gx, gy, gz, 0, 0, count);
    }

    /** Before the articulations' {@link #freeStep(double, double, double, double, int, int, int)}. */
    public void beginFreeStep() {
        crossStamp++;
    }

    /**
     * {@link #freeStep(double, double, double, double)} of articulations [from, to) with lane
     * {@code lane}'s scratch; every one of them is stepped, and false is returned if one is singular.
     */
    public boolean freeStep(double h, double gx, double gy, double gz, int lane, int from, int to) {
        ArticulatedDrives drives = laneDrives[lane];
        double[] lever = laneLever[lane];
        boolean ok = true;
        for (int i = from; i < to; i++) {
            if (laneImpulse[lane].length < 3 * list[i].linkCount) {
                laneImpulse[lane] = new double[3 * list[i].linkCount];
            }
            ok &= freeStep(list[i], h, gx, gy, gz, drives, laneImpulse[lane], lever);
        }
        return ok;
    }

    private boolean freeStep(Articulation a, double h, double gx, double gy, double gz, ArticulatedDrives drives,
            double[] jointImpulse, double[] lever) {
        {
            baseMotion(a);
            a.pose(b);
            tension(a, h, lever);
            a.prepareStep(b);
            boolean driven = drives.setUp(a);
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
            int links = a.linkCount;
            a.jointImpulses(b, h, jointImpulse);
            for (int l = 0; l < links; l++) {
                int j = a.linkJoint[l];
                if (j >= 0 && !(l == 0 && a.base < 0)) {
                    double sign = sign(a, l);
                    double[] imp = joints.point[j].impulse;
                    imp[0] = sign * jointImpulse[3 * l];
                    imp[1] = sign * jointImpulse[3 * l + 1];
                    imp[2] = sign * jointImpulse[3 * l + 2];
                }
            }
            drives.rootSpringImpulse(a);
        }
        return true;
    }

    private ArticulatedDrives[] laneDrives = new ArticulatedDrives[0];
    private double[][] laneImpulse = new double[0][];
    private double[][] laneLever = new double[0][];

    /**
     * Adds each link's tension inertia to its world inertia for this substep's system: a joint
     * pulling its body with force f at lever r (from the centre of mass to the anchor) gives it the
     * torque r × f, which turns with the body, a restoring stiffness (f·r) across r while it pulls.
     * Light links under a heavy load swing across the chain faster than a substep can follow
     * (ω = √(f·r/I)); integrating that stiffness implicitly adds h²·(f·r)·(E − r̂·r̂ᵀ) to the body's
     * angular inertia (Tournier et al., "Stable Constrained Dynamics", SIGGRAPH 2015), beyond
     * {@link JointTreeSolver#TENSION_FREE} of its own inertia across the lever. The force is the
     * joint's impulse in the last substep over h (kept in the joint's point part).
     */
    private void tension(Articulation a, double h, double[] lever) {
        for (int l = 0; l < a.linkCount; l++) {
            int j = a.linkJoint[l];
            if (j < 0 || j == a.rootSpring) {
                continue;
            }
            double[] imp = joints.point[j].impulse;
            // on B +imp at R_B·a_B, on A −imp at R_A·a_A; the link and its parent (or base)
            int ba = joints.bodyA[j];
            int bb = joints.bodyB[j];
            addTension(a, bb, joints.localB, 3 * j, imp, 1, h, lever);
            addTension(a, ba, joints.localA, 3 * j, imp, -1, h, lever);
        }
    }

    private void addTension(Articulation a, int body, double[] local, int o, double[] imp, double sign, double h,
            double[] lever) {
        if (!articulated(body) || list[artOf[body]] != a) {
            return;
        }
        int l = linkOf[body];
        double rx = Quaternions.rotX(b.rot, body, local, o);
        double ry = Quaternions.rotY(b.rot, body, local, o);
        double rz = Quaternions.rotZ(b.rot, body, local, o);
        double pull = sign * (imp[0] * rx + imp[1] * ry + imp[2] * rz) / h;
        double r2 = rx * rx + ry * ry + rz * rz;
        if (!(pull > 0) || r2 == 0) {
            return;
        }
        double[] in = a.inertia;
        int io = 9 * l;
        double along = rx * (in[io] * rx + in[io + 1] * ry + in[io + 2] * rz)
                + ry * (in[io + 3] * rx + in[io + 4] * ry + in[io + 5] * rz)
                + rz * (in[io + 6] * rx + in[io + 7] * ry + in[io + 8] * rz);
        double across = 0.5 * (in[io] + in[io + 4] + in[io + 8] - along / r2);
        double k = h * h * pull - Tuning.TENSION_FREE * across;
        if (k <= 0) {
            return;
        }
        lever[0] = rx;
        lever[1] = ry;
        lever[2] = rz;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                in[io + 3 * r + c] += (r == c ? k : 0) - k * lever[r] * lever[c] / r2;
            }
        }
    }



    /** +1 if link l is its joint's body B (its node's rate is ω_B − ω_A), −1 if it is body A. */
    private double sign(Articulation a, int l) {
        return joints.bodyB[a.linkJoint[l]] == a.body[l] ? 1 : -1;
    }


    /**
     * Writes every articulated body's velocity with the pending impulses folded in, without the
     * rate cap of {@link #flush}: the body arrays then hold velocities the contact solver's cheap
     * tests may read.
     */
    public void refresh() {
        for (int i = 0; i < count; i++) {
            list[i].flush(b);
        }
    }

    /**
     * Writes every articulated body's velocity (pending impulses folded in), each joint's rate first
     * held within {@link #MAX_TURN} per substep h; the caps are counted in {@code limits}.
     */
    public void flush(double h, SolverCounters limits) {
        for (int i = 0; i < count; i++) {
            Articulation a = list[i];
            a.flushPending();
            limits.speedCapped += a.capRates(MAX_TURN / h);
            a.flush(b);
        }
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

    /** {@link #crossBegin(ContactPair)} into one task's contact solver (see {@link #begin(int, Lane)}). */
    public void crossBegin(ContactPair p, Lane lane) {
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
    public void crossCache(ContactPair p) {
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
        crossStampOf[slot] = -1;
        p.crossSlot = slot;
    }

    private int crossSlots;
    long crossStamp;

    /**
     * Per articulation, for its joint rows (each articulation is handled by one task per stage, so
     * these are written by one thread at a time): the {@link #crossStamp} at which its limits were
     * last measured, whether its last projection left it in place, and whether the projection ran
     * since the last pass over its rows.
     */
    long[] evaluatedAt = new long[0];
    boolean[] settled = new boolean[0];
    boolean[] projectedNow = new boolean[0];

    /** Sizes the per-articulation state of the joint rows (from {@link #build}, on one thread). */
    void ensurePoseState() {
        if (evaluatedAt.length < count) {
            evaluatedAt = new long[list.length];
            Arrays.fill(evaluatedAt, -1);
            settled = new boolean[list.length];
            projectedNow = new boolean[list.length];
        }
    }
    private long[] crossStampOf = new long[8];
    private double[] crossCache = new double[36 * 8];

    /** Ends a pair's cross response. */
    public void crossEnd() {
        crossEnd(mainLane);
    }

    /** {@link #crossEnd()} of one task's contact solver. */
    public void crossEnd(Lane lane) {
        lane.contacts.crossA = -1;
        lane.contacts.crossB = -1;
    }

    /** Moves every articulation's links by their velocities over h (after the kinematic bodies moved). */
    public void integrate(double h) {
        crossStamp++;
        for (int i = 0; i < count; i++) {
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
    public void begin(int body, Lane lane) {
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
        ContactSolver contacts = lane.contacts;
        if (contacts.wrench.length < b.wrenchLength()) {
            contacts.wrench = new double[b.wrenchLength()];
        }
        Arrays.fill(contacts.wrench, 6 * body, 6 * body + 6, 0);
    }

    /** Sweeps the impulse the body's contacts gave it since {@link #begin} through its articulation. */
    public void end(int body) {
        end(body, mainLane);
    }

    /** {@link #end} with one task's lane (see {@link #begin(int, Lane)}). */
    public void end(int body, Lane lane) {
        int o = 6 * body;
        double[] w = lane.contacts.wrench;
        if (w[o] == 0 && w[o + 1] == 0 && w[o + 2] == 0 && w[o + 3] == 0 && w[o + 4] == 0 && w[o + 5] == 0) {
            return;
        }
        Articulation a = list[artOf[body]];
        int l = linkOf[body];
        a.pathImpulse(l, w[o], w[o + 1], w[o + 2], b.pos[3 * body], b.pos[3 * body + 1], b.pos[3 * body + 2], w[o + 3],
                w[o + 4], w[o + 5], lane.path);
        a.applyPath(a.linkNode[l], lane.path);
    }

    /**
     * One task's scratch for the calls that move an articulation's bodies through the contact
     * solver ({@link #begin(int, Lane)}, {@link #end(int, Lane)}, {@link #crossBegin(ContactPair, Lane)}),
     * with that task's contact solver.
     */
    public static final class Lane {
        final ContactSolver contacts;
        double[] path = new double[12];
        final double[] vel6 = new double[6];

        public Lane(ContactSolver contacts) {
            this.contacts = contacts;
        }
    }

    private final Lane mainLane;

    /** Warm start of the articulated joints' limit and friction rows; call after {@link #freeStep}. */
    public void warmStartJoints() {
        rows.warmStart();
    }

    /**
     * Makes room for {@code n} tasks working on different articulations at the same time (the
     * calls with a {@code lane}): each has its own joint rows' scratch.
     */
    public void lanes(int n) {
        if (laneRows.length < n) {
            ArticulatedJoints[] grown = Arrays.copyOf(laneRows, n);
            for (int i = laneRows.length; i < n; i++) {
                grown[i] = i == 0 ? rows : new ArticulatedJoints(this, b, joints, ground);
            }
            laneRows = grown;
            laneDrives = Arrays.copyOf(laneDrives, n);
            laneImpulse = Arrays.copyOf(laneImpulse, n);
            laneLever = Arrays.copyOf(laneLever, n);
            for (int i = 0; i < n; i++) {
                if (laneDrives[i] == null) {
                    laneDrives[i] = i == 0 ? drives : new ArticulatedDrives(b, joints);
                    laneImpulse[i] = new double[12];
                    laneLever[i] = new double[3];
                }
            }
        }
    }

    private ArticulatedJoints[] laneRows = new ArticulatedJoints[0];

    /** {@link #warmStartJoints()} of articulations [from, to) with lane {@code lane}'s scratch. */
    public void warmStartJoints(int lane, int from, int to) {
        laneRows[lane].warmStart(from, to);
    }

    /** {@link #solveJoints} of articulations [from, to) with lane {@code lane}'s scratch. */
    public void solveJoints(SoftCoefficients soft, double h, int lane, int from, int to) {
        laneRows[lane].solve(soft, h, from, to);
    }

    /** The joints' friction rows alone, after the relax's contacts, of articulations [from, to) with lane {@code lane}'s scratch. */
    public void solveFriction(double h, int lane, int from, int to) {
        laneRows[lane].solveFriction(h, from, to);
    }

    /** {@link #projectLimits} of articulations [from, to) with lane {@code lane}'s scratch; then {@link #projected()}. */
    public void projectLimits(int lane, int from, int to) {
        laneRows[lane].project(from, to);
    }

    /** After every articulation's {@link #projectLimits(int, int, int)}: the links have moved. */
    public void projected() {
        crossStamp++;
    }

    /** One pass over the articulated joints' rows ({@code soft} null: the relax pass). */
    public void solveJoints(SoftCoefficients soft, double h) {
        rows.solve(soft, h);
    }

    /** Position projection of the articulated joints' passed limits, after the position update. */
    public void projectLimits() {
        rows.project();
        crossStamp++;
    }

    /**
     * Groups this tick's pairs of articulated bodies against non-moving ones by articulation and
     * gives their normal rows to the articulations' ground blocks ({@link ContactPair#groundBlock}).
     */
    public void groupGround(ContactPair[] pairs, int n) {
        ground.group(pairs, n);
    }

    /** Each articulation's ground contacts' normal rows as one block, after a contact solver pass ({@code useBias} false: the relax; {@code build}: the substep's couplings first). */
    public void solveGround(ContactSolver cs, double invH, boolean useBias, boolean build) {
        ground.solve(cs, invH, useBias, build);
    }
}
