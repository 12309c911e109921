package dev.sinew.solver.contact;

import static dev.sinew.solver.collision.ContactPair.ANCHOR_A;
import static dev.sinew.solver.collision.ContactPair.ANCHOR_B;
import static dev.sinew.solver.collision.ContactPair.FRICTION_WORLD;
import static dev.sinew.solver.collision.ContactPair.IMPULSE;
import static dev.sinew.solver.collision.ContactPair.LEVER;
import static dev.sinew.solver.collision.ContactPair.R_A;
import static dev.sinew.solver.collision.ContactPair.R_B;
import static dev.sinew.solver.collision.ContactPair.T1;
import static dev.sinew.solver.collision.ContactPair.T2;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.math.Basis;

/**
 * Friction solved per manifold, not per point ("patch friction"): two tangent rows at the
 * centroid of the points, solved together with their 2×2 effective mass and clamped to the disc
 * |λt| ≤ μ·Σλn, plus a twist row about the normal clamped to μ·Σ(λn·lever). Per-point friction
 * solved one point after another gives a resting face unequal corner impulses and a net torque;
 * the patch has no order. The first tangent follows the slip while the patch slips, so sliding
 * friction opposes the slip exactly (maximum dissipation). One per contact solver (its scratch is
 * its own); impulses are applied through the solver's {@link ContactSolver#apply}.
 */
final class PatchFriction {
    private final Bodies b;
    private final ContactSolver cs;
    private final double[] basisU = new double[3];
    private final double[] basisV = new double[3];

    PatchFriction(Bodies bodies, ContactSolver cs) {
        this.b = bodies;
        this.cs = cs;
    }

