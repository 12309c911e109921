package dev.sinew.solver.articulation;

import static dev.sinew.solver.articulation.ArticulatedJoints.CONE_ON;
import static dev.sinew.solver.articulation.ArticulatedJoints.HAS_LIMITS;
import static dev.sinew.solver.articulation.ArticulatedJoints.LIMITS;
import static dev.sinew.solver.articulation.ArticulatedJoints.LIMIT_ROW;
import static dev.sinew.solver.articulation.ArticulatedJoints.ROW;
import static dev.sinew.solver.articulation.ArticulatedJoints.SIGN;
import static dev.sinew.solver.articulation.ArticulatedJoints.SPRING;
import static dev.sinew.solver.articulation.ArticulatedJoints.TWIST_ON;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * One lane's position projection of the articulated joints' passed limits (see {@link #project}),
 * the limits measured into the articulations' row data by the lane's {@link ArticulatedJoints}.
 */
final class ArticulatedProjection {
    private final Articulations arts;
    private final Bodies b;
    /** The trees' ground pairs, which a projection may not push deeper. */
    private final ArticulatedGround ground;
    private final ArticulatedJoints rows;

    ArticulatedProjection(Articulations arts, Bodies bodies, ArticulatedGround ground, ArticulatedJoints rows) {
        this.arts = arts;
        this.b = bodies;
        this.ground = ground;
        this.rows = rows;
    }

    /**
     * Position projection of the articulated joints' passed limits, after the position update, with
     * the tree's ground contacts held. The velocity rows are linear: a limb sliding fast along a
     * curved cone follows their tangent out of it by (ω·h)²/(2·radius) every substep. So the rows
     * passed by more than {@link Tuning#PROJECTION_SLOP} (and those within {@link #NEAR} of their
     * limit, so that closing one does not push another past) ask for the displacement Δq = A⁻¹·Jᵀ·λ
     * with C + J·Δq ≥ 0, λ ≥ 0; and the tree's points on or near the ground (sep below
     * {@link #GROUND_NEAR}) join as rows that may not end deeper than they are (or past touching if
     * apart): sep + J·Δq ≥ min(sep, 0). Without them a projection closing an ankle's limit as the
     * body lands puts the foot into the ground; lifting the whole tree afterwards kept the feet out
     * but pumped energy in (a resting ragdoll never came to rest in 2 of 24 drops). Solved by
     * projected Gauss–Seidel on the rows' coupling K_rs = J_r·A⁻¹·J_sᵀ, at most
     * {@link Tuning#MAX_PROJECTION_TURN} per link. Velocities are left to the relax pass. Two passes:
     * closing the cone can push the twist past its range. Articulations [from, to), each with its
     * own passes (a pass over a tree with no limit passed changes nothing, so the trees are
     * independent); a tree its last pass left in place keeps the limits that pass measured for the
     * relax.
     */
    void project(int from, int to) {
        for (int t = from; t < to; t++) {
            boolean moved = true;
            for (int pass = 0; pass < PROJECTION_PASSES && moved; pass++) {
                moved = project(t);
            }
            arts.settled[t] = !moved;
            arts.projectedNow[t] = true;
        }
    }

    /**
     * Projection passes per substep at most (a pass re-measures the limits the last one moved; it
     * runs only while a limit is still passed). A landing ragdoll's knee, shin on the ground and
     * the body coming down on it, was left 29° past its cone for three ticks with 3 passes of 16
     * sweeps, 2.3° with 3 of 32, 1.7° with 8 of 32 and 0.01° with 12 of 32; the resting 10-ragdoll
     * pile costs the same either way.
     */
    private static final int PROJECTION_PASSES = 12;
    /** Rows this close to their limit (rad) join a joint's projection, so that closing another does not push them past. */
    private static final double NEAR = 0.02;
    /** Ground points closer than this (m) join a projection, held from going deeper. */
    private static final double GROUND_NEAR = 0.01;
    /**
     * Ground points deeper than this (m) are projected back to it. The soft contact rows let a point
     * sink while its spring takes an impact; with the joints closed exactly the whole landing tree's
     * momentum reaches the foot or hand that lands, and a corner turning at 20 rad/s went 6 mm deep
     * in one tick; a capsule foot spun at 72 rad/s between other ragdolls' limbs and the ground went
     * 5.1 mm deep with this at 3 mm. One and a half times the contact slop, so resting contacts are
     * left to the springs.
     */
    static final double GROUND_DEEP = 0.0015;

    private double[] rowW = new double[64];
    private double[] rowZ = new double[64];
    private double[] rowC = new double[8];
    private double[] rowK = new double[64];
    private double[] rowL = new double[8];
    private double[] rowG = new double[16];
    private int rowCount;

    /** One projection of articulation t; true if it moved. */
    private boolean project(int t) {
        Articulation a = arts.list[t];
        int n3 = 3 * a.nodeCount;
        rowCount = 0;
        boolean passed = false;
        double slop = Tuning.PROJECTION_SLOP;
        double[] d = a.rowData;
        for (int l = 0; l < a.linkCount; l++) {
            int o = ROW * l;
            if ((a.rowFlags[l] & HAS_LIMITS) == 0 || d[o + SPRING] != 0) {
                continue;
            }
            int f = rows.measure(a, l, o, a.rowFlags[l]);
            a.rowFlags[l] = f;
            double sign = d[o + SIGN];
            int node = a.linkNode[l];
            int lo = o + LIMITS;
            int uo = lo + LIMIT_ROW;
            int co = uo + LIMIT_ROW;
            if ((f & TWIST_ON) != 0) {
                boolean lower = d[lo + 8] < d[uo + 8];
                double c = lower ? d[lo + 8] : d[uo + 8];
                if (c < NEAR) {
                    limitRow(a, node, d, lower ? lo : uo, sign, c);
                    passed |= c < -slop;
                }
            }
            if ((f & CONE_ON) != 0 && d[co + 8] < NEAR) {
                limitRow(a, node, d, co, sign, d[co + 8]);
                passed |= d[co + 8] < -slop;
            }
        }
        for (int pi = ground.start(t); pi < ground.start(t + 1) && !passed; pi++) {
            ContactPair c = ground.pair(pi);
            for (int k = 0; k < c.pointCount && !passed; k++) {
                passed = c.separationNow(b, k) < -GROUND_DEEP;
            }
        }
        if (!passed) {
            return false;
        }
        for (int pi = ground.start(t); pi < ground.start(t + 1); pi++) {
            ContactPair c = ground.pair(pi);
            boolean onB = b.solverInvMass(c.bodyB) > 0;
            int body = onB ? c.bodyB : c.bodyA;
            double sign = onB ? 1 : -1;
            for (int k = 0; k < c.pointCount; k++) {
                double sep = c.separationNow(b, k);
                if (sep < GROUND_NEAR) {
                    groundRow(a, body, c, k, sign, sep < -GROUND_DEEP ? sep + GROUND_DEEP : Math.max(sep, 0));
                }
            }
        }
        // coupling K_rs = w_r·D⁻¹·w_s, then projected Gauss–Seidel on K·λ + C ≥ 0, λ ≥ 0
        int r = rowCount;
        if (rowK.length < r * r) {
            rowK = new double[2 * r * r];
        }
        for (int q = 0; q < r; q++) {
            int qo = q * n3;
            for (int node = 0; node < a.nodeCount; node++) {
                Mat3.mulVec(a.dinv, 9 * node, rowW, qo + 3 * node, rowZ, qo + 3 * node);
            }
        }
        for (int q = 0; q < r; q++) {
            for (int s2 = q; s2 < r; s2++) {
                double acc = 0;
                int qo = q * n3;
                int so = s2 * n3;
                for (int e = 0; e < n3; e++) {
                    acc += rowW[qo + e] * rowZ[so + e];
                }
                rowK[q * r + s2] = acc;
                rowK[s2 * r + q] = acc;
            }
            rowL[q] = 0;
        }
        // a sweep that changes nothing is the fixed point: every later sweep would compute the same
        for (int sweep = 0; sweep < PROJECTION_SWEEPS; sweep++) {
            boolean changed = false;
            for (int q = 0; q < r; q++) {
                double kqq = rowK[q * r + q];
                if (!(kqq > 0)) {
                    continue;
                }
                double w = rowC[q];
                for (int s2 = 0; s2 < r; s2++) {
                    w += rowK[q * r + s2] * rowL[s2];
                }
                double next = Math.max(0, rowL[q] - w / kqq);
                changed |= next != rowL[q];
                rowL[q] = next;
            }
            if (!changed) {
                break;
            }
        }
        boolean moved = false;
        for (int q = 0; q < r; q++) {
            if (rowL[q] != 0) {
                a.addDisplacement(rowW, q * n3, rowL[q]);
                moved = true;
            }
        }
        if (!moved) {
            return false;
        }
        a.applyDisplacement(b, Tuning.MAX_PROJECTION_TURN);
        return true;
    }

    /** Projected Gauss–Seidel sweeps over a projection's rows. */
    private static final int PROJECTION_SWEEPS = 32;

    /** Room for one more row of articulation a's projection (3 per node each). */
    private int newRow(Articulation a) {
        int n3 = 3 * a.nodeCount;
        int r = rowCount++;
        if (rowW.length < (r + 1) * n3) {
            rowW = Arrays.copyOf(rowW, 2 * (r + 1) * n3);
            rowZ = Arrays.copyOf(rowZ, 2 * (r + 1) * n3);
        }
        if (rowC.length <= r) {
            rowC = Arrays.copyOf(rowC, 2 * (r + 1));
            rowL = Arrays.copyOf(rowL, 2 * (r + 1));
        }
        if (rowG.length < n3) {
            rowG = new double[n3];
        }
        Arrays.fill(rowW, r * n3, (r + 1) * n3, 0);
        return r;
    }

    /** A limit row: gradient ±j (at j[jo..jo+2]) on the node, error c (rad). */
    private void limitRow(Articulation a, int node, double[] j, int jo, double sign, double c) {
        int r = newRow(a);
        int d = a.depth[node];
        int ao = a.ancOff[node];
        for (int idx = 0; idx < d; idx++) {
            int i = a.anc[ao + idx];
            rowG[3 * i] = 0;
            rowG[3 * i + 1] = 0;
            rowG[3 * i + 2] = 0;
        }
        rowG[3 * node] = sign * j[jo];
        rowG[3 * node + 1] = sign * j[jo + 1];
        rowG[3 * node + 2] = sign * j[jo + 2];
        sweep(a, node, r);
        rowC[r] = c;
    }

    /** A ground row: unit push along the normal into the body at point k, room c (m; negative: pushed out by −c). */
    private void groundRow(Articulation a, int body, ContactPair c, int k, double sign, double room) {
        int r = newRow(a);
        int l = arts.linkOf[body];
        int o = 3 * k;
        int local = (sign > 0 ? ContactPair.LOCAL_B : ContactPair.LOCAL_A) + o;
        double x = b.pos[3 * body] + Quaternions.rotX(b.rot, body, c.d, local);
        double y = b.pos[3 * body + 1] + Quaternions.rotY(b.rot, body, c.d, local);
        double z = b.pos[3 * body + 2] + Quaternions.rotZ(b.rot, body, c.d, local);
        a.pathImpulse(l, sign * c.nx, sign * c.ny, sign * c.nz, x, y, z, 0, 0, 0, rowG);
        sweep(a, a.linkNode[l], r);
        rowC[r] = room;
    }

    /** Row r's swept vector w_r = L⁻ᵀ·g from rowG on node's path. */
    private void sweep(Articulation a, int node, int r) {
        int n3 = 3 * a.nodeCount;
        if (scratch.length < n3) {
            scratch = new double[n3];
        }
        Arrays.fill(scratch, 0, n3, 0);
        a.scatter(node, rowG, scratch);
        System.arraycopy(scratch, 0, rowW, r * n3, n3);
    }

    private double[] scratch = new double[16];
}
