package dev.sinew.solver.contact;

import static dev.sinew.solver.collision.ContactPair.COUPLING;
import static dev.sinew.solver.collision.ContactPair.IMPULSE;
import static dev.sinew.solver.collision.ContactPair.MASS;
import static dev.sinew.solver.collision.ContactPair.MAX_IMPULSE;
import static dev.sinew.solver.collision.ContactPair.RELATIVE_VELOCITY;
import static dev.sinew.solver.collision.ContactPair.R_A;
import static dev.sinew.solver.collision.ContactPair.R_B;
import static dev.sinew.solver.collision.ContactPair.SEPARATION;
import static dev.sinew.solver.collision.ContactPair.TOTAL_IMPULSE;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.Tuning;

/**
 * The contact stages of the soft-step solver, in the order the tick ({@code step.Stepper}) calls them:
 * prepare (once per tick), then per substep warm start, solve with bias, relax without bias;
 * after the substeps restitution, then store impulses.
 *
 * <p>Non-penetration row per point, normal n from A to B, anchors rA, rB from the centres of mass:
 * C = s (separation), J = [−n, −(rA × n), n, (rB × n)], m_eff = 1 / (J M⁻¹ Jᵀ).
 * The current separation inside a tick is s = s₀ + n·((c_B + R_B·a_B) − (c_A + R_A·a_A)) with
 * a_A, a_B the body-frame anchors (the bracket is zero when the manifold is computed).
 * For s > 0 the row is speculative: it only stops the bodies from closing more than s in the
 * substep (bias = s/h, rigid). For s < −slop it pushes out softly (bias = max(biasRate·(s + slop),
 * −maxPushOut)) with the contact softness. Within the slop (−slop ≤ s ≤ 0) the row is rigid with
 * no bias: a resting contact neither sinks nor is pushed, so a stack does not settle through
 * the slop of every contact. In the relax pass every row is rigid with no bias, which removes
 * the push-out velocity so it does not turn into bounce.
 *
 * <p>Loaded rows are stiffened. A soft row is a spring of stiffness m_eff·ω² (m_eff the row's own
 * effective mass), so a light body under a heavy load sinks F/(m_eff·ω²): in the tumbler, bodies
 * at the bottom of the churning pile held 3–9 kN (15–40 times their weight) and sank 35–63 mm.
 * A row whose accumulated impulse this substep stands for a force F above F₀ = m_eff·ω²·{@link
 * Tuning#LOADED_SINK} (the load its spring holds at 2.5 mm past the slop) gets the frequency
 * ω_row = ω·(F/F₀)^p, p = {@value Tuning#LOAD_EXPONENT}; its static overlap past the slop is then
 * {@link Tuning#LOADED_SINK}·(F/F₀)^(1 − 2p), still growing with the load (p = 0.5 would hold every load
 * at one depth and leaves a row no stiffness against shifting its load to its neighbours: the
 * 20-box stack toppled). The coefficients are recomputed at every biased solve from the current
 * impulse, so a load that arrives within a tick is met within a substep. A body resting under
 * its own weight is far below F₀ (a unit cube's corner row at about 3 % of it) and unchanged.
 *
 * <p>Friction is solved per manifold ({@link PatchFriction}); the masses of a pair with an
 * articulated body come from its articulation ({@link ArticulatedPairMasses}).
 */
public final class ContactSolver {
    private final Bodies b;
    /** The tick's softness, caps, gravity and counters. */
    private final SolverContext ctx;
    /** A loaded row's stiffened coefficients (see the class doc), recomputed at each of its solves. */
    private final SoftCoefficients loadedSoft = new SoftCoefficients();
    /** Per body this substep: its budget (N·s) and the sum of its contact points' accumulated normal impulses. */
    public double[] budget = new double[0];
    public double[] received = new double[0];

