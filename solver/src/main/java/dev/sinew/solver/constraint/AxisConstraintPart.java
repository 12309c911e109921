package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;

/**
 * One constraint row between two bodies, linear, angular or both: the building block of limits
 * and axis motors.
 *
 * <pre>
 *   Ċ = n·(v_B − v_A) + j_B·ω_B − j_A·ω_A          J = [ −n  −j_A  n  j_B ]
 *   K = (m_A⁻¹ + m_B⁻¹)·|n|² + j_A·I_A⁻¹·j_A + j_B·I_B⁻¹·j_B
 * </pre>
 * A linear row along a unit n through anchors r_A, r_B has j_A = r_A × n, j_B = r_B × n; an
 * angular row about a world direction j has n = 0, j_A = j_B = j (j need not be unit: it is the
 * gradient of C with respect to the relative angular velocity ω_B − ω_A, so C keeps its own units).
 * <p>Solves:
 * <ul>
 *   <li>limit (unilateral, C ≥ 0, λ ≥ 0): while C &gt; 0 the row is speculative, Ċ + C/h ≥ 0, so
 *       the limit is approached and never passed within a substep; once passed it is pushed out
 *       with the joint softness (biased pass only). With a spring (stiffness k, damping c) it is
 *       instead a one-sided implicit spring, λ = max(0, λ − (Ċ + b·C + λ/D)/(K + 1/D)) while C &lt; 0
 *       and released while C ≥ 0 (see {@link SoftCoefficients});</li>
 *   <li>equality (bilateral, C = 0): soft in the biased pass, rigid in the relax pass;</li>
 *   <li>motor: Ċ toward a target speed, |λ| ≤ maxTorque·h (no position term: both passes).</li>
 * </ul>
 */
public final class AxisConstraintPart {
    /** The row (world): linear direction n and angular parts j_A, j_B. */
    public final double[] n = new double[3];
    public final double[] jA = new double[3];
    public final double[] jB = new double[3];
    /** Accumulated impulse, N·s (linear) or N·m·s (angular), along the row. */
    public double impulse;
    /** True while the tree solver carries this row (set by the joint when it offers the row). */
    public boolean inTree;
    private final double[] t = new double[3];

    /** Makes this an angular row with gradient j (world). */
    public void setAngular(double x, double y, double z) {
        n[0] = 0;
        n[1] = 0;
        n[2] = 0;
        jA[0] = x;
        jA[1] = y;
        jA[2] = z;
        jB[0] = x;
        jB[1] = y;
        jB[2] = z;
    }

    /** K = J·M⁻¹·Jᵀ with the solver's current masses (zero for bodies that do not move). */
    public double inverseMass(Bodies b, int ba, int bb) {
        double nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        return nn * (b.solverInvMass(ba) + b.solverInvMass(bb)) + quad(b, ba, jA) + quad(b, bb, jB);
    }

    /** This row's entry against row o in K = J·M⁻¹·Jᵀ (both rows on the same two bodies). */
    public double coupling(Bodies b, int ba, int bb, AxisConstraintPart o) {
        double nn = n[0] * o.n[0] + n[1] * o.n[1] + n[2] * o.n[2];
        return nn * (b.solverInvMass(ba) + b.solverInvMass(bb)) + quad(b, ba, jA, o.jA) + quad(b, bb, jB, o.jB);
    }

    private double quad(Bodies b, int i, double[] j) {
        return quad(b, i, j, j);
    }

    private double quad(Bodies b, int i, double[] j, double[] k) {
        if (!(b.solverInvMass(i) > 0)) {
            return 0;
        }
        double[] m = b.invInertiaWorld;
        int o = 9 * i;
        t[0] = m[o] * k[0] + m[o + 1] * k[1] + m[o + 2] * k[2];
        t[1] = m[o + 3] * k[0] + m[o + 4] * k[1] + m[o + 5] * k[2];
        t[2] = m[o + 6] * k[0] + m[o + 7] * k[1] + m[o + 8] * k[2];
        return j[0] * t[0] + j[1] * t[1] + j[2] * t[2];
    }

