package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Mat3;

/**
 * Joint friction: a zero-velocity angular motor whose torque is limited, so it holds the joint
 * still against small loads and slips, with a constant resisting torque, under large ones.
 *
 * <pre>
 *   Ċ = ω_B − ω_A                     J = [ 0  −E  0  E ]
 *   K = I_A⁻¹ + I_B⁻¹
 *   λ_total = clamp(λ − K⁻¹·Ċ),  |λ_total| ≤ maxTorque·h   (the substep's accumulated impulse)
 * </pre>
 * No position term, so it runs in both the biased and the relax pass.
 */
public final class FrictionPart {
    public double maxTorque;
    /** Accumulated angular impulse of the current substep, N·m·s, world (on B; A takes the opposite). */
    public final double[] impulse = new double[3];
    private final double[] k = new double[9];
    private final double[] kInv = new double[9];
    private double h;

    public void prepare(Bodies b, int ba, int bb, double substep) {
        h = substep;
        for (int i = 0; i < 9; i++) {
            k[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
        }
        Mat3.invert(k, kInv);
    }

    public void warmStart(Bodies b, int ba, int bb) {
        AngleConstraintPart.apply(b, ba, bb, impulse[0], impulse[1], impulse[2]);
    }

    public void solve(Bodies b, int ba, int bb) {
        double[] w = b.angVel;
        double vx = w[3 * bb] - w[3 * ba];
        double vy = w[3 * bb + 1] - w[3 * ba + 1];
        double vz = w[3 * bb + 2] - w[3 * ba + 2];
        double nx = impulse[0] - (kInv[0] * vx + kInv[1] * vy + kInv[2] * vz);
        double ny = impulse[1] - (kInv[3] * vx + kInv[4] * vy + kInv[5] * vz);
        double nz = impulse[2] - (kInv[6] * vx + kInv[7] * vy + kInv[8] * vz);
        AngleConstraintPart.clampAndApply(b, ba, bb, impulse, nx, ny, nz, maxTorque * h);
    }
}
