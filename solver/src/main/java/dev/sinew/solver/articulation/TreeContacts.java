package dev.sinew.solver.articulation;

import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The ground contacts of a joint tree's bodies (against bodies that do not move), solved with the
 * tree's articulated effective mass after its exact solve: see {@link #solveContacts}. Uses the
 * tree's factors and its node arrays; owned by {@link JointTreeSolver}.
 */
public final class TreeContacts {
    private final JointTreeSolver tree;

    public TreeContacts(JointTreeSolver tree) {
        this.tree = tree;
    }

    private int[] nodeOfBody = new int[0];
    private final ContactPair[] cPair = new ContactPair[Tuning.MAX_TREE_CONTACTS];
    private final int[] cPoint = new int[Tuning.MAX_TREE_CONTACTS];
    private final int[] cNode = new int[Tuning.MAX_TREE_CONTACTS];
    private final double[] cJ = new double[6 * Tuning.MAX_TREE_CONTACTS];
    private final double[] cA = new double[Tuning.MAX_TREE_CONTACTS * Tuning.MAX_TREE_CONTACTS];
    private final double[] cQ = new double[Tuning.MAX_TREE_CONTACTS];
    private final double[] cC = new double[Tuning.MAX_TREE_CONTACTS];
    private final double[] cLam = new double[Tuning.MAX_TREE_CONTACTS];
    private final double[] cDiag = new double[Tuning.MAX_TREE_CONTACTS];
    private final double[] cOld = new double[Tuning.MAX_TREE_CONTACTS];
    private double[] cResp = new double[0];

    /**
     * The ground contacts of tree bodies (against bodies that do not move), solved once more after
     * the tree with the articulated effective mass: a unit impulse at contact point a moves the
     * whole tree, with its joints, limits and drives held, by R_a (one substitution with the tree's
     * factors), so the rows' matrix is A_ba = J_b·R_a and the correction Δλ ≥ −λ moves every body by
     * Σ Δλ_a·R_a. The contact solve before the tree sees each body alone: a 1 kg foot landing
     * under a falling body was stopped with the foot's own mass, and then the exact joint solve,
     * which comes after, pushed the body's momentum back into it and the foot into the ground.
     * Rows use the contact solver's bias and softness ({@link ContactSolver#rowTerms}); friction is
     * left to the contact solver. {@code useBias} false is the relax pass.
     */
    /** This tick's articulated pairs grouped by tree: tree t's are artPairs[artStart[t], artStart[t + 1]). */
    private ContactPair[] artPairs = new ContactPair[16];
    private int[] artStart = new int[9];
    private int[] compOfNode = new int[16];
    private int[] artPoints = new int[8];
    /** How many pairs {@link #markArticulated} marked this tick. */
    private int artCount;

    /**
     * Marks the pairs whose normal rows {@link #solveContacts} takes this tick (a tree body against
     * a body that does not move) and groups them by tree; call after {@link #build}.
     */
    /** Ground contact points left to the plain contact solver in the last {@link #markArticulated} (capacity). */
    public int limitsLeftOut;

    public void markArticulated(ContactPair[] pairs, int count) {
        limitsLeftOut = 0;
        if (nodeOfBody.length < tree.b.capacity) {
            nodeOfBody = new int[tree.b.capacity];
        }
        if (compOfNode.length < tree.nodeCount) {
            compOfNode = new int[Math.max(16, 2 * tree.nodeCount)];
        }
        if (artStart.length < tree.compCount + 2) {
            artStart = new int[2 * tree.compCount + 2];
        }
        if (artPairs.length < count) {
            artPairs = new ContactPair[Math.max(16, 2 * count)];
        }
        for (int pi = 0; pi < count; pi++) {
            int ba = pairs[pi].bodyA;
            int bb = pairs[pi].bodyB;
            nodeOfBody[ba] = -1;
            nodeOfBody[bb] = -1;
        }
        for (int t = 0; t < tree.compCount; t++) {
            for (int i = tree.compStart[t]; i < tree.compStart[t + 1]; i++) {
                compOfNode[i] = t;
                if (tree.kind[i] == 0) {
                    nodeOfBody[tree.ref[i]] = i;
                }
            }
        }
        Arrays.fill(artStart, 0, tree.compCount + 2, 0);
        if (artPoints.length < tree.compCount) {
            artPoints = new int[2 * tree.compCount];
        }
        Arrays.fill(artPoints, 0, tree.compCount, 0);
        for (int pi = 0; pi < count; pi++) {
            ContactPair c = pairs[pi];
            int t = articulatedTree(c);
            c.articulated = t >= 0 && artPoints[t] + c.pointCount <= Tuning.MAX_TREE_CONTACTS;
            if (t >= 0 && !c.articulated) {
                limitsLeftOut += c.pointCount;
            }
            if (c.articulated) {
                artPoints[t] += c.pointCount;
                artStart[t + 2]++;
            }
        }
        for (int t = 0; t < tree.compCount; t++) {
            artStart[t + 2] += artStart[t + 1];
        }
        for (int pi = 0; pi < count; pi++) {
            ContactPair c = pairs[pi];
            if (c.articulated) {
                artPairs[artStart[articulatedTree(c) + 1]++] = c;
            }
        }
        artCount = artStart[tree.compCount];
    }