    /** Starts a substep's per-body budgets: each body's per-tick cap shared out over the substeps. */
    public void beginBodyCaps() {
        if (!ctx.bodyImpulseCaps) {
            return;
        }
        if (budget.length < b.capacity) {
            budget = new double[b.capacity];
            received = new double[b.capacity];
        }
        for (int i = 0; i < b.high; i++) {
            budget[i] = b.alive[i] ? b.maxContactImpulsePerStep[i] / ctx.substeps : Double.POSITIVE_INFINITY;
            received[i] = 0;
        }
    }

    /**
     * Point k's new accumulated normal impulse {@code next} held so that neither body's contacts give
     * it more than its budget this substep (only increases are cut); books the change.
     */
    public double withinBudgets(ContactPair c, double old, double next) {
        if (!ctx.bodyImpulseCaps) {
            return next;
        }
        double delta = next - old;
        if (delta > 0) {
            double room = Math.min(room(c.bodyA), room(c.bodyB));
            if (delta > room) {
                delta = Math.max(0, room);
                ctx.counters.bodyImpulseCapped++;
            }
        }
        received[c.bodyA] += delta;
        received[c.bodyB] += delta;
        return old + delta;
    }

    private double room(int body) {
        return b.type[body] == Bodies.DYNAMIC ? budget[body] - received[body] : Double.POSITIVE_INFINITY;
    }

    private final SmallLcp lcp = new SmallLcp();
    private final double[] blockDiag = new double[ContactPair.N];
    private final double[] blockQ = new double[ContactPair.N];
    private final double[] blockLambda = new double[ContactPair.N];

    /** The friction patches' rows. */
    private final PatchFriction patch;
    /** The masses of the pairs with an articulated body. */
    private final ArticulatedPairMasses articulatedMasses;

    public ContactSolver(Bodies bodies, SolverContext ctx) {
        this.b = bodies;
        this.ctx = ctx;
        this.patch = new PatchFriction(bodies, this);
        this.articulatedMasses = new ArticulatedPairMasses(bodies, this);
    }

    /**
     * Per body: the impulse (linear, angular about the centre of mass, world) the rows gave an
     * articulated body since its articulation loaded its velocity; the articulation sweeps it
     * through its tree after the pair. 6 per slot.
     */
    public double[] wrench = new double[0];
    /**
     * The cross response of the pair being solved when both its bodies are in one articulation (the
     * velocity of A per impulse on B, 6×6 row-major, (linear, angular)): crossA and crossB name
     * the pair, −1 when no pair of one tree is being solved.
     */
    public final double[] cross = new double[36];
    public int crossA = -1;
    public int crossB = -1;

    public void prepare(ContactPair c) {
        prepare(c, true);
    }

