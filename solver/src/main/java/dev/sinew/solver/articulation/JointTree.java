package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;
import java.util.Arrays;

/**
 * The tree structure of a tick's joint trees, built from scratch each tick: the bodies and joints
 * of each component without a loop as nodes in elimination order (children before parents), rooted
 * at the component's one joint to a body that does not move if it has one, with each node's block
 * arrays. {@link JointTreeSolver} solves over it.
 */
abstract class JointTree {
    public static final int BODY = 6;
    static final int JOINT = 3;

    public final Bodies b;
    /** The tick's substep and counters. */
    final SolverContext ctx;
    final Joints joints;
    // Nodes: 0..n-1 in elimination order (children before parents).
    public int nodeCount;
    public int[] kind = new int[16]; // 0 body, 1 joint
    public int[] ref = new int[16]; // body slot or joint slot
    int[] parent = new int[16];
    public int[] size = new int[16];
    double[][] d = new double[16][];
    double[][] dInv = new double[16][];
    double[][] l = new double[16][];
    double[][] hUp = new double[16][]; // block to the parent: size × parentSize
    public double[][] x = new double[16][];
    /** Per joint node: the angular rows it carries besides its 3 point rows, and their biases. */
    AxisConstraintPart[][] rows = new AxisConstraintPart[16][];
    double[][] rowBias = new double[16][];
    /** Per joint node: how many limit rows follow its point rows, and whether 3 drive rows follow them. */
    int[] limitRows = new int[16];
    boolean[] driveRows = new boolean[16];
    final double[] gamma = new double[9];
    /** Per body node: its tension inertia G (3×3, world) and warm-start wrench (force, torque) this substep. */
    double[][] tension = new double[16][];
    double[][] wrench = new double[16][];
    // Scratch
    int[] bodyNode;
    int[] stack = new int[16];
    int[] compRoot;
    /** Largest joint node: 3 point rows, 2 limit rows, 3 drive rows (8), rounded up. */
    static final int MAX_ROWS = 9;
    static final int BLOCK = MAX_ROWS * MAX_ROWS;
    final double[] t36 = new double[BLOCK];
    final double[] u36 = new double[BLOCK];
    final double[] w36 = new double[BLOCK];
    final double[] err = new double[3];
    final double[] la = new double[3];
    final double[] lb = new double[3];
    final double[] ra = new double[3];
    final double[] rb = new double[3];

    JointTree(Bodies bodies, Joints joints, SolverContext ctx) {
        this.ctx = ctx;
        this.b = bodies;
        this.joints = joints;
    }

    /** True if joint j was solved by the tree solver this tick (else it is solved sequentially). */
    public boolean inTree(int j) {
        return joints.inTree[j];
    }

    /**
     * Builds the elimination order for this tick from the joints between moving bodies. A
     * component with a loop is not taken.
     */
    /** A live joint the tree solve may take: not carried by an articulation. */
    private boolean live(int j) {
        return joints.alive[j] && !joints.articulated[j];
    }

