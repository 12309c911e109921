package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.body.Gyroscopic;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;

/**
 * One articulation's motion over a substep: the forces (gravity, the bodies' own forces and
 * torques, damping, the centripetal terms of the moving links and the implicit gyroscopic step of
 * each link), the solve of the free step with the drives' implicit stiffness, the joint impulses
 * it took, the position update in reduced coordinates (the joints stay closed) and the load of q̇
 * from the bodies' velocities at the start of a tick. See {@link ArticulationTree} for the
 * coordinates and the factorization.
 */
final class Articulation extends ArticulationResponse {
    /**
     * The joint rows' last pass in this substep changed no joint's rate by more than
     * {@link ArticulatedJoints#SETTLED_RATE}; cleared by their warm start.
     */
    boolean jointsSettled;
    /**
     * How far the impulses from contacts and ground blocks since the joint rows' last pass moved
     * the tree: the sum of their √(2·ΔE), ΔE the kinetic energy each would give it alone, √J.
     */
    double reach;

    /** Adds an impulse's √(2·ΔE) to {@link #reach}. */
    void reached(double root) {
        reach += root;
    }

    // ------------------------------------------------------------------ the substep

    private double[] linkForce = new double[12];
    private double[] linkTorque = new double[12];
    private double[] gen = new double[12];
    private double[] accel = new double[12];
    private final double[] spin = new double[3];
    /** A sum over the links (momentum, or mass-weighted acceleration). */
    private final double[] p3 = new double[3];
    /** A link's rotation matrix (the articulation's own: articulations step at the same time). */
    private final double[] rotation = new double[9];

    /**
     * Builds this substep's system and advances q̇ by the forces: gravity (scaled per body), the
     * bodies' accumulated forces and torques, linear and angular damping, the centripetal terms of
     * the moving links and, for bodies flagged gyroscopic, the implicit gyroscopic step of each
     * link taken as if it were free (Catto's Newton step, {@link Gyroscopic}), as an impulse:
     * (H + extraDiag)·Δq̇ = h·g + rhs. {@code rhs} (3 per node, may be null) is added as it is
     * (a drive's implicit right-hand side). Requires {@link #pose}; leaves the links' velocities
     * in the bodies' arrays. Returns false if the system is singular.
     */
    boolean freeStep(Bodies b, double h, double gx, double gy, double gz, double[] rhs) {
        prepareStep(b);
        return advance(b, h, gx, gy, gz, rhs);
    }

    /** Writes the links' velocities and computes the subtree composites for this substep's system. */
    void prepareStep(Bodies b) {
        ensureScratch();
        flush(b);
        if (v0.length < 3 * linkCount) {
            v0 = new double[3 * body.length];
        }
        System.arraycopy(linVel, 0, v0, 0, 3 * linkCount);
        composites(b);
    }

    /** The links' velocities at {@link #prepareStep}, 3 per link. */
    private double[] v0 = new double[12];

    /**
     * The impulse each link's joint gave its subtree in the last {@link #solveStep} (the subtree's
     * momentum change less the impulse of the forces on it), N·s, world, into out[3l..3l+2] for
     * links with a joint. Contact impulses applied since are not included.
     */
    void jointImpulses(Bodies b, double h, double[] out) {
        for (int l = 0; l < linkCount; l++) {
            double m = b.mass[body[l]];
            out[3 * l] = m * (linVel[3 * l] - v0[3 * l]);
            out[3 * l + 1] = m * (linVel[3 * l + 1] - v0[3 * l + 1]);
            out[3 * l + 2] = m * (linVel[3 * l + 2] - v0[3 * l + 2]);
        }
        for (int l = linkCount - 1; l > 0; l--) {
            int p = linkParent[l];
            out[3 * p] += out[3 * l];
            out[3 * p + 1] += out[3 * l + 1];
            out[3 * p + 2] += out[3 * l + 2];
        }
        for (int l = 0; l < linkCount; l++) {
            // linkForce holds each subtree's total force after generalize
            out[3 * l] -= h * linkForce[3 * l];
            out[3 * l + 1] -= h * linkForce[3 * l + 1];
            out[3 * l + 2] -= h * linkForce[3 * l + 2];
        }
    }

