package dev.sinew.solver.articulation;

import static dev.sinew.solver.math.Mat3.invertSpd;
import static dev.sinew.solver.math.Mat3.mulTransposed;
import static dev.sinew.solver.math.Mat3.subMul;
import static dev.sinew.solver.math.Mat3.subTransposedVec;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * A tree of bodies joined by ball (3-DOF) joints, moved in reduced coordinates: the joints cannot
 * open, because the links' positions are computed from the root and the joints' rotations.
 *
 * <p>Coordinates. Each joint contributes one node of three velocity unknowns: the relative angular
 * velocity ω_B − ω_A of its link against its parent, in world axes, a rotation of the link's whole
 * subtree about the joint's anchor p. A free root adds two nodes, its centre of mass velocity and
 * its angular velocity (a rotation about its centre of mass). A root hung from a body that does not
 * move (static, or kinematic with a prescribed velocity) has only its joint's node. So a link's
 * velocity at a point x is
 * <pre>
 *   ω_k  = ω_base + Σ q̇_i              (i: the angular nodes on the path from the root to k)
 *   v(x) = v_base(x) + Σ_lin q̇ + Σ_i q̇_i × (x − p_i)
 * </pre>
 * which is S·q̇ with S the links' Jacobian. Because the unknowns are world-frame rates, S has no
 * velocity-product terms in its angular rows; its linear rows give the centripetal accelerations
 * a_k = a_parent + ω_p × (ω_p × (p − c_p)) + ω_k × (ω_k × (c_k − p)).
 *
 * <p>Mass matrix (composite rigid bodies). With M, C, I_C the mass, centre of mass and inertia about
 * C of node j's subtree, and i an ancestor-or-self of j (angular nodes with pivots p_i, p_j):
 * <pre>
 *   H_ij = I_C + M·((u·w)·E − w·uᵀ),  u = C − p_i, w = C − p_j      (angular, angular)
 *   H_ij = −M·[w]ₓ                                                  (root linear i, angular j)
 *   H_00 = M·E                                                      (root linear)
 * </pre>
 * H is factored as Lᵀ·D·L with L unit lower block-triangular, L_ja non-zero only for a an ancestor
 * of j, eliminating the deepest nodes first, which creates no fill-in (Featherstone, "Efficient
 * factorization of the joint-space inertia matrix for branched kinematic trees", IJRR 2005).
 * Solving H·x = g is then a sweep from the leaves to the root (w = L⁻ᵀ·g), a block diagonal
 * solve and a sweep back (x = L⁻¹·D⁻¹·w). An impulse on one link has its non-zero entries on
 * that link's path to the root only, and so does its L⁻ᵀ sweep; the velocity of the nodes on one
 * path needs only D⁻¹·w on that path. So impulses and velocity queries on one link cost
 * O(depth²) blocks, not O(nodes): the contact solver applies impulses lazily into w and reads
 * velocities through {@link #pathVelocity} until {@link #flush} writes every link's velocity.
 *
 * <p>Not thread-safe; allocates only when the topology grows.
 */
abstract class ArticulationTree {
    // ------------------------------------------------------------------ topology

    /** Links in topological order (each after its parent); link 0 is the root. */
    int linkCount;
    int[] body = new int[4];
    int[] linkParent = new int[4];
    /** The joint slot joining link l to its parent (link 0: to the base), −1 for a free root. */
    int[] linkJoint = new int[4];
    /** Link l's joint anchor relative to the parent's (or base's) centre of mass, parent's body frame. */
    double[] anchorParent = new double[12];
    /** Link l's joint anchor relative to its own centre of mass, its body frame. */
    double[] anchorLink = new double[12];
    /** Link l's {@link #anchorParent} turned into the world frame by the last {@link #pose}, m (links with a parent or base). */
    double[] leverParent = new double[12];
    /** Link l's {@link #anchorLink} turned into the world frame by the last {@link #pose}, m (links with a parent or base). */
    double[] leverLink = new double[12];
    /** The body link 0 hangs from (static or kinematic), or −1: a free root. */
    int base = -1;

    int nodeCount;
    boolean[] linearNode = new boolean[4];
    /** The link whose subtree node i moves. */
    int[] nodeLink = new int[4];
    int[] nodeParent = new int[4];
    int[] depth = new int[4];
    /** Ancestors of node i, root first: anc[ancOff[i] .. ancOff[i] + depth[i]). */
    int[] ancOff = new int[4];
    int[] anc = new int[8];
    /** Blocks of node i (3×3, row-major): (ancestor a, i) at blockOff[i] + a, the diagonal at blockOff[i] + depth[i]. */
    int[] blockOff = new int[4];
    int blockCount;
    /** The angular node of link l (its joint's node; a free root's rotation node). */
    int[] linkNode = new int[4];

    // ------------------------------------------------------------------ state of the current substep

    /** Pivot of each angular node, world, m. */
    double[] pivot = new double[12];
    /** Generalized velocity, 3 per node (m/s or rad/s, world axes). */
    double[] qd = new double[12];
    /** Impulses applied since the last {@link #flush}, swept to the root: L⁻ᵀ·g, 3 per node. */
    double[] lazy = new double[12];
    boolean pending;
    /** An impulse reached the tree since its joint rows' last pass ({@link ArticulatedJoints#solve}). */
    boolean touched;
    /** Added to the diagonal blocks before factoring (a drive's implicit stiffness), 9 per node. */
    double[] extraDiag = new double[36];
    /** Added to the block (root linear, root angular) of a free root before factoring (a root spring's coupling). */
    final double[] extraRoot = new double[9];
    /** The joint whose soft point springs a free root toward a body that does not move, or −1. */
    int rootSpring = -1;
    /**
     * H's blocks while {@link ArticulationResponse#massMatrix} builds it and {@link #factor} factors
     * it in place, dead after: the engine points it at the scratch of the lane doing the work
     * ({@link ArticulationLane#massBlocks}), so an articulation does not keep H between stages (a
     * caller without lanes gets an array of the articulation's own from the first massMatrix).
     */
    double[] hb = new double[36];
    double[] lb = new double[36];
    double[] dinv = new double[36];
    /** Per link: world inertia about its centre of mass (9), and its velocity (linear at the centre of mass, angular). */
    double[] inertia = new double[36];
    double[] linVel = new double[12];
    double[] angVel = new double[12];
    /** Per link: its subtree's mass, centre of mass and inertia about that centre. */
    double[] compMass = new double[4];
    double[] compCom = new double[12];
    double[] compInertia = new double[36];
    /** Base motion this tick: centre of mass, velocity, angular velocity (zero for a static base). */
    final double[] baseCom = new double[3];
    final double[] baseVel = new double[3];
    final double[] baseAngVel = new double[3];

    /**
     * The joints' friction and limit rows of a substep, per link (ArticulatedJoints' layout), with
     * a flags word per link; {@link #rowsDirty} while the impulses there are newer than the joints'.
     */
    double[] rowData = new double[0];
    int[] rowFlags = new int[0];
    boolean rowsDirty;

    /** Scratch of the sweeps: a generalized impulse, 3 per node. */
    double[] respG = new double[12];
    // scratch
    private double[] pathVec = new double[12];
    private double[] pathOut = new double[12];
    private final double[] m9 = new double[9];
    private final double[] n9 = new double[9];
    private final double[] r3 = new double[3];

    // ------------------------------------------------------------------ building

    /** Starts an empty tree hung from {@code baseBody} (−1: a free root). */
    void reset(int baseBody) {
        linkCount = 0;
        nodeCount = 0;
        base = baseBody;
        rootSpring = -1;
    }

    /**
     * Adds a link (after its parent). {@code parent} is the parent link or −1 for the root;
     * {@code joint} the joint to the parent (for the root: to the base, or −1 for a free root);
     * anchors relative to the centres of mass in body frames (the root's parent anchor in the base's frame).
     */
    int addLink(int bodySlot, int parent, int joint, double[] onParent, int po, double[] onLink, int lo) {
        int l = linkCount++;
        if (l == body.length) {
            int n = 2 * l;
            body = Arrays.copyOf(body, n);
            linkParent = Arrays.copyOf(linkParent, n);
            linkJoint = Arrays.copyOf(linkJoint, n);
            anchorParent = Arrays.copyOf(anchorParent, 3 * n);
            anchorLink = Arrays.copyOf(anchorLink, 3 * n);
            leverParent = new double[3 * n];
            leverLink = new double[3 * n];
        }
        body[l] = bodySlot;
        linkParent[l] = parent;
        linkJoint[l] = joint;
        if (onParent != null) {
            System.arraycopy(onParent, po, anchorParent, 3 * l, 3);
            System.arraycopy(onLink, lo, anchorLink, 3 * l, 3);
        }
        return l;
    }

    /** Lays out the nodes and their blocks once the links are in; allocates only when larger than before. */
    void finish() {
        kept.drop();
        boolean free = base < 0;
        int n = linkCount + (free ? 1 : 0);
        nodeCount = n;
        if (ancOff.length < n + 1) {
            linearNode = new boolean[n];
            nodeLink = new int[n];
            nodeParent = new int[n];
            depth = new int[n];
            ancOff = new int[n + 1];
            blockOff = new int[n + 1];
            pivot = new double[3 * n];
            qd = new double[3 * n];
            lazy = new double[3 * n];
            extraDiag = new double[9 * n];
            dinv = new double[9 * n];
            pathVec = new double[3 * n];
            pathOut = new double[3 * n];
            respG = new double[3 * n];
        }
        if (linkNode.length < linkCount) {
            int m = body.length;
            linkNode = new int[m];
            inertia = new double[9 * m];
            linVel = new double[3 * m];
            angVel = new double[3 * m];
            compMass = new double[m];
            compCom = new double[3 * m];
            compInertia = new double[9 * m];
        }
        int node = 0;
        if (free) {
            linearNode[0] = true;
            nodeLink[0] = 0;
            nodeParent[0] = -1;
            node = 1;
        }
        for (int l = 0; l < linkCount; l++) {
            int i = node++;
            linearNode[i] = false;
            nodeLink[i] = l;
            linkNode[l] = i;
            nodeParent[i] = l == 0 ? (free ? 0 : -1) : linkNode[linkParent[l]];
        }
        int ancTotal = 0;
        int blocks = 0;
        for (int i = 0; i < n; i++) {
            depth[i] = nodeParent[i] < 0 ? 0 : depth[nodeParent[i]] + 1;
            ancOff[i] = ancTotal;
            ancTotal += depth[i];
            blockOff[i] = blocks;
            blocks += depth[i] + 1;
        }
        ancOff[n] = ancTotal;
        blockOff[n] = blocks;
        blockCount = blocks;
        if (anc.length < ancTotal) {
            anc = new int[2 * ancTotal];
        }
        for (int i = 0; i < n; i++) {
            int p = nodeParent[i];
            if (p >= 0) {
                System.arraycopy(anc, ancOff[p], anc, ancOff[i], depth[p]);
                anc[ancOff[i] + depth[p]] = p;
            }
        }
        if (lb.length < 9 * blocks) {
            lb = new double[18 * blocks];
        }
    }

    // ------------------------------------------------------------------ pose

    /**
     * Places every link from the root's pose and the links' orientations (the joints closed: a link
     * that had drifted from its parent's anchor is put back on it), sets the pivots and the links'
     * world inertias (plus {@code extraInertia}, 9 per link, if given).
     */
    void pose(Bodies b) {
        double[] pos = b.pos;
        double[] rot = b.rot;
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            int par = l == 0 ? base : body[linkParent[l]];
            if (par >= 0) {
                // pivot p = c_parent + R_parent·a_parent; link centre c = p − R_link·a_link
                int o = 3 * l;
                double ax = Quaternions.rotX(rot, par, anchorParent, o);
                double ay = Quaternions.rotY(rot, par, anchorParent, o);
                double az = Quaternions.rotZ(rot, par, anchorParent, o);
                double bx = Quaternions.rotX(rot, k, anchorLink, o);
                double by = Quaternions.rotY(rot, k, anchorLink, o);
                double bz = Quaternions.rotZ(rot, k, anchorLink, o);
                leverParent[o] = ax;
                leverParent[o + 1] = ay;
                leverParent[o + 2] = az;
                leverLink[o] = bx;
                leverLink[o + 1] = by;
                leverLink[o + 2] = bz;
                double px = pos[3 * par] + ax;
                double py = pos[3 * par + 1] + ay;
                double pz = pos[3 * par + 2] + az;
                int node = linkNode[l];
                pivot[3 * node] = px;
                pivot[3 * node + 1] = py;
                pivot[3 * node + 2] = pz;
                pos[3 * k] = px - bx;
                pos[3 * k + 1] = py - by;
                pos[3 * k + 2] = pz - bz;
            } else {
                int node = linkNode[l];
                pivot[3 * node] = pos[3 * k];
                pivot[3 * node + 1] = pos[3 * k + 1];
                pivot[3 * node + 2] = pos[3 * k + 2];
            }
            worldInertia(b, k, inertia, 9 * l);
        }
    }

    /** out[o..o+8] = R·I_local·Rᵀ of body k. */
    private static void worldInertia(Bodies b, int k, double[] out, int o) {
        double x = b.rot[4 * k];
        double y = b.rot[4 * k + 1];
        double z = b.rot[4 * k + 2];
        double w = b.rot[4 * k + 3];
        double r00 = 1 - 2 * (y * y + z * z);
        double r01 = 2 * (x * y - w * z);
        double r02 = 2 * (x * z + w * y);
        double r10 = 2 * (x * y + w * z);
        double r11 = 1 - 2 * (x * x + z * z);
        double r12 = 2 * (y * z - w * x);
        double r20 = 2 * (x * z - w * y);
        double r21 = 2 * (y * z + w * x);
        double r22 = 1 - 2 * (x * x + y * y);
        int i = 6 * k;
        double ixx = b.inertiaLocal[i];
        double iyy = b.inertiaLocal[i + 1];
        double izz = b.inertiaLocal[i + 2];
        double ixy = b.inertiaLocal[i + 3];
        double ixz = b.inertiaLocal[i + 4];
        double iyz = b.inertiaLocal[i + 5];
        // T = R·I
        double t00 = r00 * ixx + r01 * ixy + r02 * ixz;
        double t01 = r00 * ixy + r01 * iyy + r02 * iyz;
        double t02 = r00 * ixz + r01 * iyz + r02 * izz;
        double t10 = r10 * ixx + r11 * ixy + r12 * ixz;
        double t11 = r10 * ixy + r11 * iyy + r12 * iyz;
        double t12 = r10 * ixz + r11 * iyz + r12 * izz;
        double t20 = r20 * ixx + r21 * ixy + r22 * ixz;
        double t21 = r20 * ixy + r21 * iyy + r22 * iyz;
        double t22 = r20 * ixz + r21 * iyz + r22 * izz;
        out[o] = t00 * r00 + t01 * r01 + t02 * r02;
        out[o + 1] = t00 * r10 + t01 * r11 + t02 * r12;
        out[o + 2] = t00 * r20 + t01 * r21 + t02 * r22;
        out[o + 3] = out[o + 1];
        out[o + 4] = t10 * r10 + t11 * r11 + t12 * r12;
        out[o + 5] = t10 * r20 + t11 * r21 + t12 * r22;
        out[o + 6] = out[o + 2];
        out[o + 7] = out[o + 5];
        out[o + 8] = t20 * r20 + t21 * r21 + t22 * r22;
    }

    // ------------------------------------------------------------------ mass matrix



    /**
     * Factors H + extraDiag = Lᵀ·D·L in place (see the class doc); false if a pivot block is
     * singular (non-finite or not positive definite).
     */
    boolean factor() {
        inverseValid = false;
        kept.drop();
        for (int j = 0; j < nodeCount; j++) {
            int o = 9 * (blockOff[j] + depth[j]);
            for (int e = 0; e < 9; e++) {
                hb[o + e] += extraDiag[9 * j + e];
            }
        }
        if (rootSpring >= 0) {
            int o = 9 * blockOff[1];
            for (int e = 0; e < 9; e++) {
                hb[o + e] += extraRoot[e];
            }
        }
        double[] t = m9;
        for (int j = nodeCount - 1; j >= 0; j--) {
            int d = depth[j];
            int bo = blockOff[j];
            if (!invertSpd(hb, 9 * (bo + d), dinv, 9 * j)) {
                return false;
            }
            int ao = ancOff[j];
            // L_j,a = D⁻¹·B_aᵀ with B_a = H'(anc_a, j)
            for (int a = 0; a < d; a++) {
                mulTransposed(dinv, 9 * j, hb, 9 * (bo + a), lb, 9 * (bo + a));
            }
            // H'(anc_a, anc_b) −= B_a·L_j,b for a ≤ b
            for (int bi = 0; bi < d; bi++) {
                int nb = anc[ao + bi];
                int lo = 9 * (bo + bi);
                int target = blockOff[nb];
                for (int a = 0; a <= bi; a++) {
                    subMul(hb, 9 * (bo + a), lb, lo, hb, 9 * (target + a));
                }
            }
        }
        kept.formed(extraDiag, extraRoot, rootSpring, nodeCount);
        return true;
    }

    /** What the factor was formed with, for a substep that may keep it. */
    final KeptFactor kept = new KeptFactor();

    /**
     * The blocks of L⁻¹ in the layout of {@link #lb}: M_ik = (L⁻¹)_ik for k an ancestor of i at
     * blockOff[i] + depth[k] (M_ii = E is not stored); valid while {@link #inverseValid}.
     */
    double[] mb = new double[36];
    /** M_ik·D⁻¹_k in the layout of {@link #mb}: the terms of a node's velocity from the pending impulses. */
    double[] pb = new double[36];
    /** True while {@link #mb} and {@link #pb} belong to the current factor. */
    boolean inverseValid;

    /**
     * {@link #mb} and {@link #pb} from the current factor, unless they are from it already. From
     * L·M = E, root first, so that every M_ak is there when node i needs it:
     * <pre>
     *   M_ik = −(L_ik + Σ_a L_ia·M_ak)      (a: the ancestors of i below k)
     * </pre>
     * With H⁻¹ = M·D⁻¹·Mᵀ, a generalized impulse g on node i alone sweeps to w_k = M_ikᵀ·g on i's
     * path, and node i's velocity from the swept impulses w is Σ_k M_ik·D⁻¹_k·w_k: O(depth) blocks
     * each, where the sweeps through L cost O(depth²).
     */
    final void ensureInverse() {
        if (inverseValid) {
            return;
        }
        if (mb.length < lb.length) {
            mb = new double[lb.length];
            pb = new double[lb.length];
        }
        PathInverse.fill(nodeCount, depth, blockOff, ancOff, anc, lb, dinv, mb, pb);
        inverseValid = true;
    }

    /** Full solve of the factored system: x = (Lᵀ·D·L)⁻¹·g (3 per node; x may alias g). */
    void solve(double[] g, double[] x) {
        double[] w = pathVec;
        System.arraycopy(g, 0, w, 0, 3 * nodeCount);
        for (int j = nodeCount - 1; j >= 0; j--) {
            int d = depth[j];
            int bo = blockOff[j];
            int ao = ancOff[j];
            for (int a = 0; a < d; a++) {
                subTransposedVec(lb, 9 * (bo + a), w, 3 * j, w, 3 * anc[ao + a]);
            }
        }
        forward(w, x);
    }

    /**
     * x = L⁻¹·D⁻¹·w over every node, root first: x_j = D⁻¹_j·w_j − Σ_a L_ja·x_a over j's ancestors
     * (x must not alias w). Each x_j is summed in locals.
     */
    final void forward(double[] w, double[] x) {
        for (int j = 0; j < nodeCount; j++) {
            forward(j, w, x);
        }
    }

    /** x_j = D⁻¹_j·w_j − Σ_a L_ja·x_a over j's ancestors (their x already there), summed in locals. */
    private void forward(int j, double[] w, double[] x) {
        int io = 9 * j;
        int o = 3 * j;
        double wx = w[o];
        double wy = w[o + 1];
        double wz = w[o + 2];
        double x0 = dinv[io] * wx + dinv[io + 1] * wy + dinv[io + 2] * wz;
        double x1 = dinv[io + 3] * wx + dinv[io + 4] * wy + dinv[io + 5] * wz;
        double x2 = dinv[io + 6] * wx + dinv[io + 7] * wy + dinv[io + 8] * wz;
        int d = depth[j];
        int bo = blockOff[j];
        int ao = ancOff[j];
        for (int a = 0; a < d; a++) {
            int lo = 9 * (bo + a);
            int t = 3 * anc[ao + a];
            double px = x[t];
            double py = x[t + 1];
            double pz = x[t + 2];
            x0 -= lb[lo] * px + lb[lo + 1] * py + lb[lo + 2] * pz;
            x1 -= lb[lo + 3] * px + lb[lo + 4] * py + lb[lo + 5] * pz;
            x2 -= lb[lo + 6] * px + lb[lo + 7] * py + lb[lo + 8] * pz;
        }
        x[o] = x0;
        x[o + 1] = x1;
        x[o + 2] = x2;
    }

    // ------------------------------------------------------------------ lazy impulses and path velocities

    /**
     * Adds a generalized impulse whose non-zero entries lie on node {@code node}'s path to the
     * root (g[3i..3i+2] for each path node i, the rest ignored) to the pending impulses: the
     * velocities it causes are seen by {@link #pathVelocity} at once and written by {@link #flush}.
     * g is consumed (used as scratch).
     */
    void applyPath(int node, double[] g) {
        scatter(node, g, lazy);
        pending = true;
        touched = true;
    }

    /**
     * buf[o..] += L⁻ᵀ·g for g on node's path (g consumed: it ends as L⁻ᵀ·g on the path). Deepest
     * first, each path node's entry pulls the terms of the nodes below it (deepest first too), summed
     * in locals: g_t −= Σ_k L_ktᵀ·g_k, L_kt at blockOff[k] + depth[t] (a path node's depth is its
     * place on the path).
     */
    final void scatterInto(int node, double[] g, double[] buf, int o) {
        int d = depth[node];
        int ao = ancOff[node];
        for (int ti = d; ti >= 0; ti--) {
            int t = ti == d ? node : anc[ao + ti];
            int to = 3 * t;
            double x = g[to];
            double y = g[to + 1];
            double z = g[to + 2];
            for (int ki = d; ki > ti; ki--) {
                int k = ki == d ? node : anc[ao + ki];
                int lo = 9 * (blockOff[k] + ti);
                double gx = g[3 * k];
                double gy = g[3 * k + 1];
                double gz = g[3 * k + 2];
                x -= lb[lo] * gx + lb[lo + 3] * gy + lb[lo + 6] * gz;
                y -= lb[lo + 1] * gx + lb[lo + 4] * gy + lb[lo + 7] * gz;
                z -= lb[lo + 2] * gx + lb[lo + 5] * gy + lb[lo + 8] * gz;
            }
            g[to] = x;
            g[to + 1] = y;
            g[to + 2] = z;
            buf[o + to] += x;
            buf[o + to + 1] += y;
            buf[o + to + 2] += z;
        }
    }

    /**
     * Adds scale·w (impulses already swept, L⁻ᵀ·g for g on node's path, 3 per node from w[o]; only
     * the path's entries are read) to the pending impulses.
     */
    final void addPending(int node, double[] w, int o, double scale) {
        int d = depth[node];
        int ao = ancOff[node];
        for (int idx = 0; idx <= d; idx++) {
            int e = 3 * (idx == d ? node : anc[ao + idx]);
            lazy[e] += scale * w[o + e];
            lazy[e + 1] += scale * w[o + e + 1];
            lazy[e + 2] += scale * w[o + e + 2];
        }
        pending = true;
        touched = true;
    }

    /** buf += L⁻ᵀ·g for g on node's path (g consumed). */
    final void scatter(int node, double[] g, double[] buf) {
        scatterInto(node, g, buf, 0);
    }

    /**
     * The generalized velocity of the nodes on {@code node}'s path, including the pending impulses,
     * into out[3i..3i+2] for each path node i.
     */
    void pathVelocity(int node, double[] out) {
        query(node, pending ? lazy : null, qd, out);
    }

    /**
     * out = base + L⁻¹·D⁻¹·buf on node's path (buf null: base alone; base null: nothing added).
     * Uses {@link #pathOut} as scratch.
     */
    final void query(int node, double[] buf, double[] base, double[] out) {
        int d = depth[node];
        int ao = ancOff[node];
        for (int idx = 0; idx <= d; idx++) {
            int k = idx == d ? node : anc[ao + idx];
            int o = 3 * k;
            if (buf == null) {
                out[o] = base[o];
                out[o + 1] = base[o + 1];
                out[o + 2] = base[o + 2];
                continue;
            }
            // x_k = D_k⁻¹·w_k − Σ L_k,a·x_a, the path above k done already
            forward(k, buf, pathOut);
            double x = pathOut[o];
            double y = pathOut[o + 1];
            double z = pathOut[o + 2];
            out[o] = (base == null ? 0 : base[o]) + x;
            out[o + 1] = (base == null ? 0 : base[o + 1]) + y;
            out[o + 2] = (base == null ? 0 : base[o + 2]) + z;
        }
    }

    /** Folds the pending impulses into q̇ (one full sweep) and clears them. */
    void flushPending() {
        if (!pending) {
            return;
        }
        double[] x = pathOut;
        forward(lazy, x);
        for (int i = 0; i < 3 * nodeCount; i++) {
            qd[i] += x[i];
            lazy[i] = 0;
        }
        pending = false;
    }

    // ------------------------------------------------------------------ links' velocities


    // ------------------------------------------------------------------ generalized forces

    /** Adds the generalized impulse (x, y, z) on node i alone to the pending impulses (w_k += M_ikᵀ·g on its path). */
    void applyNode(int node, double x, double y, double z) {
        ensureInverse();
        int d = depth[node];
        int bo = blockOff[node];
        int ao = ancOff[node];
        double[] w = lazy;
        for (int kk = 0; kk < d; kk++) {
            int mo = 9 * (bo + kk);
            int t = 3 * anc[ao + kk];
            w[t] += mb[mo] * x + mb[mo + 3] * y + mb[mo + 6] * z;
            w[t + 1] += mb[mo + 1] * x + mb[mo + 4] * y + mb[mo + 7] * z;
            w[t + 2] += mb[mo + 2] * x + mb[mo + 5] * y + mb[mo + 8] * z;
        }
        w[3 * node] += x;
        w[3 * node + 1] += y;
        w[3 * node + 2] += z;
        pending = true;
        touched = true;
    }

    /** {@link #respG} holding the generalized impulse (x, y, z) on node i alone, zero on its path. */
    final double[] nodeImpulse(int node, double x, double y, double z) {
        int d = depth[node];
        int ao = ancOff[node];
        for (int idx = 0; idx < d; idx++) {
            int i = anc[ao + idx];
            respG[3 * i] = 0;
            respG[3 * i + 1] = 0;
            respG[3 * i + 2] = 0;
        }
        respG[3 * node] = x;
        respG[3 * node + 1] = y;
        respG[3 * node + 2] = z;
        return respG;
    }

    /** Node i's generalized velocity now (pending impulses included), into out[0..2]. */
    void nodeVelocity(int node, double[] out) {
        int o = 3 * node;
        double x = qd[o];
        double y = qd[o + 1];
        double z = qd[o + 2];
        if (pending) {
            ensureInverse();
            double[] w = lazy;
            int d = depth[node];
            int bo = blockOff[node];
            int ao = ancOff[node];
            for (int kk = 0; kk < d; kk++) {
                int po = 9 * (bo + kk);
                int t = 3 * anc[ao + kk];
                double wx = w[t];
                double wy = w[t + 1];
                double wz = w[t + 2];
                x += pb[po] * wx + pb[po + 1] * wy + pb[po + 2] * wz;
                y += pb[po + 3] * wx + pb[po + 4] * wy + pb[po + 5] * wz;
                z += pb[po + 6] * wx + pb[po + 7] * wy + pb[po + 8] * wz;
            }
            int io = 9 * node;
            double wx = w[o];
            double wy = w[o + 1];
            double wz = w[o + 2];
            x += dinv[io] * wx + dinv[io + 1] * wy + dinv[io + 2] * wz;
            y += dinv[io + 3] * wx + dinv[io + 4] * wy + dinv[io + 5] * wz;
            z += dinv[io + 6] * wx + dinv[io + 7] * wy + dinv[io + 8] * wz;
        }
        out[0] = x;
        out[1] = y;
        out[2] = z;
    }

    /**
     * Caps every angular node's rate at {@code max} rad/s (scaling it down whole); returns how many
     * were capped. Joint-space rates past the turn a substep's linear step can follow make the
     * velocity-product terms, taken at the start of the substep, feed on themselves.
     */
    int capRates(double max) {
        int capped = 0;
        for (int i = 0; i < nodeCount; i++) {
            if (linearNode[i]) {
                continue;
            }
            double x = qd[3 * i];
            double y = qd[3 * i + 1];
            double z = qd[3 * i + 2];
            double l2 = x * x + y * y + z * z;
            if (l2 > max * max) {
                double k = max / Math.sqrt(l2);
                qd[3 * i] = x * k;
                qd[3 * i + 1] = y * k;
                qd[3 * i + 2] = z * k;
                capped++;
            }
        }
        return capped;
    }
}