    /**
     * @param fresh true at the start of a tick; false when a fast-rotating pair's manifold is
     *              recomputed between substeps, which keeps the tick's restitution data and totals
     */
    public void prepare(ContactPair c, boolean fresh) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double mA = b.solverInvMass(ba);
        double mB = b.solverInvMass(bb);
        boolean dynA = mA > 0;
        boolean dynB = mB > 0;
        c.staticSoftness = !(b.type[ba] == Bodies.DYNAMIC && b.type[bb] == Bodies.DYNAMIC);
        double nx = c.nx;
        double ny = c.ny;
        double nz = c.nz;
        for (int k = 0; k < c.pointCount; k++) {
            int o = 3 * k;
            double rax = c.d[R_A + o];
            double ray = c.d[R_A + o + 1];
            double raz = c.d[R_A + o + 2];
            double rbx = c.d[R_B + o];
            double rby = c.d[R_B + o + 1];
            double rbz = c.d[R_B + o + 2];
            c.d[MASS + k] = invEffMass(ba, bb, mA, mB, dynA, dynB, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
            if (fresh) {
                c.d[RELATIVE_VELOCITY + k] = normalVelocity(c, k, nx, ny, nz);
                c.d[MAX_IMPULSE + k] = 0;
                c.d[TOTAL_IMPULSE + k] = 0;
            }
        }
        patch.prepare(c, mA, mB, dynA, dynB);
        // Coupling of the normal rows: A_ij = mA + mB + (rA_i × n)·IA(rA_j × n) + (rB_i × n)·IB(rB_j × n).
        int n = c.pointCount;
        for (int i = 0; i < n; i++) {
            int oi = 3 * i;
            double aix = c.d[R_A + oi + 1] * nz - c.d[R_A + oi + 2] * ny;
            double aiy = c.d[R_A + oi + 2] * nx - c.d[R_A + oi] * nz;
            double aiz = c.d[R_A + oi] * ny - c.d[R_A + oi + 1] * nx;
            double bix = c.d[R_B + oi + 1] * nz - c.d[R_B + oi + 2] * ny;
            double biy = c.d[R_B + oi + 2] * nx - c.d[R_B + oi] * nz;
            double biz = c.d[R_B + oi] * ny - c.d[R_B + oi + 1] * nx;
            for (int j = i; j < n; j++) {
                int oj = 3 * j;
                double aij = mA + mB;
                if (dynA) {
                    double ajx = c.d[R_A + oj + 1] * nz - c.d[R_A + oj + 2] * ny;
                    double ajy = c.d[R_A + oj + 2] * nx - c.d[R_A + oj] * nz;
                    double ajz = c.d[R_A + oj] * ny - c.d[R_A + oj + 1] * nx;
                    aij += bilinear(ba, aix, aiy, aiz, ajx, ajy, ajz);
                }
                if (dynB) {
                    double bjx = c.d[R_B + oj + 1] * nz - c.d[R_B + oj + 2] * ny;
                    double bjy = c.d[R_B + oj + 2] * nx - c.d[R_B + oj] * nz;
                    double bjz = c.d[R_B + oj] * ny - c.d[R_B + oj + 1] * nx;
                    aij += bilinear(bb, bix, biy, biz, bjx, bjy, bjz);
                }
                c.d[COUPLING + i * ContactPair.N + j] = aij;
                c.d[COUPLING + j * ContactPair.N + i] = aij;
            }
        }
        if (b.articulated[ba] || b.articulated[bb]) {
            articulatedMasses.prepare(c);
        }
    }


    /** Applies impulse P at lever r (from the centre of mass) and angular impulse τ to an articulated body's working velocity, and books it. */
    void applyArticulated(int body, double rx, double ry, double rz, double px, double py, double pz, double tx,
            double ty, double tz) {
        double ax = ry * pz - rz * py + tx;
        double ay = rz * px - rx * pz + ty;
        double az = rx * py - ry * px + tz;
        if (!bookOnly) {
            moveArticulated(body, px, py, pz, ax, ay, az);
        }
        double[] w = wrench;
        int wo = 6 * body;
        w[wo] += px;
        w[wo + 1] += py;
        w[wo + 2] += pz;
        w[wo + 3] += ax;
        w[wo + 4] += ay;
        w[wo + 5] += az;
    }

    /** The velocity change of an articulated body (and of its pair's other body in the same tree) for the impulse (p, a). */
    private void moveArticulated(int body, double px, double py, double pz, double ax, double ay, double az) {
        double[] r = b.response;
        int o = 36 * body;
        for (int row = 0; row < 6; row++) {
            int ro = o + 6 * row;
            double d = r[ro] * px + r[ro + 1] * py + r[ro + 2] * pz + r[ro + 3] * ax + r[ro + 4] * ay + r[ro + 5] * az;
            if (row < 3) {
                b.linVel[3 * body + row] += d;
            } else {
                b.angVel[3 * body + row - 3] += d;
            }
        }
        // the other body of a pair in the same tree moves with it: R_BA·w on B for an impulse on A (R_BA = R_ABᵀ), R_AB·w on A for one on B
        if (crossA >= 0 && (body == crossA || body == crossB)) {
            boolean onA = body == crossA;
            int other = onA ? crossB : crossA;
            double[] x = cross;
            for (int row = 0; row < 6; row++) {
                double d = 0;
                for (int col = 0; col < 6; col++) {
                    double e = onA ? x[6 * col + row] : x[6 * row + col];
                    double wcol = col == 0 ? px : col == 1 ? py : col == 2 ? pz : col == 3 ? ax : col == 4 ? ay : az;
                    d += e * wcol;
                }
                if (row < 3) {
                    b.linVel[3 * other + row] += d;
                } else {
                    b.angVel[3 * other + row - 3] += d;
                }
            }
        }
    }


