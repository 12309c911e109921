package dev.sinew.solver.articulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.body.Bodies;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;

/**
 * The articulation's linear algebra against brute force: its mass matrix against Sᵀ·M·S built from
 * the links' velocities under unit generalized velocities, its factored solve against a dense
 * solve, the lazy path impulses and velocities against full solves, and its generalized forces
 * against Sᵀ·(τ, f).
 */
class ArticulationTest {

    /** A random tree: {@code links} bodies with random masses, inertias, orientations and anchors. */
    static Articulation randomTree(Bodies b, Random r, int links, boolean free) {
        int base = -1;
        int first = 0;
        if (!free) {
            base = 0;
            b.type[0] = Bodies.STATIC;
            b.alive[0] = true;
            Bodies.setVec(b.pos, 0, r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            randomRotation(b, 0, r);
            first = 1;
        }
        Articulation a = new Articulation();
        a.reset(base);
        double[] onParent = new double[3];
        double[] onLink = new double[3];
        for (int l = 0; l < links; l++) {
            int k = first + l;
            b.alive[k] = true;
            b.awake[k] = true;
            b.type[k] = Bodies.DYNAMIC;
            b.mass[k] = 0.5 + 5 * r.nextDouble();
            b.invMass[k] = 1 / b.mass[k];
            b.inertiaLocal[6 * k] = 0.05 + r.nextDouble();
            b.inertiaLocal[6 * k + 1] = 0.05 + r.nextDouble();
            b.inertiaLocal[6 * k + 2] = 0.05 + r.nextDouble();
            b.inertiaLocal[6 * k + 3] = 0.02 * r.nextGaussian();
            b.inertiaLocal[6 * k + 4] = 0.02 * r.nextGaussian();
            b.inertiaLocal[6 * k + 5] = 0.02 * r.nextGaussian();
            randomRotation(b, k, r);
            Bodies.setVec(b.pos, k, r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
            for (int c = 0; c < 3; c++) {
                onParent[c] = 0.3 * r.nextGaussian();
                onLink[c] = 0.3 * r.nextGaussian();
            }
            int parent = l == 0 ? -1 : r.nextInt(l);
            a.addLink(k, parent, l == 0 && free ? -1 : l, l == 0 && free ? null : onParent, 0, onLink, 0);
        }
        b.high = first + links;
        a.finish();
        a.pose(b);
        return a;
    }

    static void randomRotation(Bodies b, int k, Random r) {
        double x = r.nextGaussian();
        double y = r.nextGaussian();
        double z = r.nextGaussian();
        double w = r.nextGaussian();
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        b.setRotation(k, x / n, y / n, z / n, w / n);
    }

    /** S: the 6·links × 3·nodes Jacobian (rows per link: ω then v at the centre of mass), column by column. */
    static RealMatrix jacobian(Articulation a, Bodies b) {
        int n = 3 * a.nodeCount;
        RealMatrix s = new Array2DRowRealMatrix(6 * a.linkCount, n);
        double[] saved = a.qd.clone();
        for (int c = 0; c < n; c++) {
            java.util.Arrays.fill(a.qd, 0);
            a.qd[c] = 1;
            a.flush(b);
            for (int l = 0; l < a.linkCount; l++) {
                for (int e = 0; e < 3; e++) {
                    s.setEntry(6 * l + e, c, a.angVel[3 * l + e]);
                    s.setEntry(6 * l + 3 + e, c, a.linVel[3 * l + e]);
                }
            }
        }
        System.arraycopy(saved, 0, a.qd, 0, saved.length);
        return s;
    }

    static RealMatrix massMatrix(Articulation a, Bodies b) {
        RealMatrix m = new Array2DRowRealMatrix(6 * a.linkCount, 6 * a.linkCount);
        for (int l = 0; l < a.linkCount; l++) {
            int k = a.body[l];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    m.setEntry(6 * l + r, 6 * l + c, a.inertia[9 * l + 3 * r + c]);
                }
                m.setEntry(6 * l + 3 + r, 6 * l + 3 + r, b.mass[k]);
            }
        }
        return m;
    }

