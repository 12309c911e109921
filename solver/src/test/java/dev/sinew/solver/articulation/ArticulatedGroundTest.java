package dev.sinew.solver.articulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.body.Bodies;
import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;

/**
 * The ground block's rows against a dense inverse of the mass matrix: each row's coupling with
 * every other (K_ab = g_a·H⁻¹·g_b), its velocity g·q̇ and its impulse swept into the pending
 * impulses, all computed on the rows' paths alone. Every entry off a row's path is NaN in the
 * buffers, so reading one would fail the comparison.
 */
class ArticulatedGroundTest {
    @Test
    void rowCouplingsVelocitiesAndImpulsesOnThePathsMatchTheDenseInverse() {
        Random r = new Random(21);
        for (int trial = 0; trial < 30; trial++) {
            Bodies b = new Bodies(32);
            Articulation a = ArticulationTest.randomTree(b, r, 1 + r.nextInt(12), trial % 2 == 0);
            a.composites(b);
            a.massMatrix();
            RealMatrix hInv = new LUDecomposition(ArticulationTest.blocksAsMatrix(a)).getSolver().getInverse();
            assertTrue(a.factor());
            int n3 = 3 * a.nodeCount;
            int rows = 1 + r.nextInt(8);
            int[] node = new int[rows];
            double[][] g = new double[rows][n3];
            double[] w = new double[2 * rows * n3];
            double[] z = new double[rows * n3];
            Arrays.fill(w, Double.NaN);
            Arrays.fill(z, Double.NaN);
            double[] scratch = new double[n3];
            for (int q = 0; q < rows; q++) {
                int l = r.nextInt(a.linkCount);
                node[q] = a.linkNode[l];
                Arrays.fill(scratch, 0);
                a.pathImpulse(l, r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian(),
                        r.nextGaussian(), 0, 0, 0, scratch);
                g[q] = scratch.clone();
                Arrays.fill(scratch, Double.NaN);
                copyPath(a, node[q], g[q], scratch);
                ArticulatedGround.sweepRow(a, node[q], scratch, w, 2 * q * n3);
                ArticulatedGround.pathDinv(a, node[q], w, 2 * q * n3, z, q * n3);
            }
            for (int q = 0; q < rows; q++) {
                for (int s = 0; s < rows; s++) {
                    double want = dot(g[q], hInv.operate(g[s]));
                    double got = ArticulatedGround.coupling(a, node[q], w, 2 * q * n3, node[s], z, s * n3);
                    // |g_a·H⁻¹·g_b| ≤ |g_a|·|g_b|·‖H⁻¹‖ (Frobenius ≥ spectral norm); the factored
                    // and the dense solve each carry round-off growing with H's condition, and 1e-10
                    // of that bound is the tolerance ArticulationTest's solves hold to (1e-9 there)
                    double scale = norm(g[q]) * norm(g[s]) * hInv.getNorm();
                    assertEquals(want, got, 1e-10 * scale, "trial " + trial + " rows " + q + ", " + s);
                }
            }
            for (int i = 0; i < n3; i++) {
                a.qd[i] = r.nextGaussian();
            }
            double[] qd0 = a.qd.clone();
            double[] total = new double[n3];
            for (int q = 0; q < rows; q++) {
                double want = dot(g[q], a.qd);
                double got = ArticulatedGround.pathDot(a, node[q], w, 2 * q * n3 + n3, a.qd);
                // a dot product of at most 39 terms: round-off below 39·ε·|g|·|q̇| ≈ 4e-15·|g|·|q̇|
                assertEquals(want, got, 1e-12 * norm(g[q]) * norm(a.qd), "trial " + trial + " row " + q);
                double scale = r.nextGaussian();
                a.addPending(node[q], w, 2 * q * n3, scale);
                for (int i = 0; i < n3; i++) {
                    total[i] += scale * g[q][i];
                }
            }
            a.flushPending();
            // the factored solve against the dense one, to the tolerance of ArticulationTest's solves
            double[] dv = hInv.operate(total);
            for (int i = 0; i < n3; i++) {
                assertEquals(qd0[i] + dv[i], a.qd[i], 1e-9 * (1 + Math.abs(qd0[i] + dv[i])), "trial " + trial + " entry " + i);
            }
        }
    }

    /** out = g on node's path (the rest of out untouched). */
    private static void copyPath(ArticulationTree a, int node, double[] g, double[] out) {
        for (int idx = 0; idx <= a.depth[node]; idx++) {
            int i = idx == a.depth[node] ? node : a.anc[a.ancOff[node] + idx];
            System.arraycopy(g, 3 * i, out, 3 * i, 3);
        }
    }

    private static double dot(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    private static double norm(double[] x) {
        return Math.sqrt(dot(x, x));
    }
}
