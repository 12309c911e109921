package dev.sinew.solver;

import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * Exact solve of the joints of tree-shaped systems (chains, ragdolls) in linear time, after
 * Baraff, "Linear-Time Dynamics using Lagrange Multipliers" (SIGGRAPH 1996). The bodies and
 * joints of a component form a tree; the system
 * <pre>
 *   [ M   Jᵀ ] [ Δv ]   [     0      ]
 *   [ J   0  ] [ μ  ] = [ −(J v + b) ]        λ = −μ
 * </pre>
 * (M the bodies' 6×6 mass blocks, J the joints' 3×6 blocks on their bodies, b the position
 * bias) is factored block by block with the leaves first, which creates no fill-in, and solved
 * with one pass down and one up. Sequential solving moves a heavy weight's load up a chain of
 * light links by a fraction per sweep; this gives every joint the exact impulse in one pass, so
 * the joints are rigid (no compliance) and only their drift is corrected, at the joint softness's
 * bias rate. Components with a loop are left to the sequential solve.
 */
final class JointTreeSolver {
    static final int BODY = 6;
    private static final int JOINT = 3;

    final Bodies b;
    private final Joints joints;
    // Nodes: 0..n-1 in elimination order (children before parents).
    int nodeCount;
    int[] kind = new int[16]; // 0 body, 1 joint
    int[] ref = new int[16]; // body slot or joint slot
    private int[] parent = new int[16];
    int[] size = new int[16];
    private double[][] d = new double[16][];
    private double[][] dInv = new double[16][];
    private double[][] l = new double[16][];
    private double[][] hUp = new double[16][]; // block to the parent: size × parentSize
    double[][] x = new double[16][];
    /** Per joint node: the angular rows it carries besides its 3 point rows, and their biases. */
    private AxisConstraintPart[][] rows = new AxisConstraintPart[16][];
    private double[][] rowBias = new double[16][];
    /** Per joint node: how many limit rows follow its point rows, and whether 3 drive rows follow them. */
    private int[] limitRows = new int[16];
    private boolean[] driveRows = new boolean[16];
    private final double[] gamma = new double[9];
    /** Per body node: its tension inertia G (3×3, world) and warm-start wrench (force, torque) this substep. */
    private double[][] tension = new double[16][];
    private double[][] wrench = new double[16][];
    // Scratch
    private int[] bodyNode;
    private boolean[] jointInTree = new boolean[8];
    private int[] stack = new int[16];
    private int[] compRoot;
    /** Largest joint node: 3 point rows, 2 limit rows, 3 drive rows (8), rounded up. */
    private static final int MAX_ROWS = 9;
    private static final int BLOCK = MAX_ROWS * MAX_ROWS;
    private final double[] t36 = new double[BLOCK];
    private final double[] u36 = new double[BLOCK];
    private final double[] w36 = new double[BLOCK];
    private final double[] err = new double[3];
    /** Largest drift-correction speed, m/s (the world's maximum push-out speed). */
    double maxBias = 3;
    private final double[] la = new double[3];
    private final double[] lb = new double[3];
    private final double[] ra = new double[3];
    private final double[] rb = new double[3];

    JointTreeSolver(Bodies bodies, Joints joints) {
        this.b = bodies;
        this.joints = joints;
    }

    /** True if joint j was solved by the tree solver this tick (else it is solved sequentially). */
    boolean inTree(int j) {
        return j < jointInTree.length && jointInTree[j];
    }

