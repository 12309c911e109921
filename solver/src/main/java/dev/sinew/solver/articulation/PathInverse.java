package dev.sinew.solver.articulation;

/**
 * The blocks of L⁻¹ of an articulation's factor H = Lᵀ·D·L, and those blocks times D⁻¹, in the
 * layout of the factor's blocks (see {@link ArticulationTree#ensureInverse}). Each block is summed
 * in locals over the path: the array's other blocks are read meanwhile, and a sum kept in the
 * array would be stored and loaded again for every ancestor.
 */
final class PathInverse {
    private PathInverse() {
    }

    /**
     * Fills mb with M = L⁻¹ (M_ik for k an ancestor of i at blockOff[i] + depth[k], root first) and
     * pb with M_ik·D⁻¹_k, from the blocks of L in lb and the inverted pivots D⁻¹ in dinv.
     */
    static void fill(int nodeCount, int[] depth, int[] blockOff, int[] ancOff, int[] anc, double[] lb, double[] dinv,
            double[] mb, double[] pb) {
        for (int i = 0; i < nodeCount; i++) {
            int d = depth[i];
            int bo = blockOff[i];
            int ao = ancOff[i];
            for (int kk = 0; kk < d; kk++) {
                int mo = 9 * (bo + kk);
                double m00 = lb[mo];
                double m01 = lb[mo + 1];
                double m02 = lb[mo + 2];
                double m10 = lb[mo + 3];
                double m11 = lb[mo + 4];
                double m12 = lb[mo + 5];
                double m20 = lb[mo + 6];
                double m21 = lb[mo + 7];
                double m22 = lb[mo + 8];
                for (int aa = kk + 1; aa < d; aa++) {
                    int lo = 9 * (bo + aa);
                    int ko = 9 * (blockOff[anc[ao + aa]] + kk);
                    double k00 = mb[ko];
                    double k01 = mb[ko + 1];
                    double k02 = mb[ko + 2];
                    double k10 = mb[ko + 3];
                    double k11 = mb[ko + 4];
                    double k12 = mb[ko + 5];
                    double k20 = mb[ko + 6];
                    double k21 = mb[ko + 7];
                    double k22 = mb[ko + 8];
                    double l0 = lb[lo];
                    double l1 = lb[lo + 1];
                    double l2 = lb[lo + 2];
                    m00 += l0 * k00 + l1 * k10 + l2 * k20;
                    m01 += l0 * k01 + l1 * k11 + l2 * k21;
                    m02 += l0 * k02 + l1 * k12 + l2 * k22;
                    l0 = lb[lo + 3];
                    l1 = lb[lo + 4];
                    l2 = lb[lo + 5];
                    m10 += l0 * k00 + l1 * k10 + l2 * k20;
                    m11 += l0 * k01 + l1 * k11 + l2 * k21;
                    m12 += l0 * k02 + l1 * k12 + l2 * k22;
                    l0 = lb[lo + 6];
                    l1 = lb[lo + 7];
                    l2 = lb[lo + 8];
                    m20 += l0 * k00 + l1 * k10 + l2 * k20;
                    m21 += l0 * k01 + l1 * k11 + l2 * k21;
                    m22 += l0 * k02 + l1 * k12 + l2 * k22;
                }
                m00 = -m00;
                m01 = -m01;
                m02 = -m02;
                m10 = -m10;
                m11 = -m11;
                m12 = -m12;
                m20 = -m20;
                m21 = -m21;
                m22 = -m22;
                mb[mo] = m00;
                mb[mo + 1] = m01;
                mb[mo + 2] = m02;
                mb[mo + 3] = m10;
                mb[mo + 4] = m11;
                mb[mo + 5] = m12;
                mb[mo + 6] = m20;
                mb[mo + 7] = m21;
                mb[mo + 8] = m22;
                int dk = 9 * anc[ao + kk];
                double d00 = dinv[dk];
                double d01 = dinv[dk + 1];
                double d02 = dinv[dk + 2];
                double d10 = dinv[dk + 3];
                double d11 = dinv[dk + 4];
                double d12 = dinv[dk + 5];
                double d20 = dinv[dk + 6];
                double d21 = dinv[dk + 7];
                double d22 = dinv[dk + 8];
                pb[mo] = m00 * d00 + m01 * d10 + m02 * d20;
                pb[mo + 1] = m00 * d01 + m01 * d11 + m02 * d21;
                pb[mo + 2] = m00 * d02 + m01 * d12 + m02 * d22;
                pb[mo + 3] = m10 * d00 + m11 * d10 + m12 * d20;
                pb[mo + 4] = m10 * d01 + m11 * d11 + m12 * d21;
                pb[mo + 5] = m10 * d02 + m11 * d12 + m12 * d22;
                pb[mo + 6] = m20 * d00 + m21 * d10 + m22 * d20;
                pb[mo + 7] = m20 * d01 + m21 * d11 + m22 * d21;
                pb[mo + 8] = m20 * d02 + m21 * d12 + m22 * d22;
            }
        }
    }
}