    /** Ċ = J·v from the current velocities. */
    public double velocity(Bodies b, int ba, int bb) {
        double[] v = b.linVel;
        double[] w = b.angVel;
        return n[0] * (v[3 * bb] - v[3 * ba]) + n[1] * (v[3 * bb + 1] - v[3 * ba + 1]) + n[2] * (v[3 * bb + 2] - v[3 * ba + 2])
                + jB[0] * w[3 * bb] + jB[1] * w[3 * bb + 1] + jB[2] * w[3 * bb + 2]
                - jA[0] * w[3 * ba] - jA[1] * w[3 * ba + 1] - jA[2] * w[3 * ba + 2];
    }

    /** Applies the impulse λ along the row: +λ·(n, j_B) to B, −λ·(n, j_A) to A. */
    public void apply(Bodies b, int ba, int bb, double lambda) {
        if (b.solverInvMass(ba) > 0) {
            double im = b.invMass[ba];
            b.linVel[3 * ba] -= im * lambda * n[0];
            b.linVel[3 * ba + 1] -= im * lambda * n[1];
            b.linVel[3 * ba + 2] -= im * lambda * n[2];
            b.addAngularImpulse(ba, -lambda * jA[0], -lambda * jA[1], -lambda * jA[2]);
        }
        if (b.solverInvMass(bb) > 0) {
            double im = b.invMass[bb];
            b.linVel[3 * bb] += im * lambda * n[0];
            b.linVel[3 * bb + 1] += im * lambda * n[1];
            b.linVel[3 * bb + 2] += im * lambda * n[2];
            b.addAngularImpulse(bb, lambda * jB[0], lambda * jB[1], lambda * jB[2]);
        }
    }

    public void warmStart(Bodies b, int ba, int bb) {
        if (impulse != 0) {
            apply(b, ba, bb, impulse);
        }
    }

    /**
     * One solve of the unilateral limit C ≥ 0 (C in the row's units, h the substep). {@code soft}
     * null is the relax pass; {@code spring} non-null and active makes the limit a one-sided spring.
     */
    public void solveLimit(Bodies b, int ba, int bb, double c, double h, SoftCoefficients soft, SoftCoefficients spring) {
        double k = inverseMass(b, ba, bb);
        if (!(k > 0)) {
            return;
        }
        double cdot = velocity(b, ba, bb);
        double next;
        if (spring != null && spring.active) {
            if (soft == null) {
                return;
            }
            if (c >= 0) {
                next = 0;
            } else {
                next = Math.max(0, impulse - (cdot + spring.biasRate * c + spring.invD * impulse) / (k + spring.invD));
            }
        } else {
            double bias = 0;
            double massScale = 1;
            double impulseScale = 0;
            if (c > 0) {
                bias = c / h;
            } else if (soft != null) {
                bias = soft.biasRate * c;
                massScale = soft.massScale;
                impulseScale = soft.impulseScale;
            }
            next = Math.max(0, impulse - massScale * (cdot + bias) / k - impulseScale * impulse);
        }
        double d = next - impulse;
        impulse = next;
        apply(b, ba, bb, d);
    }

    /**
     * One solve of the equality C = 0 (bilateral): Δλ = −massScale·(Ċ + biasRate·C)/K −
     * impulseScale·λ with the joint softness; {@code soft} null is the rigid relax solve, −Ċ/K.
     */
    public void solveEquality(Bodies b, int ba, int bb, double c, SoftCoefficients soft) {
        double k = inverseMass(b, ba, bb);
        if (!(k > 0)) {
            return;
        }
        double cdot = velocity(b, ba, bb);
        double d = soft == null ? -cdot / k
                : -soft.massScale * (cdot + soft.biasRate * c) / k - soft.impulseScale * impulse;
        impulse += d;
        apply(b, ba, bb, d);
    }

    /** One solve of a motor: Ċ toward {@code speed} with |λ| ≤ maxImpulse. */
    public void solveMotor(Bodies b, int ba, int bb, double speed, double maxImpulse) {
        double k = inverseMass(b, ba, bb);
        if (!(k > 0)) {
            return;
        }
        double next = Math.max(-maxImpulse, Math.min(maxImpulse, impulse - (velocity(b, ba, bb) - speed) / k));
        double d = next - impulse;
        impulse = next;
        apply(b, ba, bb, d);
    }
}
