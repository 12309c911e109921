package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Mat3;
import java.util.Arrays;

/**
 * An articulation's links' velocities from q̇, the generalized impulse of an impulse on a link and a
 * point's velocity from path velocities, the mass matrix from the subtree composites, and the
 * responses the solver's rows use: a node's self-response (A⁻¹)_ii, a link's 6×6 articulated
 * response and the cross response between two links, each from the blocks of L⁻¹ on the links'
 * paths ({@link #ensureInverse}); and the position projection's displacements.
 */
abstract class ArticulationResponse extends ArticulationTree {
    /**
     * Every link's velocity from q̇ (pending impulses folded in first), into {@link #linVel} and
     * {@link #angVel}, and into the bodies' arrays.
     */
    void flush(Bodies b) {
        flushPending();
        linkVelocities(b, qd, baseVel, baseAngVel, linVel, angVel);
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            b.angVel[3 * k] = angVel[3 * l];
            b.angVel[3 * k + 1] = angVel[3 * l + 1];
            b.angVel[3 * k + 2] = angVel[3 * l + 2];
            b.linVel[3 * k] = linVel[3 * l];
            b.linVel[3 * k + 1] = linVel[3 * l + 1];
            b.linVel[3 * k + 2] = linVel[3 * l + 2];
        }
    }

    /**
     * Every link's velocity under generalized velocity x (3 per node), the base moving at baseV
     * (m/s, at {@link #baseCom}) and baseW (rad/s), world: into lin (m/s, at the link's centre of
     * mass) and ang (rad/s), 3 per link. With the base at rest it is S·x.
     */
    final void linkVelocities(Bodies b, double[] x, double[] baseV, double[] baseW, double[] lin, double[] ang) {
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            int node = linkNode[l];
            double wx;
            double wy;
            double wz;
            double vx;
            double vy;
            double vz;
            if (l == 0 && base < 0) {
                wx = x[3 * node];
                wy = x[3 * node + 1];
                wz = x[3 * node + 2];
                vx = x[0];
                vy = x[1];
                vz = x[2];
            } else {
                // velocity of the pivot as a point of the parent, then the link's turn about it
                double pwx;
                double pwy;
                double pwz;
                double pvx;
                double pvy;
                double pvz;
                double ox;
                double oy;
                double oz;
                if (l == 0) {
                    pwx = baseW[0];
                    pwy = baseW[1];
                    pwz = baseW[2];
                    pvx = baseV[0];
                    pvy = baseV[1];
                    pvz = baseV[2];
                    ox = baseCom[0];
                    oy = baseCom[1];
                    oz = baseCom[2];
                } else {
                    int p = linkParent[l];
                    pwx = ang[3 * p];
                    pwy = ang[3 * p + 1];
                    pwz = ang[3 * p + 2];
                    pvx = lin[3 * p];
                    pvy = lin[3 * p + 1];
                    pvz = lin[3 * p + 2];
                    int pk = body[p];
                    ox = b.pos[3 * pk];
                    oy = b.pos[3 * pk + 1];
                    oz = b.pos[3 * pk + 2];
                }
                double px = pivot[3 * node];
                double py = pivot[3 * node + 1];
                double pz = pivot[3 * node + 2];
                double rx = px - ox;
                double ry = py - oy;
                double rz = pz - oz;
                pvx += pwy * rz - pwz * ry;
                pvy += pwz * rx - pwx * rz;
                pvz += pwx * ry - pwy * rx;
                wx = pwx + x[3 * node];
                wy = pwy + x[3 * node + 1];
                wz = pwz + x[3 * node + 2];
                double sx = b.pos[3 * k] - px;
                double sy = b.pos[3 * k + 1] - py;
                double sz = b.pos[3 * k + 2] - pz;
                vx = pvx + wy * sz - wz * sy;
                vy = pvy + wz * sx - wx * sz;
                vz = pvz + wx * sy - wy * sx;
            }
            ang[3 * l] = wx;
            ang[3 * l + 1] = wy;
            ang[3 * l + 2] = wz;
            lin[3 * l] = vx;
            lin[3 * l + 1] = vy;
            lin[3 * l + 2] = vz;
        }
    }

    /**
     * The generalized impulse of a single impulse (linear P at world point x, plus angular τ) on
     * link l, on l's path only, into g (3 per node; entries off the path are not written).
     */
    void pathImpulse(int l, double px, double py, double pz, double x, double y, double z, double tx, double ty,
            double tz, double[] g) {
        int node = linkNode[l];
        int d = depth[node];
        int ao = ancOff[node];
        for (int idx = 0; idx <= d; idx++) {
            int i = idx == d ? node : anc[ao + idx];
            int o = 3 * i;
            if (linearNode[i]) {
                g[o] = px;
                g[o + 1] = py;
                g[o + 2] = pz;
                continue;
            }
            double rx = x - pivot[o];
            double ry = y - pivot[o + 1];
            double rz = z - pivot[o + 2];
            g[o] = tx + ry * pz - rz * py;
            g[o + 1] = ty + rz * px - rx * pz;
            g[o + 2] = tz + rx * py - ry * px;
        }
    }

    /**
     * The velocity of link l's point x (world) and its angular velocity from the path velocities
     * {@code v} (as {@link #pathVelocity} writes them), into out[0..2] (linear) and out[3..5].
     */
    void pointVelocity(int l, double[] v, double x, double y, double z, double[] out, boolean withBase) {
        int node = linkNode[l];
        int d = depth[node];
        int ao = ancOff[node];
        double wx = 0;
        double wy = 0;
        double wz = 0;
        double vx = 0;
        double vy = 0;
        double vz = 0;
        if (base >= 0 && withBase) {
            wx = baseAngVel[0];
            wy = baseAngVel[1];
            wz = baseAngVel[2];
            double rx = x - baseCom[0];
            double ry = y - baseCom[1];
            double rz = z - baseCom[2];
            vx = baseVel[0] + wy * rz - wz * ry;
            vy = baseVel[1] + wz * rx - wx * rz;
            vz = baseVel[2] + wx * ry - wy * rx;
        }
        for (int idx = 0; idx <= d; idx++) {
            int i = idx == d ? node : anc[ao + idx];
            int o = 3 * i;
            double qx = v[o];
            double qy = v[o + 1];
            double qz = v[o + 2];
            if (linearNode[i]) {
                vx += qx;
                vy += qy;
                vz += qz;
                continue;
            }
            double rx = x - pivot[o];
            double ry = y - pivot[o + 1];
            double rz = z - pivot[o + 2];
            wx += qx;
            wy += qy;
            wz += qz;
            vx += qy * rz - qz * ry;
            vy += qz * rx - qx * rz;
            vz += qx * ry - qy * rx;
        }
        out[0] = vx;
        out[1] = vy;
        out[2] = vz;
        out[3] = wx;
        out[4] = wy;
        out[5] = wz;
    }

    /** Subtree composites (mass, centre of mass, inertia about it), leaves first. */
    void composites(Bodies b) {
        for (int l = 0; l < linkCount; l++) {
            int k = body[l];
            compMass[l] = b.mass[k];
            System.arraycopy(b.pos, 3 * k, compCom, 3 * l, 3);
            System.arraycopy(inertia, 9 * l, compInertia, 9 * l, 9);
        }
        for (int l = linkCount - 1; l > 0; l--) {
            int p = linkParent[l];
            double mc = compMass[l];
            double mp = compMass[p];
            double m = mp + mc;
            double dx = compCom[3 * l] - compCom[3 * p];
            double dy = compCom[3 * l + 1] - compCom[3 * p + 1];
            double dz = compCom[3 * l + 2] - compCom[3 * p + 2];
            double red = mp * mc / m;
            double dd = dx * dx + dy * dy + dz * dz;
            int ip = 9 * p;
            int ic = 9 * l;
            double[] ci = compInertia;
            ci[ip] += ci[ic] + red * (dd - dx * dx);
            ci[ip + 1] += ci[ic + 1] - red * dx * dy;
            ci[ip + 2] += ci[ic + 2] - red * dx * dz;
            ci[ip + 3] += ci[ic + 3] - red * dy * dx;
            ci[ip + 4] += ci[ic + 4] + red * (dd - dy * dy);
            ci[ip + 5] += ci[ic + 5] - red * dy * dz;
            ci[ip + 6] += ci[ic + 6] - red * dz * dx;
            ci[ip + 7] += ci[ic + 7] - red * dz * dy;
            ci[ip + 8] += ci[ic + 8] + red * (dd - dz * dz);
            double f = mc / m;
            compCom[3 * p] += f * dx;
            compCom[3 * p + 1] += f * dy;
            compCom[3 * p + 2] += f * dz;
            compMass[p] = m;
        }
    }

    /** The blocks of H (see the class doc) from the composites and pivots, into {@link #hb}. */
    void massMatrix() {
        if (hb.length < 9 * blockCount) {
            hb = new double[18 * blockCount];
        }
        for (int j = 0; j < nodeCount; j++) {
            int s = nodeLink[j];
            double m = compMass[s];
            double cx = compCom[3 * s];
            double cy = compCom[3 * s + 1];
            double cz = compCom[3 * s + 2];
            int d = depth[j];
            int bo = blockOff[j];
            if (linearNode[j]) {
                int o = 9 * (bo + d);
                Arrays.fill(hb, o, o + 9, 0);
                hb[o] = m;
                hb[o + 4] = m;
                hb[o + 8] = m;
                continue;
            }
            double wx = cx - pivot[3 * j];
            double wy = cy - pivot[3 * j + 1];
            double wz = cz - pivot[3 * j + 2];
            for (int a = 0; a <= d; a++) {
                int i = a < d ? anc[ancOff[j] + a] : j;
                int o = 9 * (bo + a);
                if (linearNode[i]) {
                    // −M·[w]ₓ
                    hb[o] = 0;
                    hb[o + 1] = m * wz;
                    hb[o + 2] = -m * wy;
                    hb[o + 3] = -m * wz;
                    hb[o + 4] = 0;
                    hb[o + 5] = m * wx;
                    hb[o + 6] = m * wy;
                    hb[o + 7] = -m * wx;
                    hb[o + 8] = 0;
                    continue;
                }
                double ux = cx - pivot[3 * i];
                double uy = cy - pivot[3 * i + 1];
                double uz = cz - pivot[3 * i + 2];
                double uw = ux * wx + uy * wy + uz * wz;
                int ic = 9 * s;
                hb[o] = compInertia[ic] + m * (uw - wx * ux);
                hb[o + 1] = compInertia[ic + 1] - m * wx * uy;
                hb[o + 2] = compInertia[ic + 2] - m * wx * uz;
                hb[o + 3] = compInertia[ic + 3] - m * wy * ux;
                hb[o + 4] = compInertia[ic + 4] + m * (uw - wy * uy);
                hb[o + 5] = compInertia[ic + 5] - m * wy * uz;
                hb[o + 6] = compInertia[ic + 6] - m * wz * ux;
                hb[o + 7] = compInertia[ic + 7] - m * wz * uy;
                hb[o + 8] = compInertia[ic + 8] + m * (uw - wz * uz);
            }
        }
    }

    /**
     * Sums per-link wrenches into generalized forces (or impulses): g_linear = Σ f,
     * g_i = Σ_{subtree of i} (τ_k + (c_k − p_i) × f_k). {@code f} and {@code tau} hold one vector per
     * link (world, at the link's centre of mass); g gets 3 per node. f and tau are consumed.
     */
    void generalize(Bodies b, double[] f, double[] tau, double[] g) {
        for (int l = linkCount - 1; l >= 0; l--) {
            int k = body[l];
            int node = linkNode[l];
            double px = pivot[3 * node];
            double py = pivot[3 * node + 1];
            double pz = pivot[3 * node + 2];
            double rx = b.pos[3 * k] - px;
            double ry = b.pos[3 * k + 1] - py;
            double rz = b.pos[3 * k + 2] - pz;
            double fx = f[3 * l];
            double fy = f[3 * l + 1];
            double fz = f[3 * l + 2];
            // tau[l] holds the subtree's moment about the link's centre of mass so far (children
            // added below, each moved to this pivot); make it about the pivot
            double nx = tau[3 * l] + ry * fz - rz * fy;
            double ny = tau[3 * l + 1] + rz * fx - rx * fz;
            double nz = tau[3 * l + 2] + rx * fy - ry * fx;
            g[3 * node] = nx;
            g[3 * node + 1] = ny;
            g[3 * node + 2] = nz;
            if (l > 0) {
                // to the parent: force, and the moment about the parent's centre of mass
                int p = linkParent[l];
                int pk = body[p];
                double qx = px - b.pos[3 * pk];
                double qy = py - b.pos[3 * pk + 1];
                double qz = pz - b.pos[3 * pk + 2];
                f[3 * p] += fx;
                f[3 * p + 1] += fy;
                f[3 * p + 2] += fz;
                tau[3 * p] += nx + qy * fz - qz * fy;
                tau[3 * p + 1] += ny + qz * fx - qx * fz;
                tau[3 * p + 2] += nz + qx * fy - qy * fx;
            } else if (base < 0) {
                g[0] = fx;
                g[1] = fy;
                g[2] = fz;
            }
        }
    }

    /** Each node's self-response (A⁻¹)_ii, 3×3: the velocity change of node i per generalized impulse on it. */
    double[] nodeResponse = new double[36];

    private final double[] t9 = new double[9];

    /**
     * Fills {@link #nodeResponse} of every node from the factor, without a sweep per unit impulse:
     * with H⁻¹ = L⁻¹·D⁻¹·L⁻ᵀ and M = L⁻¹ (non-zero only on each node's path, M_ii = E),
     * <pre>
     *   M_ik    = −(L_ik + Σ_a L_ia·M_ak)          (a: the ancestors of i below k)
     *   (H⁻¹)_ii = D⁻¹_i + Σ_k M_ik·D⁻¹_k·M_ikᵀ   (k: the ancestors of i)
     * </pre>
     * computed root first, so every M_ak is there when node i needs it: O(depth²) blocks per node,
     * where three unit impulses swept down and queried back cost six times that.
     */
    void nodeResponses() {
        if (kept.responses) {
            return;
        }
        kept.responses = true;
        if (nodeResponse.length < 9 * nodeCount) {
            nodeResponse = new double[9 * nodeCount];
            nodeResponseInv = new double[9 * nodeCount];
        }
        ensureInverse();
        double[] t = t9;
        for (int i = 0; i < nodeCount; i++) {
            int d = depth[i];
            int bo = blockOff[i];
            int o = 9 * i;
            double n00 = dinv[o];
            double n01 = dinv[o + 1];
            double n02 = dinv[o + 2];
            double n10 = dinv[o + 3];
            double n11 = dinv[o + 4];
            double n12 = dinv[o + 5];
            double n20 = dinv[o + 6];
            double n21 = dinv[o + 7];
            double n22 = dinv[o + 8];
            for (int kk = 0; kk < d; kk++) {
                // += (M_ik·D⁻¹_k)·M_ikᵀ, summed in locals
                int mo = 9 * (bo + kk);
                double p00 = pb[mo];
                double p01 = pb[mo + 1];
                double p02 = pb[mo + 2];
                double p10 = pb[mo + 3];
                double p11 = pb[mo + 4];
                double p12 = pb[mo + 5];
                double p20 = pb[mo + 6];
                double p21 = pb[mo + 7];
                double p22 = pb[mo + 8];
                double m00 = mb[mo];
                double m01 = mb[mo + 1];
                double m02 = mb[mo + 2];
                double m10 = mb[mo + 3];
                double m11 = mb[mo + 4];
                double m12 = mb[mo + 5];
                double m20 = mb[mo + 6];
                double m21 = mb[mo + 7];
                double m22 = mb[mo + 8];
                n00 += p00 * m00 + p01 * m01 + p02 * m02;
                n01 += p00 * m10 + p01 * m11 + p02 * m12;
                n02 += p00 * m20 + p01 * m21 + p02 * m22;
                n10 += p10 * m00 + p11 * m01 + p12 * m02;
                n11 += p10 * m10 + p11 * m11 + p12 * m12;
                n12 += p10 * m20 + p11 * m21 + p12 * m22;
                n20 += p20 * m00 + p21 * m01 + p22 * m02;
                n21 += p20 * m10 + p21 * m11 + p22 * m12;
                n22 += p20 * m20 + p21 * m21 + p22 * m22;
            }
            double s01 = 0.5 * (n01 + n10);
            double s02 = 0.5 * (n02 + n20);
            double s12 = 0.5 * (n12 + n21);
            t[0] = n00;
            t[1] = s01;
            t[2] = s02;
            t[3] = s01;
            t[4] = n11;
            t[5] = s12;
            t[6] = s02;
            t[7] = s12;
            t[8] = n22;
            System.arraycopy(t, 0, nodeResponse, o, 9);
            Mat3.invert(t, inv9);
            System.arraycopy(inv9, 0, nodeResponseInv, o, 9);
        }
    }

    /** The inverse of each node's {@link #nodeResponse} (its effective mass), filled with it. */
    double[] nodeResponseInv = new double[36];
    private final double[] inv9 = new double[9];

    private double[] disp = new double[12];
    private double[] dispX = new double[12];
    private boolean displacing;

    /** Adds a generalized displacement impulse (x, y, z) on node i to the pending projection. */
    void displaceNode(int node, double x, double y, double z) {
        if (disp.length < 3 * nodeCount) {
            disp = new double[3 * nodeCount];
            dispX = new double[3 * nodeCount];
        }
        scatter(node, nodeImpulse(node, x, y, z), disp);
        displacing = true;
    }

    /**
     * Moves the tree by the pending projection Δq = A⁻¹·Σ(displacement impulses): each link turned by
     * the sum of the angular Δq on its path, a free root also moved by its linear Δq, the links then
     * placed on their parents' anchors. The step is scaled down whole so that no link turns more
     * than {@code maxTurn} rad. Positions only; velocities are left alone. False if nothing was pending.
     */
    /** Adds scale·w (a displacement impulse already swept, L⁻ᵀ·g, 3 per node from w[o]) to the pending projection. */
    void addDisplacement(double[] w, int o, double scale) {
        if (disp.length < 3 * nodeCount) {
            disp = new double[3 * nodeCount];
            dispX = new double[3 * nodeCount];
        }
        for (int e = 0; e < 3 * nodeCount; e++) {
            disp[e] += scale * w[o + e];
        }
        displacing = true;
    }

    /** True if displacement impulses wait for {@link #applyDisplacement}. */
    boolean pendingDisplacement() {
        return displacing;
    }

    boolean applyDisplacement(Bodies b, double maxTurn) {
        if (!displacing) {
            return false;
        }
        displacing = false;
        double[] x = dispX;
        forward(disp, x);
        java.util.Arrays.fill(disp, 0, 3 * nodeCount, 0);
        if (turn.length < 3 * linkCount) {
            turn = new double[3 * body.length];
        }
        // each link's turn φ_l = Σ angular Δq on its path (reuse angVel-shaped scratch)
        double worst = 0;
        for (int l = 0; l < linkCount; l++) {
            int node = linkNode[l];
            double px = x[3 * node];
            double py = x[3 * node + 1];
            double pz = x[3 * node + 2];
            if (l > 0) {
                int p = linkParent[l];
                px += turn[3 * p];
                py += turn[3 * p + 1];
                pz += turn[3 * p + 2];
            }
            turn[3 * l] = px;
            turn[3 * l + 1] = py;
            turn[3 * l + 2] = pz;
            worst = Math.max(worst, Math.sqrt(px * px + py * py + pz * pz));
        }
        double k = worst > maxTurn ? maxTurn / worst : 1;
        for (int l = 0; l < linkCount; l++) {
            int bd = body[l];
            if (l == 0 && base < 0) {
                b.pos[3 * bd] += k * x[0];
                b.pos[3 * bd + 1] += k * x[1];
                b.pos[3 * bd + 2] += k * x[2];
            }
            b.turn(bd, k * turn[3 * l], k * turn[3 * l + 1], k * turn[3 * l + 2]);
        }
        pose(b);
        return true;
    }

    private double[] turn = new double[12];

    /**
     * The cross response between two links: the velocity (linear at its centre of mass, angular) of
     * link la per unit impulse (linear at the centre of mass, angular) on link lb, 6×6 row-major,
     * into out[o..o+35]: J_a·H⁻¹·J_bᵀ = Σ_k G^a_k·D⁻¹_k·G^b_kᵀ over the nodes k on both links' paths
     * (G as in {@link #linkResponses}). With la = lb it is the link's own response.
     */
    void crossResponse(Bodies b, int la, int lb, double[] out, int o) {
        ensureInverse();
        ensureG();
        pathG(b, la, gk);
        pathG(b, lb, gk2);
        int nodeA = linkNode[la];
        int nodeB = linkNode[lb];
        int da = depth[nodeA];
        int db = depth[nodeB];
        java.util.Arrays.fill(out, o, o + 36, 0);
        // R_ab = Σ_k G^a_k·D⁻¹_k·G^b_kᵀ over the nodes both paths share (a common prefix, root first)
        for (int kk = 0; kk <= Math.min(da, db); kk++) {
            int node = kk == da ? nodeA : anc[ancOff[nodeA] + kk];
            int other = kk == db ? nodeB : anc[ancOff[nodeB] + kk];
            if (node != other) {
                break;
            }
            int go = 18 * kk;
            timesDinv(gk, go, node);
            for (int r = 0; r < 6; r++) {
                for (int c = 0; c < 6; c++) {
                    out[o + 6 * r + c] += gd[3 * r] * gk2[go + 3 * c] + gd[3 * r + 1] * gk2[go + 3 * c + 1]
                            + gd[3 * r + 2] * gk2[go + 3 * c + 2];
                }
            }
        }
    }

    /** {@link #gd} = G·D⁻¹_node for the 6×3 block G at g[go..go+17]. */
    private void timesDinv(double[] g, int go, int node) {
        timesDinv(g, go, node, gd, 0);
    }

    /** out[oo..oo+17] = G·D⁻¹_node for the 6×3 block G at g[go..go+17]. */
    private void timesDinv(double[] g, int go, int node, double[] out, int oo) {
        int dk = 9 * node;
        for (int r = 0; r < 6; r++) {
            double g0 = g[go + 3 * r];
            double g1 = g[go + 3 * r + 1];
            double g2 = g[go + 3 * r + 2];
            for (int c = 0; c < 3; c++) {
                out[oo + 3 * r + c] = g0 * dinv[dk + c] + g1 * dinv[dk + 3 + c] + g2 * dinv[dk + 6 + c];
            }
        }
    }

    private void ensureG() {
        // a path holds at most every node
        if (gk.length < 18 * nodeCount) {
            gk = new double[18 * nodeCount];
            gk2 = new double[gk.length];
        }
    }


    /** Per path node: G_k (6×3, row-major) of {@link #linkResponses}. */
    private double[] gk = new double[18 * 4];
    /** Per path node: the other link's G_k ({@link #crossResponse}), or G_k·D⁻¹_k ({@link #linkResponses}). */
    private double[] gk2 = new double[18 * 4];
    private final double[] gd = new double[18];

    /**
     * Every link's articulated response into out[36·body[l]..]: the 6×6 matrix R (row-major, rows
     * and columns (linear, angular)) with (Δv, Δω) of the link's centre of mass = R·(P, τ) for an
     * impulse P at its centre of mass and an angular impulse τ on it, the whole tree moving with its
     * joints held. From L⁻¹'s blocks, one pass over each link's path: with J_l (6×3 per path node) taking q̇ to the
     * link's (v, ω) at its centre of mass c (an angular node i gives v = q̇_i × (c − p_i), ω = q̇_i;
     * a root's linear node v = q̇_0),
     * <pre>
     *   R_l = J_l·H⁻¹·J_lᵀ = Σ_k G_k·D⁻¹_k·G_kᵀ,   G_k = Σ_i J_i·M_ik
     * </pre>
     * over the nodes k of l's path and the nodes i from k down to l's node (M_kk = E).
     */
    void linkResponses(Bodies b, double[] out) {
        linkResponses(b, out, null);
    }

    /** {@link #linkResponses(Bodies, double[])} of the links whose body is marked in {@code only} (null: every link). */
    void linkResponses(Bodies b, double[] out, boolean[] only) {
        ensureInverse();
        ensureG();
        for (int l = 0; l < linkCount; l++) {
            int n = linkNode[l];
            int k = body[l];
            if (only != null && !only[k]) {
                continue;
            }
            int d = depth[n];
            int ao = ancOff[n];
            pathG(b, l, gk);
            // G_k·D⁻¹_k of every path node into gk2, then each entry of R = Σ_k (G_k·D⁻¹_k)·G_kᵀ
            // summed over the path in a local, root first
            for (int kk = 0; kk <= d; kk++) {
                timesDinv(gk, 18 * kk, kk == d ? n : anc[ao + kk], gk2, 18 * kk);
            }
            int o = 36 * k;
            for (int r = 0; r < 6; r++) {
                for (int c = r; c < 6; c++) {
                    double sum = 0;
                    for (int go = 0; go <= 18 * d; go += 18) {
                        sum += gk2[go + 3 * r] * gk[go + 3 * c] + gk2[go + 3 * r + 1] * gk[go + 3 * c + 1]
                                + gk2[go + 3 * r + 2] * gk[go + 3 * c + 2];
                    }
                    out[o + 6 * r + c] = sum;
                    out[o + 6 * c + r] = sum;
                }
            }
        }
    }

    /**
     * G_k = Σ_i J_i·M_ik (6×3, row-major, 18 per path node root first) for link l: the velocity
     * (linear at its centre of mass, angular) of link l per unit of D⁻¹_k·w_k, over the nodes k of
     * its path (i from k down to l's node, M_kk = E), so that the link's velocity from swept
     * impulses w is Σ_k G_k·D⁻¹_k·w_k and a wrench on it sweeps to w_k = G_kᵀ·(P, τ). Requires
     * {@link #ensureInverse}.
     */
    private void pathG(Bodies b, int l, double[] gk) {
        int n = linkNode[l];
        int k = body[l];
        double cx = b.pos[3 * k];
        double cy = b.pos[3 * k + 1];
        double cz = b.pos[3 * k + 2];
        int d = depth[n];
        int ao = ancOff[n];
        java.util.Arrays.fill(gk, 0, 18 * (d + 1), 0);
        for (int ii = 0; ii <= d; ii++) {
            int i = ii == d ? n : anc[ao + ii];
            int bi = blockOff[i];
            if (linearNode[i]) {
                // J_i = (E; 0): G_k's linear rows take M_ik, E on the diagonal
                for (int kk = 0; kk < ii; kk++) {
                    int mo = 9 * (bi + kk);
                    int go = 18 * kk;
                    for (int e = 0; e < 9; e++) {
                        gk[go + e] += mb[mo + e];
                    }
                }
                int go = 18 * ii;
                gk[go] += 1;
                gk[go + 4] += 1;
                gk[go + 8] += 1;
                continue;
            }
            // J_i = (−[r]ₓ; E), r = c − p_i: G_k gets (−r × M_ik; M_ik), M_ii = E
            double rx = cx - pivot[3 * i];
            double ry = cy - pivot[3 * i + 1];
            double rz = cz - pivot[3 * i + 2];
            for (int kk = 0; kk < ii; kk++) {
                int mo = 9 * (bi + kk);
                int go = 18 * kk;
                for (int c = 0; c < 3; c++) {
                    double mx = mb[mo + c];
                    double my = mb[mo + 3 + c];
                    double mz = mb[mo + 6 + c];
                    gk[go + c] += my * rz - mz * ry;
                    gk[go + 3 + c] += mz * rx - mx * rz;
                    gk[go + 6 + c] += mx * ry - my * rx;
                    gk[go + 9 + c] += mx;
                    gk[go + 12 + c] += my;
                    gk[go + 15 + c] += mz;
                }
            }
            int go = 18 * ii;
            gk[go + 1] += rz;
            gk[go + 2] -= ry;
            gk[go + 3] -= rz;
            gk[go + 5] += rx;
            gk[go + 6] += ry;
            gk[go + 7] -= rx;
            gk[go + 9] += 1;
            gk[go + 13] += 1;
            gk[go + 17] += 1;
        }
    }
}
