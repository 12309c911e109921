package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;

/**
 * Three linear rows that make two body points coincide (a ball joint's core).
 *
 * <pre>
 *   C     = (c_B + r_B) − (c_A + r_A)                       r = R·a, a the anchor in the body frame
 *   Ċ     = v_B + ω_B × r_B − v_A − ω_A × r_A
 *   J     = [ −E   [r_A]ₓ   E   −[r_B]ₓ ]                   (ω × r = −[r]ₓ ω)
 *   K     = J M⁻¹ Jᵀ = (m_A⁻¹ + m_B⁻¹) E − [r_A]ₓ I_A⁻¹ [r_A]ₓ − [r_B]ₓ I_B⁻¹ [r_B]ₓ
 *   Δλ    = −massScale·K⁻¹·(Ċ + biasRate·C) − impulseScale·λ
 * </pre>
 * The soft coefficients come from {@link SoftCoefficients}; in the relax pass the rows are rigid with no
 * bias. Anchors and K are recomputed from the current orientations at every solve: a limb turns
 * several degrees in a tick, and a Jacobian frozen at the tick's start pulls along the wrong
 * directions and drains energy (a pendulum lost half its energy in 20 s that way).
 * Life cycle: prepare, warm start, solve (with and without bias), and the impulse λ is kept for
 * the next tick's warm start.
 */
public final class PointConstraintPart {
    /** Anchors relative to the centres of mass, world, fixed for the tick. */
    public final double[] rA = new double[3];
    public final double[] rB = new double[3];
    /** K⁻¹, symmetric, row-major. */
    private final double[] kInv = new double[9];
    private final double[] delta = new double[3];
    /** Accumulated impulse, N·s, world. */
    public final double[] impulse = new double[3];

    public void prepare(Bodies b, int ba, int bb, double[] localA, double[] localB) {
        rA[0] = Quaternions.rotX(b.rot, ba, localA, 0);
        rA[1] = Quaternions.rotY(b.rot, ba, localA, 0);
        rA[2] = Quaternions.rotZ(b.rot, ba, localA, 0);
        rB[0] = Quaternions.rotX(b.rot, bb, localB, 0);
        rB[1] = Quaternions.rotY(b.rot, bb, localB, 0);
        rB[2] = Quaternions.rotZ(b.rot, bb, localB, 0);
        double m = b.solverInvMass(ba) + b.solverInvMass(bb);
        double[] k = scratchK;
        java.util.Arrays.fill(k, 0);
        k[0] = m;
        k[4] = m;
        k[8] = m;
        if (b.solverInvMass(ba) > 0) {
            addArm(k, b.invInertiaWorld, 9 * ba, rA);
        }
        if (b.solverInvMass(bb) > 0) {
            addArm(k, b.invInertiaWorld, 9 * bb, rB);
        }
        System.arraycopy(k, 0, this.k, 0, 9);
        Mat3.invert(k, kInv);
    }

    /** K = J M⁻¹ Jᵀ from the last prepare, row-major. */
    public final double[] k = new double[9];

    private final double[] scratchK = new double[9];
    private final double[] scratchS = new double[9];
    private final double[] scratchT = new double[9];