    /**
     * The records of the links' drives this tick ({@link dev.sinew.solver.constraint.SlerpDrivePart#RECORD}
     * doubles per link, see {@link ArticulatedDrives}), and per link whether it has an active drive.
     */
    double[] driveData = new double[0];
    boolean[] driveOn = new boolean[0];
    /**
     * Per link with a joint (not a sprung root's): its joint's point impulse on B in the last
     * substep, N·s, world (3 per link), which the next substep's tension reads.
     */
    double[] pointImpulse = new double[0];
    /** The drive data and point impulses were copied from the joints this tick ({@link Articulations#freeStep}). */
    boolean tickFilled;
    /** They hold what the joints do not yet. */
    boolean tickDirty;

    /** +1 if link l is its joint's body B (its node's rate is ω_B − ω_A), −1 if it is body A. */
    double side(Joints joints, int l) {
        return joints.bodyB[linkJoint[l]] == body[l] ? 1 : -1;
    }

    /**
     * The diagonal block of H for node i as {@link #massMatrix} gives it (the inertia of the node's
     * subtree held rigid, about its pivot), into out[o..o+8]; requires {@link #composites}.
     */
    void subtreeInertia(int i, double[] out, int o) {
        int s = nodeLink[i];
        double m = compMass[s];
        double wx = compCom[3 * s] - pivot[3 * i];
        double wy = compCom[3 * s + 1] - pivot[3 * i + 1];
        double wz = compCom[3 * s + 2] - pivot[3 * i + 2];
        double ww = wx * wx + wy * wy + wz * wz;
        int ic = 9 * s;
        out[o] = compInertia[ic] + m * (ww - wx * wx);
        out[o + 1] = compInertia[ic + 1] - m * wx * wy;
        out[o + 2] = compInertia[ic + 2] - m * wx * wz;
        out[o + 3] = compInertia[ic + 3] - m * wy * wx;
        out[o + 4] = compInertia[ic + 4] + m * (ww - wy * wy);
        out[o + 5] = compInertia[ic + 5] - m * wy * wz;
        out[o + 6] = compInertia[ic + 6] - m * wz * wx;
        out[o + 7] = compInertia[ic + 7] - m * wz * wy;
        out[o + 8] = compInertia[ic + 8] + m * (ww - wz * wz);
    }

    /** The generalized forces of this substep, h·g (see {@link #freeStep}), computed by {@link #advance}, 3 per node. */
    double[] impulse() {
        return gen;
    }

