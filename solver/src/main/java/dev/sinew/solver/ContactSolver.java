package dev.sinew.solver;

import dev.sinew.solver.collision.NarrowPhase;

/**
 * The contact stages of the soft-step solver, in the order {@link World#step()} calls them:
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
 * the push-out velocity so it does not turn into bounce. Friction is two rigid tangent
 * rows clamped together to the disc |λt| ≤ μ·λn.
 */
final class ContactSolver {
    /** Tangential speed above which friction directions follow the slip, m/s. */
    static final double SLIP_SPEED = 0.01;
    private final Bodies b;
    private final Softness soft = new Softness();
    private final Softness staticSoft = new Softness();
    private final double[] basisU = new double[3];
    private final double[] basisV = new double[3];
    double slop;
    double maxPushOut;
    double restitutionThreshold;
    /** World gravity, m/s². */
    double gx;
    double gy;
    double gz;
    /** Projected Gauss–Seidel sweeps over a manifold's normal rows per solve. */
    static final int BLOCK_ITERATIONS = 16;


    private final SmallLcp lcp = new SmallLcp();
    private final double[] blockDiag = new double[ContactPair.N];
    private final double[] blockQ = new double[ContactPair.N];
    private final double[] blockLambda = new double[ContactPair.N];

    ContactSolver(Bodies bodies) {
        this.b = bodies;
    }

    void setSoftness(double hertz, double zeta, double h) {
        double capped = Math.min(hertz, 0.25 / h);
        soft.set(capped, zeta, h);
        staticSoft.set(2 * capped, zeta, h);
    }