    /** x·(I⁻¹ y) with the body's world inverse inertia. */
    public double bilinear(int body, double x, double y, double z, double px, double py, double pz) {
        double[] m = b.invInertiaWorld;
        int o = 9 * body;
        return x * (m[o] * px + m[o + 1] * py + m[o + 2] * pz) + y * (m[o + 3] * px + m[o + 4] * py + m[o + 5] * pz)
                + z * (m[o + 6] * px + m[o + 7] * py + m[o + 8] * pz);
    }

    /** 1 / (mA + mB + (rA×d)·IA(rA×d) + (rB×d)·IB(rB×d)), or 0 when nothing can move. */
    private double invEffMass(int ba, int bb, double mA, double mB, boolean dynA, boolean dynB, double rax,
            double ray, double raz, double rbx, double rby, double rbz, double dx, double dy, double dz) {
        double k = mA + mB;
        if (dynA) {
            k += angular(ba, ray * dz - raz * dy, raz * dx - rax * dz, rax * dy - ray * dx);
        }
        if (dynB) {
            k += angular(bb, rby * dz - rbz * dy, rbz * dx - rbx * dz, rbx * dy - rby * dx);
        }
        return k > 0 ? 1 / k : 0;
    }

    private double angular(int body, double x, double y, double z) {
        double[] m = b.invInertiaWorld;
        int o = 9 * body;
        return x * (m[o] * x + m[o + 1] * y + m[o + 2] * z) + y * (m[o + 3] * x + m[o + 4] * y + m[o + 5] * z)
                + z * (m[o + 6] * x + m[o + 7] * y + m[o + 8] * z);
    }

    /**
     * True during {@link #warmStart}: an articulated body's impulses are only booked for its tree's
     * sweep, its velocity left as it is (the trees' velocities are refreshed after the warm start and
     * replace it; nothing in the warm start reads it).
     */
    private boolean bookOnly;

    /** The pair's accumulated impulses applied again at the start of a substep. */
    public void warmStart(ContactPair c) {
        bookOnly = true;
        for (int k = 0; k < c.pointCount; k++) {
            double ln = c.d[IMPULSE + k];
            if (ctx.bodyImpulseCaps) {
                received[c.bodyA] += ln;
                received[c.bodyB] += ln;
            }
            apply(c, R_A + 3 * k, R_B + 3 * k, c.nx * ln, c.ny * ln, c.nz * ln);
        }
        patch.warmStart(c, c.frictionImpulse1, c.frictionImpulse2, c.twistImpulse);
        bookOnly = false;
    }

    private final double[] before = new double[ContactPair.N + 3];

    /** Keeps the pair's impulses for {@link #largestChange}. */
    public void keepImpulses(ContactPair c) {
        for (int k = 0; k < ContactPair.N; k++) {
            before[k] = c.d[IMPULSE + k];
        }
        before[ContactPair.N] = c.frictionImpulse1;
        before[ContactPair.N + 1] = c.frictionImpulse2;
        before[ContactPair.N + 2] = c.twistImpulse;
    }

    /** The largest change of any of the pair's impulses since {@link #keepImpulses}, N·s. */
    public double largestChange(ContactPair c) {
        double m = Math.max(Math.abs(c.frictionImpulse1 - before[ContactPair.N]),
                Math.abs(c.frictionImpulse2 - before[ContactPair.N + 1]));
        m = Math.max(m, Math.abs(c.twistImpulse - before[ContactPair.N + 2]));
        for (int k = 0; k < c.pointCount; k++) {
            m = Math.max(m, Math.abs(c.d[IMPULSE + k] - before[k]));
        }
        return m;
    }

