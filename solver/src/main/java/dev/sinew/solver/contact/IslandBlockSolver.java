package dev.sinew.solver.contact;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.SolverContext;
import java.util.Arrays;

/**
 * The normal rows of a small island (two or more manifolds, at most {@value BlockLcp#MAX} points
 * in all) solved together, exactly, instead of one manifold after another. Sequential solving
 * converges at a rate near m_light/m_heavy per sweep when a light body carries a heavy one (a
 * 300 kg box on a 1 kg box improves by 0.3 % per sweep), so with one sweep per substep the
 * light body never gets the support it needs. The island's rows share the coupling
 * W_ij = J_i·M⁻¹·J_jᵀ, which for rows on a common body X is
 * s_i·s_j·(m_X⁻¹·(n_i·n_j) + (r_i × n_i)·I_X⁻¹·(r_j × n_j)) with s = −1 on a manifold's body A
 * and +1 on its body B; each row adds its soft compliance on the diagonal exactly as in the
 * per-manifold solve, and {@link BlockLcp} finds the impulses. Friction stays per manifold.
 */
public final class IslandBlockSolver {
    private final Bodies b;
    private final ContactSolver cs;
    private final SolverContext ctx;
    private final BlockLcp lcp = new BlockLcp();
    private final double[] diag = new double[BlockLcp.MAX];
    private final double[] q = new double[BlockLcp.MAX];
    private final double[] lam = new double[BlockLcp.MAX];
    private final ContactPair[] rowPair = new ContactPair[BlockLcp.MAX];
    private final int[] rowPoint = new int[BlockLcp.MAX];
    /** Couplings of the islands of this tick, MAX×MAX each, reused across ticks. */
    private double[][] couplings = new double[0][];

    public IslandBlockSolver(Bodies bodies, ContactSolver contactSolver, SolverContext ctx) {
        this.ctx = ctx;
        this.b = bodies;
        this.cs = contactSolver;
    }

    /** Reads the couplings another island solver prepared (one task's solver reading the tick's). */
    public void shareCouplings(IslandBlockSolver from) {
        couplings = from.couplings;
    }

    /** Makes room for the couplings of {@code islands} islands. */
    public void ensure(int islands) {
        if (couplings.length < islands) {
            int old = couplings.length;
            couplings = Arrays.copyOf(couplings, Math.max(islands, 2 * old));
            for (int i = old; i < couplings.length; i++) {
                couplings[i] = new double[BlockLcp.MAX * BlockLcp.MAX];
            }
        }
    }

    /** Computes island {@code island}'s coupling from its manifolds pairs[from..to). */
    public void prepare(int island, ContactPair[] pairs, int from, int to) {
        double[] w = couplings[island];
        int n = rows(pairs, from, to);
        for (int i = 0; i < n; i++) {
            ContactPair p = rowPair[i];
            int k = rowPoint[i];
            for (int j = i; j < n; j++) {
                ContactPair o = rowPair[j];
                int l = rowPoint[j];
                double v;
                if (p == o) {
                    v = p.d[ContactPair.COUPLING + k * ContactPair.N + l];
                } else {
                    v = shared(p, k, p.bodyA, -1, o, l) + shared(p, k, p.bodyB, 1, o, l);
                }
                w[i * BlockLcp.MAX + j] = v;
                w[j * BlockLcp.MAX + i] = v;
            }
        }
    }