    /** Gives this tick's articulated pairs back to the contact solver (the trees were abandoned). */
    public void release() {
        for (int i = 0; i < artCount; i++) {
            artPairs[i].articulated = false;
        }
        artCount = 0;
    }

    /** The tree of the pair's one moving body if the other does not move, else −1 (nodeOfBody set). */
    private int articulatedTree(ContactPair c) {
        boolean movingA = tree.moving(c.bodyA);
        boolean movingB = tree.moving(c.bodyB);
        if (movingA == movingB) {
            return -1;
        }
        int node = nodeOfBody[movingA ? c.bodyA : c.bodyB];
        return node < 0 ? -1 : compOfNode[node];
    }

    /**
     * The ground contacts of tree bodies (against bodies that do not move), solved with the
     * articulated effective mass after the tree: a unit impulse at contact point a moves the whole
     * tree, with its joints, limits and drives held, by R_a (one substitution with the tree's
     * factors), so the rows' matrix is A_ba = J_b·R_a and the impulses λ ≥ 0 move every body by
     * Σ Δλ_a·R_a. These rows are taken from the contact solver (which keeps their friction):
     * solved there with each body alone, a 1 kg foot landing under a falling body was stopped with
     * the foot's own mass, and the exact joint solve that follows pushed the body's momentum back
     * into it and the foot into the ground. Rows use the contact solver's bias and softness
     * ({@link ContactSolver#rowTerms}). {@code useBias} false is the relax pass.
     */
    public void solveContacts(ContactSolver cs, double invH, boolean useBias) {
        if (tree.nodeCount == 0) {
            return;
        }
        for (int t = 0; t < tree.compCount; t++) {
            int from = tree.compStart[t];
            int to = tree.compStart[t + 1];
            int k = 0;
            for (int pi = artStart[t]; pi < artStart[t + 1] && k < Tuning.MAX_TREE_CONTACTS; pi++) {
                ContactPair c = artPairs[pi];
                boolean movingB = tree.moving(c.bodyB);
                int node = nodeOfBody[movingB ? c.bodyB : c.bodyA];
                double sign = movingB ? 1 : -1;
                double[] r = c.d;
                int rAt = movingB ? ContactPair.R_B : ContactPair.R_A;
                for (int pt = 0; pt < c.pointCount && k < Tuning.MAX_TREE_CONTACTS; pt++) {
                    cPair[k] = c;
                    cPoint[k] = pt;
                    cNode[k] = node;
                    double nx = sign * c.nx;
                    double ny = sign * c.ny;
                    double nz = sign * c.nz;
                    int o = rAt + 3 * pt;
                    cJ[6 * k] = nx;
                    cJ[6 * k + 1] = ny;
                    cJ[6 * k + 2] = nz;
                    cJ[6 * k + 3] = r[o + 1] * nz - r[o + 2] * ny;
                    cJ[6 * k + 4] = r[o + 2] * nx - r[o] * nz;
                    cJ[6 * k + 5] = r[o] * ny - r[o + 1] * nx;
                    k++;
                }
            }
            if (k > 0) {
                contactBlock(cs, from, to, k, invH, useBias);
            }
        }
    }