    /**
     * Computes h·g into {@link #impulse()} (velocities and composites from {@link #prepareStep}).
     */
    void forces(Bodies b, double h, double gx, double gy, double gz) {
        ensureScratch();
        // centripetal accelerations a_k (q̈ = 0), root first
        for (int l = 0; l < linkCount; l++) {
            int node = linkNode[l];
            double ax;
            double ay;
            double az;
            if (l == 0 && base < 0) {
                ax = 0;
                ay = 0;
                az = 0;
            } else {
                double pwx;
                double pwy;
                double pwz;
                double ox;
                double oy;
                double oz;
                if (l == 0) {
                    pwx = baseAngVel[0];
                    pwy = baseAngVel[1];
                    pwz = baseAngVel[2];
                    ox = baseCom[0];
                    oy = baseCom[1];
                    oz = baseCom[2];
                    ax = 0;
                    ay = 0;
                    az = 0;
                } else {
                    int p = linkParent[l];
                    pwx = angVel[3 * p];
                    pwy = angVel[3 * p + 1];
                    pwz = angVel[3 * p + 2];
                    int pk = body[p];
                    ox = b.pos[3 * pk];
                    oy = b.pos[3 * pk + 1];
                    oz = b.pos[3 * pk + 2];
                    ax = accel[3 * p];
                    ay = accel[3 * p + 1];
                    az = accel[3 * p + 2];
                }
                // + ω_p × (ω_p × (p − c_p)) + ω_k × (ω_k × (c_k − p))
                double px = pivot[3 * node];
                double py = pivot[3 * node + 1];
                double pz = pivot[3 * node + 2];
                double rx = px - ox;
                double ry = py - oy;
                double rz = pz - oz;
                double ux = pwy * rz - pwz * ry;
                double uy = pwz * rx - pwx * rz;
                double uz = pwx * ry - pwy * rx;
                ax += pwy * uz - pwz * uy;
                ay += pwz * ux - pwx * uz;
                az += pwx * uy - pwy * ux;
                int k = body[l];
                double wx = angVel[3 * l];
                double wy = angVel[3 * l + 1];
                double wz = angVel[3 * l + 2];
                rx = b.pos[3 * k] - px;
                ry = b.pos[3 * k + 1] - py;
                rz = b.pos[3 * k + 2] - pz;
                ux = wy * rz - wz * ry;
                uy = wz * rx - wx * rz;
                uz = wx * ry - wy * rx;
                ax += wy * uz - wz * uy;
                ay += wz * ux - wx * uz;
                az += wx * uy - wy * ux;
            }
            accel[3 * l] = ax;
            accel[3 * l + 1] = ay;
            accel[3 * l + 2] = az;
        }
        if (base < 0) {
            // centred on the tree's centre of mass: the velocity-product terms move no momentum (the
            // position update below keeps it), so a free tree's momentum changes by its forces alone
            double mt = massWeighted(b, accel, p3);
            double mx = p3[0] / mt;
            double my = p3[1] / mt;
            double mz = p3[2] / mt;
            for (int l = 0; l < linkCount; l++) {
                accel[3 * l] -= mx;
                accel[3 * l + 1] -= my;
                accel[3 * l + 2] -= mz;
            }
        }
        // link wrenches
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            double m = b.mass[k];
            double gs = b.gravityScale[k];
            double ld = b.linearDamping[k] / (1 + h * b.linearDamping[k]);
            double ad = b.angularDamping[k] / (1 + h * b.angularDamping[k]);
            for (int e = 0; e < 3; e++) {
                double g = e == 0 ? gx : e == 1 ? gy : gz;
                linkForce[3 * l + e] = m * (gs * g - accel[3 * l + e] - ld * linVel[3 * l + e]) + b.force[3 * k + e];
                linkTorque[3 * l + e] = b.torque[3 * k + e];
            }
            // angular damping as the torque that gives the free body's ω/(1 + h·c): −I·ω·c/(1 + h·c)
            int io = 9 * l;
            double wx = angVel[3 * l];
            double wy = angVel[3 * l + 1];
            double wz = angVel[3 * l + 2];
            linkTorque[3 * l] -= ad * (inertia[io] * wx + inertia[io + 1] * wy + inertia[io + 2] * wz);
            linkTorque[3 * l + 1] -= ad * (inertia[io + 3] * wx + inertia[io + 4] * wy + inertia[io + 5] * wz);
            linkTorque[3 * l + 2] -= ad * (inertia[io + 6] * wx + inertia[io + 7] * wy + inertia[io + 8] * wz);
            if (b.gyroscopic[k]) {
                // the step leaves spin as it is for ω = 0 or a singular Newton matrix: then no torque
                spin[0] = wx;
                spin[1] = wy;
                spin[2] = wz;
                Gyroscopic.step(b, k, h, angVel, 3 * l, spin, 0, b.rotationMatrix(k, rotation));
                double dx = (spin[0] - wx) / h;
                double dy = (spin[1] - wy) / h;
                double dz = (spin[2] - wz) / h;
                linkTorque[3 * l] += inertia[io] * dx + inertia[io + 1] * dy + inertia[io + 2] * dz;
                linkTorque[3 * l + 1] += inertia[io + 3] * dx + inertia[io + 4] * dy + inertia[io + 5] * dz;
                linkTorque[3 * l + 2] += inertia[io + 6] * dx + inertia[io + 7] * dy + inertia[io + 8] * dz;
            }
        }
        generalize(b, linkForce, linkTorque, gen);
        for (int i = 0; i < 3 * nodeCount; i++) {
            gen[i] *= h;
        }
    }

    private double[] step = new double[12];
    private double[] residual = new double[12];
    private double[] refined = new double[12];
    private double[] keptDiag = new double[36];

    /**
     * The links' articulated responses ({@link #linkResponses}) from the pose now with the drives
     * left out, as at the tick's start: a drive stiffens the tree, so a response without it is never
     * smaller than the one the substep's rows meet, whichever drives saturate (a response with a
     * drive that later saturates would give impulses many times too large). Factors the tree
     * without and then again with this substep's drive terms, which leaves the substep's system as
     * it was. False if it is singular without them (the responses are then left as they were).
     */
    boolean responsesWithoutDrives(Bodies b, double[] out, boolean[] only) {
        int n = 9 * nodeCount;
        if (keptDiag.length < n) {
            keptDiag = new double[extraDiag.length];
        }
        System.arraycopy(extraDiag, 0, keptDiag, 0, n);
        java.util.Arrays.fill(extraDiag, 0, n, 0);
        massMatrix();
        boolean ok = factor();
        if (ok) {
            linkResponses(b, out, only);
        }
        System.arraycopy(keptDiag, 0, extraDiag, 0, n);
        massMatrix();
        factor();
        return ok;
    }

    /**
     * Factors H + extraDiag and sets q̇ ← q̇₀ + (H + extraDiag)⁻¹·(h·g + rhs), q̇₀ the velocity at
     * {@link #prepareStep}; may be called again after changing extraDiag and rhs. False if singular.
     *
     * <p>If the stepper lets this substep keep the factor ({@link KeptFactor#keep}) and it was
     * formed with the same extras, the factor is not formed again: its solve x₀ of a pose up to
     * {@link dev.sinew.solver.constraint.Tuning#FACTOR_TURN} old is refined once against the
     * matrix of the pose now, x = x₀ + F⁻¹·(b − A·x₀) (A·x by {@link #massTimes}, O(links)), which
     * squares its relative error, and a free tree's linear momentum balance is then made exact
     * ({@link #keepLinearMomentum}).
     */
    boolean solveStep(Bodies b, double[] rhs, double[] start) {
        boolean keep = kept.keep && kept.of(extraDiag, extraRoot, rootSpring, nodeCount);
        if (!keep) {
            massMatrix();
            if (!factor()) {
                return false;
            }
        }
        int n = 3 * nodeCount;
        for (int i = 0; i < n; i++) {
            step[i] = gen[i] + (rhs == null ? 0 : rhs[i]);
        }
        if (keep) {
            solve(step, refined);
            massTimes(b, refined, residual);
            for (int i = 0; i < n; i++) {
                residual[i] = step[i] - residual[i];
            }
            double b0 = step[0];
            double b1 = step[1];
            double b2 = step[2];
            solve(residual, residual);
            for (int i = 0; i < n; i++) {
                step[i] = refined[i] + residual[i];
            }
            if (base < 0) {
                keepLinearMomentum(b, b0, b1, b2);
            }
        } else {
            solve(step, step);
        }
        for (int i = 0; i < n; i++) {
            qd[i] = start[i] + step[i];
        }
        flush(b);
        return true;
    }

    /**
     * Makes the first row of the free step's system, the tree's linear momentum balance, hold
     * exactly for {@link #step} (a free root), as the exact solve does: the refined solve leaves
     * it off by about the square of the kept factor's relative error, which would give a tree
     * nothing pushes a momentum of its own. That row's residual r is taken out by a shift δ of the
     * root's velocity: with M the tree's mass and X the extra block on the root's linear node,
     * (M·E + X)·δ = r.
     */
    private void keepLinearMomentum(Bodies b, double b0, double b1, double b2) {
        linearMomentum(b, step, p3);
        double s0 = step[0];
        double s1 = step[1];
        double s2 = step[2];
        double[] e = extraDiag;
        double r0 = b0 - p3[0] - (e[0] * s0 + e[1] * s1 + e[2] * s2);
        double r1 = b1 - p3[1] - (e[3] * s0 + e[4] * s1 + e[5] * s2);
        double r2 = b2 - p3[2] - (e[6] * s0 + e[7] * s1 + e[8] * s2);
        if (rootSpring >= 0) {
            double[] c = extraRoot;
            r0 -= c[0] * step[3] + c[1] * step[4] + c[2] * step[5];
            r1 -= c[3] * step[3] + c[4] * step[4] + c[5] * step[5];
            r2 -= c[6] * step[3] + c[7] * step[4] + c[8] * step[5];
        }
        double m = compMass[0];
        for (int i = 0; i < 9; i++) {
            m9a[i] = e[i];
        }
        m9a[0] += m;
        m9a[4] += m;
        m9a[8] += m;
        if (!Mat3.invertSpd(m9a, 0, m9b, 0)) {
            return;
        }
        step[0] += m9b[0] * r0 + m9b[1] * r1 + m9b[2] * r2;
        step[1] += m9b[3] * r0 + m9b[4] * r1 + m9b[5] * r2;
        step[2] += m9b[6] * r0 + m9b[7] * r1 + m9b[8] * r2;
    }

    private final double[] m9a = new double[9];
    private final double[] m9b = new double[9];

    /**
     * out = (H + extraDiag + extraRoot)·x for the pose now (3 per node): the links' velocities
     * S·x without the base's motion, their momenta and {@link #generalize}, Sᵀ·M·S·x, plus the
     * extra blocks. O(links); out must not alias x.
     */
    void massTimes(Bodies b, double[] x, double[] out) {
        velocitiesOf(b, x);
        double[] v = mtLin;
        double[] w = mtAng;
        // momenta in place: m·v and I·ω
        for (int l = 0; l < linkCount; l++) {
            int o = 3 * l;
            int io = 9 * l;
            double m = b.mass[body[l]];
            v[o] *= m;
            v[o + 1] *= m;
            v[o + 2] *= m;
            Mat3.mulVec(inertia, io, w, o, w, o);
        }
        generalize(b, v, w, out);
        for (int j = 0; j < nodeCount; j++) {
            int e = 9 * j;
            int o = 3 * j;
            double x0 = x[o];
            double x1 = x[o + 1];
            double x2 = x[o + 2];
            out[o] += extraDiag[e] * x0 + extraDiag[e + 1] * x1 + extraDiag[e + 2] * x2;
            out[o + 1] += extraDiag[e + 3] * x0 + extraDiag[e + 4] * x1 + extraDiag[e + 5] * x2;
            out[o + 2] += extraDiag[e + 6] * x0 + extraDiag[e + 7] * x1 + extraDiag[e + 8] * x2;
        }
        if (rootSpring >= 0) {
            double[] c = extraRoot;
            // block (root linear 0, root angular 1) and its transpose
            out[0] += c[0] * x[3] + c[1] * x[4] + c[2] * x[5];
            out[1] += c[3] * x[3] + c[4] * x[4] + c[5] * x[5];
            out[2] += c[6] * x[3] + c[7] * x[4] + c[8] * x[5];
            out[3] += c[0] * x[0] + c[3] * x[1] + c[6] * x[2];
            out[4] += c[1] * x[0] + c[4] * x[1] + c[7] * x[2];
            out[5] += c[2] * x[0] + c[5] * x[1] + c[8] * x[2];
        }
    }

    /** The links' linear momentum, N·s, world, under generalized velocity x (the base at rest), into out[0..2]. */
    void linearMomentum(Bodies b, double[] x, double[] out) {
        velocitiesOf(b, x);
        massWeighted(b, mtLin, out);
    }

    /** Σ m_l·a_l over the links (a: 3 per link), into out[0..2]; returns the links' total mass, kg. */
    private double massWeighted(Bodies b, double[] a, double[] out) {
        double sx = 0;
        double sy = 0;
        double sz = 0;
        double mt = 0;
        for (int l = 0; l < linkCount; l++) {
            double m = b.mass[body[l]];
            sx += m * a[3 * l];
            sy += m * a[3 * l + 1];
            sz += m * a[3 * l + 2];
            mt += m;
        }
        out[0] = sx;
        out[1] = sy;
        out[2] = sz;
        return mt;
    }

    /** S·x: the links' velocities under generalized velocity x, the base at rest, into {@link #mtLin} and {@link #mtAng}. */
    private void velocitiesOf(Bodies b, double[] x) {
        reserveVelocities();
        linkVelocities(b, x, AT_REST, AT_REST, mtLin, mtAng);
    }

    /** Room in {@link #mtLin} and {@link #mtAng} for every link. */
    private void reserveVelocities() {
        if (mtLin.length < 3 * linkCount) {
            mtLin = new double[3 * body.length];
            mtAng = new double[3 * body.length];
        }
    }

    private static final double[] AT_REST = new double[3];
    private double[] mtLin = new double[12];
    private double[] mtAng = new double[12];

    /** The largest angular speed of the tree's links, rad/s, from their velocities at the last flush. */
    double fastestSpin() {
        double fastest = 0;
        for (int l = 0; l < linkCount; l++) {
            double wx = angVel[3 * l];
            double wy = angVel[3 * l + 1];
            double wz = angVel[3 * l + 2];
            fastest = Math.max(fastest, wx * wx + wy * wy + wz * wz);
        }
        return Math.sqrt(fastest);
    }

    private boolean advance(Bodies b, double h, double gx, double gy, double gz, double[] rhs) {
        forces(b, h, gx, gy, gz);
        if (start.length < 3 * nodeCount) {
            start = new double[3 * nodeCount];
        }
        System.arraycopy(qd, 0, start, 0, 3 * nodeCount);
        return solveStep(b, rhs, start);
    }

    private double[] start = new double[12];

    private void ensureScratch() {
        if (linkForce.length < 3 * linkCount) {
            linkForce = new double[3 * body.length];
            linkTorque = new double[3 * body.length];
            accel = new double[3 * body.length];
        }
        reserveVelocities();
        if (gen.length < 3 * nodeCount) {
            gen = new double[3 * nodeCount];
            step = new double[3 * nodeCount];
        }
        if (residual.length < 3 * nodeCount) {
            residual = new double[gen.length];
            refined = new double[gen.length];
        }
        kept.reserve(nodeCount);
    }

    /**
     * Advances the positions by q̇ over h: the free root's centre of mass, every link's orientation
     * by its angular velocity (normalize(q + h/2·(0, ω)⊗q), as for free bodies), then every other
     * link's centre of mass from its parent's anchor ({@link #pose}). Requires {@link #flush}.
     */
    void integrate(Bodies b, double h) {
        double px = 0;
        double py = 0;
        double pz = 0;
        double mt = 0;
        if (base < 0) {
            mt = massWeighted(b, linVel, p3);
            px = p3[0];
            py = p3[1];
            pz = p3[2];
        }
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            if (l == 0 && base < 0) {
                b.pos[3 * k] += h * linVel[0];
                b.pos[3 * k + 1] += h * linVel[1];
                b.pos[3 * k + 2] += h * linVel[2];
            }
            Quaternions.integrate(b.rot, 4 * k, angVel[3 * l], angVel[3 * l + 1], angVel[3 * l + 2], h);
        }
        pose(b);
        flush(b);
        if (base < 0) {
            // the same q̇ in the new pose: keep the tree's momentum with a shift of the root's velocity
            for (int l = 0; l < linkCount; l++) {
                double m = b.mass[body[l]];
                px -= m * linVel[3 * l];
                py -= m * linVel[3 * l + 1];
                pz -= m * linVel[3 * l + 2];
            }
            qd[0] += px / mt;
            qd[1] += py / mt;
            qd[2] += pz / mt;
            flush(b);
        }
    }

    /**
     * Sets q̇ from the bodies' velocities: the mass-weighted projection onto the motions the joints
     * allow, q̇ = H⁻¹·Sᵀ·M·(v − v_base), so that momentum given to single links between ticks (an
     * impulse, a velocity set by hand) reaches the whole tree as the articulated response. For
     * velocities the joints already allow this is exact. Requires {@link #pose}; factors H.
     */
    boolean load(Bodies b) {
        ensureScratch();
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            double vx = b.linVel[3 * k];
            double vy = b.linVel[3 * k + 1];
            double vz = b.linVel[3 * k + 2];
            double wx = b.angVel[3 * k];
            double wy = b.angVel[3 * k + 1];
            double wz = b.angVel[3 * k + 2];
            if (base >= 0) {
                double rx = b.pos[3 * k] - baseCom[0];
                double ry = b.pos[3 * k + 1] - baseCom[1];
                double rz = b.pos[3 * k + 2] - baseCom[2];
                vx -= baseVel[0] + baseAngVel[1] * rz - baseAngVel[2] * ry;
                vy -= baseVel[1] + baseAngVel[2] * rx - baseAngVel[0] * rz;
                vz -= baseVel[2] + baseAngVel[0] * ry - baseAngVel[1] * rx;
                wx -= baseAngVel[0];
                wy -= baseAngVel[1];
                wz -= baseAngVel[2];
            }
            double m = b.mass[k];
            linkForce[3 * l] = m * vx;
            linkForce[3 * l + 1] = m * vy;
            linkForce[3 * l + 2] = m * vz;
            int io = 9 * l;
            linkTorque[3 * l] = inertia[io] * wx + inertia[io + 1] * wy + inertia[io + 2] * wz;
            linkTorque[3 * l + 1] = inertia[io + 3] * wx + inertia[io + 4] * wy + inertia[io + 5] * wz;
            linkTorque[3 * l + 2] = inertia[io + 6] * wx + inertia[io + 7] * wy + inertia[io + 8] * wz;
        }
        generalize(b, linkForce, linkTorque, gen);
        composites(b);
        massMatrix();
        java.util.Arrays.fill(extraDiag, 0, 9 * nodeCount, 0);
        if (!factor()) {
            return false;
        }
        solve(gen, qd);
        java.util.Arrays.fill(lazy, 0, 3 * nodeCount, 0);
        pending = false;
        flush(b);
        return true;
    }

}