    static RealMatrix blocksAsMatrix(Articulation a) {
        int n = 3 * a.nodeCount;
        RealMatrix h = new Array2DRowRealMatrix(n, n);
        for (int j = 0; j < a.nodeCount; j++) {
            for (int d = 0; d <= a.depth[j]; d++) {
                int i = d < a.depth[j] ? a.anc[a.ancOff[j] + d] : j;
                int o = 9 * (a.blockOff[j] + d);
                for (int r = 0; r < 3; r++) {
                    for (int c = 0; c < 3; c++) {
                        h.setEntry(3 * i + r, 3 * j + c, a.hb[o + 3 * r + c]);
                        h.setEntry(3 * j + c, 3 * i + r, a.hb[o + 3 * r + c]);
                    }
                }
            }
        }
        return h;
    }

    /** Sᵀ·M·S, dense, from the links' velocities under unit generalized velocities and their masses. */
    private static RealMatrix jacobianTransposeMassJacobian(Articulation a, Bodies b) {
        RealMatrix s = jacobian(a, b);
        return s.transpose().multiply(massMatrix(a, b)).multiply(s);
    }

    @Test
    void massMatrixIsJacobianTransposeTimesMassTimesJacobian() {
        Random r = new Random(11);
        for (int trial = 0; trial < 20; trial++) {
            boolean free = trial % 2 == 0;
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), free);
            a.composites(b);
            a.massMatrix();
            RealMatrix brute = jacobianTransposeMassJacobian(a, b);
            RealMatrix h = blocksAsMatrix(a);
            double scale = brute.getNorm();
            assertTrue(h.subtract(brute).getNorm() < 1e-12 * scale, "trial " + trial + ": " + h.subtract(brute).getNorm());
        }
    }

    /**
     * The product with the system's matrix that the free step's refinement uses, against
     * (Sᵀ·M·S + E)·x with S from the links' velocities under unit generalized velocities and E the
     * drives' diagonal blocks and, for a free root, a root spring's coupling of its linear and
     * angular nodes in both triangles.
     */
    @Test
    void massTimesIsJacobianTransposeTimesMassTimesJacobianPlusTheExtraBlocks() {
        Random r = new Random(17);
        for (int trial = 0; trial < 20; trial++) {
            boolean free = trial % 2 == 0;
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), free);
            int n = 3 * a.nodeCount;
            RealMatrix dense = jacobianTransposeMassJacobian(a, b);
            for (int j = 0; j < a.nodeCount; j++) {
                for (int e = 0; e < 9; e++) {
                    a.extraDiag[9 * j + e] = r.nextGaussian();
                    dense.addToEntry(3 * j + e / 3, 3 * j + e % 3, a.extraDiag[9 * j + e]);
                }
            }
            if (free) {
                a.rootSpring = 0;
                for (int e = 0; e < 9; e++) {
                    a.extraRoot[e] = r.nextGaussian();
                    dense.addToEntry(e / 3, 3 + e % 3, a.extraRoot[e]);
                    dense.addToEntry(3 + e % 3, e / 3, a.extraRoot[e]);
                }
            }
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextGaussian();
            }
            double[] out = new double[n];
            a.massTimes(b, x, out);
            double[] expected = dense.operate(x);
            double scale = dense.getNorm() * 10;
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], out[i], 1e-12 * scale, "trial " + trial + ", entry " + i);
            }
        }
    }

    @Test
    void factoredSolveMatchesDenseSolve() {
        Random r = new Random(12);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            RealMatrix h = blocksAsMatrix(a);
            assertTrue(a.factor());
            int n = 3 * a.nodeCount;
            double[] g = new double[n];
            RealMatrix gv = new Array2DRowRealMatrix(n, 1);
            for (int i = 0; i < n; i++) {
                g[i] = r.nextGaussian();
                gv.setEntry(i, 0, g[i]);
            }
            double[] x = new double[n];
            a.solve(g, x);
            RealMatrix expected = new LUDecomposition(h).getSolver().solve(gv);
            for (int i = 0; i < n; i++) {
                assertEquals(expected.getEntry(i, 0), x[i], 1e-9 * (1 + Math.abs(expected.getEntry(i, 0))), "trial " + trial);
            }
        }
    }

    @Test
    void lazyPathImpulsesGiveTheFullSolvesVelocities() {
        Random r = new Random(13);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            assertTrue(a.factor());
            int n = 3 * a.nodeCount;
            for (int i = 0; i < n; i++) {
                a.qd[i] = r.nextGaussian();
            }
            double[] total = new double[n];
            double[] g = new double[n];
            for (int hit = 0; hit < 5; hit++) {
                int l = r.nextInt(a.linkCount);
                java.util.Arrays.fill(g, 0);
                a.pathImpulse(l, r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(),
                        r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), g);
                for (int i = 0; i < n; i++) {
                    total[i] += g[i];
                }
                a.applyPath(a.linkNode[l], g);
            }
            double[] dv = new double[n];
            a.solve(total, dv);
            double[] v = new double[n];
            for (int l = 0; l < a.linkCount; l++) {
                java.util.Arrays.fill(v, Double.NaN);
                a.pathVelocity(a.linkNode[l], v);
                int node = a.linkNode[l];
                for (int d = 0; d <= a.depth[node]; d++) {
                    int i = d < a.depth[node] ? a.anc[a.ancOff[node] + d] : node;
                    for (int e = 0; e < 3; e++) {
                        double want = a.qd[3 * i + e] + dv[3 * i + e];
                        assertEquals(want, v[3 * i + e], 1e-9 * (1 + Math.abs(want)), "trial " + trial);
                    }
                }
            }
            double[] before = a.qd.clone();
            a.flush(b);
            for (int i = 0; i < n; i++) {
                assertEquals(before[i] + dv[i], a.qd[i], 1e-9 * (1 + Math.abs(before[i] + dv[i])));
            }
        }
    }

    /**
     * Impulses on single nodes (joint rows), swept through L⁻¹'s blocks, mixed with path impulses in
     * the same pending buffer: every node's velocity and the flushed q̇ against full solves, and again
     * after the system is factored anew (a drive's stiffness added), so that the blocks of the old
     * factor are not used with the new one.
     */
    @Test
    void nodeImpulsesAndNodeVelocitiesMatchFullSolves() {
        Random r = new Random(17);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            assertTrue(a.factor());
            int n = 3 * a.nodeCount;
            for (int i = 0; i < n; i++) {
                a.qd[i] = r.nextGaussian();
            }
            for (int round = 0; round < 2; round++) {
                if (round == 1) {
                    a.flushPending();
                    for (int i = 0; i < a.nodeCount; i++) {
                        double k = 5 * r.nextDouble();
                        a.extraDiag[9 * i] = k;
                        a.extraDiag[9 * i + 4] = k;
                        a.extraDiag[9 * i + 8] = k;
                    }
                    a.massMatrix();
                    assertTrue(a.factor());
                }
                double[] total = new double[n];
                double[] g = new double[n];
                for (int hit = 0; hit < 6; hit++) {
                    if (hit == 3) {
                        int l = r.nextInt(a.linkCount);
                        java.util.Arrays.fill(g, 0);
                        a.pathImpulse(l, r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(),
                                r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), g);
                        for (int i = 0; i < n; i++) {
                            total[i] += g[i];
                        }
                        a.applyPath(a.linkNode[l], g);
                        continue;
                    }
                    int node = r.nextInt(a.nodeCount);
                    double x = r.nextGaussian();
                    double y = r.nextGaussian();
                    double z = r.nextGaussian();
                    total[3 * node] += x;
                    total[3 * node + 1] += y;
                    total[3 * node + 2] += z;
                    a.applyNode(node, x, y, z);
                }
                double[] dv = new double[n];
                a.solve(total, dv);
                double[] out = new double[3];
                for (int i = 0; i < a.nodeCount; i++) {
                    a.nodeVelocity(i, out);
                    for (int e = 0; e < 3; e++) {
                        double want = a.qd[3 * i + e] + dv[3 * i + e];
                        assertEquals(want, out[e], 1e-9 * (1 + Math.abs(want)), "node " + i + ", round " + round + ", trial " + trial);
                    }
                }
                double[] before = a.qd.clone();
                a.flush(b);
                for (int i = 0; i < n; i++) {
                    assertEquals(before[i] + dv[i], a.qd[i], 1e-9 * (1 + Math.abs(before[i] + dv[i])), "round " + round);
                }
            }
        }
    }

    @Test
    void generalizedForcesAreJacobianTransposeTimesWrenches() {
        Random r = new Random(14);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(12), trial % 2 == 0);
            RealMatrix s = jacobian(a, b);
            int links = a.linkCount;
            double[] f = new double[3 * links];
            double[] tau = new double[3 * links];
            RealMatrix wrench = new Array2DRowRealMatrix(6 * links, 1);
            for (int l = 0; l < links; l++) {
                for (int e = 0; e < 3; e++) {
                    tau[3 * l + e] = r.nextGaussian();
                    f[3 * l + e] = r.nextGaussian();
                    wrench.setEntry(6 * l + e, 0, tau[3 * l + e]);
                    wrench.setEntry(6 * l + 3 + e, 0, f[3 * l + e]);
                }
            }
            double[] g = new double[3 * a.nodeCount];
            a.generalize(b, f, tau, g);
            RealMatrix expected = s.transpose().multiply(wrench);
            for (int i = 0; i < g.length; i++) {
                assertEquals(expected.getEntry(i, 0), g[i], 1e-12 * (1 + Math.abs(expected.getEntry(i, 0))), "trial " + trial);
            }
        }
    }

    /** Kinetic energy, linear momentum and angular momentum about o of the links (from the bodies' arrays). */
    static double[] invariants(Articulation a, Bodies b, double ox, double oy, double oz) {
        double[] out = new double[7];
        for (int l = 0; l < a.linkCount; l++) {
            int k = a.body[l];
            double m = b.mass[k];
            double[] i = new double[9];
            System.arraycopy(a.inertia, 9 * l, i, 0, 9);
            double vx = b.linVel[3 * k];
            double vy = b.linVel[3 * k + 1];
            double vz = b.linVel[3 * k + 2];
            double wx = b.angVel[3 * k];
            double wy = b.angVel[3 * k + 1];
            double wz = b.angVel[3 * k + 2];
            double lx = i[0] * wx + i[1] * wy + i[2] * wz;
            double ly = i[3] * wx + i[4] * wy + i[5] * wz;
            double lz = i[6] * wx + i[7] * wy + i[8] * wz;
            out[0] += 0.5 * m * (vx * vx + vy * vy + vz * vz) + 0.5 * (wx * lx + wy * ly + wz * lz);
            out[1] += m * vx;
            out[2] += m * vy;
            out[3] += m * vz;
            double rx = b.pos[3 * k] - ox;
            double ry = b.pos[3 * k + 1] - oy;
            double rz = b.pos[3 * k + 2] - oz;
            out[4] += lx + m * (ry * vz - rz * vy);
            out[5] += ly + m * (rz * vx - rx * vz);
            out[6] += lz + m * (rx * vy - ry * vx);
        }
        return out;
    }

    static void setGyroscopic(Bodies b, Articulation a) {
        for (int l = 0; l < a.linkCount; l++) {
            b.gyroscopic[a.body[l]] = true;
            b.gravityScale[a.body[l]] = 1;
        }
    }

    /**
     * A tumbling free tree without gravity keeps its momentum, its angular momentum about its centre
     * of mass and its kinetic energy to first order in the step (semi-implicit Euler with the
     * implicit gyroscopic step; h = 1e-4 s over 0.5 s).
     */
    @Test
    void tumblingFreeTreeConservesMomentumAngularMomentumAndEnergy() {
        Random r = new Random(21);
        for (int trial = 0; trial < 4; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 3 + r.nextInt(5), true);
            setGyroscopic(b, a);
            for (int i = 0; i < 3 * a.nodeCount; i++) {
                a.qd[i] = 2 * r.nextGaussian();
            }
            a.flush(b);
            double[] com = centre(a, b);
            double[] start = invariants(a, b, com[0], com[1], com[2]);
            double h = 1e-4;
            double t = 0;
            for (int step = 0; step < 5000; step++) {
                assertTrue(a.freeStep(b, h, 0, 0, 0, null));
                a.integrate(b, h);
                t += h;
            }
            a.flush(b);
            double[] c = centre(a, b);
            double[] end = invariants(a, b, c[0], c[1], c[2]);
            double pScale = Math.sqrt(start[1] * start[1] + start[2] * start[2] + start[3] * start[3]);
            double lScale = Math.sqrt(start[4] * start[4] + start[5] * start[5] + start[6] * start[6]);
            for (int e = 1; e <= 3; e++) {
                assertEquals(start[e], end[e], 2e-3 * pScale, "momentum, trial " + trial);
            }
            for (int e = 4; e <= 6; e++) {
                assertEquals(start[e], end[e], 2e-3 * lScale, "angular momentum, trial " + trial);
            }
            assertEquals(start[0], end[0], 2e-3 * start[0], "energy, trial " + trial);
        }
    }

    /**
     * A link whose angular velocity is exactly zero takes no gyroscopic torque, whatever link came
     * before it: a free tree whose root spins at 2 rad/s with its second link counter-rotating on
     * its joint at exactly −2 rad/s keeps its angular momentum through its first steps.
     */
    @Test
    void aLinkAtRestTakesNoGyroscopicTorqueFromTheLinkBeforeIt() {
        Random r = new Random(23);
        Bodies b = new Bodies(32);
        Articulation a = randomTree(b, r, 4, true);
        setGyroscopic(b, a);
        java.util.Arrays.fill(a.qd, 0);
        a.qd[3 * a.linkNode[0] + 2] = 2;
        a.qd[3 * a.linkNode[1] + 2] = -2;
        a.flush(b);
        assertEquals(0, a.angVel[3], 0, "link 1 starts at rest");
        double[] com = centre(a, b);
        double[] start = invariants(a, b, com[0], com[1], com[2]);
        double h = 1e-4;
        for (int step = 0; step < 10; step++) {
            assertTrue(a.freeStep(b, h, 0, 0, 0, null));
            a.integrate(b, h);
        }
        a.flush(b);
        double[] c = centre(a, b);
        double[] end = invariants(a, b, c[0], c[1], c[2]);
        double lScale = Math.sqrt(start[4] * start[4] + start[5] * start[5] + start[6] * start[6]);
        for (int e = 4; e <= 6; e++) {
            assertEquals(start[e], end[e], 1e-4 * lScale, "angular momentum");
        }
    }

    static double[] centre(Articulation a, Bodies b) {
        double m = 0;
        double[] c = new double[3];
        for (int l = 0; l < a.linkCount; l++) {
            int k = a.body[l];
            m += b.mass[k];
            for (int e = 0; e < 3; e++) {
                c[e] += b.mass[k] * b.pos[3 * k + e];
            }
        }
        for (int e = 0; e < 3; e++) {
            c[e] /= m;
        }
        return c;
    }

    /**
     * A tree hung from a static body swinging under gravity keeps its energy (kinetic plus
     * potential) and its angular momentum about the vertical through the pivot to first order in the
     * step (h = 1e-4 s over 0.5 s).
     */
    @Test
    void swingingHungTreeConservesEnergyAndVerticalAngularMomentum() {
        Random r = new Random(22);
        for (int trial = 0; trial < 4; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 2 + r.nextInt(4), false);
            setGyroscopic(b, a);
            for (int i = 0; i < 3 * a.nodeCount; i++) {
                a.qd[i] = r.nextGaussian();
            }
            a.flush(b);
            double g = -9.81;
            double[] p = {a.pivot[0], a.pivot[1], a.pivot[2]};
            double[] start = invariants(a, b, p[0], p[1], p[2]);
            double e0 = start[0] - g * heightMass(a, b);
            double h = 1e-4;
            for (int step = 0; step < 5000; step++) {
                assertTrue(a.freeStep(b, h, 0, g, 0, null));
                a.integrate(b, h);
            }
            a.flush(b);
            double[] end = invariants(a, b, p[0], p[1], p[2]);
            double e1 = end[0] - g * heightMass(a, b);
            double scale = Math.abs(e0) + start[0] + Math.abs(g * heightMass(a, b));
            assertEquals(e0, e1, 2e-3 * scale, "energy, trial " + trial);
            double lScale = Math.sqrt(start[4] * start[4] + start[5] * start[5] + start[6] * start[6]);
            assertEquals(start[5], end[5], 2e-3 * lScale, "vertical angular momentum, trial " + trial);
        }
    }

    static double heightMass(Articulation a, Bodies b) {
        double s = 0;
        for (int l = 0; l < a.linkCount; l++) {
            s += b.mass[a.body[l]] * b.pos[3 * a.body[l] + 1];
        }
        return s;
    }

    /**
     * A link's articulated response and the cross response between two links against full solves:
     * a unit impulse (linear at the centre of mass, or angular) on link b, solved for the whole tree,
     * moves link a's centre of mass and turns it by the matching column.
     */
    /**
     * A driven tree's responses without its drives are those of the same tree never driven (the
     * brute-force answer: a second tree from the same seed), never smaller than its responses with
     * the drives (u·(R_free − R_driven)·u ≥ 0: a drive only stiffens), and computing them leaves the
     * driven system as it was, bit for bit.
     */
    @Test
    void responsesWithoutDrivesAreTheUndrivenTreesAndLeaveTheDrivenSystem() {
        for (int trial = 0; trial < 12; trial++) {
            Bodies b = new Bodies(32);
            Bodies b2 = new Bodies(32);
            int links = 2 + trial % 9;
            Articulation a = randomTree(b, new Random(40 + trial), links, trial % 2 == 0);
            Articulation plain = randomTree(b2, new Random(40 + trial), links, trial % 2 == 0);
            Random r = new Random(trial);
            for (int i = 0; i < a.nodeCount; i++) {
                double k = 50 * r.nextDouble();
                for (int e = 0; e < 9; e++) {
                    a.extraDiag[9 * i + e] = e % 4 == 0 ? k : 0;
                }
            }
            a.composites(b);
            a.massMatrix();
            assertTrue(a.factor());
            double[] driven = new double[36 * 32];
            a.linkResponses(b, driven);
            int n = 3 * a.nodeCount;
            double[] g = new double[n];
            for (int i = 0; i < n; i++) {
                g[i] = r.nextGaussian();
            }
            double[] before = new double[n];
            a.solve(g, before);
            double[] free = new double[36 * 32];
            assertTrue(a.responsesWithoutDrives(b, free, null));
            double[] after = new double[n];
            a.solve(g, after);
            assertArrayEquals(before, after, "the driven system afterwards, trial " + trial);
            plain.composites(b2);
            plain.massMatrix();
            assertTrue(plain.factor());
            double[] expected = new double[36 * 32];
            plain.linkResponses(b2, expected);
            for (int l = 0; l < a.linkCount; l++) {
                int o = 36 * a.body[l];
                for (int e = 0; e < 36; e++) {
                    assertEquals(expected[o + e], free[o + e], 1e-9 * (1 + Math.abs(expected[o + e])),
                            "response of link " + l + ", trial " + trial);
                }
                for (int t = 0; t < 50; t++) {
                    double[] u = new double[6];
                    for (int e = 0; e < 6; e++) {
                        u[e] = r.nextGaussian();
                    }
                    double q = 0;
                    double scale = 0;
                    for (int row = 0; row < 6; row++) {
                        for (int col = 0; col < 6; col++) {
                            q += u[row] * (free[o + 6 * row + col] - driven[o + 6 * row + col]) * u[col];
                            scale += Math.abs(u[row] * free[o + 6 * row + col] * u[col]);
                        }
                    }
                    assertTrue(q >= -1e-12 * scale, "a drive made link " + l + " softer: " + q + ", trial " + trial);
                }
            }
        }
    }

    @Test
    void linkAndCrossResponsesMatchFullSolves() {
        Random r = new Random(15);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(10), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            assertTrue(a.factor());
            int n = 3 * a.nodeCount;
            int la = r.nextInt(a.linkCount);
            int lb = r.nextInt(a.linkCount);
            double[] cross = new double[36];
            double[] all = new double[36 * 32];
            a.crossResponse(b, la, lb, cross, 0);
            a.linkResponses(b, all);
            double[] self = java.util.Arrays.copyOfRange(all, 36 * a.body[lb], 36 * a.body[lb] + 36);
            int ka = a.body[la];
            int kb = a.body[lb];
            double[] g = new double[n];
            double[] x = new double[n];
            double[] full = new double[n];
            double[] out = new double[6];
            for (int c = 0; c < 6; c++) {
                java.util.Arrays.fill(g, 0);
                a.pathImpulse(lb, c == 0 ? 1 : 0, c == 1 ? 1 : 0, c == 2 ? 1 : 0, b.pos[3 * kb], b.pos[3 * kb + 1], b.pos[3 * kb + 2],
                        c == 3 ? 1 : 0, c == 4 ? 1 : 0, c == 5 ? 1 : 0, g);
                // entries off lb's path are not written by pathImpulse: zero them explicitly
                boolean[] onPath = new boolean[a.nodeCount];
                int node = a.linkNode[lb];
                onPath[node] = true;
                for (int d = 0; d < a.depth[node]; d++) {
                    onPath[a.anc[a.ancOff[node] + d]] = true;
                }
                for (int i = 0; i < a.nodeCount; i++) {
                    if (!onPath[i]) {
                        g[3 * i] = 0;
                        g[3 * i + 1] = 0;
                        g[3 * i + 2] = 0;
                    }
                }
                a.solve(g, x);
                System.arraycopy(x, 0, full, 0, n);
                a.pointVelocity(la, full, b.pos[3 * ka], b.pos[3 * ka + 1], b.pos[3 * ka + 2], out, false);
                for (int row = 0; row < 6; row++) {
                    assertEquals(out[row], cross[6 * row + c], 1e-9 * (1 + Math.abs(out[row])), "cross, trial " + trial);
                }
                a.pointVelocity(lb, full, b.pos[3 * kb], b.pos[3 * kb + 1], b.pos[3 * kb + 2], out, false);
                for (int row = 0; row < 6; row++) {
                    assertEquals(out[row], self[6 * row + c], 1e-9 * (1 + Math.abs(out[row])), "self, trial " + trial);
                }
            }
        }
    }
    /**
     * Every node's self-response from the factor (L⁻¹'s blocks, one pass root first) against the
     * diagonal blocks of the dense inverse of the mass matrix.
     */
    @Test
    void nodeResponsesAreTheDiagonalBlocksOfTheInverseMassMatrix() {
        Random r = new Random(16);
        for (int trial = 0; trial < 20; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = randomTree(b, r, 1 + r.nextInt(14), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            RealMatrix inverse = new LUDecomposition(blocksAsMatrix(a)).getSolver().getInverse();
            assertTrue(a.factor());
            a.nodeResponses();
            for (int i = 0; i < a.nodeCount; i++) {
                for (int row = 0; row < 3; row++) {
                    for (int col = 0; col < 3; col++) {
                        double expected = inverse.getEntry(3 * i + row, 3 * i + col);
                        assertEquals(expected, a.nodeResponse[9 * i + 3 * row + col], 1e-9 * (1 + Math.abs(expected)),
                                "trial " + trial + ", node " + i);
                    }
                }
            }
        }
    }
}
