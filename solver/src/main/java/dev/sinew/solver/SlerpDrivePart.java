package dev.sinew.solver;

/**
 * A slerp drive: one 3-DOF angular spring-damper pulling body B's orientation relative to body A
 * toward a target, with an optional target relative angular velocity.
 *
 * <pre>
 *   q_diff = q_B · conj(q_A · q_target)          (world; sign chosen so that w ≥ 0)
 *   C      = θ·axis of q_diff (its rotation vector, rad, world; exact for any angle < π)
 *   Ċ      = ω_B − ω_A − R_A·ω_target           J = [ 0  −E  0  E ]
 *   K      = I_A⁻¹ + I_B⁻¹
 *   λ      = −(K + I/D)⁻¹·(Ċ + b·C)              (physical gains; see SpringCoefficients)
 *   |λ_total| ≤ maxTorque·h                       the substep's accumulated impulse is clamped
 * </pre>
 * The drive is a force, not a constraint error, so it runs in the biased pass only; the relax
 * pass does not touch it. The impulse is reported as torque λ/h.
 */
final class SlerpDrivePart {
    DriveSettings settings;
    /** Target orientation of B relative to A (x, y, z, w), unit. */
    final double[] target = {0, 0, 0, 1};
    /** Target angular velocity of B relative to A, in A's frame, rad/s. */
    final double[] targetAngVel = new double[3];
    /** Accumulated angular impulse of the current substep, N·m·s, world. */
    final double[] impulse = new double[3];
    /** Error to the target at the last solve, rad, world. */
    final double[] error = new double[3];
    final SpringCoefficients coef = new SpringCoefficients();
    private final double[] k = new double[9];
    private final double[] m = new double[9];
    private double h;

    void prepare(Bodies b, int ba, int bb, double substep) {
        h = substep;
        coef.set(settings, h);
        for (int i = 0; i < 9; i++) {
            k[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
        }
        if (!coef.active) {
            java.util.Arrays.fill(m, 0);
        } else if (coef.physical) {
            k[0] += coef.invD;
            k[4] += coef.invD;
            k[8] += coef.invD;
            Mat3.invert(k, m);
        } else {
            Mat3.invert(k, m);
            for (int i = 0; i < 9; i++) {
                m[i] *= coef.massScale;
            }
        }
    }

    void warmStart(Bodies b, int ba, int bb) {
        AngleConstraintPart.apply(b, ba, bb, impulse[0], impulse[1], impulse[2]);
    }

    void solve(Bodies b, int ba, int bb) {
        if (!coef.active) {
            return;
        }
        rotationError(b, ba, bb);
        double[] w = b.angVel;
        // target relative angular velocity to world: R_A · ω_target
        double ax = b.rot[4 * ba];
        double ay = b.rot[4 * ba + 1];
        double az = b.rot[4 * ba + 2];
        double aw = b.rot[4 * ba + 3];
        double tx = targetAngVel[0];
        double ty = targetAngVel[1];
        double tz = targetAngVel[2];
        double cx = ay * tz - az * ty + aw * tx;
        double cy = az * tx - ax * tz + aw * ty;
        double cz = ax * ty - ay * tx + aw * tz;
        double wtx = tx + 2 * (ay * cz - az * cy);
        double wty = ty + 2 * (az * cx - ax * cz);
        double wtz = tz + 2 * (ax * cy - ay * cx);
        double b0 = coef.biasRate;
        double vx = w[3 * bb] - w[3 * ba] - wtx + b0 * error[0];
        double vy = w[3 * bb + 1] - w[3 * ba + 1] - wty + b0 * error[1];
        double vz = w[3 * bb + 2] - w[3 * ba + 2] - wtz + b0 * error[2];
        if (coef.physical) {
            vx += coef.invD * impulse[0];
            vy += coef.invD * impulse[1];
            vz += coef.invD * impulse[2];
        }
        double px = -(m[0] * vx + m[1] * vy + m[2] * vz);
        double py = -(m[3] * vx + m[4] * vy + m[5] * vz);
        double pz = -(m[6] * vx + m[7] * vy + m[8] * vz);
        if (!coef.physical) {
            px -= coef.impulseScale * impulse[0];
            py -= coef.impulseScale * impulse[1];
            pz -= coef.impulseScale * impulse[2];
        }
        double nx = impulse[0] + px;
        double ny = impulse[1] + py;
        double nz = impulse[2] + pz;
        AngleConstraintPart.clampAndApply(b, ba, bb, impulse, nx, ny, nz, settings.maxTorque() * h);
    }

    /** Torque applied over the last substep, N·m, world (on B; A takes the opposite). */
    double torque(int axis) {
        return h > 0 ? impulse[axis] / h : 0;
    }

    /** C = rotation vector of q_B·conj(q_A·q_target), into {@link #error}. */
    void rotationError(Bodies b, int ba, int bb) {
        double dw = AngleConstraintPart.relativeRotation(b, ba, bb, target, 0, error);
        double s = Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
        // θ = 2·atan2(|v|, w); θ/|v| → 2 as |v| → 0
        double scale = s > 1e-12 ? 2 * Math.atan2(s, dw) / s : 2;
        error[0] *= scale;
        error[1] *= scale;
        error[2] *= scale;
    }

}