    /**
     * Whether the pair, solved since {@link #keepImpulses}, is quiet: it bears some impulse, and none
     * of its impulses changed by more than {@link Tuning#QUIET_IMPULSE} or than {@link
     * Tuning#QUIET_FRACTION} of the sum of its normal impulses.
     */
    public boolean quiet(ContactPair c) {
        if (unloaded(c)) {
            return false;
        }
        double load = 0;
        for (int k = 0; k < c.pointCount; k++) {
            load += c.d[IMPULSE + k];
        }
        return largestChange(c) <= Math.max(Tuning.QUIET_IMPULSE, Tuning.QUIET_FRACTION * load);
    }

    /** One Gauss–Seidel pass over the pair's rows; {@code useBias} false is the relax pass. */
    public void solve(ContactPair c, double invH, boolean useBias) {
        if (c.articulated || c.groundBlock) {
            patch.solve(c);
            if (!useBias) {
                for (int k = 0; k < c.pointCount; k++) {
                    c.d[TOTAL_IMPULSE + k] += c.d[IMPULSE + k];
                }
            }
            return;
        }
        int ba = c.bodyA;
        int bb = c.bodyB;
        double[] pos = b.pos;
        double[] rot = b.rot;
        double nx = c.nx;
        double ny = c.ny;
        double nz = c.nz;
        // Non-penetration rows as one block. A single soft row updates
        // Δλ = −ms·(v + b)/A_ii − is·λ with ms + is = 1, which is the row of
        // (A + C)·Δλ = −(v + b) − C·λ with C_ii = A_ii·is/ms. For all rows together this is the
        // linear complementarity problem w = M·λ' + q ≥ 0, λ' ≥ 0, λ'·w = 0 with M = A + C and
        // q = v + b − A·λ, solved exactly by SmallLcp. Solving the rows together gives a resting
        // face the balanced impulses a sequential (or a few projected Gauss–Seidel) sweeps over
        // its nearly dependent rows cannot, so stacks and pyramids pick up no spurious torque.
        int n = c.pointCount;
        double[] a = c.d; // the coupling is at its start (COUPLING = 0)
        double[] diag = blockDiag;
        double[] q = blockQ;
        double[] lam = blockLambda;
        for (int k = 0; k < n; k++) {
            double bias = rowTerms(c, k, invH, useBias);
            double aii = a[k * ContactPair.N + k];
            double ck = rowImpulseScale > 0 ? aii * rowImpulseScale / rowMassScale : 0;
            diag[k] = aii + ck;
            double qk = normalVelocity(c, k, nx, ny, nz) + bias;
            for (int j = 0; j < n; j++) {
                qk -= a[k * ContactPair.N + j] * c.d[IMPULSE + j];
            }
            q[k] = qk;
            lam[k] = c.d[IMPULSE + k];
        }
        // a pair with an articulated body: its coupling can be near singular (two bodies of one tree
        // whose joints allow them few relative motions), where the exact pivoting solve turned a
        // slightly stale coupling into impulses of 10⁵ N·s in a pile of ragdolls; projected
        // Gauss–Seidel stays bounded
        boolean articulated = b.articulated[c.bodyA] || b.articulated[c.bodyB];
        int mask = articulated ? -1 : lcp.solve(n, a, ContactPair.N, diag, q, lam, c.activeSet);
        c.activeSet = mask;
        if (mask < 0) {
            // No active set fits within round-off (nearly degenerate points): projected
            // Gauss–Seidel from the current impulses instead. A sweep that changes no impulse has
            // reached the fixed point (every further sweep would compute the same), so it ends the
            // solve: a ragdoll pile's pairs got there after 5.1 sweeps on average (the relax's after 3.7).
            for (int iter = 0; iter < Tuning.BLOCK_ITERATIONS; iter++) {
                boolean changed = false;
                for (int k = 0; k < n; k++) {
                    if (!(diag[k] > 0)) {
                        continue;
                    }
                    double w = q[k] + (diag[k] - a[k * ContactPair.N + k]) * lam[k];
                    for (int j = 0; j < n; j++) {
                        w += a[k * ContactPair.N + j] * lam[j];
                    }
                    double next = Math.max(0, lam[k] - w / diag[k]);
                    changed |= next != lam[k];
                    lam[k] = next;
                }
                if (!changed) {
                    break;
                }
            }
        }
        for (int k = 0; k < n; k++) {
            if (lam[k] > ctx.maxContactImpulse) {
                lam[k] = ctx.maxContactImpulse;
                ctx.counters.contactImpulseCapped++;
            }
            lam[k] = withinBudgets(c, c.d[IMPULSE + k], lam[k]);
            double impulse = lam[k] - c.d[IMPULSE + k];
            c.d[IMPULSE + k] = lam[k];
            c.d[MAX_IMPULSE + k] = Math.max(c.d[MAX_IMPULSE + k], impulse);
            apply(c, R_A + 3 * k, R_B + 3 * k, impulse * nx, impulse * ny, impulse * nz);
        }
        patch.solve(c);
        if (!useBias) {
            for (int k = 0; k < c.pointCount; k++) {
                c.d[TOTAL_IMPULSE + k] += c.d[IMPULSE + k];
            }
        }
    }