    /** Anchor, friction directions, the 2×2 tangent mass, the twist mass and the warm start of the patch. */
    void prepare(ContactPair c, double mA, double mB, boolean dynA, boolean dynB) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double nx = c.nx;
        double ny = c.ny;
        double nz = c.nz;
        int n = c.pointCount;
        double ax = 0;
        double ay = 0;
        double az = 0;
        double bx = 0;
        double by = 0;
        double bz = 0;
        for (int k = 0; k < n; k++) {
            ax += c.d[R_A + 3 * k];
            ay += c.d[R_A + 3 * k + 1];
            az += c.d[R_A + 3 * k + 2];
            bx += c.d[R_B + 3 * k];
            by += c.d[R_B + 3 * k + 1];
            bz += c.d[R_B + 3 * k + 2];
        }
        ax /= n;
        ay /= n;
        az /= n;
        bx /= n;
        by /= n;
        bz /= n;
        c.d[ANCHOR_A] = ax;
        c.d[ANCHOR_A + 1] = ay;
        c.d[ANCHOR_A + 2] = az;
        c.d[ANCHOR_B] = bx;
        c.d[ANCHOR_B + 1] = by;
        c.d[ANCHOR_B + 2] = bz;
        for (int k = 0; k < n; k++) {
            double dx = c.d[R_A + 3 * k] - ax;
            double dy = c.d[R_A + 3 * k + 1] - ay;
            double dz = c.d[R_A + 3 * k + 2] - az;
            double along = dx * nx + dy * ny + dz * nz;
            dx -= along * nx;
            dy -= along * ny;
            dz -= along * nz;
            c.d[LEVER + k] = Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        double[] v = b.linVel;
        double[] w = b.angVel;
        double dvx = v[3 * bb] + w[3 * bb + 1] * bz - w[3 * bb + 2] * by
                - (v[3 * ba] + w[3 * ba + 1] * az - w[3 * ba + 2] * ay);
        double dvy = v[3 * bb + 1] + w[3 * bb + 2] * bx - w[3 * bb] * bz
                - (v[3 * ba + 1] + w[3 * ba + 2] * ax - w[3 * ba] * az);
        double dvz = v[3 * bb + 2] + w[3 * bb] * by - w[3 * bb + 1] * bx
                - (v[3 * ba + 2] + w[3 * ba] * ay - w[3 * ba + 1] * ax);
        double vn = dvx * nx + dvy * ny + dvz * nz;
        double sx = dvx - vn * nx;
        double sy = dvy - vn * ny;
        double sz = dvz - vn * nz;
        double slip = Math.sqrt(sx * sx + sy * sy + sz * sz);
        double[] cd = c.d;
        if (slip > Tuning.SLIP_SPEED) {
            cd[T1] = sx / slip;
            cd[T1 + 1] = sy / slip;
            cd[T1 + 2] = sz / slip;
        } else {
            Basis.orthonormal(nx, ny, nz, basisU, basisV);
            cd[T1] = basisU[0];
            cd[T1 + 1] = basisU[1];
            cd[T1 + 2] = basisU[2];
        }
        cd[T2] = ny * cd[T1 + 2] - nz * cd[T1 + 1];
        cd[T2 + 1] = nz * cd[T1] - nx * cd[T1 + 2];
        cd[T2 + 2] = nx * cd[T1 + 1] - ny * cd[T1];
        // K = J M⁻¹ Jᵀ of the two tangent rows at the anchor, then its inverse.
        double k11 = mA + mB;
        double k22 = mA + mB;
        double k12 = 0;
        double twist = 0;
        if (dynA) {
            double c1x = ay * cd[T1 + 2] - az * cd[T1 + 1];
            double c1y = az * cd[T1] - ax * cd[T1 + 2];
            double c1z = ax * cd[T1 + 1] - ay * cd[T1];
            double c2x = ay * cd[T2 + 2] - az * cd[T2 + 1];
            double c2y = az * cd[T2] - ax * cd[T2 + 2];
            double c2z = ax * cd[T2 + 1] - ay * cd[T2];
            k11 += cs.bilinear(ba, c1x, c1y, c1z, c1x, c1y, c1z);
            k22 += cs.bilinear(ba, c2x, c2y, c2z, c2x, c2y, c2z);
            k12 += cs.bilinear(ba, c1x, c1y, c1z, c2x, c2y, c2z);
            twist += cs.bilinear(ba, nx, ny, nz, nx, ny, nz);
        }
        if (dynB) {
            double c1x = by * cd[T1 + 2] - bz * cd[T1 + 1];
            double c1y = bz * cd[T1] - bx * cd[T1 + 2];
            double c1z = bx * cd[T1 + 1] - by * cd[T1];
            double c2x = by * cd[T2 + 2] - bz * cd[T2 + 1];
            double c2y = bz * cd[T2] - bx * cd[T2 + 2];
            double c2z = bx * cd[T2 + 1] - by * cd[T2];
            k11 += cs.bilinear(bb, c1x, c1y, c1z, c1x, c1y, c1z);
            k22 += cs.bilinear(bb, c2x, c2y, c2z, c2x, c2y, c2z);
            k12 += cs.bilinear(bb, c1x, c1y, c1z, c2x, c2y, c2z);
            twist += cs.bilinear(bb, nx, ny, nz, nx, ny, nz);
        }
        tangentInverse(c, k11, k12, k22);
        c.twistMass = twist > 0 ? 1 / twist : 0;
        c.frictionImpulse1 = cd[FRICTION_WORLD] * cd[T1] + cd[FRICTION_WORLD + 1] * cd[T1 + 1] + cd[FRICTION_WORLD + 2] * cd[T1 + 2];
        c.frictionImpulse2 = cd[FRICTION_WORLD] * cd[T2] + cd[FRICTION_WORLD + 1] * cd[T2 + 1] + cd[FRICTION_WORLD + 2] * cd[T2 + 2];
    }

    /** The inverse of the patch's 2×2 tangent mass K = [k11 k12; k12 k22], zero when K is singular. */
    static void tangentInverse(ContactPair c, double k11, double k12, double k22) {
        double det = k11 * k22 - k12 * k12;
        if (det > 0) {
            c.tangentInv11 = k22 / det;
            c.tangentInv22 = k11 / det;
            c.tangentInv12 = -k12 / det;
        } else {
            c.tangentInv11 = 0;
            c.tangentInv22 = 0;
            c.tangentInv12 = 0;
        }
    }