    private void contactBlock(ContactSolver cs, int from, int to, int n, double invH, boolean useBias) {
        int nodes = to - from;
        if (cResp.length < n * nodes * JointTreeSolver.BODY) {
            cResp = new double[Math.max(cResp.length * 2, n * nodes * JointTreeSolver.BODY)];
        }
        // responses R_a and the matrix A_ba = J_b·R_a
        for (int a = 0; a < n; a++) {
            for (int i = from; i < to; i++) {
                Arrays.fill(tree.x[i], 0, tree.size[i], 0);
            }
            System.arraycopy(cJ, 6 * a, tree.x[cNode[a]], 0, JointTreeSolver.BODY);
            tree.substitute(from, to);
            for (int i = from; i < to; i++) {
                if (tree.kind[i] == 0) {
                    System.arraycopy(tree.x[i], 0, cResp, (a * nodes + i - from) * JointTreeSolver.BODY, JointTreeSolver.BODY);
                }
            }
            for (int bRow = 0; bRow < n; bRow++) {
                int o = (a * nodes + cNode[bRow] - from) * JointTreeSolver.BODY;
                double acc = 0;
                for (int r = 0; r < JointTreeSolver.BODY; r++) {
                    acc += cJ[6 * bRow + r] * cResp[o + r];
                }
                cA[bRow * Tuning.MAX_TREE_CONTACTS + a] = acc;
            }
        }
        // rows: bias and softness as the contact solver's, velocity along the pair's normal
        for (int r = 0; r < n; r++) {
            ContactPair c = cPair[r];
            double bias = cs.rowTerms(c, cPoint[r], invH, useBias);
            double arr = cA[r * Tuning.MAX_TREE_CONTACTS + r];
            cC[r] = cs.rowImpulseScale > 0 ? arr * cs.rowImpulseScale / cs.rowMassScale : 0;
            cOld[r] = c.d[ContactPair.IMPULSE + cPoint[r]];
            cLam[r] = cOld[r];
            cQ[r] = cs.normalVelocity(c, cPoint[r], c.nx, c.ny, c.nz) + bias;
        }
        for (int r = 0; r < n; r++) {
            double acc = 0;
            for (int a = 0; a < n; a++) {
                acc += cA[r * Tuning.MAX_TREE_CONTACTS + a] * cOld[a];
            }
            cQ[r] -= acc;
        }
        for (int r = 0; r < n; r++) {
            cDiag[r] = cA[r * Tuning.MAX_TREE_CONTACTS + r] + cC[r];
        }
        // projected Gauss–Seidel; an exact pivoting solve here made resting ragdolls jitter (its
        // active set flips between substeps) and never let them sleep
        // (a sweep that changes nothing is the fixed point: every later sweep would compute the same)
        for (int sweep = 0; sweep < Tuning.TREE_CONTACT_SWEEPS; sweep++) {
            boolean changed = false;
            for (int r = 0; r < n; r++) {
                if (!(cDiag[r] > 0)) {
                    continue;
                }
                double w = cQ[r] + cC[r] * cLam[r];
                for (int a = 0; a < n; a++) {
                    w += cA[r * Tuning.MAX_TREE_CONTACTS + a] * cLam[a];
                }
                double next = Math.max(0, cLam[r] - w / cDiag[r]);
                changed |= next != cLam[r];
                cLam[r] = next;
            }
            if (!changed) {
                break;
            }
        }
        for (int a = 0; a < n; a++) {
            double d = cLam[a] - cOld[a];
            ContactPair c = cPair[a];
            c.d[ContactPair.IMPULSE + cPoint[a]] = cLam[a];
            c.d[ContactPair.MAX_IMPULSE + cPoint[a]] = Math.max(c.d[ContactPair.MAX_IMPULSE + cPoint[a]], d);
            if (d == 0) {
                continue;
            }
            for (int i = from; i < to; i++) {
                if (tree.kind[i] == 0) {
                    int o = (a * nodes + i - from) * JointTreeSolver.BODY;
                    int body = tree.ref[i];
                    for (int r = 0; r < 3; r++) {
                        tree.b.linVel[3 * body + r] += d * cResp[o + r];
                        tree.b.angVel[3 * body + r] += d * cResp[o + 3 + r];
                    }
                }
            }
        }
    }


