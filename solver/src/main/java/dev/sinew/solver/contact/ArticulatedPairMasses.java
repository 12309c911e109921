package dev.sinew.solver.contact;

import static dev.sinew.solver.collision.ContactPair.ANCHOR_A;
import static dev.sinew.solver.collision.ContactPair.ANCHOR_B;
import static dev.sinew.solver.collision.ContactPair.COUPLING;
import static dev.sinew.solver.collision.ContactPair.MASS;
import static dev.sinew.solver.collision.ContactPair.R_A;
import static dev.sinew.solver.collision.ContactPair.R_B;
import static dev.sinew.solver.collision.ContactPair.T1;
import static dev.sinew.solver.collision.ContactPair.T2;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;

/**
 * The effective masses of a contact pair with an articulated body: the normal rows' coupling, the
 * friction patch's tangent and twist masses, from each body's response (its articulation's
 * inverse mass at its centre of mass) and, for two bodies of one articulation, the pair's cross
 * response ({@link ContactSolver#cross}). One per contact solver (its scratch is its own).
 */
final class ArticulatedPairMasses {
    private final Bodies b;
    private final ContactSolver cs;

    ArticulatedPairMasses(Bodies bodies, ContactSolver cs) {
        this.b = bodies;
        this.cs = cs;
    }