    /** k += −[r]ₓ I⁻¹ [r]ₓ (a symmetric positive semi-definite term). */
    private void addArm(double[] k, double[] inv, int o, double[] r) {
        double[] s = scratchS;
        s[0] = 0;
        s[1] = -r[2];
        s[2] = r[1];
        s[3] = r[2];
        s[4] = 0;
        s[5] = -r[0];
        s[6] = -r[1];
        s[7] = r[0];
        s[8] = 0;
        double[] t = scratchT;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                t[3 * i + j] = s[3 * i] * inv[o + j] + s[3 * i + 1] * inv[o + 3 + j] + s[3 * i + 2] * inv[o + 6 + j];
            }
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                k[3 * i + j] -= t[3 * i] * s[j] + t[3 * i + 1] * s[3 + j] + t[3 * i + 2] * s[6 + j];
            }
        }
    }

    public void warmStart(Bodies b, int ba, int bb) {
        apply(b, ba, bb, impulse[0], impulse[1], impulse[2]);
    }

    /**
     * One solve of the three rows. {@code c} is the current position error C (m); with
     * {@code soft == null} the rows are rigid and unbiased (relax).
     */
    /** Ċ = J·v with the anchors of the last prepare, into out[0..2] (m/s). */
    public void velocityError(Bodies b, int ba, int bb, double[] out) {
        double[] v = b.linVel;
        double[] w = b.angVel;
        out[0] = v[3 * bb] + w[3 * bb + 1] * rB[2] - w[3 * bb + 2] * rB[1]
                - (v[3 * ba] + w[3 * ba + 1] * rA[2] - w[3 * ba + 2] * rA[1]);
        out[1] = v[3 * bb + 1] + w[3 * bb + 2] * rB[0] - w[3 * bb] * rB[2]
                - (v[3 * ba + 1] + w[3 * ba + 2] * rA[0] - w[3 * ba] * rA[2]);
        out[2] = v[3 * bb + 2] + w[3 * bb] * rB[1] - w[3 * bb + 1] * rB[0]
                - (v[3 * ba + 2] + w[3 * ba] * rA[1] - w[3 * ba + 1] * rA[0]);
    }

    private final double[] cdot = new double[3];

    public void solve(Bodies b, int ba, int bb, double[] localA, double[] localB, double[] c, SoftCoefficients soft) {
        prepare(b, ba, bb, localA, localB);
        velocityError(b, ba, bb, cdot);
        double cdx = cdot[0];
        double cdy = cdot[1];
        double cdz = cdot[2];
        SoftCoefficients.impulse3(soft, kInv, cdx, cdy, cdz, c, impulse, delta);
        apply(b, ba, bb, delta[0], delta[1], delta[2]);
    }

    /**
     * One solve of the anchors as an implicit spring (biased pass only): Δλ = −(K + I/D)⁻¹·(Ċ +
     * b·C + λ/D), with b, 1/D from the spring's stiffness and damping (see {@link SoftCoefficients}).
     */
    public void solveSpring(Bodies b, int ba, int bb, double[] localA, double[] localB, double[] c, SoftCoefficients s) {
        prepare(b, ba, bb, localA, localB);
        velocityError(b, ba, bb, cdot);
        double[] m = scratchK;
        System.arraycopy(k, 0, m, 0, 9);
        m[0] += s.invD;
        m[4] += s.invD;
        m[8] += s.invD;
        Mat3.invert(m, springInv);
        double vx = cdot[0] + s.biasRate * c[0] + s.invD * impulse[0];
        double vy = cdot[1] + s.biasRate * c[1] + s.invD * impulse[1];
        double vz = cdot[2] + s.biasRate * c[2] + s.invD * impulse[2];
        delta[0] = -(springInv[0] * vx + springInv[1] * vy + springInv[2] * vz);
        delta[1] = -(springInv[3] * vx + springInv[4] * vy + springInv[5] * vz);
        delta[2] = -(springInv[6] * vx + springInv[7] * vy + springInv[8] * vz);
        impulse[0] += delta[0];
        impulse[1] += delta[1];
        impulse[2] += delta[2];
        apply(b, ba, bb, delta[0], delta[1], delta[2]);
    }

    private final double[] springInv = new double[9];

    /** −P to A at r_A, +P to B at r_B. */
    private void apply(Bodies b, int ba, int bb, double px, double py, double pz) {
        double mA = b.solverInvMass(ba);
        if (mA > 0) {
            b.linVel[3 * ba] -= mA * px;
            b.linVel[3 * ba + 1] -= mA * py;
            b.linVel[3 * ba + 2] -= mA * pz;
            b.addAngularImpulse(ba, -(rA[1] * pz - rA[2] * py), -(rA[2] * px - rA[0] * pz), -(rA[0] * py - rA[1] * px));
        }
        double mB = b.solverInvMass(bb);
        if (mB > 0) {
            b.linVel[3 * bb] += mB * px;
            b.linVel[3 * bb + 1] += mB * py;
            b.linVel[3 * bb + 2] += mB * pz;
            b.addAngularImpulse(bb, rB[1] * pz - rB[2] * py, rB[2] * px - rB[0] * pz, rB[0] * py - rB[1] * px);
        }
    }
}
