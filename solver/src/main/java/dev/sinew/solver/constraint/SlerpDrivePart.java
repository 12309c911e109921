package dev.sinew.solver.constraint;

import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;

/**
 * An angular drive: a 3-DOF angular spring-damper pulling body B's orientation relative to body A
 * toward a target, with an optional target relative angular velocity. A slerp drive has one set of
 * gains; a swing/twist drive (swing-twist joints) has one for turns about the joint's twist axis
 * and one for turns perpendicular to it.
 *
 * <pre>
 *   q_aim  = exp(−ω_target·r) · q_target         (r: time left in the tick from this substep's start)
 *   q_diff = q_B · conj(q_A · q_aim)             (world; sign chosen so that w ≥ 0)
 *   C      = θ·axis of q_diff (its rotation vector, rad, world; exact for any angle < π)
 *   Ċ      = ω_B − ω_A − R_A·ω_target           J = [ 0  −E  0  E ]
 *   K      = I_A⁻¹ + I_B⁻¹
 *   λ_new  = λ − (K + Γ)⁻¹·(Ċ + B·C + Γ·λ)      Γ: compliance, B: bias rates (3×3)
 *     slerp, physical gains:        Γ = E/D,  B = b·E            (see SoftCoefficients)
 *     slerp, relative gains:        Γ = K/D,  B = b·E            (= massScale·K⁻¹, impulseScale)
 *     swing/twist (t: twist axis):  Γ = t·tᵀ/D_t + (E − t·tᵀ)/D_s,  B = b_t·t·tᵀ + b_s·(E − t·tᵀ)
 *                                   (relative gains made physical with the inertia about t, and
 *                                   the mean inertia across it)
 *   |λ| ≤ maxTorque·h  (swing/twist: the twist part and the swing part, each with its own limit)
 * </pre>
 * The target is where B should be at the end of the tick. With a target velocity the spring
 * measures its error, in each substep, from a target moving at that velocity which arrives there
 * at the end of the tick (where it is at the substep's start; the feed-forward carries it through
 * the substep): spring and feed-forward then agree, and a stiff drive ends the tick on target.
 * Aiming every substep at the end-of-tick orientation while also feeding its velocity forward ran
 * about 0.6 of a tick ahead (the CMU walk's right hand led its animation by 8–13° where the
 * capture turns it at 1,200–3,300°/s).
 * The drive is a force, not a constraint error, so it runs in the biased pass only; the relax
 * pass does not touch it. The impulse is reported as torque λ/h.
 */
public final class SlerpDrivePart {
    /** Gains of the slerp drive, or of the swing part of a swing/twist drive. */
    public DriveSettings settings;
    /** Gains of the twist part of a swing/twist drive; null for a slerp drive. */
    public DriveSettings twistSettings;
    /** The twist axis in A's frame (swing/twist drives), unit. */
    public final double[] twistAxisInA = {1, 0, 0};
    /** Compliance Γ, bias rates B (3×3 row-major, world) and the twist axis t (world) this tick. */
    private final double[] gamma = new double[9];
    private final double[] biasRates = new double[9];
    private final double[] t = new double[3];
    private final SoftCoefficients twistCoef = new SoftCoefficients();
    /** Target orientation of B relative to A (x, y, z, w), unit. */
    public final double[] target = {0, 0, 0, 1};
    /** Target angular velocity of B relative to A, in A's frame, rad/s. */
    public final double[] targetAngVel = new double[3];
    /** What the current substep aims at: {@link #target} (B relative to A, unit, x, y, z, w) taken back along the target velocity. */
    public final double[] aim = {0, 0, 0, 1};
    /** Accumulated angular impulse of the current substep, N·m·s, world. */
    public final double[] impulse = new double[3];
    /** Error to the target at the last solve, rad, world. */
    public final double[] error = new double[3];
    public final SoftCoefficients coef = new SoftCoefficients();
    /**
     * Inertia (world, about the joint's anchor, kg·m²) of the bodies the drive turns, held rigid,
     * when the tree solver knows it this tick: it sets how fast a torque-limited drive may close in.
     */
    public final double[] brakingInertia = new double[9];
    public boolean brakingInertiaKnown;
    private final double[] k = new double[9];
    /** K = I_A⁻¹ + I_B⁻¹ of this tick (world), before the spring's compliance is added. */
    private final double[] kLocal = new double[9];
    private final double[] wt = new double[3];
    private final double[] m = new double[9];
    private double h;
    /** False when every part's gains are zero: the drive does nothing. */
    public boolean active;