    /**
     * Builds the elimination order for this tick from the joints between moving bodies. A
     * component with a loop is not taken.
     */
    void build() {
        nodeCount = 0;
        compCount = 0;
        if (jointInTree.length < joints.high) {
            jointInTree = new boolean[joints.high];
        }
        Arrays.fill(jointInTree, 0, joints.high, false);
        if (joints.count == 0) {
            return;
        }
        reserve(2 * joints.high + joints.count + 1);
        if (bodyNode == null || bodyNode.length < b.capacity) {
            bodyNode = new int[b.capacity];
            compRoot = new int[b.capacity];
            worldJoints = new int[b.capacity];
        }
        // Union-find over moving bodies through joints to find loops.
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                compRoot[joints.bodyA[j]] = joints.bodyA[j];
                compRoot[joints.bodyB[j]] = joints.bodyB[j];
                bodyNode[joints.bodyA[j]] = -1;
                bodyNode[joints.bodyB[j]] = -1;
            }
        }
        boolean loops = false;
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || !joints.touchesMoving(b, j)) {
                continue;
            }
            int a = joints.bodyA[j];
            int c = joints.bodyB[j];
            if (moving(a) && moving(c)) {
                int ra0 = find(a);
                int rc0 = find(c);
                if (ra0 == rc0) {
                    loops = true;
                    markLoop(ra0);
                } else {
                    compRoot[Math.max(ra0, rc0)] = Math.min(ra0, rc0);
                }
            }
        }
        // A joint to a non-moving body has a zero diagonal block and only one neighbour; it can
        // only be eliminated last, so it must be the tree's root: at most one per component.
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                worldJoints[find(joints.bodyA[j])] = 0;
                worldJoints[find(joints.bodyB[j])] = 0;
            }
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j) && !(moving(joints.bodyA[j]) && moving(joints.bodyB[j]))) {
                int body = moving(joints.bodyA[j]) ? joints.bodyA[j] : joints.bodyB[j];
                worldJoints[find(body)]++;
            }
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                int r = find(joints.bodyA[j]);
                int r2 = find(joints.bodyB[j]);
                if (bodyNode[r] == -3 || bodyNode[r2] == -3 || worldJoints[r] > 1 || worldJoints[r2] > 1
                        || joints.sequentialOnly[j] || (joints.pointSpring[j] == null && separation(j) > MAX_TREE_ERROR)) {
                    bodyNode[r] = -3;
                    bodyNode[r2] = -3;
                }
            }
        }
        // Components rooted at their world joint if they have one, else at a body.
        for (int j0 = 0; j0 < joints.high; j0++) {
            if (!joints.alive[j0] || jointInTree[j0] || !joints.touchesMoving(b, j0)) {
                continue;
            }
            int start = moving(joints.bodyA[j0]) ? joints.bodyA[j0] : joints.bodyB[j0];
            int root = find(start);
            if (bodyNode[root] == -3) {
                continue;
            }
            int world = -1;
            if (worldJoints[root] == 1) {
                for (int j = 0; j < joints.high && world < 0; j++) {
                    if (joints.alive[j] && joints.touchesMoving(b, j)
                            && !(moving(joints.bodyA[j]) && moving(joints.bodyB[j]))
                            && find(moving(joints.bodyA[j]) ? joints.bodyA[j] : joints.bodyB[j]) == root) {
                        world = j;
                    }
                }
            }
            if (world >= 0) {
                emitTree(moving(joints.bodyA[world]) ? joints.bodyA[world] : joints.bodyB[world], world);
            } else {
                emitTree(start, -1);
            }
        }
        compStart[compCount] = nodeCount;
        composite.compute(b, joints, nodeCount, kind, ref, parent);
    }

    private int[] worldJoints = new int[0];
    /** The drives' braking inertias, from the trees' composite rigid bodies. */
    private final CompositeInertia composite = new CompositeInertia();
    /** Node ranges of this tick's trees: tree t is nodes [compStart[t], compStart[t + 1]). */
    int[] compStart = new int[8];
    int compCount;
    /**
     * A component with a joint pulled further apart than this (m) is left to the soft sequential
     * solve for the tick: the exact solve corrects drift at a capped speed (uncapped, a 1000 kg
     * weight whipping a chain of 1 kg links diverged), the soft one pulls a torn chain back
     * together quickly.
     */
    static final double MAX_TREE_ERROR = 0.2;

    private double separation(int j) {
        joints.error(b, j, err);
        return Math.sqrt(err[0] * err[0] + err[1] * err[1] + err[2] * err[2]);
    }

    private void markLoop(int root) {
        bodyNode[root] = -3;
    }

    boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }

    private int find(int x) {
        while (compRoot[x] != x) {
            compRoot[x] = compRoot[compRoot[x]];
            x = compRoot[x];
        }
        return x;
    }

    /** Iterative post-order DFS over the body–joint tree rooted at body {@code root}. */
    private void emitTree(int root, int rootJoint) {
        // Pre-order traversal with an explicit stack of (body, joint it was reached by), then the
        // block is reversed so that children come before parents.
        int first = nodeCount;
        if (compCount + 2 > compStart.length) {
            compStart = Arrays.copyOf(compStart, 2 * (compCount + 2));
        }
        compStart[compCount++] = first;
        int top = 0;
        ensureStack(2);
        if (rootJoint >= 0) {
            jointInTree[rootJoint] = true;
            int jointIdx = addNode(1, rootJoint, JOINT);
            parent[jointIdx] = -1;
        }
        stack[top++] = root;
        stack[top++] = rootJoint;
        // Collect pre-order into node arrays; parents resolved afterwards.
        while (top > 0) {
            int fromJoint = stack[--top];
            int body = stack[--top];
            int bodyIdx = addNode(0, body, BODY);
            bodyNode[body] = bodyIdx;
            parent[bodyIdx] = fromJoint < 0 ? -1 : jointNodeOf(fromJoint);
            for (int j = 0; j < joints.high; j++) {
                if (!joints.alive[j] || j == fromJoint || jointInTree[j]) {
                    continue;
                }
                int other;
                if (joints.bodyA[j] == body) {
                    other = joints.bodyB[j];
                } else if (joints.bodyB[j] == body) {
                    other = joints.bodyA[j];
                } else {
                    continue;
                }
                jointInTree[j] = true;
                int jointIdx = addNode(1, j, JOINT);
                parent[jointIdx] = bodyIdx;
                if (moving(other)) {
                    ensureStack(top + 2);
                    stack[top++] = other;
                    stack[top++] = j;
                }
            }
        }
        // Reverse the pre-order block [first, nodeCount) into post-order (children before parents).
        int n = nodeCount - first;
        if (map.length < n) {
            map = new int[2 * n];
            k2 = new int[2 * n];
            r2 = new int[2 * n];
            p2 = new int[2 * n];
            s2 = new int[2 * n];
        }
        for (int i = 0; i < n; i++) {
            map[i] = first + (n - 1 - i);
        }
        reorder(first, n);
    }

    private int jointNodeOf(int jointSlot) {
        for (int i = nodeCount - 1; i >= 0; i--) {
            if (kind[i] == 1 && ref[i] == jointSlot) {
                return i;
            }
        }
        return -1;
    }

    private int[] map = new int[16];
    private int[] k2 = new int[16];
    private int[] r2 = new int[16];
    private int[] p2 = new int[16];
    private int[] s2 = new int[16];

    private void reorder(int first, int n) {
        for (int i = 0; i < n; i++) {
            int src = first + i;
            int dst = map[i] - first;
            k2[dst] = kind[src];
            r2[dst] = ref[src];
            s2[dst] = size[src];
            p2[dst] = parent[src] < 0 ? -1 : map[parent[src] - first];
        }
        for (int i = 0; i < n; i++) {
            kind[first + i] = k2[i];
            ref[first + i] = r2[i];
            size[first + i] = s2[i];
            parent[first + i] = p2[i];
        }
    }

    private void ensureStack(int n) {
        if (stack.length < n) {
            stack = Arrays.copyOf(stack, 2 * n);
        }
    }

    /**
     * Makes room for n nodes and their blocks up front, so that a tick whose trees are larger than
     * any before (a component rejoining the trees) does not allocate inside the step: the buffers
     * grow only when joints are added. A tree has at most two nodes per joint plus one body.
     */
    private void reserve(int n) {
        if (kind.length < n) {
            kind = Arrays.copyOf(kind, n);
            ref = Arrays.copyOf(ref, n);
            parent = Arrays.copyOf(parent, n);
            size = Arrays.copyOf(size, n);
            d = Arrays.copyOf(d, n);
            dInv = Arrays.copyOf(dInv, n);
            l = Arrays.copyOf(l, n);
            hUp = Arrays.copyOf(hUp, n);
            x = Arrays.copyOf(x, n);
            rows = Arrays.copyOf(rows, n);
            rowBias = Arrays.copyOf(rowBias, n);
            limitRows = Arrays.copyOf(limitRows, n);
            driveRows = Arrays.copyOf(driveRows, n);
            tension = Arrays.copyOf(tension, n);
            wrench = Arrays.copyOf(wrench, n);
        }
        for (int i = 0; i < n; i++) {
            if (d[i] == null) {
                d[i] = new double[BLOCK];
                dInv[i] = new double[BLOCK];
                l[i] = new double[BLOCK];
                hUp[i] = new double[BLOCK];
                x[i] = new double[MAX_ROWS];
                rows[i] = new AxisConstraintPart[3];
                rowBias[i] = new double[3];
                tension[i] = new double[9];
                wrench[i] = new double[6];
            }
        }
        if (map.length < n) {
            map = new int[n];
            k2 = new int[n];
            r2 = new int[n];
            p2 = new int[n];
            s2 = new int[n];
        }
        composite.reserve(n);
        if (predicted.length < 3 * n) {
            predicted = new double[3 * n];
            anchorMove = new double[3 * n];
        }
        if (stack.length < 2 * n) {
            stack = new int[2 * n];
        }
    }

    private int addNode(int k, int r, int s) {
        if (nodeCount == kind.length) {
            reserve(2 * nodeCount);
        }
        int i = nodeCount++;
        kind[i] = k;
        ref[i] = r;
        size[i] = s;
        return i;
    }

    /**
     * Projection after the position update (post-stabilization, Cline and Pai, "Post-stabilization
     * for rigid body simulation with contact and constraints", 2003), once per substep: first the
     * passed limits, then the arcs of fast-turning anchors ({@link #ANCHOR_PASSES} solves). Each is
     * the tree system solved exactly, its solution applied to positions and orientations, not
     * velocities (Δx = M⁻¹·Jᵀ·λ with J·M⁻¹·Jᵀ·λ = −C). Returns true if anything moved.
     * <p>Limits: every tree joint's point rows held (right-hand side 0) and its passed limit rows
     * asked to close (−C). Velocity rows are linear: a limb sliding fast along a curved cone follows
     * their tangent out of it by (ω·h)²/(2·radius) every substep, which the soft bias only pulls back
     * over several substeps (19° in the swing-cone scene). A row the projection would pull on is left
     * out and the solve repeated.
     * <p>Anchors: see {@link #anchorTarget}.
     */
    boolean project() {
        if (nodeCount == 0) {
            return false;
        }
        boolean moved = projectPass(false);
        for (int pass = 0; pass < ANCHOR_PASSES && projectPass(true); pass++) {
            moved = true;
        }
        return moved;
    }

    /**
     * Anchor solves per projection: the step is linear and capped at {@link #MAX_PROJECTION_TURN},
     * so a foot turning at hundreds of rad/s needs more than one. Measured on ragdoll-pile seed 1:
     * one solve left a 30 mm opening at the tick a foot reached 386 rad/s, three left 1.4 mm.
     */
    static final int ANCHOR_PASSES = 3;

    /** One projection of the passed limits ({@code anchors} false) or of the anchor arcs. */
    private boolean projectPass(boolean anchors) {
        anchorPass = anchors;
        boolean work = false;
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                limitRows[i] = anchors ? 0 : joints.passedLimitRows(b, ref[i], rows[i], rowBias[i]);
                driveRows[i] = false;
                size[i] = JOINT + limitRows[i];
                if (anchors) {
                    anchorTarget(i, ref[i]);
                }
                work |= anchors ? anchorToMove(i) : limitRows[i] > 0;
            }
        }
        if (!work) {
            return false;
        }
        for (int t = 0; t < compCount; t++) {
            int from = compStart[t];
            int to = compStart[t + 1];
            if (!hasProjectionWork(from, to)) {
                // nothing to close in this tree: its bodies do not move
                for (int i = from; i < to; i++) {
                    Arrays.fill(x[i], 0, MAX_ROWS, 0);
                }
                continue;
            }
            for (int pass = 0; ; pass++) {
                if (!factorAndSolve(0, true, from, to)) {
                    return false;
                }
                if (anchors || pass == MAX_ACTIVE_SET_PASSES || !dropPullingProjectionRows(from, to)) {
                    break;
                }
            }
            limitStep(from, to);
            contacts.projectContacts(t, from, to);
        }
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 0) {
                displace(ref[i], x[i]);
            }
        }
        return true;
    }

    /** True while {@link #projectPass} moves anchors rather than limits. */
    private boolean anchorPass;

    private boolean hasProjectionWork(int from, int to) {
        for (int i = from; i < to; i++) {
            if (kind[i] == 1 && (anchorPass ? anchorToMove(i) : limitRows[i] > 0)) {
                return true;
            }
        }
        return false;
    }

    /** Each joint node's linear prediction of its anchor error after the position update, C + h·Ċ (m). */
    private double[] predicted = new double[3 * 16];
    /** Each joint node's anchor move in the current anchor pass, target − C (m; 0 if not projected). */
    private double[] anchorMove = new double[3 * 16];
    private final double[] jointVelocity = new double[3];
    /** The substep of the last {@link #predictAnchors}, s. */
    private double predictedStep;

    /**
     * Records every tree joint's anchor error as the velocity step means it to be after the
     * position update that follows, C + h·Ċ, for {@link #anchorTarget}.
     */
    void predictAnchors(double h) {
        predictedStep = h;
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                jointRhs(ref[i], 0, jointVelocity); // −Ċ, and C into err
                predicted[3 * i] = err[0] - h * jointVelocity[0];
                predicted[3 * i + 1] = err[1] - h * jointVelocity[1];
                predicted[3 * i + 2] = err[2] - h * jointVelocity[2];
            }
        }
    }

    /**
     * The anchor projection's right-hand side for joint node i (joint j), m, into
     * {@code anchorMove[3i..3i+2]}: target minus the anchor error now, or 0 where nothing is
     * projected. Computed once per anchor pass, before its solves.
     * <p>The velocity step is linear: it moves each anchor along ω × r, while the body turns it on
     * an arc, (ω·h)²·|r|/2 off that tangent. A foot or hand turning at 50–500 rad/s (ω·h of 0.2–2 at
     * 240 substeps a second) thus opened its joint by millimetres to centimetres per substep, 95–98 %
     * of all joint opening in the ragdoll scenes; more substeps did not help (8 substeps: 4.2 mm,
     * a foot then reached 150 rad/s). So the anchors of a joint whose faster body turns at least
     * {@link #ARC_SPIN} rad per substep are projected to where the linear step meant them to be,
     * C + h·Ċ, shortened to at most {@link #MAX_ANCHOR_GAP}.
     * <p>Below that spin nothing is projected. Moving positions without the velocities dissipates
     * energy: a rod spinning about a pivot at 30 rad/s keeps 51 % of its spin after 1 s with the
     * projection (86 % without). At ω·h under 0.05 the arc is under 0.13 % of the lever and the
     * soft bias closes it, so slow motion keeps its dynamics: the drive on an off-centre joint in
     * SlerpDriveTest followed its closed form within 0.22° without, and was 1.3–1.5° off with
     * every joint projected.
     */
    private void anchorTarget(int i, int j) {
        double[] out = anchorMove;
        int o = 3 * i;
        out[o] = 0;
        out[o + 1] = 0;
        out[o + 2] = 0;
        if (joints.pointSpring[j] != null || spinPerSubstep(j) < ARC_SPIN) {
            return;
        }
        joints.error(b, j, err);
        double px = predicted[3 * i];
        double py = predicted[3 * i + 1];
        double pz = predicted[3 * i + 2];
        double len = Math.sqrt(px * px + py * py + pz * pz);
        double k = len > MAX_ANCHOR_GAP ? MAX_ANCHOR_GAP / len : 1;
        out[o] = k * px - err[0];
        out[o + 1] = k * py - err[1];
        out[o + 2] = k * pz - err[2];
    }

    /** True if joint node i's anchors are to be moved by more than {@link #ANCHOR_TOLERANCE}. */
    private boolean anchorToMove(int i) {
        double[] m = anchorMove;
        int o = 3 * i;
        return m[o] * m[o] + m[o + 1] * m[o + 1] + m[o + 2] * m[o + 2] > ANCHOR_TOLERANCE * ANCHOR_TOLERANCE;
    }

    /** The faster of joint j's bodies' turns in one substep, rad. */
    private double spinPerSubstep(int j) {
        return predictedStep * Math.max(Contacts.length(b.angVel, joints.bodyA[j]), Contacts.length(b.angVel, joints.bodyB[j]));
    }

    /** Rad per substep (ω·h) from which a joint's anchor arcs are projected; see {@link #anchorTarget}. */
    static final double ARC_SPIN = 0.05;
    /**
     * The largest anchor error (m) a projected anchor is left with: the linear step's own error is
     * kept up to this, so that the soft bias, not the projection, closes a joint's usual load sag.
     */
    static final double MAX_ANCHOR_GAP = 5e-4;
    /** Anchor moves smaller than this (m) are not worth a solve. */
    static final double ANCHOR_TOLERANCE = 1e-5;

    /**
     * The largest turn (rad) a projection may give a body in one substep. The projection is linear:
     * a limb thrown far past its limit in a pile of ragdolls got a step so large that the error grew
     * instead (a 100-ragdoll pile blew up from a 0.3 m joint error to 8.8 m in one tick). A larger
     * step is scaled down, whole, for its tree; the rest closes over the next substeps.
     */
    static final double MAX_PROJECTION_TURN = 0.2;

    /** Scales tree [from, to)'s displacements down so that no body turns by more than {@link #MAX_PROJECTION_TURN}. */
    private void limitStep(int from, int to) {
        double worst = 0;
        for (int i = from; i < to; i++) {
            if (kind[i] == 0) {
                worst = Math.max(worst, Math.sqrt(x[i][3] * x[i][3] + x[i][4] * x[i][4] + x[i][5] * x[i][5]));
            }
        }
        if (worst > MAX_PROJECTION_TURN) {
            double k = MAX_PROJECTION_TURN / worst;
            for (int i = from; i < to; i++) {
                if (kind[i] == 0) {
                    for (int r = 0; r < BODY; r++) {
                        x[i][r] *= k;
                    }
                }
            }
        }
    }


    private boolean dropPullingProjectionRows(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1) {
                continue;
            }
            int keep = JOINT;
            for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                if (-x[i][r] < 0) {
                    changed = true;
                } else {
                    rows[i][keep - JOINT] = rows[i][r - JOINT];
                    rowBias[i][keep - JOINT] = rowBias[i][r - JOINT];
                    keep++;
                }
            }
            limitRows[i] = keep - JOINT;
            size[i] = keep;
        }
        return changed;
    }

    /** Moves a body by (Δx, Δθ) = d[0..5]: position += Δx, q ← normalize(q + ½·(0, Δθ)⊗q). */
    private void displace(int body, double[] dv) {
        b.pos[3 * body] += dv[0];
        b.pos[3 * body + 1] += dv[1];
        b.pos[3 * body + 2] += dv[2];
        b.turn(body, dv[3], dv[4], dv[5]);
    }

    /**
     * One exact solve of every tree joint. {@code biasRate} (1/s) scales the position error into
     * the velocity target; 0 is the rigid relax pass. With {@code drives} (the biased pass) every
     * tree joint's slerp drive joins its block as three soft rows: the diagonal gets −Γ, the
     * drive's compliance, and the right-hand side −(Ċ + b·C + Γ·λ), which is the implicit spring
     * of {@link SlerpDrivePart} with the exact effective mass of the whole articulated tree, so a
     * drive of any stiffness moves a chain as one. A drive whose impulse comes out above its torque
     * limit is clamped to it, applied as a fixed impulse, and the block solved again without it.
     */
    void solve(double biasRate, boolean drives) {
        if (nodeCount == 0) {
            return;
        }
        biasedPass = drives;
        // A joint node is its 3 point rows, the limit rows its joint asks for, and its drive's rows.
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                int k = joints.treeRows(b, ref[i], biasRate, rows[i], rowBias[i], 0);
                SlerpDrivePart drive = joints.drive[ref[i]];
                limitRows[i] = k;
                driveRows[i] = drives && drive != null && drive.active;
                size[i] = JOINT + k + (driveRows[i] ? 3 : 0);
            }
        }
        // Active set: a limit row that would have to pull (accumulated λ < 0) leaves the block with
        // λ = 0, a drive over its limit leaves it clamped, and the solve is repeated without them.
        // Trees are independent: each is solved again only for its own changes.
        for (int t = 0; t < compCount; t++) {
            int from = compStart[t];
            int to = compStart[t + 1];
            for (int pass = 0; ; pass++) {
                if (!factorAndSolve(biasRate, false, from, to)) {
                    abandon();
                    return;
                }
                boolean last = pass == MAX_ACTIVE_SET_PASSES;
                if (last ? !clampDrives(from, to) : !revise(from, to)) {
                    break;
                }
                if (last) {
                    // the torque limit holds whatever the active set: one more solve without the
                    // clamped drives
                    if (!factorAndSolve(biasRate, false, from, to)) {
                        abandon();
                        return;
                    }
                    break;
                }
            }
        }
        apply();
    }

    /**
     * A singular block: this tick's joints go to the sequential solve, and the ground contacts the
     * trees took go back to the contact solver (else nobody would solve their normal rows).
     */
    private void abandon() {
        nodeCount = 0;
        compCount = 0;
        Arrays.fill(jointInTree, false);
        contacts.release();
    }

    /** Re-solves after dropping rows at most this many times per solve. */
    private static final int MAX_ACTIVE_SET_PASSES = 4;

    /**
     * Takes out of the blocks the limit rows whose accumulated impulse the solution would make
     * negative and the drives it would take past their torque limit; true if any.
     */
    private boolean revise(int from, int to) {
        // Limit rows first: a drive's impulse in a solution where limit rows pull is not the one it
        // needs once they let go. Clamping both at once gave a stiff wrist drive, pressed against
        // its twist limit and cone, its full torque as a fixed impulse on a 0.5 kg hand (545 rad/s
        // in one substep) while both limits let go.
        return reviseLimits(from, to) || clampDrives(from, to);
    }

    /** Clamps the drives whose impulse the solution takes past their torque limit; true if any. */
    private boolean clampDrives(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1 || !driveRows[i]) {
                continue;
            }
            int o = JOINT + limitRows[i];
            SlerpDrivePart drive = joints.drive[ref[i]];
            if (drive.clampInTree(b, joints.bodyA[ref[i]], joints.bodyB[ref[i]], x[i][o], x[i][o + 1], x[i][o + 2])) {
                driveRows[i] = false;
                size[i] = JOINT + limitRows[i];
                changed = true;
            }
        }
        return changed;
    }

    /** Takes out the limit rows whose accumulated impulse the solution would make negative; true if any. */
    private boolean reviseLimits(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1) {
                continue;
            }
            int ba = joints.bodyA[ref[i]];
            int bb = joints.bodyB[ref[i]];
            int keep = JOINT;
            for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                AxisConstraintPart row = rows[i][r - JOINT];
                if (row.impulse - x[i][r] < 0) {
                    // Inactive in the exact solution: its warm-start impulse is taken back (the
                    // next pass sees the velocities without it) and the sequential pass leaves it.
                    if (row.impulse != 0) {
                        row.apply(b, ba, bb, -row.impulse);
                        row.impulse = 0;
                    }
                    changed = true;
                } else {
                    rows[i][keep - JOINT] = row;
                    rowBias[i][keep - JOINT] = rowBias[i][r - JOINT];
                    keep++;
                }
            }
            if (keep - JOINT != limitRows[i]) {
                // the drive's rows follow the limit rows: move its right-hand side along
                limitRows[i] = keep - JOINT;
                size[i] = keep + (driveRows[i] ? 3 : 0);
            }
        }
        return changed;
    }

    /** Builds, factors and solves the system for the current node sizes into x; false if singular. */


    /**
     * With {@code position} the right-hand side is the position error instead: −C for the point
     * rows and −C for the limit rows (their C kept in rowBias), and the solution is a displacement.
     */
    private boolean factorAndSolve(double biasRate, boolean position, int from, int to) {
        // Blocks: diagonal H_ii, the block to the parent, and the right-hand side.
        for (int i = from; i < to; i++) {
            int s = size[i];
            double[] di = d[i];
            Arrays.fill(di, 0, s * s, 0);
            Arrays.fill(x[i], 0, s, 0);
            if (kind[i] == 0) {
                massBlock(ref[i], di);
            } else {
                int j = ref[i];
                int ba = joints.bodyA[j];
                int bb = joints.bodyB[j];
                if (position) {
                    // anchors held where they are while limits close, moved to their target in the
                    // anchor pass
                    if (anchorPass) {
                        System.arraycopy(anchorMove, 3 * i, x[i], 0, 3);
                    } else {
                        x[i][0] = 0;
                        x[i][1] = 0;
                        x[i][2] = 0;
                    }
                    for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                        x[i][r] = -rowBias[i][r - JOINT];
                    }
                } else {
                    jointRhs(j, biasRate, x[i]);
                    for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                        AxisConstraintPart row = rows[i][r - JOINT];
                        x[i][r] = -(row.velocity(b, ba, bb) + rowBias[i][r - JOINT]);
                    }
                }
                SoftCoefficients spring = joints.pointSpring[j];
                if (spring != null && spring.active) {
                    // a soft point: the spring's compliance on the diagonal and its implicit
                    // right-hand side in the biased pass; free (no impulse) in the others
                    double free = biasedPass && !position ? spring.invD : FREE;
                    for (int r = 0; r < JOINT; r++) {
                        di[r * s + r] = -free;
                    }
                    if (biasedPass && !position) {
                        springRhs(j, spring, x[i]);
                    } else {
                        x[i][0] = 0;
                        x[i][1] = 0;
                        x[i][2] = 0;
                    }
                }
                if (driveRows[i]) {
                    int o = JOINT + limitRows[i];
                    joints.drive[j].treeRows(b, ba, bb, x[i], o, gamma);
                    for (int r = 0; r < 3; r++) {
                        for (int c = 0; c < 3; c++) {
                            di[(o + r) * s + o + c] = -gamma[3 * r + c];
                        }
                    }
                }
            }
        }
        if (!position) {
            for (int i = from; i < to; i++) {
                if (kind[i] == 0) {
                    double[] g = tension[i];
                    double[] di = d[i];
                    for (int r = 0; r < 3; r++) {
                        for (int c = 0; c < 3; c++) {
                            di[(3 + r) * BODY + 3 + c] += g[3 * r + c];
                        }
                    }
                }
            }
        }
        for (int i = from; i < to; i++) {
            int p = parent[i];
            if (p < 0) {
                continue;
            }
            // Off-diagonal block between a joint and a body, stored from the child's side.
            if (kind[i] == 1) {
                jacobian(i, ref[p], hUp[i], false); // s×6: joint (child) to body (parent)
            } else {
                jacobian(p, ref[i], hUp[i], true); // 6×s: body (child) to joint (parent)
            }
        }
        // Factor, leaves first: D_i = H_ii − Σ_children L_cᵀ·H_c,i ; L_i = D_i⁻¹·H_i,parent.
        for (int i = from; i < to; i++) {
            int s = size[i];
            if (!invert(d[i], dInv[i], s)) {
                return false;
            }
            int p = parent[i];
            if (p >= 0) {
                int sp = size[p];
                mul(dInv[i], s, s, hUp[i], sp, l[i]);
                // D_p −= H_i,pᵀ · L_i
                for (int r = 0; r < sp; r++) {
                    for (int c = 0; c < sp; c++) {
                        double acc = 0;
                        for (int k = 0; k < s; k++) {
                            acc += hUp[i][k * sp + r] * l[i][k * sp + c];
                        }
                        d[p][r * sp + c] -= acc;
                    }
                }
            }
        }
        substitute(from, to);
        return true;
    }

    /**
     * Solves the factored system of tree [from, to) for the right-hand side in x (leaves first,
     * then roots first), leaving the solution in x.
     */
    void substitute(int from, int to) {
        // Forward: y_p −= L_iᵀ·y_i for each child i.
        for (int i = from; i < to; i++) {
            int p = parent[i];
            if (p < 0) {
                continue;
            }
            int s = size[i];
            int sp = size[p];
            // z = D_i⁻¹·y_i once, then y_p −= H_i,pᵀ·z
            double[] di = dInv[i];
            double[] xi = x[i];
            for (int k = 0; k < s; k++) {
                double acc = 0;
                for (int c = 0; c < s; c++) {
                    acc += di[k * s + c] * xi[c];
                }
                t36[k] = acc;
            }
            double[] hu = hUp[i];
            double[] xp = x[p];
            for (int r = 0; r < sp; r++) {
                double acc = 0;
                for (int k = 0; k < s; k++) {
                    acc += hu[k * sp + r] * t36[k];
                }
                xp[r] -= acc;
            }
        }
        // Backward, roots first: x_i = D_i⁻¹·y_i − L_i·x_parent.
        for (int i = to - 1; i >= from; i--) {
            int s = size[i];
            for (int r = 0; r < s; r++) {
                double acc = 0;
                for (int k = 0; k < s; k++) {
                    acc += dInv[i][r * s + k] * x[i][k];
                }
                w36[r] = acc;
            }
            int p = parent[i];
            if (p >= 0) {
                int sp = size[p];
                for (int r = 0; r < s; r++) {
                    double acc = 0;
                    for (int k = 0; k < sp; k++) {
                        acc += l[i][r * sp + k] * x[p][k];
                    }
                    w36[r] -= acc;
                }
            }
            System.arraycopy(w36, 0, u36, 0, s);
            System.arraycopy(u36, 0, x[i], 0, s);
        }
    }

    /** The substep h (s), set by the stepper each tick; 0 leaves out the tension inertia. */
    double substep;

    /**
     * Warm start of the tree joints' point rows, with the implicit part of their geometric
     * stiffness. A joint pulling with force f at lever r gives its body the torque r × f, which
     * turns with the body: dτ/dθ = [f]ₓ[r]ₓ = r·fᵀ − (f·r)·I. Under tension (f·r > 0) that is a
     * restoring stiffness (f·r) across r, and a light link between a heavy weight and its anchor
     * swings across the chain at ω = √(f·r / I): a 1 kg link under a 1000 kg weight at about
     * 490 rad/s, past the explicit limit ω·h < 2 at 240 substeps a second, and the hanging chain
     * flew apart (1,445 % stretch). Integrating that stiffness implicitly, as Tournier et al.,
     * "Stable Constrained Dynamics" (SIGGRAPH 2015) do, adds G = h²·(f·r)·(1 − r̂·r̂ᵀ) to the body's
     * angular mass in this tick's solves: it acts only across the lever and only while the joint
     * pulls, and it is stable at any tension. The force is the joint's impulse from the last
     * substep over h. The warm-start impulses go through the same mass (I + G), so the exact solve
     * that follows sees velocities it can project consistently; through I alone the two disagree
     * and the light links spun up until the chain blew apart.
     */
    void warmStart() {
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 0) {
                Arrays.fill(tension[i], 0);
                Arrays.fill(wrench[i], 0);
            }
        }
        // Every (joint, body) incidence once: a joint with its parent body, a body with its parent
        // joint (a root joint to a fixed body has no parent; its moving body is its child).
        for (int i = 0; i < nodeCount; i++) {
            int p = parent[i];
            if (p >= 0) {
                addIncidence(kind[i] == 1 ? ref[i] : ref[p], kind[i] == 1 ? p : i);
            }
        }
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] != 0) {
                continue;
            }
            int body = ref[i];
            double[] w = wrench[i];
            double invMass = b.invMass[body];
            b.linVel[3 * body] += invMass * w[0];
            b.linVel[3 * body + 1] += invMass * w[1];
            b.linVel[3 * body + 2] += invMass * w[2];
            // (I + G)⁻¹·τ with I = (world inverse inertia)⁻¹
            System.arraycopy(b.invInertiaWorld, 9 * body, t36, 0, 9);
            invert(t36, u36, 3);
            double[] g = tension[i];
            for (int k = 0; k < 9; k++) {
                u36[k] += g[k];
            }
            invert(u36, t36, 3);
            for (int r = 0; r < 3; r++) {
                b.angVel[3 * body + r] += t36[3 * r] * w[3] + t36[3 * r + 1] * w[4] + t36[3 * r + 2] * w[5];
            }
        }
    }

    /**
     * Below this ratio of h²·(f·r) to the body's inertia across the lever (the square of ω·h of
     * its swing under the joint's pull) nothing is added: the explicit step is stable there
     * (ω·h ≤ 0.7) and the tension inertia would only change the body's response. Above it, only
     * the excess is added, which keeps ω·h near 1 at any tension. A ragdoll resting on the
     * ground (ratio about 0.2 at its feet) with the full term jittered at 0.5 m/s.
     */
    static final double TENSION_FREE = 0.5;

    /** Adds joint j's warm-start impulse and tension inertia on the body of node {@code node}. */
    private void addIncidence(int j, int node) {
        int body = ref[node];
        anchors(j);
        double[] imp = joints.point[j].impulse;
        boolean onB = joints.bodyB[j] == body;
        double[] r = onB ? rb : ra;
        double sign = onB ? 1 : -1;
        double px = sign * imp[0];
        double py = sign * imp[1];
        double pz = sign * imp[2];
        double[] w = wrench[node];
        w[0] += px;
        w[1] += py;
        w[2] += pz;
        w[3] += r[1] * pz - r[2] * py;
        w[4] += r[2] * px - r[0] * pz;
        w[5] += r[0] * py - r[1] * px;
        double pull = (px * r[0] + py * r[1] + pz * r[2]) / substep; // f·r, N·m
        double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        if (!(pull > 0) || r2 == 0) {
            return;
        }
        // The body's own inertia across the lever, the mean of its two moments about axes ⊥ r.
        System.arraycopy(b.invInertiaWorld, 9 * body, t36, 0, 9);
        invert(t36, u36, 3);
        double along = 0;
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                along += r[row] * u36[3 * row + col] * r[col];
            }
        }
        double across = 0.5 * (u36[0] + u36[4] + u36[8] - along / r2);
        double k = substep * substep * pull - TENSION_FREE * across;
        if (k <= 0) {
            return;
        }
        double[] g = tension[node];
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                g[3 * row + col] += (row == col ? k : 0) - k * r[row] * r[col] / r2;
            }
        }
    }

    /** The ground contacts of this tick's trees, solved with the articulated effective mass. */
    final TreeContacts contacts = new TreeContacts(this);

    /** See {@link TreeContacts#markArticulated}. */
    void markArticulated(ContactPair[] pairs, int count) {
        contacts.markArticulated(pairs, count);
    }

    /** See {@link TreeContacts#solveContacts}. */
    void solveContacts(ContactSolver cs, double invH, boolean useBias) {
        contacts.solveContacts(cs, invH, useBias);
    }

    /** Bodies get Δv; joints accumulate λ = −μ. */
    private void apply() {
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 0) {
                int body = ref[i];
                for (int a = 0; a < 3; a++) {
                    b.linVel[3 * body + a] += x[i][a];
                    b.angVel[3 * body + a] += x[i][3 + a];
                }
            } else {
                double[] imp = joints.point[ref[i]].impulse;
                imp[0] -= x[i][0];
                imp[1] -= x[i][1];
                imp[2] -= x[i][2];
                for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                    rows[i][r - JOINT].impulse -= x[i][r];
                }
                if (driveRows[i]) {
                    int o = JOINT + limitRows[i];
                    double[] driveImpulse = joints.drive[ref[i]].impulse;
                    driveImpulse[0] -= x[i][o];
                    driveImpulse[1] -= x[i][o + 1];
                    driveImpulse[2] -= x[i][o + 2];
                }
            }
        }
    }

    /** 6×6 mass block diag(m, m, m, I_world). */
    private void massBlock(int body, double[] out) {
        double m = b.mass[body];
        out[0] = m;
        out[7] = m;
        out[14] = m;
        // World inertia = inverse of the world inverse inertia.
        System.arraycopy(b.invInertiaWorld, 9 * body, t36, 0, 9);
        invert(t36, u36, 3);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[(3 + r) * 6 + 3 + c] = u36[r * 3 + c];
            }
        }
    }

    /** Compliance of soft point rows in the passes where the spring does not act, m/(N·s): no impulse. */
    private static final double FREE = 1e12;
    /** True during the biased velocity solve (drives and point springs act only there). */
    private boolean biasedPass;

    /** A soft point's right-hand side −(Ċ + b·C + λ/D) (implicit spring, accumulated impulse λ). */
    private void springRhs(int j, SoftCoefficients spring, double[] out) {
        jointRhs(j, 0, out);
        joints.error(b, j, err);
        double[] imp = joints.point[j].impulse;
        for (int r = 0; r < 3; r++) {
            out[r] -= spring.biasRate * err[r] + spring.invD * imp[r];
        }
    }

    /** The joint's right-hand side −(J v + biasRate·C) with the current anchors. */
    private void jointRhs(int j, double biasRate, double[] out) {
        anchors(j);
        int ba = joints.bodyA[j];
        int bb = joints.bodyB[j];
        double[] v = b.linVel;
        double[] w = b.angVel;
        double[] c = err;
        joints.error(b, j, c);
        double cdx = v[3 * bb] + w[3 * bb + 1] * rb[2] - w[3 * bb + 2] * rb[1]
                - (v[3 * ba] + w[3 * ba + 1] * ra[2] - w[3 * ba + 2] * ra[1]);
        double cdy = v[3 * bb + 1] + w[3 * bb + 2] * rb[0] - w[3 * bb] * rb[2]
                - (v[3 * ba + 1] + w[3 * ba + 2] * ra[0] - w[3 * ba] * ra[2]);
        double cdz = v[3 * bb + 2] + w[3 * bb] * rb[1] - w[3 * bb + 1] * rb[0]
                - (v[3 * ba + 2] + w[3 * ba] * ra[1] - w[3 * ba + 1] * ra[0]);
        double bx = biasRate * c[0];
        double by = biasRate * c[1];
        double bz = biasRate * c[2];
        double bl = Math.sqrt(bx * bx + by * by + bz * bz);
        if (bl > maxBias) {
            double k = maxBias / bl;
            bx *= k;
            by *= k;
            bz *= k;
        }
        out[0] = -(cdx + bx);
        out[1] = -(cdy + by);
        out[2] = -(cdz + bz);
    }

    private void anchors(int j) {
        System.arraycopy(joints.localA, 3 * j, la, 0, 3);
        System.arraycopy(joints.localB, 3 * j, lb, 0, 3);
        int ba = joints.bodyA[j];
        int bb = joints.bodyB[j];
        ra[0] = Quaternions.rotX(b.rot, ba, la, 0);
        ra[1] = Quaternions.rotY(b.rot, ba, la, 0);
        ra[2] = Quaternions.rotZ(b.rot, ba, la, 0);
        rb[0] = Quaternions.rotX(b.rot, bb, lb, 0);
        rb[1] = Quaternions.rotY(b.rot, bb, lb, 0);
        rb[2] = Quaternions.rotZ(b.rot, bb, lb, 0);
    }

    /**
     * Joint node i's s×6 block on {@code body}: point rows [−E, [r_A]ₓ] on A, [E, −[r_B]ₓ] on B;
     * each angular row [−n, −j_A] on A, [n, j_B] on B. With {@code transposed} it is written as
     * the 6×s transpose.
     */
    private void jacobian(int node, int body, double[] out, boolean transposed) {
        int j = ref[node];
        int s = size[node];
        anchors(j);
        boolean onA = joints.bodyA[j] == body;
        double sgn = onA ? -1 : 1;
        double[] r = onA ? ra : rb;
        // Angular part: on A +[r]ₓ, on B −[r]ₓ, i.e. −sgn·[r]ₓ.
        double[] blk = t36;
        Arrays.fill(blk, 0, 6 * s, 0);
        blk[0] = sgn;
        blk[7] = sgn;
        blk[14] = sgn;
        double k = -sgn;
        // [r]ₓ = [[0, −rz, ry], [rz, 0, −rx], [−ry, rx, 0]]
        blk[3] = 0;
        blk[4] = k * -r[2];
        blk[5] = k * r[1];
        blk[9] = k * r[2];
        blk[10] = 0;
        blk[11] = k * -r[0];
        blk[15] = k * -r[1];
        blk[16] = k * r[0];
        blk[17] = 0;
        for (int row = JOINT + limitRows[node]; row < s; row++) {
            // drive rows: Ċ = ω_B − ω_A
            int axis = row - JOINT - limitRows[node];
            blk[row * 6 + 3 + axis] = sgn;
        }
        for (int row = JOINT; row < JOINT + limitRows[node]; row++) {
            AxisConstraintPart part = rows[node][row - JOINT];
            double[] ang = onA ? part.jA : part.jB;
            for (int c = 0; c < 3; c++) {
                blk[row * 6 + c] = sgn * part.n[c];
                blk[row * 6 + 3 + c] = sgn * ang[c];
            }
        }
        if (!transposed) {
            System.arraycopy(blk, 0, out, 0, 6 * s);
        } else {
            for (int rr = 0; rr < s; rr++) {
                for (int c = 0; c < 6; c++) {
                    out[c * s + rr] = blk[rr * 6 + c];
                }
            }
        }
    }

    /** out (r×c2) = a (r×c) · bm (c×c2). */
    private static void mul(double[] a, int rows, int inner, double[] bm, int cols, double[] out) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                double acc = 0;
                for (int k = 0; k < inner; k++) {
                    acc += a[r * inner + k] * bm[k * cols + c];
                }
                out[r * cols + c] = acc;
            }
        }
    }

    /** Gauss–Jordan inverse of an n×n block (n ≤ 6); false if singular. */
    private boolean invert(double[] m, double[] out, int n) {
        double[] a = w36;
        System.arraycopy(m, 0, a, 0, n * n);
        double scale = 0;
        for (int i = 0; i < n * n; i++) {
            scale = Math.max(scale, Math.abs(m[i]));
        }
        double tiny = 1e-12 * scale;
        for (int i = 0; i < n * n; i++) {
            out[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            out[i * n + i] = 1;
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r * n + col]) > Math.abs(a[piv * n + col])) {
                    piv = r;
                }
            }
            double p = a[piv * n + col];
            if (!(Math.abs(p) > tiny)) {
                return false;
            }
            if (piv != col) {
                for (int c = 0; c < n; c++) {
                    double t = a[col * n + c];
                    a[col * n + c] = a[piv * n + c];
                    a[piv * n + c] = t;
                    t = out[col * n + c];
                    out[col * n + c] = out[piv * n + c];
                    out[piv * n + c] = t;
                }
            }
            double inv = 1 / p;
            for (int c = 0; c < n; c++) {
                a[col * n + c] *= inv;
                out[col * n + c] *= inv;
            }
            for (int r = 0; r < n; r++) {
                if (r == col) {
                    continue;
                }
                double f = a[r * n + col];
                if (f == 0) {
                    continue;
                }
                for (int c = 0; c < n; c++) {
                    a[r * n + c] -= f * a[col * n + c];
                    out[r * n + c] -= f * out[col * n + c];
                }
            }
        }
        return true;
    }
}