    /** The coupling through body x (on row i's side {@code si}) if row j's manifold also has x. */
    private double shared(ContactPair p, int k, int x, int si, ContactPair o, int l) {
        if (b.solverInvMass(x) == 0) {
            return 0;
        }
        int sj;
        int rj;
        if (o.bodyA == x) {
            sj = -1;
            rj = ContactPair.R_A;
        } else if (o.bodyB == x) {
            sj = 1;
            rj = ContactPair.R_B;
        } else {
            return 0;
        }
        int ri = si < 0 ? ContactPair.R_A : ContactPair.R_B;
        double nix = p.nx;
        double niy = p.ny;
        double niz = p.nz;
        double njx = o.nx;
        double njy = o.ny;
        double njz = o.nz;
        double rx = p.d[ri + 3 * k];
        double ry = p.d[ri + 3 * k + 1];
        double rz = p.d[ri + 3 * k + 2];
        double sx = o.d[rj + 3 * l];
        double sy = o.d[rj + 3 * l + 1];
        double sz = o.d[rj + 3 * l + 2];
        double linear = b.invMass[x] * (nix * njx + niy * njy + niz * njz);
        double angular = cs.bilinear(x, ry * niz - rz * niy, rz * nix - rx * niz, rx * niy - ry * nix,
                sy * njz - sz * njy, sz * njx - sx * njz, sx * njy - sy * njx);
        return si * sj * (linear + angular);
    }

    private int rows(ContactPair[] pairs, int from, int to) {
        int n = 0;
        for (int m = from; m < to; m++) {
            for (int k = 0; k < pairs[m].pointCount; k++) {
                rowPair[n] = pairs[m];
                rowPoint[n] = k;
                n++;
            }
        }
        return n;
    }

    /** One pass over island {@code island}: the normal rows together, then each manifold's friction. */
    public void solve(int island, ContactPair[] pairs, int from, int to, double invH, boolean useBias) {
        double[] w = couplings[island];
        int n = rows(pairs, from, to);
        for (int i = 0; i < n; i++) {
            ContactPair p = rowPair[i];
            int k = rowPoint[i];
            double bias = cs.rowTerms(p, k, invH, useBias);
            double wii = w[i * BlockLcp.MAX + i];
            double ck = cs.rowImpulseScale > 0 ? wii * cs.rowImpulseScale / cs.rowMassScale : 0;
            diag[i] = wii + ck;
            double qi = cs.normalVelocity(p, k, p.nx, p.ny, p.nz) + bias;
            for (int j = 0; j < n; j++) {
                qi -= w[i * BlockLcp.MAX + j] * rowPair[j].d[ContactPair.IMPULSE + rowPoint[j]];
            }
            q[i] = qi;
            lam[i] = p.d[ContactPair.IMPULSE + k];
        }
        if (!lcp.solve(n, w, diag, q, lam)) {
            // Projected Gauss–Seidel on the island's rows from the current impulses.
            for (int iter = 0; iter < 64; iter++) {
                for (int i = 0; i < n; i++) {
                    double r = q[i] + (diag[i] - w[i * BlockLcp.MAX + i]) * lam[i];
                    for (int j = 0; j < n; j++) {
                        r += w[i * BlockLcp.MAX + j] * lam[j];
                    }
                    lam[i] = Math.max(0, lam[i] - r / diag[i]);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            ContactPair p = rowPair[i];
            int k = rowPoint[i];
            if (lam[i] > ctx.maxContactImpulse) {
                lam[i] = ctx.maxContactImpulse;
                ctx.counters.contactImpulseCapped++;
            }
            lam[i] = cs.withinBudgets(p, p.d[ContactPair.IMPULSE + k], lam[i]);
            double impulse = lam[i] - p.d[ContactPair.IMPULSE + k];
            p.d[ContactPair.IMPULSE + k] = lam[i];
            p.d[ContactPair.MAX_IMPULSE + k] = Math.max(p.d[ContactPair.MAX_IMPULSE + k], impulse);
            cs.apply(p, ContactPair.R_A + 3 * k, ContactPair.R_B + 3 * k, impulse * p.nx, impulse * p.ny, impulse * p.nz);
        }
        for (int m = from; m < to; m++) {
            ContactPair p = pairs[m];
            cs.solvePatch(p);
            if (!useBias) {
                for (int k = 0; k < p.pointCount; k++) {
                    p.d[ContactPair.TOTAL_IMPULSE + k] += p.d[ContactPair.IMPULSE + k];
                }
            }
        }
    }
}