    void prepare(ContactPair c) {
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
        NarrowPhase.orthonormalBasis(nx, ny, nz, basisU, basisV);
        double[] v = b.linVel;
        double[] w = b.angVel;
        for (int k = 0; k < c.pointCount; k++) {
            int o = 3 * k;
            double rax = c.rA[o];
            double ray = c.rA[o + 1];
            double raz = c.rA[o + 2];
            double rbx = c.rB[o];
            double rby = c.rB[o + 1];
            double rbz = c.rB[o + 2];
            double dvx = v[3 * bb] + w[3 * bb + 1] * rbz - w[3 * bb + 2] * rby
                    - (v[3 * ba] + w[3 * ba + 1] * raz - w[3 * ba + 2] * ray);
            double dvy = v[3 * bb + 1] + w[3 * bb + 2] * rbx - w[3 * bb] * rbz
                    - (v[3 * ba + 1] + w[3 * ba + 2] * rax - w[3 * ba] * raz);
            double dvz = v[3 * bb + 2] + w[3 * bb] * rby - w[3 * bb + 1] * rbx
                    - (v[3 * ba + 2] + w[3 * ba] * ray - w[3 * ba + 1] * rax);
            double vn = dvx * nx + dvy * ny + dvz * nz;
            c.relativeVelocity[k] = vn;
            // Friction directions: along the slip when slipping, so the friction impulse opposes
            // the slip exactly (maximum dissipation) even though the two tangent rows have
            // different effective masses; a fixed basis of the normal otherwise.
            double stx = dvx - vn * nx;
            double sty = dvy - vn * ny;
            double stz = dvz - vn * nz;
            double slip = Math.sqrt(stx * stx + sty * sty + stz * stz);
            double[] t1 = c.t1;
            double[] t2 = c.t2;
            if (slip > SLIP_SPEED) {
                t1[o] = stx / slip;
                t1[o + 1] = sty / slip;
                t1[o + 2] = stz / slip;
            } else {
                t1[o] = basisU[0];
                t1[o + 1] = basisU[1];
                t1[o + 2] = basisU[2];
            }
            t2[o] = ny * t1[o + 2] - nz * t1[o + 1];
            t2[o + 1] = nz * t1[o] - nx * t1[o + 2];
            t2[o + 2] = nx * t1[o + 1] - ny * t1[o];
            c.normalMass[k] = invEffMass(ba, bb, mA, mB, dynA, dynB, rax, ray, raz, rbx, rby, rbz, nx, ny, nz);
            c.tangentMass1[k] = invEffMass(ba, bb, mA, mB, dynA, dynB, rax, ray, raz, rbx, rby, rbz,
                    t1[o], t1[o + 1], t1[o + 2]);
            c.tangentMass2[k] = invEffMass(ba, bb, mA, mB, dynA, dynB, rax, ray, raz, rbx, rby, rbz,
                    t2[o], t2[o + 1], t2[o + 2]);
            double fx = c.frictionWorld[o];
            double fy = c.frictionWorld[o + 1];
            double fz = c.frictionWorld[o + 2];
            c.tangentImpulse1[k] = fx * t1[o] + fy * t1[o + 1] + fz * t1[o + 2];
            c.tangentImpulse2[k] = fx * t2[o] + fy * t2[o + 1] + fz * t2[o + 2];
            c.maxNormalImpulse[k] = 0;
            c.totalNormalImpulse[k] = 0;
        }
        // Coupling of the normal rows: A_ij = mA + mB + (rA_i × n)·IA(rA_j × n) + (rB_i × n)·IB(rB_j × n).
        int n = c.pointCount;
        for (int i = 0; i < n; i++) {
            int oi = 3 * i;
            double aix = c.rA[oi + 1] * nz - c.rA[oi + 2] * ny;
            double aiy = c.rA[oi + 2] * nx - c.rA[oi] * nz;
            double aiz = c.rA[oi] * ny - c.rA[oi + 1] * nx;
            double bix = c.rB[oi + 1] * nz - c.rB[oi + 2] * ny;
            double biy = c.rB[oi + 2] * nx - c.rB[oi] * nz;
            double biz = c.rB[oi] * ny - c.rB[oi + 1] * nx;
            for (int j = i; j < n; j++) {
                int oj = 3 * j;
                double aij = mA + mB;
                if (dynA) {
                    double ajx = c.rA[oj + 1] * nz - c.rA[oj + 2] * ny;
                    double ajy = c.rA[oj + 2] * nx - c.rA[oj] * nz;
                    double ajz = c.rA[oj] * ny - c.rA[oj + 1] * nx;
                    aij += bilinear(ba, aix, aiy, aiz, ajx, ajy, ajz);
                }
                if (dynB) {
                    double bjx = c.rB[oj + 1] * nz - c.rB[oj + 2] * ny;
                    double bjy = c.rB[oj + 2] * nx - c.rB[oj] * nz;
                    double bjz = c.rB[oj] * ny - c.rB[oj + 1] * nx;
                    aij += bilinear(bb, bix, biy, biz, bjx, bjy, bjz);
                }
                c.normalCoupling[i * ContactPair.N + j] = aij;
                c.normalCoupling[j * ContactPair.N + i] = aij;
            }
        }
    }

