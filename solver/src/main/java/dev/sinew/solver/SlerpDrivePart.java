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
    /**
     * Inertia (world, about the joint's anchor, kg·m²) of the bodies the drive turns, held rigid,
     * when the tree solver knows it this tick: it sets how fast a torque-limited drive may close in.
     */
    final double[] brakingInertia = new double[9];
    boolean brakingInertiaKnown;
    private final double[] k = new double[9];
    /** K = I_A⁻¹ + I_B⁻¹ of this tick (world), before the spring's compliance is added. */
    private final double[] kLocal = new double[9];
    private final double[] wt = new double[3];
    private final double[] m = new double[9];
    private double h;

    void prepare(Bodies b, int ba, int bb, double substep) {
        h = substep;
        coef.set(settings, h);
        for (int i = 0; i < 9; i++) {
            k[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
            kLocal[i] = k[i];
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
        targetVelocity(b, ba);
        double wtx = wt[0];
        double wty = wt[1];
        double wtz = wt[2];
        double b0 = coef.biasRate * closingScale();
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

    /**
     * The share of its torque limit a saturated drive plans to brake with; the rest is kept for
     * what else turns the joint meanwhile (gravity, the parent's own acceleration). Measured in the
     * drive-gains scene (two-body arm, stiffness 1e3…1e9): braking with all of it overshot the
     * elbow by 2.1° (the shoulder was still accelerating), with 0.8 by 0.5°, with 0.5 by 0.2°.
     */
    static final double BRAKING_SHARE = 0.5;

    /**
     * The spring asks for the closing speed b·|C|; a torque limit can stop from at most
     * v = √((α·h/2)² + 2·α·|C|) − α·h/2 within |C| (constant deceleration α = share·maxTorque/I over
     * substeps h), with I the inertia about the error's axis of what the drive turns held rigid,
     * an upper bound of the inertia it feels. Asking for more only makes a saturated drive
     * overshoot (critical damping cannot act while the torque is clamped), so the request is scaled
     * down to v: the drive brakes in time. Returns the scale (1 when unlimited or unknown).
     */
    private double closingScale() {
        double e = Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
        double max = settings.maxTorque();
        if (!brakingInertiaKnown || max == Double.POSITIVE_INFINITY || !(e > 0)) {
            return 1;
        }
        double nx = error[0] / e;
        double ny = error[1] / e;
        double nz = error[2] / e;
        double[] i = brakingInertia;
        double inertia = nx * (i[0] * nx + i[1] * ny + i[2] * nz) + ny * (i[3] * nx + i[4] * ny + i[5] * nz)
                + nz * (i[6] * nx + i[7] * ny + i[8] * nz);
        if (!(inertia > 0)) {
            return 1;
        }
        double alpha = BRAKING_SHARE * max / inertia;
        double ah = 0.5 * alpha * h;
        double v = Math.sqrt(ah * ah + 2 * alpha * e) - ah;
        double asked = coef.biasRate * e;
        return asked > v ? v / asked : 1;
    }

    /** The target relative angular velocity in world, R_A·ω_target, into {@link #wt}. */
    private void targetVelocity(Bodies b, int ba) {
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
        wt[0] = tx + 2 * (ay * cz - az * cy);
        wt[1] = ty + 2 * (az * cx - ax * cz);
        wt[2] = tz + 2 * (ax * cy - ay * cx);
    }

    /**
     * The drive's three rows for the tree solve: right-hand side −(Ċ + b·C + Γ·λ) into
     * rhs[o..o+2] and the compliance Γ (3×3, row-major) into gamma: I/D for physical gains,
     * K/D for gains relative to the effective inertia (K = I_A⁻¹ + I_B⁻¹), which reproduces the
     * sequential formulas exactly when K is the whole effective mass.
     */
    void treeRows(Bodies b, int ba, int bb, double[] rhs, int o, double[] gamma) {
        rotationError(b, ba, bb);
        targetVelocity(b, ba);
        for (int r = 0; r < 9; r++) {
            gamma[r] = coef.physical ? (r % 4 == 0 ? coef.invD : 0) : coef.invD * kLocal[r];
        }
        double b0 = coef.biasRate * closingScale();
        double[] w = b.angVel;
        for (int r = 0; r < 3; r++) {
            double v = w[3 * bb + r] - w[3 * ba + r] - wt[r] + b0 * error[r]
                    + gamma[3 * r] * impulse[0] + gamma[3 * r + 1] * impulse[1] + gamma[3 * r + 2] * impulse[2];
            rhs[o + r] = -v;
        }
    }

    /**
     * After a tree solve that would change the accumulated impulse by −(x0, x1, x2): if the new
     * impulse exceeds maxTorque·h it is clamped to it along the same direction and applied here,
     * and true is returned (the tree then solves again without this drive's rows).
     */
    boolean clampInTree(Bodies b, int ba, int bb, double x0, double x1, double x2) {
        double nx = impulse[0] - x0;
        double ny = impulse[1] - x1;
        double nz = impulse[2] - x2;
        double max = settings.maxTorque() * h;
        if (nx * nx + ny * ny + nz * nz <= max * max) {
            return false;
        }
        AngleConstraintPart.clampAndApply(b, ba, bb, impulse, nx, ny, nz, max);
        return true;
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
