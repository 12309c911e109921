package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;

/**
 * Angular velocity motors about the three axes of a joint's frame in body A: each drives the
 * relative angular velocity of B about its axis toward a target speed with a torque limit.
 *
 * <pre>
 *   a_i = R_A·axis_i (world, unit)
 *   Ċ_i = (ω_B − ω_A)·a_i − speed_i            J_i = [ 0  −a_i  0  a_i ]
 *   λ_i = clamp(λ_i − Ċ_i/K_i, ±maxTorque_i·h),  K_i = a_i·(I_A⁻¹ + I_B⁻¹)·a_i
 * </pre>
 * A motor has no position term, so it runs in both the biased and the relax pass, after the
 * joint's constraints, as joint friction does (friction is the zero-speed motor of all axes).
 */
public final class AxisMotorPart {
    /** The motor axes in A's frame: axis i at [3i, 3i+3), unit, orthonormal. */
    public final double[] axisInA = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    public final double[] speed = new double[3];
    /** Torque limits, N·m; 0: that axis has no motor. */
    public final double[] maxTorque = new double[3];
    public final AxisConstraintPart[] rows = {new AxisConstraintPart(), new AxisConstraintPart(), new AxisConstraintPart()};
    private double h;

    public void prepare(double substep) {
        h = substep;
    }

    private void axis(Bodies b, int ba, int i) {
        double x = Quaternions.rotX(b.rot, ba, axisInA, 3 * i);
        double y = Quaternions.rotY(b.rot, ba, axisInA, 3 * i);
        double z = Quaternions.rotZ(b.rot, ba, axisInA, 3 * i);
        rows[i].setAngular(x, y, z);
    }

    public void warmStart(Bodies b, int ba, int bb) {
        for (int i = 0; i < 3; i++) {
            if (maxTorque[i] > 0) {
                axis(b, ba, i);
                rows[i].warmStart(b, ba, bb);
            }
        }
    }

    public void solve(Bodies b, int ba, int bb) {
        for (int i = 0; i < 3; i++) {
            if (maxTorque[i] > 0) {
                axis(b, ba, i);
                rows[i].solveMotor(b, ba, bb, speed[i], maxTorque[i] * h);
            }
        }
    }

    public boolean any() {
        return maxTorque[0] > 0 || maxTorque[1] > 0 || maxTorque[2] > 0;
    }
}