    public void prepare(Bodies b, int ba, int bb, double substep) {
        h = substep;
        for (int i = 0; i < 9; i++) {
            kLocal[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
        }
        for (int i = 0; i < 9; i++) {
            gamma[i] = 0;
            biasRates[i] = 0;
        }
        if (twistSettings == null) {
            coef.setDrive(settings, h);
            if (coef.active) {
                for (int i = 0; i < 9; i++) {
                    gamma[i] = coef.physical ? (i % 4 == 0 ? coef.invD : 0) : coef.invD * kLocal[i];
                    biasRates[i] = i % 4 == 0 ? coef.biasRate : 0;
                }
            }
        } else {
            prepareSwingTwist(b, ba);
        }
        active = coef.active || (twistSettings != null && twistCoef.active);
        if (!active) {
            java.util.Arrays.fill(m, 0);
            return;
        }
        for (int i = 0; i < 9; i++) {
            k[i] = kLocal[i] + gamma[i];
        }
        Mat3.invert(k, m);
    }

    /** Γ and B of a swing/twist drive, each part's gains made physical with the inertia it turns. */
    private void prepareSwingTwist(Bodies b, int ba) {
        t[0] = Quaternions.rotX(b.rot, ba, twistAxisInA, 0);
        t[1] = Quaternions.rotY(b.rot, ba, twistAxisInA, 0);
        t[2] = Quaternions.rotZ(b.rot, ba, twistAxisInA, 0);
        double ktt = t[0] * (kLocal[0] * t[0] + kLocal[1] * t[1] + kLocal[2] * t[2])
                + t[1] * (kLocal[3] * t[0] + kLocal[4] * t[1] + kLocal[5] * t[2])
                + t[2] * (kLocal[6] * t[0] + kLocal[7] * t[1] + kLocal[8] * t[2]);
        double across = kLocal[0] + kLocal[4] + kLocal[8] - ktt;
        physicalCoefficients(settings, across > 0 ? 2 / across : 0, coef);
        physicalCoefficients(twistSettings, ktt > 0 ? 1 / ktt : 0, twistCoef);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double tt = t[r] * t[c];
                double e = r == c ? 1 : 0;
                // a part without gains is free: a compliance so large that it takes no impulse
                gamma[3 * r + c] = (twistCoef.active ? twistCoef.invD : FREE) * tt + (coef.active ? coef.invD : FREE) * (e - tt);
                biasRates[3 * r + c] = (twistCoef.active ? twistCoef.biasRate * tt : 0)
                        + (coef.active ? coef.biasRate * (e - tt) : 0);
            }
        }
    }

    /** Compliance of a swing or twist part whose gains are both zero, rad/(N·m·s). */
    private static final double FREE = 1e12;

    /** Coefficients of s made physical (N·m/rad) with the inertia it turns, kg·m². */
    private void physicalCoefficients(DriveSettings s, double inertia, SoftCoefficients out) {
        double k = s.stiffness();
        double c = s.damping();
        switch (s.gains()) {
            case FREQUENCY_DAMPING_RATIO -> {
                double omega = 2 * Math.PI * s.stiffness();
                k = inertia * omega * omega;
                c = inertia * 2 * s.damping() * omega;
            }
            case ACCELERATION -> {
                k *= inertia;
                c *= inertia;
            }
            default -> {
            }
        }
        out.setStiffness(k, c, true, h);
    }

    public void warmStart(Bodies b, int ba, int bb) {
        AngleConstraintPart.apply(b, ba, bb, impulse[0], impulse[1], impulse[2]);
    }

    public void solve(Bodies b, int ba, int bb) {
        if (!active) {
            return;
        }
        rows(b, ba, bb, v);
        double nx = impulse[0] - (m[0] * v[0] + m[1] * v[1] + m[2] * v[2]);
        double ny = impulse[1] - (m[3] * v[0] + m[4] * v[1] + m[5] * v[2]);
        double nz = impulse[2] - (m[6] * v[0] + m[7] * v[1] + m[8] * v[2]);
        clampAndApply(b, ba, bb, nx, ny, nz);
    }

    private final double[] v = new double[3];

    /** v = Ċ + s·B·C + Γ·λ, the drive's velocity error (s: {@link #closingScale}). */
    private void rows(Bodies b, int ba, int bb, double[] out) {
        rotationError(b, ba, bb, aim);
        targetVelocity(b, ba);
        double scale = closingScale();
        double[] w = b.angVel;
        for (int r = 0; r < 3; r++) {
            out[r] = w[3 * bb + r] - w[3 * ba + r] - wt[r]
                    + scale * (biasRates[3 * r] * error[0] + biasRates[3 * r + 1] * error[1] + biasRates[3 * r + 2] * error[2])
                    + gamma[3 * r] * impulse[0] + gamma[3 * r + 1] * impulse[1] + gamma[3 * r + 2] * impulse[2];
        }
    }

    /**
     * Sets the accumulated impulse to (nx, ny, nz) within the torque limit (a slerp drive's as a
     * whole, a swing/twist drive's twist and swing parts each) and applies the change.
     */
    private void clampAndApply(Bodies b, int ba, int bb, double nx, double ny, double nz) {
        if (twistSettings == null) {
            AngleConstraintPart.clampAndApply(b, ba, bb, impulse, nx, ny, nz, settings.maxTorque() * h);
            return;
        }
        double along = nx * t[0] + ny * t[1] + nz * t[2];
        double sx = nx - along * t[0];
        double sy = ny - along * t[1];
        double sz = nz - along * t[2];
        double maxTwist = twistSettings.maxTorque() * h * (1 - 1e-15);
        double maxSwing = settings.maxTorque() * h * (1 - 1e-15);
        along = Math.max(-maxTwist, Math.min(maxTwist, along));
        double swing = Math.sqrt(sx * sx + sy * sy + sz * sz);
        double k = swing > maxSwing ? maxSwing / swing : 1;
        double cx = along * t[0] + k * sx;
        double cy = along * t[1] + k * sy;
        double cz = along * t[2] + k * sz;
        AngleConstraintPart.apply(b, ba, bb, cx - impulse[0], cy - impulse[1], cz - impulse[2]);
        impulse[0] = cx;
        impulse[1] = cy;
        impulse[2] = cz;
    }


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
        double max = twistSettings == null ? settings.maxTorque() : Math.min(settings.maxTorque(), twistSettings.maxTorque());
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
        double alpha = Tuning.BRAKING_SHARE * max / inertia;
        double ah = 0.5 * alpha * h;
        double v = Math.sqrt(ah * ah + 2 * alpha * e) - ah;
        double asked = maxBiasRate() * e;
        return asked > v ? v / asked : 1;
    }

    /** The target relative angular velocity in world, R_A·ω_target, into {@link #wt}. */
    private void targetVelocity(Bodies b, int ba) {
        wt[0] = Quaternions.rotX(b.rot, ba, targetAngVel, 0);
        wt[1] = Quaternions.rotY(b.rot, ba, targetAngVel, 0);
        wt[2] = Quaternions.rotZ(b.rot, ba, targetAngVel, 0);
    }

    /**
     * The drive's three rows for the tree solve: right-hand side −(Ċ + b·C + Γ·λ) into
     * rhs[o..o+2] and the compliance Γ (3×3, row-major) into gamma: I/D for physical gains,
     * K/D for gains relative to the effective inertia (K = I_A⁻¹ + I_B⁻¹), which reproduces the
     * sequential formulas exactly when K is the whole effective mass.
     */
    public void treeRows(Bodies b, int ba, int bb, double[] rhs, int o, double[] gammaOut) {
        rows(b, ba, bb, v);
        System.arraycopy(gamma, 0, gammaOut, 0, 9);
        rhs[o] = -v[0];
        rhs[o + 1] = -v[1];
        rhs[o + 2] = -v[2];
    }

    /**
     * After a tree solve that would change the accumulated impulse by −(x0, x1, x2): if the new
     * impulse exceeds the torque limit, the drive is saturated: it applies what it would apply
     * alone (the sequential impulse −M·(Ċ + s·B·C + Γ·λ) through its own two bodies), no larger
     * than the tree's and clamped to its limit, and true is returned (the tree then solves again
     * without this drive's rows). The tree's own impulse is not used for a saturated drive: in a
     * limb held by other stiff drives and limits most of it is internal (what the coupled system
     * would cancel), and applied alone, as a fixed impulse, it spun a light upper arm about its long
     * axis at 170 rad/s in one substep (a standing ragdoll with arm stiffness 1,500 N·m/rad took
     * 37 J in its first substep and flailed).
     */
    public boolean clampInTree(Bodies b, int ba, int bb, double x0, double x1, double x2) {
        double nx = impulse[0] - x0;
        double ny = impulse[1] - x1;
        double nz = impulse[2] - x2;
        if (withinLimit(nx, ny, nz)) {
            return false;
        }
        double tree = Math.sqrt((nx - impulse[0]) * (nx - impulse[0]) + (ny - impulse[1]) * (ny - impulse[1])
                + (nz - impulse[2]) * (nz - impulse[2]));
        rows(b, ba, bb, v);
        double dx = -(m[0] * v[0] + m[1] * v[1] + m[2] * v[2]);
        double dy = -(m[3] * v[0] + m[4] * v[1] + m[5] * v[2]);
        double dz = -(m[6] * v[0] + m[7] * v[1] + m[8] * v[2]);
        double own = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double k = own > tree ? tree / own : 1;
        clampAndApply(b, ba, bb, impulse[0] + k * dx, impulse[1] + k * dy, impulse[2] + k * dz);
        return true;
    }

    /**
     * Clamps an impulse on B (x, y, z at imp[0..2], world) to the torque limit over this substep, as
     * the sequential solve does (a slerp drive's as a whole; a swing/twist drive's twist and swing
     * parts each); true if it was over.
     */
    public boolean clampImpulse(double[] imp) {
        if (withinLimit(imp[0], imp[1], imp[2])) {
            return false;
        }
        if (twistSettings == null) {
            double max = settings.maxTorque() * h;
            double k = max / Math.sqrt(imp[0] * imp[0] + imp[1] * imp[1] + imp[2] * imp[2]);
            imp[0] *= k;
            imp[1] *= k;
            imp[2] *= k;
            return true;
        }
        double along = imp[0] * t[0] + imp[1] * t[1] + imp[2] * t[2];
        double sx = imp[0] - along * t[0];
        double sy = imp[1] - along * t[1];
        double sz = imp[2] - along * t[2];
        double maxTwist = twistSettings.maxTorque() * h;
        double maxSwing = settings.maxTorque() * h;
        along = Math.max(-maxTwist, Math.min(maxTwist, along));
        double swing = Math.sqrt(sx * sx + sy * sy + sz * sz);
        double k = swing > maxSwing ? maxSwing / swing : 1;
        imp[0] = along * t[0] + k * sx;
        imp[1] = along * t[1] + k * sy;
        imp[2] = along * t[2] + k * sz;
        return true;
    }

    private boolean withinLimit(double nx, double ny, double nz) {
        if (twistSettings == null) {
            double max = settings.maxTorque() * h;
            return nx * nx + ny * ny + nz * nz <= max * max;
        }
        double along = nx * t[0] + ny * t[1] + nz * t[2];
        double sx = nx - along * t[0];
        double sy = ny - along * t[1];
        double sz = nz - along * t[2];
        double maxTwist = twistSettings.maxTorque() * h;
        double maxSwing = settings.maxTorque() * h;
        return Math.abs(along) <= maxTwist && sx * sx + sy * sy + sz * sz <= maxSwing * maxSwing;
    }

    /** The largest bias rate of the drive's parts, 1/s (what the closing-speed request scales). */
    private double maxBiasRate() {
        if (twistSettings == null) {
            return coef.biasRate;
        }
        return Math.max(twistCoef.active ? twistCoef.biasRate : 0, coef.active ? coef.biasRate : 0);
    }

    /** Torque applied over the last substep, N·m, world (on B; A takes the opposite). */
    public double torque(int axis) {
        return h > 0 ? impulse[axis] / h : 0;
    }

    /**
     * Sets {@link #aim} to where a target turning at the target velocity is {@code remaining}
     * seconds before it reaches {@link #target}: exp(−ω·r)·q_target (ω in A's frame, so the turn
     * multiplies from the left).
     */
    public void aim(double remaining) {
        double x = targetAngVel[0] * remaining;
        double y = targetAngVel[1] * remaining;
        double z = targetAngVel[2] * remaining;
        double angle = Math.sqrt(x * x + y * y + z * z);
        if (angle == 0) {
            System.arraycopy(target, 0, aim, 0, 4);
            return;
        }
        double s = -StrictMath.sin(0.5 * angle) / angle;
        double dx = x * s;
        double dy = y * s;
        double dz = z * s;
        double dw = StrictMath.cos(0.5 * angle);
        double tx = target[0];
        double ty = target[1];
        double tz = target[2];
        double tw = target[3];
        aim[0] = dw * tx + dx * tw + dy * tz - dz * ty;
        aim[1] = dw * ty - dx * tz + dy * tw + dz * tx;
        aim[2] = dw * tz + dx * ty - dy * tx + dz * tw;
        aim[3] = dw * tw - dx * tx - dy * ty - dz * tz;
    }

    /**
     * C = rotation vector of q_B·conj(q_A·q), into {@link #error}; q is {@link #aim} in the solve,
     * {@link #target} when asked between steps.
     */
    public void rotationError(Bodies b, int ba, int bb, double[] q) {
        double dw = AngleConstraintPart.relativeRotation(b, ba, bb, q, 0, error);
        double s = Math.sqrt(error[0] * error[0] + error[1] * error[1] + error[2] * error[2]);
        // θ = 2·atan2(|v|, w); θ/|v| → 2 as |v| → 0
        double scale = s > 1e-12 ? 2 * Math.atan2(s, dw) / s : 2;
        error[0] *= scale;
        error[1] *= scale;
        error[2] *= scale;
    }

}
