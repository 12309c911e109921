package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.math.Mat3;
import java.util.Arrays;

/**
 * The normal rows of each articulation's contacts with bodies that do not move (the ground), solved
 * together after the contact solver's passes, with the tree's exact coupling: a unit push along
 * point a's normal moves the whole tree (joints closed, drives implicit) and so every other point,
 * K_ab = g_a·A⁻¹·g_b with g the push's generalized impulse. Solved one manifold at a time instead,
 * the contacts of a landing ragdoll (its feet, pelvis and hands at once, coupled through the joints)
 * converged too slowly in a few passes and let feet sink 5–15 mm into the ground in 16 of 24 drops.
 * Projected Gauss–Seidel on (K + C)·λ with the contact solver's bias and softness per row
 * ({@link ContactSolver#rowTerms}); the contact solver keeps the pairs' friction
 * ({@link ContactPair#groundBlock}). The block is solved after each of the contact solver's passes
 * (solved once after all of them, a resting foot's friction and its ankle's limit worked against
 * normals a pass old, and one CMU drop kept turning a foot over its edge at 0.08 rad/s for 3 s).
 * K is built once per substep, at the first biased solve, and reused by the others and the relax.
 *
 * <p>A soft row (a point past the slop, biased pass) also has a rigid floor: it may not sink below
 * {@link ArticulatedProjection#GROUND_DEEP}, the depth the position projection holds ground points at
 * (v ≥ −max(0, s + GROUND_DEEP)/h; its impulse is the larger of the two rows'). A loaded foot's
 * spring sinks it further than that; without the floor the spring sank it each substep, the
 * projection put it back without touching its velocity, and the relax turned the approach left
 * over into a spin about the foot's edge: a landed ragdoll's foot turned at 0.56 rad/s for 8 s.
 */
final class ArticulatedGround {
    /** Most ground points of one articulation in its block; the pairs past it stay with the contact solver. */
    static final int MAX_POINTS = 128;
    /** Projected Gauss–Seidel sweeps over a block (from the last substep's impulses). */
    static final int SWEEPS = 20;
    /**
     * Sweeps of the relax's block. The relax leaves the velocity the next substep starts from, and
     * a ragdoll lying on the ground couples its 20–30 points through the whole tree: after 20
     * sweeps the rows it left unconverged turned into a jitter of 0.05–2 rad/s carried from
     * substep to substep (a foot rocking on its edge against its twist limit, a forearm rolling on
     * the heightfield, a hand held in a knee), and 6 of 288 landings in ragdoll-rest never rested;
     * with 40 two other landings rested late and one foot in a pile of 10 kept 128 bodies awake.
     * The relax's solve ends only at a sweep that changes nothing, or after these.
     */
    static final int RELAX_SWEEPS = 80;
    /**
     * A sweep that changes no row's velocity by more than this (m/s) ends a biased solve of the
     * block: its rows are settled far below anything a body's motion shows (over a 240 Hz substep,
     * 4 nm). Projected Gauss–Seidel on a block of 20–30 coupled points creeps on long after that,
     * each sweep moving the impulses by amounts that no longer change a velocity: counted in a limp
     * pile of 100 ragdolls, the biased solves took 12.5 sweeps on average where every sweep after
     * the first one or two changed no velocity by more than 10⁻⁶ m/s. The relax is not cut short:
     * it leaves the velocity the next substep starts from. Stopped at 10⁻⁵, 10⁻⁷, 10⁻⁴ or 10⁻² m/s
     * as well, some of ragdoll-rest's landings or its pile of 10 no longer came to rest (at 10⁻⁶ they
     * did, but a setting that passes at one value alone is luck, not a margin).
     */
    static final double SETTLED_SPEED = 1e-6;
    private final Articulations arts;
    private final Bodies b;

    ArticulatedGround(Articulations arts, Bodies bodies) {
        this.arts = arts;
        this.b = bodies;
    }

    /** This tick's pairs of an articulated body against one that does not move, grouped by articulation. */
    private ContactPair[] groundPairs = new ContactPair[16];
    private int[] groundStart = new int[5];