    /**
     * Restitution after the substeps, for points that approached faster than the threshold and
     * took an impulse. The target separating speed is e times the speed at the moment of impact,
     * which is not the speed at the start of the tick: gravity keeps accelerating the bodies across
     * the speculative gap. Symplectic Euler with a constant relative acceleration a along the normal
     * conserves H = v²/2 − a·s + a·h·v/2 exactly, so from the tick-start state (s₀, v₀) the
     * approach speed at the current separation s is the negative root of
     * v²/2 + a·h·v/2 = H₀ + a·s; a bounce that keeps H leaves with v_out = −v_in − a·h. With e < 1 the result is scaled by e. Without gravity this
     * is the classic v_out = −e·v₀.
     */
    public void restitution(ContactPair c, double h) {
        if (c.restitution == 0) {
            return;
        }
        double gx = ctx.gravityX;
        double gy = ctx.gravityY;
        double gz = ctx.gravityZ;
        double a = c.nx * (gx * gravityOf(c.bodyB) - gx * gravityOf(c.bodyA))
                + c.ny * (gy * gravityOf(c.bodyB) - gy * gravityOf(c.bodyA))
                + c.nz * (gz * gravityOf(c.bodyB) - gz * gravityOf(c.bodyA));
        for (int k = 0; k < c.pointCount; k++) {
            double v0 = c.d[RELATIVE_VELOCITY + k];
            if (v0 > -ctx.restitutionThreshold || c.d[MAX_IMPULSE + k] == 0) {
                continue;
            }
            double s0 = Math.max(0, c.d[SEPARATION + k]);
            double h0 = 0.5 * v0 * v0 - a * s0 + 0.5 * a * h * v0;
            // The relax pass may have stopped the bodies a little short of touching (speculative
            // row); the impact speed is taken where they are now, at separation sNow.
            double sNow = Math.max(0, currentSeparation(c, k));
            double half = 0.5 * a * h;
            double disc = half * half + 2 * (h0 + a * sNow);
            double vIn = disc > 0 ? -half - Math.sqrt(disc) : v0;
            double target = c.restitution * (-vIn - a * h);
            double vn = normalVelocity(c, k, c.nx, c.ny, c.nz);
            double impulse = c.d[MASS + k] * (target - vn);
            double old = c.d[IMPULSE + k];
            double next = Math.max(old + impulse, 0);
            if (next > ctx.maxContactImpulse) {
                next = Math.max(old, ctx.maxContactImpulse);
                ctx.counters.contactImpulseCapped++;
            }
            next = withinBudgets(c, old, next);
            impulse = next - old;
            c.d[IMPULSE + k] = next;
            c.d[MAX_IMPULSE + k] = Math.max(c.d[MAX_IMPULSE + k], impulse);
            c.d[TOTAL_IMPULSE + k] += impulse;
            apply(c, R_A + 3 * k, R_B + 3 * k, impulse * c.nx, impulse * c.ny, impulse * c.nz);
        }
    }

