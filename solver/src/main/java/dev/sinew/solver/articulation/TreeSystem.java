package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The block factorization of a joint tree's system (see {@link JointTreeSolver}): each node's
 * diagonal block and its block to the parent are built from the bodies' masses and the joints'
 * Jacobians, factored leaves first (no fill-in), and solved with one pass down and one up; the
 * solution is applied as body velocities and joint impulses.
 */
abstract class TreeSystem extends JointTree {
    TreeSystem(Bodies bodies, Joints joints, SolverContext ctx) {
        super(bodies, joints, ctx);
    }

    /**
     * Builds, factors and solves the system for the current node sizes into x; false if singular.
     * With {@code position} the right-hand side is the position error instead: −C for the point
     * rows and −C for the limit rows (their C kept in rowBias), and the solution is a displacement.
     */
    boolean factorAndSolve(double biasRate, boolean position, int from, int to) {
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
    public void substitute(int from, int to) {
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

    /** Bodies get Δv; joints accumulate λ = −μ. */
    void apply() {
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
                    double[] drive = joints.drive[ref[i]].data;
                    drive[SlerpDrivePart.IMPULSE] -= x[i][o];
                    drive[SlerpDrivePart.IMPULSE + 1] -= x[i][o + 1];
                    drive[SlerpDrivePart.IMPULSE + 2] -= x[i][o + 2];
                }
            }
        }
    }

    /** 6×6 mass block diag(m, m, m, I_world). */
    void massBlock(int body, double[] out) {
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
    boolean biasedPass;

    /** A soft point's right-hand side −(Ċ + b·C + λ/D) (implicit spring, accumulated impulse λ). */
    void springRhs(int j, SoftCoefficients spring, double[] out) {
        jointRhs(j, 0, out);
        joints.error(b, j, err);
        double[] imp = joints.point[j].impulse;
        for (int r = 0; r < 3; r++) {
            out[r] -= spring.biasRate * err[r] + spring.invD * imp[r];
        }
    }

    /** The joint's right-hand side −(J v + biasRate·C) with the current anchors. */
    void jointRhs(int j, double biasRate, double[] out) {
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
        if (bl > Tuning.TREE_MAX_BIAS) {
            double k = Tuning.TREE_MAX_BIAS / bl;
            bx *= k;
            by *= k;
            bz *= k;
        }
        out[0] = -(cdx + bx);
        out[1] = -(cdy + by);
        out[2] = -(cdz + bz);
    }

    void anchors(int j) {
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
    void jacobian(int node, int body, double[] out, boolean transposed) {
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
    static void mul(double[] a, int rows, int inner, double[] bm, int cols, double[] out) {
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
    boolean invert(double[] m, double[] out, int n) {
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