    /**
     * Groups the pairs to solve that hold an articulated body against a non-moving one by
     * articulation (stable), marks them for the block ({@link ContactPair#groundBlock}) up to
     * {@link #MAX_POINTS} points per articulation, and unmarks every other pair.
     */
    void group(ContactPair[] pairs, int n) {
        if (groundStart.length < arts.count + 2) {
            groundStart = new int[2 * arts.count + 2];
            taken = new int[2 * arts.count + 2];
        }
        Arrays.fill(groundStart, 0, arts.count + 2, 0);
        Arrays.fill(taken, 0, arts.count, 0);
        int total = 0;
        for (int i = 0; i < n; i++) {
            ContactPair p = pairs[i];
            int t = groundTree(p);
            p.groundBlock = t >= 0 && taken[t] + p.pointCount <= MAX_POINTS;
            if (p.groundBlock) {
                taken[t] += p.pointCount;
                groundStart[t + 2]++;
                total++;
            }
        }
        if (groundPairs.length < total) {
            groundPairs = new ContactPair[2 * total];
        }
        for (int t = 0; t < arts.count; t++) {
            groundStart[t + 2] += groundStart[t + 1];
        }
        for (int i = 0; i < n; i++) {
            if (pairs[i].groundBlock) {
                groundPairs[groundStart[groundTree(pairs[i]) + 1]++] = pairs[i];
            }
        }
    }

    private int[] taken = new int[4];

    private int groundTree(ContactPair p) {
        boolean movingA = moving(p.bodyA);
        boolean movingB = moving(p.bodyB);
        if (movingA == movingB) {
            return -1;
        }
        int body = movingA ? p.bodyA : p.bodyB;
        return arts.articulated(body) ? arts.artOf[body] : -1;
    }


    /** The first grouped pair of articulation t (t = count: one past the last). */
    int start(int t) {
        return groundStart[t];
    }

    ContactPair pair(int i) {
        return groundPairs[i];
    }

    /**
     * One task's rows of the block being solved (an articulation's block is solved by one task at a
     * time; tasks on different articulations each have their own).
     */
    static final class Block {
        private double[] rowV = new double[8];
        private double[] rowZ = new double[64];
        private double[] rowG = new double[64];
        private double[] rowC = new double[8];
        /** Per row: what its floor adds to its biased velocity rowV (NaN: a rigid row, no floor). */
        private double[] rowFloor = new double[8];
        private double[] rowL = new double[8];
        private double[] rowOld = new double[8];
        private ContactPair[] rowPair = new ContactPair[8];
        private int[] rowPoint = new int[8];
    }

    /**
     * Every block's swept rows w = L⁻ᵀ·g (with g) and its couplings K, cached for the substep at
     * wStart[t] and kStart[t]; each row's node (its link's) at rowStart[t] + row. A row's w and g
     * are non-zero on its node's path to the root alone (L⁻ᵀ keeps a path's support), and only
     * those entries are written and read.
     */
    private double[] kCache = new double[64];
    private int[] kStart = new int[8];
    private double[] wCache = new double[64];
    private int[] wStart = new int[8];
    private int[] rowNode = new int[8];
    private int[] rowStart = new int[8];

    /** Where each block's rows and couplings go in the caches (before the substep's first build), sized for them. */
    void layOut() {
        int wAt = 0;
        int kAt = 0;
        int rAt = 0;
        if (wStart.length < arts.count + 1) {
            wStart = new int[2 * arts.count + 1];
            kStart = new int[2 * arts.count + 1];
            rowStart = new int[2 * arts.count + 1];
        }
        for (int t = 0; t < arts.count; t++) {
            wStart[t] = wAt;
            kStart[t] = kAt;
            rowStart[t] = rAt;
            int r = points(t);
            wAt += 2 * r * 3 * arts.list[t].nodeCount;
            kAt += r * r;
            rAt += r;
        }
        if (wCache.length < wAt) {
            wCache = new double[2 * wAt];
        }
        if (kCache.length < kAt) {
            kCache = new double[2 * kAt];
        }
        if (rowNode.length < rAt) {
            rowNode = new int[2 * rAt];
        }
    }

    /**
     * Solves the ground blocks of articulations [from, to) with the lane's rows and contact solver,
     * with the contacts' bias or without (the relax); with {@code build} the rows' couplings are
     * built for the substep first ({@link #layOut} before).
     */
    void solve(ArticulationLane lane, double invH, boolean useBias, boolean build, int from, int to) {
        for (int t = from; t < to; t++) {
            if (groundStart[t] < groundStart[t + 1]) {
                if (build) {
                    build(t, lane.ground);
                }
                solve(t, lane.ground, lane.contacts, invH, useBias);
            }
        }
    }