    /**
     * The masses of a pair with an articulated body, from each body's response R (6×6 inverse mass
     * at its centre of mass; a free body's is diag(m⁻¹·E, I⁻¹)): a row pair's coupling is
     * J_A·R_A·J_A'ᵀ + J_B·R_B·J_B'ᵀ with J = (n, r × n).
     */
    void prepare(ContactPair c) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double nx = c.nx;
        double ny = c.ny;
        double nz = c.nz;
        int n = c.pointCount;
        for (int i = 0; i < n; i++) {
            cross(c.d, R_A + 3 * i, nx, ny, nz, ai, 0);
            cross(c.d, R_B + 3 * i, nx, ny, nz, bi, 0);
            for (int j = i; j < n; j++) {
                cross(c.d, R_A + 3 * j, nx, ny, nz, aj, 0);
                cross(c.d, R_B + 3 * j, nx, ny, nz, bj, 0);
                double aij = form(ba, nx, ny, nz, ai, nx, ny, nz, aj) + form(bb, nx, ny, nz, bi, nx, ny, nz, bj)
                        - crossForm(c, nx, ny, nz, ai, nx, ny, nz, bj) - crossForm(c, nx, ny, nz, aj, nx, ny, nz, bi);
                c.d[COUPLING + i * ContactPair.N + j] = aij;
                c.d[COUPLING + j * ContactPair.N + i] = aij;
            }
            double k = c.d[COUPLING + i * ContactPair.N + i];
            c.d[MASS + i] = k > 0 ? 1 / k : 0;
        }
        double[] cd = c.d;
        double t1x = cd[T1];
        double t1y = cd[T1 + 1];
        double t1z = cd[T1 + 2];
        double t2x = cd[T2];
        double t2y = cd[T2 + 1];
        double t2z = cd[T2 + 2];
        cross(cd, ANCHOR_A, t1x, t1y, t1z, ai, 0);
        cross(cd, ANCHOR_A, t2x, t2y, t2z, aj, 0);
        cross(cd, ANCHOR_B, t1x, t1y, t1z, bi, 0);
        cross(cd, ANCHOR_B, t2x, t2y, t2z, bj, 0);
        double k11 = form(ba, t1x, t1y, t1z, ai, t1x, t1y, t1z, ai)
                + form(bb, t1x, t1y, t1z, bi, t1x, t1y, t1z, bi)
                - 2 * crossForm(c, t1x, t1y, t1z, ai, t1x, t1y, t1z, bi);
        double k22 = form(ba, t2x, t2y, t2z, aj, t2x, t2y, t2z, aj)
                + form(bb, t2x, t2y, t2z, bj, t2x, t2y, t2z, bj)
                - 2 * crossForm(c, t2x, t2y, t2z, aj, t2x, t2y, t2z, bj);
        double k12 = form(ba, t1x, t1y, t1z, ai, t2x, t2y, t2z, aj)
                + form(bb, t1x, t1y, t1z, bi, t2x, t2y, t2z, bj)
                - crossForm(c, t1x, t1y, t1z, ai, t2x, t2y, t2z, bj)
                - crossForm(c, t2x, t2y, t2z, aj, t1x, t1y, t1z, bi);
        PatchFriction.tangentInverse(c, k11, k12, k22);
        unit[0] = nx;
        unit[1] = ny;
        unit[2] = nz;
        double twist = form(ba, 0, 0, 0, unit, 0, 0, 0, unit) + form(bb, 0, 0, 0, unit, 0, 0, 0, unit)
                - 2 * crossForm(c, 0, 0, 0, unit, 0, 0, 0, unit);
        c.twistMass = twist > 0 ? 1 / twist : 0;
    }

    private final double[] ai = new double[3];
    private final double[] aj = new double[3];
    private final double[] bi = new double[3];
    private final double[] bj = new double[3];
    private final double[] unit = new double[3];

    /** out = r[o..] × (x, y, z). */
    private static void cross(double[] r, int o, double x, double y, double z, double[] out, int oo) {
        out[oo] = r[o + 1] * z - r[o + 2] * y;
        out[oo + 1] = r[o + 2] * x - r[o] * z;
        out[oo + 2] = r[o] * y - r[o + 1] * x;
    }

    /**
     * (l1, a1)·R·(l2, a2) for body {@code body}'s response R: its articulated response, or
     * diag(m⁻¹·E, I⁻¹) for a free body, 0 for a body that does not move.
     */
    private double form(int body, double l1x, double l1y, double l1z, double[] a1, double l2x, double l2y, double l2z,
            double[] a2) {
        double im = b.solverInvMass(body);
        if (im == 0) {
            return 0;
        }
        if (!b.articulated[body]) {
            return im * (l1x * l2x + l1y * l2y + l1z * l2z) + cs.bilinear(body, a1[0], a1[1], a1[2], a2[0], a2[1], a2[2]);
        }
        double[] r = b.response;
        int o = 36 * body;
        double u0 = l2x;
        double u1 = l2y;
        double u2 = l2z;
        double u3 = a2[0];
        double u4 = a2[1];
        double u5 = a2[2];
        double acc = 0;
        for (int row = 0; row < 6; row++) {
            double lhs = row == 0 ? l1x : row == 1 ? l1y : row == 2 ? l1z : a1[row - 3];
            int ro = o + 6 * row;
            acc += lhs * (r[ro] * u0 + r[ro + 1] * u1 + r[ro + 2] * u2 + r[ro + 3] * u3 + r[ro + 4] * u4 + r[ro + 5] * u5);
        }
        return acc;
    }

    /**
     * (l1, a1)·R_AB·(l2, a2) with R_AB the cross response of the pair's two bodies when they share an
     * articulation (the velocity of A per impulse on B), else 0.
     */
    private double crossForm(ContactPair c, double l1x, double l1y, double l1z, double[] a1, double l2x, double l2y,
            double l2z, double[] a2) {
        if (cs.crossA != c.bodyA || cs.crossB != c.bodyB) {
            return 0;
        }
        double[] r = cs.cross;
        double acc = 0;
        for (int row = 0; row < 6; row++) {
            double lhs = row == 0 ? l1x : row == 1 ? l1y : row == 2 ? l1z : a1[row - 3];
            int ro = 6 * row;
            acc += lhs * (r[ro] * l2x + r[ro + 1] * l2y + r[ro + 2] * l2z + r[ro + 3] * a2[0] + r[ro + 4] * a2[1]
                    + r[ro + 5] * a2[2]);
        }
        return acc;
    }
}