    /**
     * Keeps a limit projection of tree t (nodes [from, to), its displacement in the tree's x) from
     * pushing the tree's bodies into what they touch: the projection moves positions with the
     * joints held and the passed limits closed, but knows nothing of contacts, so a foot whose
     * ankle passed its limit as the body landed on it was put 4 cm into the ground in one
     * substep. The whole tree is moved, rigidly (so no joint opens), by the lift the deepened
     * contacts ask for: per axis the largest of deficit·n (deficit: how far the point would end up
     * deeper than it was, or past touching if apart), so against the ground no point gets deeper;
     * against normals that disagree the lifts partly cancel. Pushing back through the tree's
     * response instead (Σ μ·R, the pushes found by projected Gauss–Seidel) turned the legs far
     * enough to open joints by 3 cm (ragdoll-drop), and scaling the projection down kept feet 9
     * bodies under the ground.
     */
    public void projectContacts(int t, int from, int to) {
        if (artStart.length <= t + 1 || artStart[t] == artStart[t + 1]) {
            return;
        }
        double[] pos = tree.b.pos;
        double[] rot = tree.b.rot;
        // per axis, the largest lift and the largest push the other way the deepened points ask for
        double upX = 0;
        double upY = 0;
        double upZ = 0;
        double downX = 0;
        double downY = 0;
        double downZ = 0;
        for (int pi = artStart[t]; pi < artStart[t + 1]; pi++) {
            ContactPair c = artPairs[pi];
            boolean movingB = tree.moving(c.bodyB);
            int mb = movingB ? c.bodyB : c.bodyA;
            int node = nodeOfBody[mb];
            double sign = movingB ? 1 : -1;
            int ba = c.bodyA;
            int bb = c.bodyB;
            double[] dx = tree.x[node];
            for (int pt = 0; pt < c.pointCount; pt++) {
                int o = 3 * pt;
                double ax = pos[3 * ba] + Quaternions.rotX(rot, ba, c.d, ContactPair.LOCAL_A + o);
                double ay = pos[3 * ba + 1] + Quaternions.rotY(rot, ba, c.d, ContactPair.LOCAL_A + o);
                double az = pos[3 * ba + 2] + Quaternions.rotZ(rot, ba, c.d, ContactPair.LOCAL_A + o);
                double bx = pos[3 * bb] + Quaternions.rotX(rot, bb, c.d, ContactPair.LOCAL_B + o);
                double by = pos[3 * bb + 1] + Quaternions.rotY(rot, bb, c.d, ContactPair.LOCAL_B + o);
                double bz = pos[3 * bb + 2] + Quaternions.rotZ(rot, bb, c.d, ContactPair.LOCAL_B + o);
                double sep = c.nx * (bx - ax) + c.ny * (by - ay) + c.nz * (bz - az);
                double px = movingB ? bx : ax;
                double py = movingB ? by : ay;
                double pz = movingB ? bz : az;
                double rx = px - pos[3 * mb];
                double ry = py - pos[3 * mb + 1];
                double rz = pz - pos[3 * mb + 2];
                // the point's move: Δp + Δθ × r, along the normal out of the other body
                double mvx = dx[0] + dx[4] * rz - dx[5] * ry;
                double mvy = dx[1] + dx[5] * rx - dx[3] * rz;
                double mvz = dx[2] + dx[3] * ry - dx[4] * rx;
                double nx = sign * c.nx;
                double ny = sign * c.ny;
                double nz = sign * c.nz;
                double deficit = -Math.max(sep, 0) - (mvx * nx + mvy * ny + mvz * nz);
                if (deficit > 0) {
                    upX = Math.max(upX, deficit * nx);
                    upY = Math.max(upY, deficit * ny);
                    upZ = Math.max(upZ, deficit * nz);
                    downX = Math.min(downX, deficit * nx);
                    downY = Math.min(downY, deficit * ny);
                    downZ = Math.min(downZ, deficit * nz);
                }
            }
        }
        double mx = upX + downX;
        double my = upY + downY;
        double mz = upZ + downZ;
        if (mx == 0 && my == 0 && mz == 0) {
            return;
        }
        for (int i = from; i < to; i++) {
            if (tree.kind[i] == 0) {
                tree.x[i][0] += mx;
                tree.x[i][1] += my;
                tree.x[i][2] += mz;
            }
        }
    }
}