    /** Block t's swept rows w = L⁻ᵀ·g and couplings K, into the caches. */
    private void build(int t, Block blk) {
        int wAt = wStart[t];
        int kAt = kStart[t];
        int rAt = rowStart[t];
        Articulation a = arts.list[t];
        int n3 = 3 * a.nodeCount;
        int r = points(t);
        if (r == 0) {
            return;
        }
        if (blk.rowG.length < n3) {
            blk.rowG = new double[n3];
        }
        double[] rowG = blk.rowG;
        int row = 0;
        for (int pi = groundStart[t]; pi < groundStart[t + 1]; pi++) {
            ContactPair c = groundPairs[pi];
            boolean onB = moving(c.bodyB);
            int body = onB ? c.bodyB : c.bodyA;
            int l = arts.linkOf[body];
            double sign = onB ? 1 : -1;
            double[] lever = c.d;
            int leverAt = onB ? ContactPair.R_B : ContactPair.R_A;
            for (int k = 0; k < c.pointCount; k++) {
                int o = leverAt + 3 * k;
                a.pathImpulse(l, sign * c.nx, sign * c.ny, sign * c.nz, b.pos[3 * body] + lever[o],
                        b.pos[3 * body + 1] + lever[o + 1], b.pos[3 * body + 2] + lever[o + 2], 0, 0, 0, rowG);
                int node = a.linkNode[l];
                rowNode[rAt + row] = node;
                sweepRow(a, node, rowG, wCache, wAt + 2 * row * n3);
                row++;
            }
        }
        // K_ab = w_a·D⁻¹·w_b
        if (blk.rowZ.length < r * n3) {
            blk.rowZ = new double[2 * r * n3];
        }
        double[] rowZ = blk.rowZ;
        for (int q = 0; q < r; q++) {
            pathDinv(a, rowNode[rAt + q], wCache, wAt + 2 * q * n3, rowZ, q * n3);
        }
        for (int q = 0; q < r; q++) {
            for (int s = q; s < r; s++) {
                double k = coupling(a, rowNode[rAt + q], wCache, wAt + 2 * q * n3, rowNode[rAt + s], rowZ, s * n3);
                kCache[kAt + q * r + s] = k;
                kCache[kAt + s * r + q] = k;
            }
        }
    }

    /**
     * A row's generalized impulse g (on node's path, 3 per node; consumed) swept: w = L⁻ᵀ·g into
     * w[o..o + 3n) and g itself into w[o + 3n..o + 6n), both written on the path alone (L⁻ᵀ keeps a
     * path's support), n the tree's nodes.
     */
    static void sweepRow(ArticulationTree a, int node, double[] g, double[] w, int o) {
        int n3 = 3 * a.nodeCount;
        int d = a.depth[node];
        int ao = a.ancOff[node];
        for (int idx = 0; idx <= d; idx++) {
            int i = idx == d ? node : a.anc[ao + idx];
            int e = o + 3 * i;
            w[e] = 0;
            w[e + 1] = 0;
            w[e + 2] = 0;
            System.arraycopy(g, 3 * i, w, e + n3, 3);
        }
        a.scatterInto(node, g, w, o);
    }

    /** z = D⁻¹·w on node's path (w from {@link #sweepRow} at wo, z at zo; 3 per node). */
    static void pathDinv(ArticulationTree a, int node, double[] w, int wo, double[] z, int zo) {
        int d = a.depth[node];
        int ao = a.ancOff[node];
        for (int idx = 0; idx <= d; idx++) {
            int i = idx == d ? node : a.anc[ao + idx];
            Mat3.mulVec(a.dinv, 9 * i, w, wo + 3 * i, z, zo + 3 * i);
        }
    }

    /**
     * The coupling g_a·H⁻¹·g_b = w_a·D⁻¹·w_b of two rows (w_a of node na at wo, D⁻¹·w_b of node nb
     * at zo), summed over the nodes the two paths share: the root-first prefix down to the two
     * nodes' deepest common ancestor, in node order (as a sum over every node would be).
     */
    static double coupling(ArticulationTree a, int na, double[] w, int wo, int nb, double[] z, int zo) {
        int da = a.depth[na];
        int aa = a.ancOff[na];
        int db = a.depth[nb];
        int ab = a.ancOff[nb];
        double acc = 0;
        int shared = Math.min(da, db);
        for (int idx = 0; idx <= shared; idx++) {
            int i = idx == da ? na : a.anc[aa + idx];
            int j = idx == db ? nb : a.anc[ab + idx];
            if (i != j) {
                break;
            }
            int e = 3 * i;
            acc += w[wo + e] * z[zo + e];
            acc += w[wo + e + 1] * z[zo + e + 1];
            acc += w[wo + e + 2] * z[zo + e + 2];
        }
        return acc;
    }

    /** g·q̇ for g on node's path (at go, 3 per node). */
    static double pathDot(ArticulationTree a, int node, double[] g, int go, double[] qd) {
        int d = a.depth[node];
        int ao = a.ancOff[node];
        double v = 0;
        for (int idx = 0; idx <= d; idx++) {
            int e = 3 * (idx == d ? node : a.anc[ao + idx]);
            v += g[go + e] * qd[e];
            v += g[go + e + 1] * qd[e + 1];
            v += g[go + e + 2] * qd[e + 2];
        }
        return v;
    }