    /** x·(I⁻¹ y) with the body's world inverse inertia. */
    private double bilinear(int body, double x, double y, double z, double px, double py, double pz) {
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

    void warmStart(ContactPair c) {
        for (int k = 0; k < c.pointCount; k++) {
            double ln = c.normalImpulse[k];
            double l1 = c.tangentImpulse1[k];
            double l2 = c.tangentImpulse2[k];
            int o = 3 * k;
            double px = c.nx * ln + c.t1[o] * l1 + c.t2[o] * l2;
            double py = c.ny * ln + c.t1[o + 1] * l1 + c.t2[o + 1] * l2;
            double pz = c.nz * ln + c.t1[o + 2] * l1 + c.t2[o + 2] * l2;
            apply(c, k, px, py, pz);
        }
    }

    /** One Gauss–Seidel pass over the pair's rows; {@code useBias} false is the relax pass. */
    void solve(ContactPair c, double invH, boolean useBias) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double[] pos = b.pos;
        double[] rot = b.rot;
        double nx = c.nx;
        double ny = c.ny;
        double nz = c.nz;
        Softness sf = c.staticSoftness ? staticSoft : soft;
        // Non-penetration rows as one block. A single soft row updates
        // Δλ = −ms·(v + b)/A_ii − is·λ with ms + is = 1, which is the row of
        // (A + C)·Δλ = −(v + b) − C·λ with C_ii = A_ii·is/ms. For all rows together this is the
        // linear complementarity problem w = M·λ' + q ≥ 0, λ' ≥ 0, λ'·w = 0 with M = A + C and
        // q = v + b − A·λ, solved exactly by SmallLcp. Solving the rows together gives a resting
        // face the balanced impulses a sequential (or a few projected Gauss–Seidel) sweeps over
        // its nearly dependent rows cannot, so stacks and pyramids pick up no spurious torque.
        int n = c.pointCount;
        double[] a = c.normalCoupling;
        double[] diag = blockDiag;
        double[] q = blockQ;
        double[] lam = blockLambda;
        for (int k = 0; k < n; k++) {
            int o = 3 * k;
            double s = currentSeparation(c, k);
            double bias = 0;
            double massScale = 1;
            double impulseScale = 0;
            if (s > 0) {
                bias = s * invH;
            } else if (useBias && s < -slop) {
                bias = Math.max(sf.biasRate * (s + slop), -maxPushOut);
                massScale = sf.massScale;
                impulseScale = sf.impulseScale;
            }
            double aii = a[k * ContactPair.N + k];
            double ck = impulseScale > 0 ? aii * impulseScale / massScale : 0;
            diag[k] = aii + ck;
            double qk = normalVelocity(c, k, nx, ny, nz) + bias;
            for (int j = 0; j < n; j++) {
                qk -= a[k * ContactPair.N + j] * c.normalImpulse[j];
            }
            q[k] = qk;
            lam[k] = c.normalImpulse[k];
        }
        if (!lcp.solve(n, a, ContactPair.N, diag, q, lam)) {
            // No active set fits within round-off (nearly degenerate points): projected
            // Gauss–Seidel from the current impulses instead.
            for (int iter = 0; iter < BLOCK_ITERATIONS; iter++) {
                for (int k = 0; k < n; k++) {
                    if (!(diag[k] > 0)) {
                        continue;
                    }
                    double w = q[k] + (diag[k] - a[k * ContactPair.N + k]) * lam[k];
                    for (int j = 0; j < n; j++) {
                        w += a[k * ContactPair.N + j] * lam[j];
                    }
                    lam[k] = Math.max(0, lam[k] - w / diag[k]);
                }
            }
        }
        for (int k = 0; k < n; k++) {
            double impulse = lam[k] - c.normalImpulse[k];
            c.normalImpulse[k] = lam[k];
            c.maxNormalImpulse[k] = Math.max(c.maxNormalImpulse[k], impulse);
            apply(c, k, impulse * nx, impulse * ny, impulse * nz);
        }
        double mu = c.friction;
        for (int k = 0; k < c.pointCount; k++) {
            int o = 3 * k;
            double maxF = mu * c.normalImpulse[k];
            double v1 = normalVelocity(c, k, c.t1[o], c.t1[o + 1], c.t1[o + 2]);
            double v2 = normalVelocity(c, k, c.t2[o], c.t2[o + 1], c.t2[o + 2]);
            double o1 = c.tangentImpulse1[k];
            double o2 = c.tangentImpulse2[k];
            double n1 = o1 - c.tangentMass1[k] * v1;
            double n2 = o2 - c.tangentMass2[k] * v2;
            double len2 = n1 * n1 + n2 * n2;
            if (len2 > maxF * maxF) {
                double scale = maxF / Math.sqrt(len2);
                n1 *= scale;
                n2 *= scale;
            }
            c.tangentImpulse1[k] = n1;
            c.tangentImpulse2[k] = n2;
            double d1 = n1 - o1;
            double d2 = n2 - o2;
            apply(c, k, c.t1[o] * d1 + c.t2[o] * d2, c.t1[o + 1] * d1 + c.t2[o + 1] * d2,
                    c.t1[o + 2] * d1 + c.t2[o + 2] * d2);
        }
        if (!useBias) {
            for (int k = 0; k < c.pointCount; k++) {
                c.totalNormalImpulse[k] += c.normalImpulse[k];
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
    void restitution(ContactPair c, double h) {
        if (c.restitution == 0) {
            return;
        }
        double a = c.nx * (gx * gravityOf(c.bodyB) - gx * gravityOf(c.bodyA))
                + c.ny * (gy * gravityOf(c.bodyB) - gy * gravityOf(c.bodyA))
                + c.nz * (gz * gravityOf(c.bodyB) - gz * gravityOf(c.bodyA));
        for (int k = 0; k < c.pointCount; k++) {
            double v0 = c.relativeVelocity[k];
            if (v0 > -restitutionThreshold || c.maxNormalImpulse[k] == 0) {
                continue;
            }
            double s0 = Math.max(0, c.separation[k]);
            double h0 = 0.5 * v0 * v0 - a * s0 + 0.5 * a * h * v0;
            // The relax pass may have stopped the bodies a little short of touching (speculative
            // row); the impact speed is taken where they are now, at separation sNow.
            double sNow = Math.max(0, currentSeparation(c, k));
            double half = 0.5 * a * h;
            double disc = half * half + 2 * (h0 + a * sNow);
            double vIn = disc > 0 ? -half - Math.sqrt(disc) : v0;
            double target = c.restitution * (-vIn - a * h);
            double vn = normalVelocity(c, k, c.nx, c.ny, c.nz);
            double impulse = c.normalMass[k] * (target - vn);
            double old = c.normalImpulse[k];
            double next = Math.max(old + impulse, 0);
            impulse = next - old;
            c.normalImpulse[k] = next;
            c.maxNormalImpulse[k] = Math.max(c.maxNormalImpulse[k], impulse);
            c.totalNormalImpulse[k] += impulse;
            apply(c, k, impulse * c.nx, impulse * c.ny, impulse * c.nz);
        }
    }

    /** Separation of point k from the bodies' current poses, metres. */
    private double currentSeparation(ContactPair c, int k) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        int o = 3 * k;
        double[] pos = b.pos;
        double[] rot = b.rot;
        return c.separation[k]
                + c.nx * (pos[3 * bb] + rotX(rot, bb, c.localB, o) - pos[3 * ba] - rotX(rot, ba, c.localA, o))
                + c.ny * (pos[3 * bb + 1] + rotY(rot, bb, c.localB, o) - pos[3 * ba + 1] - rotY(rot, ba, c.localA, o))
                + c.nz * (pos[3 * bb + 2] + rotZ(rot, bb, c.localB, o) - pos[3 * ba + 2] - rotZ(rot, ba, c.localA, o));
    }

    /** Gravity scale of a body as the solver sees it (0 for bodies that do not move). */
    private double gravityOf(int body) {
        return b.type[body] == Bodies.DYNAMIC && b.awake[body] ? b.gravityScale[body] : 0;
    }

    void storeImpulses(ContactPair c) {
        for (int k = 0; k < c.pointCount; k++) {
            double l1 = c.tangentImpulse1[k];
            double l2 = c.tangentImpulse2[k];
            int o = 3 * k;
            c.frictionWorld[o] = c.t1[o] * l1 + c.t2[o] * l2;
            c.frictionWorld[o + 1] = c.t1[o + 1] * l1 + c.t2[o + 1] * l2;
            c.frictionWorld[o + 2] = c.t1[o + 2] * l1 + c.t2[o + 2] * l2;
        }
    }

    /** Relative velocity of B's anchor with respect to A's along direction d. */
    private double normalVelocity(ContactPair c, int k, double dx, double dy, double dz) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double[] v = b.linVel;
        double[] w = b.angVel;
        int o = 3 * k;
        double rax = c.rA[o];
        double ray = c.rA[o + 1];
        double raz = c.rA[o + 2];
        double rbx = c.rB[o];
        double rby = c.rB[o + 1];
        double rbz = c.rB[o + 2];
        double dvx = v[3 * bb] + w[3 * bb + 1] * rbz - w[3 * bb + 2] * rby
                - (v[3 * ba] + w[3 * ba + 1] * raz - w[3 * ba + 2] * ray);
        double dvy = v[3 * bb + 1] + w[3 * bb + 2] * rbx - w[3 * bb] * rbz
                - (v[3 * ba + 1] + w[3 * ba + 2] * rax - w[3 * ba] * raz);
        double dvz = v[3 * bb + 2] + w[3 * bb] * rby - w[3 * bb + 1] * rbx
                - (v[3 * ba + 2] + w[3 * ba] * ray - w[3 * ba + 1] * rax);
        return dvx * dx + dvy * dy + dvz * dz;
    }

    /** Applies impulse P at point k: −P to A, +P to B. Non-moving bodies are left untouched. */
    private void apply(ContactPair c, int k, double px, double py, double pz) {
        int o = 3 * k;
        int ba = c.bodyA;
        int bb = c.bodyB;
        double mA = b.solverInvMass(ba);
        if (mA > 0) {
            b.linVel[3 * ba] -= mA * px;
            b.linVel[3 * ba + 1] -= mA * py;
            b.linVel[3 * ba + 2] -= mA * pz;
            addAngular(ba, c.rA[o], c.rA[o + 1], c.rA[o + 2], -px, -py, -pz);
        }
        double mB = b.solverInvMass(bb);
        if (mB > 0) {
            b.linVel[3 * bb] += mB * px;
            b.linVel[3 * bb + 1] += mB * py;
            b.linVel[3 * bb + 2] += mB * pz;
            addAngular(bb, c.rB[o], c.rB[o + 1], c.rB[o + 2], px, py, pz);
        }
    }

    /** ω += I⁻¹ (r × P). */
    private void addAngular(int body, double rx, double ry, double rz, double px, double py, double pz) {
        double tx = ry * pz - rz * py;
        double ty = rz * px - rx * pz;
        double tz = rx * py - ry * px;
        double[] m = b.invInertiaWorld;
        int o = 9 * body;
        b.angVel[3 * body] += m[o] * tx + m[o + 1] * ty + m[o + 2] * tz;
        b.angVel[3 * body + 1] += m[o + 3] * tx + m[o + 4] * ty + m[o + 5] * tz;
        b.angVel[3 * body + 2] += m[o + 6] * tx + m[o + 7] * ty + m[o + 8] * tz;
    }

    // Rotation of a body-frame vector v (at local[o..o+2]) by the body's quaternion:
    // v' = v + w·t + q×t with t = 2·(q × v).
    static double rotX(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double ty = 2 * (qz * vx - qx * vz);
        double tz = 2 * (qx * vy - qy * vx);
        double tx = 2 * (qy * vz - qz * vy);
        return vx + qw * tx + (qy * tz - qz * ty);
    }

    static double rotY(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double tx = 2 * (qy * vz - qz * vy);
        double tz = 2 * (qx * vy - qy * vx);
        double ty = 2 * (qz * vx - qx * vz);
        return vy + qw * ty + (qz * tx - qx * tz);
    }

    static double rotZ(double[] rot, int body, double[] local, int o) {
        double qx = rot[4 * body];
        double qy = rot[4 * body + 1];
        double qz = rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double vx = local[o];
        double vy = local[o + 1];
        double vz = local[o + 2];
        double tx = 2 * (qy * vz - qz * vy);
        double ty = 2 * (qz * vx - qx * vz);
        double tz = 2 * (qx * vy - qy * vx);
        return vz + qw * tz + (qx * ty - qy * tx);
    }
}