    /** True when the pair bears no impulse at all: no normal, friction or twist impulse. */
    public boolean unloaded(ContactPair c) {
        if (c.frictionImpulse1 != 0 || c.frictionImpulse2 != 0 || c.twistImpulse != 0) {
            return false;
        }
        for (int k = 0; k < c.pointCount; k++) {
            if (c.d[IMPULSE + k] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when every point of an unloaded pair is apart and closes by less than its gap within the
     * substep (v_n + s/h ≥ 0, velocities from the body arrays): each normal row would stay at zero
     * impulse and the friction, bounded by μ times the normals, too, so solving the pair now would
     * change nothing, bit for bit, and is skipped. Most of a pile's manifolds are such speculative
     * points, centimetres apart.
     */
    public boolean apart(ContactPair c, double invH) {
        return clearlyApart(c, invH, 0);
    }

    /**
     * True when every point of a pair is apart by a margin the velocities now in the body arrays
     * close by at least {@code margin} m/s less than the gap allows within the substep
     * (v_n + s/h ≥ margin). For an articulated body those arrays hold the velocity it had when it was
     * last loaded or flushed, not the exact one; the margin covers what the impulses since then can
     * have changed, so a pair this passes would also pass {@link #apart} with the exact velocities
     * (the solver skips it without computing them).
     */
    public boolean clearlyApart(ContactPair c, double invH, double margin) {
        for (int k = 0; k < c.pointCount; k++) {
            double s = currentSeparation(c, k);
            if (!(s > 0) || normalVelocity(c, k, c.nx, c.ny, c.nz) + s * invH < margin) {
                return false;
            }
        }
        return true;
    }

    /** Mass and impulse scale of the row last passed to {@link #rowTerms}. */
    public double rowMassScale;
    public double rowImpulseScale;

    /**
     * Velocity bias of point k's non-penetration row (m/s) from its current separation s:
     * speculative (s/h, rigid) when apart, soft push-out beyond the slop in the biased pass,
     * rigid with no bias otherwise. Leaves the row's mass and impulse scale in
     * {@link #rowMassScale} and {@link #rowImpulseScale}.
     */
    public double rowTerms(ContactPair c, int k, double invH, boolean useBias) {
        double s = currentSeparation(c, k);
        rowMassScale = 1;
        rowImpulseScale = 0;
        if (s > 0) {
            return s * invH;
        }
        double slop = ctx.linearSlop;
        if (useBias && s < -slop) {
            SoftCoefficients sf = c.staticSoftness ? ctx.staticContactSoft : ctx.contactSoft;
            double biasRate = sf.biasRate;
            rowMassScale = sf.massScale;
            rowImpulseScale = sf.impulseScale;
            // A row holding more than its spring's load at LOADED_SINK is stiffened (see the class doc).
            double omega = c.staticSoftness ? 2 * ctx.contactOmega : ctx.contactOmega;
            double m = c.d[MASS + k];
            double load = c.d[IMPULSE + k] * invH;
            double loadAtSink = m * omega * omega * Tuning.LOADED_SINK;
            if (load > loadAtSink && loadAtSink > 0) {
                // exp∘log rather than StrictMath.pow: Java 17's pow is written in Java and allocates
                // arrays on every call (12.7 KB a tick in a resting 10-ragdoll pile); exp and log
                // are the native fdlibm ones, just as reproducible.
                double w = omega * StrictMath.exp(Tuning.LOAD_EXPONENT * StrictMath.log(load / loadAtSink));
                SoftCoefficients stiffened = loadedSoft.setAngularFrequency(w, ctx.contactZeta, w / invH);
                biasRate = stiffened.biasRate;
                rowMassScale = stiffened.massScale;
                rowImpulseScale = stiffened.impulseScale;
            }
            double bias = biasRate * (s + slop);
            if (bias < -ctx.maxPushOutSpeed) {
                ctx.counters.pushOutCapped++;
                return -ctx.maxPushOutSpeed;
            }
            return bias;
        }
        return 0;
    }

    /** Separation of point k from the bodies' current poses, metres (see {@link ContactPair#separationNow}). */
    public double currentSeparation(ContactPair c, int k) {
        return c.separationNow(b, k);
    }

    /** Gravity scale of a body as the solver sees it (0 for bodies that do not move). */
    private double gravityOf(int body) {
        return b.type[body] == Bodies.DYNAMIC && b.awake[body] ? b.gravityScale[body] : 0;
    }

    /** The friction patch's rows once (the island solver's manifolds after their normal block). */
    public void solvePatch(ContactPair c) {
        patch.solve(c);
    }

    /** After the substeps: the patch's friction impulse kept as a world vector for the next tick. */
    public void storeImpulses(ContactPair c) {
        patch.store(c);
    }

    /** Relative velocity of B's anchor with respect to A's along direction d. */
    public double normalVelocity(ContactPair c, int k, double dx, double dy, double dz) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double[] v = b.linVel;
        double[] w = b.angVel;
        int o = 3 * k;
        double rax = c.d[R_A + o];
        double ray = c.d[R_A + o + 1];
        double raz = c.d[R_A + o + 2];
        double rbx = c.d[R_B + o];
        double rby = c.d[R_B + o + 1];
        double rbz = c.d[R_B + o + 2];
        double dvx = v[3 * bb] + w[3 * bb + 1] * rbz - w[3 * bb + 2] * rby
                - (v[3 * ba] + w[3 * ba + 1] * raz - w[3 * ba + 2] * ray);
        double dvy = v[3 * bb + 1] + w[3 * bb + 2] * rbx - w[3 * bb] * rbz
                - (v[3 * ba + 1] + w[3 * ba + 2] * rax - w[3 * ba] * raz);
        double dvz = v[3 * bb + 2] + w[3 * bb] * rby - w[3 * bb + 1] * rbx
                - (v[3 * ba + 2] + w[3 * ba] * ray - w[3 * ba + 1] * rax);
        return dvx * dx + dvy * dy + dvz * dz;
    }

    /** Applies impulse P at the anchors at d[oa..] (A) and d[ob..] (B): −P to A, +P to B. Non-moving bodies are left untouched. */
    public void apply(ContactPair c, int oa, int ob, double px, double py, double pz) {
        double[] d = c.d;
        int ba = c.bodyA;
        int bb = c.bodyB;
        double mA = b.solverInvMass(ba);
        if (mA > 0 && b.articulated[ba]) {
            applyArticulated(ba, d[oa], d[oa + 1], d[oa + 2], -px, -py, -pz, 0, 0, 0);
        } else if (mA > 0) {
            b.linVel[3 * ba] -= mA * px;
            b.linVel[3 * ba + 1] -= mA * py;
            b.linVel[3 * ba + 2] -= mA * pz;
            addAngular(ba, d[oa], d[oa + 1], d[oa + 2], -px, -py, -pz);
        }
        double mB = b.solverInvMass(bb);
        if (mB > 0 && b.articulated[bb]) {
            applyArticulated(bb, d[ob], d[ob + 1], d[ob + 2], px, py, pz, 0, 0, 0);
        } else if (mB > 0) {
            b.linVel[3 * bb] += mB * px;
            b.linVel[3 * bb + 1] += mB * py;
            b.linVel[3 * bb + 2] += mB * pz;
            addAngular(bb, d[ob], d[ob + 1], d[ob + 2], px, py, pz);
        }
    }

    /** ω += I⁻¹ (r × P). */
    private void addAngular(int body, double rx, double ry, double rz, double px, double py, double pz) {
        b.addAngularImpulse(body, ry * pz - rz * py, rz * px - rx * pz, rx * py - ry * px);
    }
}