    /** The ground points of articulation t's block. */
    private int points(int t) {
        int r = 0;
        for (int pi = groundStart[t]; pi < groundStart[t + 1]; pi++) {
            r += groundPairs[pi].pointCount;
        }
        return r;
    }

    /** One block: rows from the contact solver's terms, projected Gauss–Seidel, the change swept into the tree's pending impulses. */
    private void solve(int t, Block blk, ContactSolver cs, double invH, boolean useBias) {
        Articulation a = arts.list[t];
        int n3 = 3 * a.nodeCount;
        int r = points(t);
        if (r == 0) {
            return;
        }
        if (blk.rowV.length < r) {
            blk.rowV = new double[2 * r];
            blk.rowC = new double[2 * r];
            blk.rowFloor = new double[2 * r];
            blk.rowL = new double[2 * r];
            blk.rowOld = new double[2 * r];
            blk.rowPair = new ContactPair[2 * r];
            blk.rowPoint = new int[2 * r];
        }
        double[] rowV = blk.rowV;
        double[] rowC = blk.rowC;
        double[] rowFloor = blk.rowFloor;
        double[] rowL = blk.rowL;
        double[] rowOld = blk.rowOld;
        ContactPair[] rowPair = blk.rowPair;
        int[] rowPoint = blk.rowPoint;
        int wAt = wStart[t];
        int kAt = kStart[t];
        int rAt = rowStart[t];
        a.flushPending();
        int row = 0;
        for (int pi = groundStart[t]; pi < groundStart[t + 1]; pi++) {
            ContactPair c = groundPairs[pi];
            for (int k = 0; k < c.pointCount; k++) {
                double bias = cs.rowTerms(c, k, invH, useBias);
                double arr = kCache[kAt + row * r + row];
                rowC[row] = cs.rowImpulseScale > 0 ? arr * cs.rowImpulseScale / cs.rowMassScale : 0;
                // the row's velocity g·q̇ (g kept in the row's second half, on the path)
                double v = pathDot(a, rowNode[rAt + row], wCache, wAt + 2 * row * n3 + n3, a.qd);
                rowV[row] = v + bias;
                // the floor (see the class doc): v ≥ −max(0, s + GROUND_DEEP)/h besides the soft row
                rowFloor[row] = rowC[row] > 0 ? Math.max(0, cs.currentSeparation(c, k) + ArticulatedProjection.GROUND_DEEP) * invH - bias
                        : Double.NaN;
                rowOld[row] = c.d[ContactPair.IMPULSE + k];
                rowL[row] = rowOld[row];
                rowPair[row] = c;
                rowPoint[row] = k;
                row++;
            }
        }
        // Gauss–Seidel with the rows' velocities v + b + K·(λ − λ_old) kept up to date: a row
        // that stays at zero (most are speculative points apart) costs one comparison, and a
        // sweep that changes nothing ends the solve; a biased one ends too at a sweep that changes
        // no row's velocity by more than SETTLED_SPEED.
        int sweeps = useBias ? SWEEPS : RELAX_SWEEPS;
        double settled = useBias ? SETTLED_SPEED : -1;
        for (int sweep = 0; sweep < sweeps; sweep++) {
            boolean changed = false;
            double largest = 0;
            for (int q = 0; q < r; q++) {
                double diag = kCache[kAt + q * r + q] + rowC[q];
                if (!(diag > 0)) {
                    continue;
                }
                double lq = rowL[q];
                double next = Math.max(0, lq - (rowV[q] + rowC[q] * lq) / diag);
                if (rowFloor[q] == rowFloor[q]) {
                    next = Math.max(next, lq - (rowV[q] + rowFloor[q]) / kCache[kAt + q * r + q]);
                }
                double d = next - lq;
                if (d != 0) {
                    rowL[q] = next;
                    changed = true;
                    largest = Math.max(largest, Math.abs(d) * diag);
                    int ko = kAt + q * r;
                    for (int s = 0; s < r; s++) {
                        rowV[s] += kCache[ko + s] * d;
                    }
                }
            }
            if (!changed || largest <= settled) {
                break;
            }
        }
        for (int q = 0; q < r; q++) {
            double d = rowL[q] - rowOld[q];
            ContactPair c = rowPair[q];
            int k = rowPoint[q];
            c.d[ContactPair.IMPULSE + k] = rowL[q];
            c.d[ContactPair.MAX_IMPULSE + k] = Math.max(c.d[ContactPair.MAX_IMPULSE + k], d);
            if (d != 0) {
                a.addPending(rowNode[rAt + q], wCache, wAt + 2 * q * n3, d);
                a.reached(Math.abs(d) * Math.sqrt(Math.max(0, kCache[kAt + q * r + q])));
            }
        }
    }

    private boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }
}