    public void build() {
        nodeCount = 0;
        compCount = 0;
        Arrays.fill(joints.inTree, 0, joints.high, false);
        if (joints.count == 0) {
            return;
        }
        reserve(2 * joints.high + joints.count + 1);
        if (bodyNode == null || bodyNode.length < b.capacity) {
            bodyNode = new int[b.capacity];
            compRoot = new int[b.capacity];
            worldJoints = new int[b.capacity];
            worldJoint = new int[b.capacity];
            adjStart = new int[b.capacity + 1];
        }
        if (adj.length < 2 * joints.high) {
            adj = new int[2 * joints.alive.length];
            jointNode = new int[joints.alive.length];
        }
        // Union-find over moving bodies through joints to find loops.
        for (int j = 0; j < joints.high; j++) {
            if (live(j)) {
                compRoot[joints.bodyA[j]] = joints.bodyA[j];
                compRoot[joints.bodyB[j]] = joints.bodyB[j];
                bodyNode[joints.bodyA[j]] = -1;
                bodyNode[joints.bodyB[j]] = -1;
            }
        }
        boolean loops = false;
        for (int j = 0; j < joints.high; j++) {
            if (!live(j) || !joints.touchesMoving(b, j)) {
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
            if (live(j)) {
                worldJoints[find(joints.bodyA[j])] = 0;
                worldJoints[find(joints.bodyB[j])] = 0;
            }
        }
        for (int j = 0; j < joints.high; j++) {
            if (live(j) && joints.touchesMoving(b, j) && !(moving(joints.bodyA[j]) && moving(joints.bodyB[j]))) {
                int root = find(moving(joints.bodyA[j]) ? joints.bodyA[j] : joints.bodyB[j]);
                worldJoints[root]++;
                worldJoint[root] = j;
            }
        }
        adjacency();
        for (int j = 0; j < joints.high; j++) {
            if (live(j)) {
                int r = find(joints.bodyA[j]);
                int r2 = find(joints.bodyB[j]);
                if (bodyNode[r] == -3 || bodyNode[r2] == -3 || worldJoints[r] > 1 || worldJoints[r2] > 1
                        || joints.sequentialOnly[j] || (joints.pointSpring[j] == null && separation(j) > Tuning.MAX_TREE_ERROR)) {
                    bodyNode[r] = -3;
                    bodyNode[r2] = -3;
                }
            }
        }
        // Components rooted at their world joint if they have one, else at a body.
        for (int j0 = 0; j0 < joints.high; j0++) {
            if (!live(j0) || joints.inTree[j0] || !joints.touchesMoving(b, j0)) {
                continue;
            }
            int start = moving(joints.bodyA[j0]) ? joints.bodyA[j0] : joints.bodyB[j0];
            int root = find(start);
            if (bodyNode[root] == -3) {
                continue;
            }
            int world = worldJoints[root] == 1 ? worldJoint[root] : -1;
            if (world >= 0) {
                emitTree(moving(joints.bodyA[world]) ? joints.bodyA[world] : joints.bodyB[world], world);
            } else {
                emitTree(start, -1);
            }
        }
        compStart[compCount] = nodeCount;
        composite.compute(b, joints, nodeCount, kind, ref, parent);
    }

    int[] worldJoints = new int[0];
    /** Per component root: its joint to a body that does not move (the one joint when {@link #worldJoints} is 1). */
    int[] worldJoint = new int[0];
    /** The live joints of each body, in slot order: adj[adjStart[i] .. adjStart[i + 1]). */
    int[] adjStart = new int[0];
    int[] adj = new int[0];
    /** Per joint slot: its node in the tree being emitted (pre-order index). */
    int[] jointNode = new int[0];

    /** {@link #adj} from the live joints; the tree walks read a body's joints there instead of scanning every joint. */
    private void adjacency() {
        Arrays.fill(adjStart, 0, b.high + 1, 0);
        for (int j = 0; j < joints.high; j++) {
            if (live(j)) {
                adjStart[joints.bodyA[j] + 1]++;
                adjStart[joints.bodyB[j] + 1]++;
            }
        }
        for (int i = 0; i < b.high; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        for (int j = 0; j < joints.high; j++) {
            if (live(j)) {
                adj[adjStart[joints.bodyA[j]]++] = j;
                adj[adjStart[joints.bodyB[j]]++] = j;
            }
        }
        for (int i = b.high; i > 0; i--) {
            adjStart[i] = adjStart[i - 1];
        }
        adjStart[0] = 0;
    }

    /** The drives' braking inertias, from the trees' composite rigid bodies. */
    final CompositeInertia composite = new CompositeInertia();
    /** Each joint node's linear prediction of its anchor error after the position update, C + h·Ċ (m). */
    double[] predicted = new double[3 * 16];
    /** Each joint node's anchor move in the current anchor pass, target − C (m; 0 if not projected). */
    double[] anchorMove = new double[3 * 16];
    /** True while the projection moves anchors (to {@link #anchorMove}) rather than limits. */
    boolean anchorPass;
    /** Node ranges of this tick's trees: tree t is nodes [compStart[t], compStart[t + 1]). */
    public int[] compStart = new int[8];
    public int compCount;

    double separation(int j) {
        joints.error(b, j, err);
        return Math.sqrt(err[0] * err[0] + err[1] * err[1] + err[2] * err[2]);
    }

    void markLoop(int root) {
        bodyNode[root] = -3;
    }

    public boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }

    int find(int x) {
        while (compRoot[x] != x) {
            compRoot[x] = compRoot[compRoot[x]];
            x = compRoot[x];
        }
        return x;
    }

    /** Iterative post-order DFS over the body–joint tree rooted at body {@code root}. */
    void emitTree(int root, int rootJoint) {
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
            joints.inTree[rootJoint] = true;
            int jointIdx = addNode(1, rootJoint, JOINT);
            parent[jointIdx] = -1;
            jointNode[rootJoint] = jointIdx;
        }
        stack[top++] = root;
        stack[top++] = rootJoint;
        // Collect pre-order into node arrays; parents resolved afterwards.
        while (top > 0) {
            int fromJoint = stack[--top];
            int body = stack[--top];
            int bodyIdx = addNode(0, body, BODY);
            bodyNode[body] = bodyIdx;
            parent[bodyIdx] = fromJoint < 0 ? -1 : jointNode[fromJoint];
            for (int e = adjStart[body]; e < adjStart[body + 1]; e++) {
                int j = adj[e];
                if (j == fromJoint || joints.inTree[j]) {
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
                joints.inTree[j] = true;
                int jointIdx = addNode(1, j, JOINT);
                parent[jointIdx] = bodyIdx;
                jointNode[j] = jointIdx;
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

    int[] map = new int[16];
    int[] k2 = new int[16];
    int[] r2 = new int[16];
    int[] p2 = new int[16];
    int[] s2 = new int[16];

    void reorder(int first, int n) {
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

    void ensureStack(int n) {
        if (stack.length < n) {
            stack = Arrays.copyOf(stack, 2 * n);
        }
    }

    /**
     * Makes room for n nodes and their blocks up front, so that a tick whose trees are larger than
     * any before (a component rejoining the trees) does not allocate inside the step: the buffers
     * grow only when joints are added. A tree has at most two nodes per joint plus one body.
     */
    void reserve(int n) {
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

    int addNode(int k, int r, int s) {
        if (nodeCount == kind.length) {
            reserve(2 * nodeCount);
        }
        int i = nodeCount++;
        kind[i] = k;
        ref[i] = r;
        size[i] = s;
        return i;
    }
}