    /**
     * The friction patch: the tangent pair solved together, λt ← clamp(λt − K⁻¹·v_t) to the disc of
     * radius μ·Σλn, then the twist row, clamped to μ·Σλn·lever.
     */
    void solve(ContactPair c) {
        double mu = c.friction;
        double total = 0;
        double twistLimit = 0;
        for (int k = 0; k < c.pointCount; k++) {
            total += c.d[IMPULSE + k];
            twistLimit += c.d[IMPULSE + k] * c.d[LEVER + k];
        }
        double maxF = mu * total;
        double[] cd = c.d;
        double v1 = patchVelocity(c, cd[T1], cd[T1 + 1], cd[T1 + 2]);
        double v2 = patchVelocity(c, cd[T2], cd[T2 + 1], cd[T2 + 2]);
        double o1 = c.frictionImpulse1;
        double o2 = c.frictionImpulse2;
        double n1 = o1 - (c.tangentInv11 * v1 + c.tangentInv12 * v2);
        double n2 = o2 - (c.tangentInv12 * v1 + c.tangentInv22 * v2);
        double len2 = n1 * n1 + n2 * n2;
        if (len2 > maxF * maxF) {
            double scale = maxF / Math.sqrt(len2);
            n1 *= scale;
            n2 *= scale;
        }
        c.frictionImpulse1 = n1;
        c.frictionImpulse2 = n2;
        double d1 = n1 - o1;
        double d2 = n2 - o2;
        cs.apply(c, ANCHOR_A, ANCHOR_B, cd[T1] * d1 + cd[T2] * d2, cd[T1 + 1] * d1 + cd[T2 + 1] * d2, cd[T1 + 2] * d1 + cd[T2 + 2] * d2);
        if (c.twistMass > 0) {
            double[] w = b.angVel;
            int ba = c.bodyA;
            int bb = c.bodyB;
            double wn = (w[3 * bb] - w[3 * ba]) * c.nx + (w[3 * bb + 1] - w[3 * ba + 1]) * c.ny
                    + (w[3 * bb + 2] - w[3 * ba + 2]) * c.nz;
            double old = c.twistImpulse;
            double limit = mu * twistLimit;
            double next = Math.max(-limit, Math.min(limit, old - c.twistMass * wn));
            c.twistImpulse = next;
            applyTwist(c, next - old);
        }
    }

    /** The warm start: the patch's accumulated tangent impulses l1, l2 and twist applied again. */
    void warmStart(ContactPair c, double l1, double l2, double twist) {
        double[] cd = c.d;
        cs.apply(c, ANCHOR_A, ANCHOR_B, cd[T1] * l1 + cd[T2] * l2, cd[T1 + 1] * l1 + cd[T2 + 1] * l2, cd[T1 + 2] * l1 + cd[T2 + 2] * l2);
        applyTwist(c, twist);
    }

    /** Angular impulse λ about the normal: −λn to A, +λn to B. */
    private void applyTwist(ContactPair c, double lambda) {
        if (lambda == 0) {
            return;
        }
        double tx = lambda * c.nx;
        double ty = lambda * c.ny;
        double tz = lambda * c.nz;
        if (b.solverInvMass(c.bodyA) > 0) {
            if (b.articulated[c.bodyA]) {
                cs.applyArticulated(c.bodyA, 0, 0, 0, 0, 0, 0, -tx, -ty, -tz);
            } else {
                b.addAngularImpulse(c.bodyA, -tx, -ty, -tz);
            }
        }
        if (b.solverInvMass(c.bodyB) > 0) {
            if (b.articulated[c.bodyB]) {
                cs.applyArticulated(c.bodyB, 0, 0, 0, 0, 0, 0, tx, ty, tz);
            } else {
                b.addAngularImpulse(c.bodyB, tx, ty, tz);
            }
        }
    }

    private double patchVelocity(ContactPair c, double dx, double dy, double dz) {
        int ba = c.bodyA;
        int bb = c.bodyB;
        double[] v = b.linVel;
        double[] w = b.angVel;
        double ax = c.d[ANCHOR_A];
        double ay = c.d[ANCHOR_A + 1];
        double az = c.d[ANCHOR_A + 2];
        double bx = c.d[ANCHOR_B];
        double by = c.d[ANCHOR_B + 1];
        double bz = c.d[ANCHOR_B + 2];
        double dvx = v[3 * bb] + w[3 * bb + 1] * bz - w[3 * bb + 2] * by - (v[3 * ba] + w[3 * ba + 1] * az - w[3 * ba + 2] * ay);
        double dvy = v[3 * bb + 1] + w[3 * bb + 2] * bx - w[3 * bb] * bz - (v[3 * ba + 1] + w[3 * ba + 2] * ax - w[3 * ba] * az);
        double dvz = v[3 * bb + 2] + w[3 * bb] * by - w[3 * bb + 1] * bx - (v[3 * ba + 2] + w[3 * ba] * ay - w[3 * ba + 1] * ax);
        return dvx * dx + dvy * dy + dvz * dz;
    }

    /** The patch's friction impulse as a world vector, carried to the next tick's tangents. */
    void store(ContactPair c) {
        double l1 = c.frictionImpulse1;
        double l2 = c.frictionImpulse2;
        c.d[FRICTION_WORLD] = c.d[T1] * l1 + c.d[T2] * l2;
        c.d[FRICTION_WORLD + 1] = c.d[T1 + 1] * l1 + c.d[T2 + 1] * l2;
        c.d[FRICTION_WORLD + 2] = c.d[T1 + 2] * l1 + c.d[T2 + 2] * l2;
    }
}
