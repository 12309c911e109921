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
    // ------------------------------------------------------------------ the drive's record

    /** Target orientation of B relative to A (x, y, z, w), unit: {@link #data}[TARGET..TARGET+3]. */
    public static final int TARGET = 0;
    /** Target angular velocity of B relative to A, in A's frame, rad/s. */
    public static final int TARGET_VEL = 4;
    /** What the current substep aims at: the target (B relative to A, x, y, z, w) taken back along the target velocity. */
    public static final int AIM = 7;
    /** Error to the target at the last solve, rad, world. */
    public static final int ERROR = 11;
    /** Accumulated angular impulse of the current substep, N·m·s, world. */
    public static final int IMPULSE = 14;
    /**
     * Inertia (world, about the joint's anchor, kg·m², 3×3 row-major) of the bodies the drive turns,
     * held rigid, when the tree solver knows it this tick ({@link #BRAKING_KNOWN} 1): it sets how
     * fast a torque-limited drive may close in.
     */
    public static final int BRAKING = 17;
    public static final int BRAKING_KNOWN = 26;
    /** Compliance Γ of this tick (3×3 row-major, world), rad/(N·m·s). */
    private static final int GAMMA = 27;
    /** Γ⁻¹ of this tick (3×3 row-major, world), N·m·s/rad, computed once a tick in {@link #prepare}. */
    public static final int GAMMA_INV = 36;
    /** The bias rates B of this tick (3×3 row-major, world), 1/s. */
    private static final int BIAS_RATES = 45;
    /** The twist axis t (world) of a swing/twist drive this tick. */
    private static final int T = 54;
    /** maxTorque of the slerp drive (or of its swing part) and of the twist part, N·m. */
    private static final int MAX_SWING = 57;
    private static final int MAX_TWIST = 58;
    /** The largest bias rate of the drive's parts, 1/s (what the closing-speed request scales). */
    private static final int MAX_BIAS_RATE = 59;
    /** The substep, s. */
    private static final int H = 60;
    /** 1 for a swing/twist drive, 0 for a slerp drive. */
    private static final int SWING_TWIST = 61;
    /** Scratch of a solve: the target velocity R_A·ω_target (world) and the velocity error v. */
    private static final int WT = 62;
    private static final int V = 65;
    /** Doubles in a drive's record. */
    public static final int RECORD = 68;
    /**
     * The part of a record a solve writes, [AIM, AIM + SOLVED): aim, error, impulse and braking
     * inertia; the rest is the target (set between ticks) and what {@link #prepare} computes.
     */
    public static final int SOLVED = GAMMA - AIM;

    /**
     * The drive's record: what a substep's solve reads and writes, in one array so that it lies
     * together in memory, and so that an articulation can keep its drives' records side by side
     * ({@link #treeRows(Bodies, int, int, double[], int, double[], int)} and the other static
     * methods take a record at an offset). Offsets: {@link #TARGET}, {@link #TARGET_VEL},
     * {@link #AIM}, {@link #ERROR}, {@link #IMPULSE}, {@link #BRAKING}, {@link #BRAKING_KNOWN}; the
     * rest is the drive's own.
     */
    public final double[] data = new double[RECORD];

    /** Gains of the slerp drive, or of the swing part of a swing/twist drive. */
    public DriveSettings settings;
    /** Gains of the twist part of a swing/twist drive; null for a slerp drive. */
    public DriveSettings twistSettings;
    /** The twist axis in A's frame (swing/twist drives), unit. */
    public final double[] twistAxisInA = {1, 0, 0};
    private final SoftCoefficients twistCoef = new SoftCoefficients();
    public final SoftCoefficients coef = new SoftCoefficients();
    private final double[] k = new double[9];
    /** K = I_A⁻¹ + I_B⁻¹ of this tick (world), before the spring's compliance is added. */
    private final double[] kLocal = new double[9];
    private final double[] m = new double[9];
    private double h;
    /** False when every part's gains are zero: the drive does nothing. */
    public boolean active;

    public SlerpDrivePart() {
        data[TARGET + 3] = 1;
        data[AIM + 3] = 1;
    }

    public void prepare(Bodies b, int ba, int bb, double substep) {
        double[] s = data;
        h = substep;
        s[H] = substep;
        for (int i = 0; i < 9; i++) {
            kLocal[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
        }
        for (int i = 0; i < 9; i++) {
            s[GAMMA + i] = 0;
            s[BIAS_RATES + i] = 0;
        }
        if (twistSettings == null) {
            coef.setDrive(settings, h);
            if (coef.active) {
                for (int i = 0; i < 9; i++) {
                    s[GAMMA + i] = coef.physical ? (i % 4 == 0 ? coef.invD : 0) : coef.invD * kLocal[i];
                    s[BIAS_RATES + i] = i % 4 == 0 ? coef.biasRate : 0;
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
            k[i] = kLocal[i] + s[GAMMA + i];
        }
        Mat3.invert(k, m);
        Mat3.invert(s, GAMMA, s, GAMMA_INV);
        s[MAX_SWING] = settings.maxTorque();
        s[MAX_TWIST] = twistSettings == null ? 0 : twistSettings.maxTorque();
        s[MAX_BIAS_RATE] = maxBiasRate();
        s[SWING_TWIST] = twistSettings == null ? 0 : 1;
    }

    /** Γ and B of a swing/twist drive, each part's gains made physical with the inertia it turns. */
    private void prepareSwingTwist(Bodies b, int ba) {
        double[] s = data;
        s[T] = Quaternions.rotX(b.rot, ba, twistAxisInA, 0);
        s[T + 1] = Quaternions.rotY(b.rot, ba, twistAxisInA, 0);
        s[T + 2] = Quaternions.rotZ(b.rot, ba, twistAxisInA, 0);
        double ktt = s[T] * (kLocal[0] * s[T] + kLocal[1] * s[T + 1] + kLocal[2] * s[T + 2])
                + s[T + 1] * (kLocal[3] * s[T] + kLocal[4] * s[T + 1] + kLocal[5] * s[T + 2])
                + s[T + 2] * (kLocal[6] * s[T] + kLocal[7] * s[T + 1] + kLocal[8] * s[T + 2]);
        double across = kLocal[0] + kLocal[4] + kLocal[8] - ktt;
        physicalCoefficients(settings, across > 0 ? 2 / across : 0, coef);
        physicalCoefficients(twistSettings, ktt > 0 ? 1 / ktt : 0, twistCoef);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double tt = s[T + r] * s[T + c];
                double e = r == c ? 1 : 0;
                // a part without gains is free: a compliance so large that it takes no impulse
                s[GAMMA + 3 * r + c] = (twistCoef.active ? twistCoef.invD : FREE) * tt
                        + (coef.active ? coef.invD : FREE) * (e - tt);
                s[BIAS_RATES + 3 * r + c] = (twistCoef.active ? twistCoef.biasRate * tt : 0)
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
        AngleConstraintPart.apply(b, ba, bb, data[IMPULSE], data[IMPULSE + 1], data[IMPULSE + 2]);
    }

    public void solve(Bodies b, int ba, int bb) {
        if (!active) {
            return;
        }
        double[] s = data;
        rows(b, ba, bb, s, 0);
        double nx = s[IMPULSE] - (m[0] * s[V] + m[1] * s[V + 1] + m[2] * s[V + 2]);
        double ny = s[IMPULSE + 1] - (m[3] * s[V] + m[4] * s[V + 1] + m[5] * s[V + 2]);
        double nz = s[IMPULSE + 2] - (m[6] * s[V] + m[7] * s[V + 1] + m[8] * s[V + 2]);
        clampAndApply(b, ba, bb, nx, ny, nz);
    }

    /**
     * v = Ċ + s·B·C + Γ·λ, the velocity error of the drive whose record is at d[o..] (s:
     * {@link #closingScale}), into its scratch; the error C at the record's aim into its
     * {@link #ERROR}.
     */
    private static void rows(Bodies b, int ba, int bb, double[] d, int o) {
        rotationError(b, ba, bb, d, o, o + AIM);
        targetVelocity(b, ba, d, o);
        double scale = closingScale(d, o);
        double[] w = b.angVel;
        int e = o + ERROR;
        int im = o + IMPULSE;
        for (int r = 0; r < 3; r++) {
            int br = o + BIAS_RATES + 3 * r;
            int g = o + GAMMA + 3 * r;
            d[o + V + r] = w[3 * bb + r] - w[3 * ba + r] - d[o + WT + r]
                    + scale * (d[br] * d[e] + d[br + 1] * d[e + 1] + d[br + 2] * d[e + 2])
                    + d[g] * d[im] + d[g + 1] * d[im + 1] + d[g + 2] * d[im + 2];
        }
    }

    /**
     * Sets the accumulated impulse to (nx, ny, nz) within the torque limit (a slerp drive's as a
     * whole, a swing/twist drive's twist and swing parts each) and applies the change.
     */
    private void clampAndApply(Bodies b, int ba, int bb, double nx, double ny, double nz) {
        double[] s = data;
        if (s[SWING_TWIST] == 0) {
            AngleConstraintPart.clampAndApply(b, ba, bb, s, IMPULSE, nx, ny, nz, s[MAX_SWING] * h);
            return;
        }
        double along = nx * s[T] + ny * s[T + 1] + nz * s[T + 2];
        double sx = nx - along * s[T];
        double sy = ny - along * s[T + 1];
        double sz = nz - along * s[T + 2];
        double maxTwist = s[MAX_TWIST] * h * (1 - 1e-15);
        double maxSwing = s[MAX_SWING] * h * (1 - 1e-15);
        along = Math.max(-maxTwist, Math.min(maxTwist, along));
        double swing = Math.sqrt(sx * sx + sy * sy + sz * sz);
        double k = swing > maxSwing ? maxSwing / swing : 1;
        double cx = along * s[T] + k * sx;
        double cy = along * s[T + 1] + k * sy;
        double cz = along * s[T + 2] + k * sz;
        AngleConstraintPart.apply(b, ba, bb, cx - s[IMPULSE], cy - s[IMPULSE + 1], cz - s[IMPULSE + 2]);
        s[IMPULSE] = cx;
        s[IMPULSE + 1] = cy;
        s[IMPULSE + 2] = cz;
    }

    /**
     * The spring asks for the closing speed b·|C|; a torque limit can stop from at most
     * v = √((α·h/2)² + 2·α·|C|) − α·h/2 within |C| (constant deceleration α = share·maxTorque/I over
     * substeps h), with I the inertia about the error's axis of what the drive turns held rigid,
     * an upper bound of the inertia it feels. Asking for more only makes a saturated drive
     * overshoot (critical damping cannot act while the torque is clamped), so the request is scaled
     * down to v: the drive brakes in time. Returns the scale (1 when unlimited or unknown) of the
     * drive whose record is at d[o..].
     */
    private static double closingScale(double[] d, int o) {
        int er = o + ERROR;
        double e = Math.sqrt(d[er] * d[er] + d[er + 1] * d[er + 1] + d[er + 2] * d[er + 2]);
        double max = d[o + SWING_TWIST] == 0 ? d[o + MAX_SWING] : Math.min(d[o + MAX_SWING], d[o + MAX_TWIST]);
        if (d[o + BRAKING_KNOWN] == 0 || max == Double.POSITIVE_INFINITY || !(e > 0)) {
            return 1;
        }
        double nx = d[er] / e;
        double ny = d[er + 1] / e;
        double nz = d[er + 2] / e;
        int i = o + BRAKING;
        double inertia = nx * (d[i] * nx + d[i + 1] * ny + d[i + 2] * nz) + ny * (d[i + 3] * nx + d[i + 4] * ny + d[i + 5] * nz)
                + nz * (d[i + 6] * nx + d[i + 7] * ny + d[i + 8] * nz);
        if (!(inertia > 0)) {
            return 1;
        }
        double alpha = Tuning.BRAKING_SHARE * max / inertia;
        double ah = 0.5 * alpha * d[o + H];
        double v = Math.sqrt(ah * ah + 2 * alpha * e) - ah;
        double asked = d[o + MAX_BIAS_RATE] * e;
        return asked > v ? v / asked : 1;
    }

    /** The target relative angular velocity in world, R_A·ω_target, into the record's scratch. */
    private static void targetVelocity(Bodies b, int ba, double[] d, int o) {
        d[o + WT] = Quaternions.rotX(b.rot, ba, d, o + TARGET_VEL);
        d[o + WT + 1] = Quaternions.rotY(b.rot, ba, d, o + TARGET_VEL);
        d[o + WT + 2] = Quaternions.rotZ(b.rot, ba, d, o + TARGET_VEL);
    }

    /**
     * The drive's three rows for the tree solve: right-hand side −(Ċ + b·C + Γ·λ) into
     * rhs[o..o+2] and the compliance Γ (3×3, row-major) into gamma: I/D for physical gains,
     * K/D for gains relative to the effective inertia (K = I_A⁻¹ + I_B⁻¹), which reproduces the
     * sequential formulas exactly when K is the whole effective mass.
     */
    public void treeRows(Bodies b, int ba, int bb, double[] rhs, int o, double[] gammaOut) {
        treeRows(b, ba, bb, data, 0, rhs, o);
        System.arraycopy(data, GAMMA, gammaOut, 0, 9);
    }

    /**
     * As {@link #treeRows} for the drive whose record is at d[o..] (a copy of a drive's
     * {@link #data} after its {@link #prepare}): −(Ċ + b·C + Γ·λ) into rhs[ro..ro+2]; Γ⁻¹ is at
     * d[o + {@link #GAMMA_INV}..].
     */
    public static void treeRows(Bodies b, int ba, int bb, double[] d, int o, double[] rhs, int ro) {
        rows(b, ba, bb, d, o);
        rhs[ro] = -d[o + V];
        rhs[ro + 1] = -d[o + V + 1];
        rhs[ro + 2] = -d[o + V + 2];
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
        double[] s = data;
        double nx = s[IMPULSE] - x0;
        double ny = s[IMPULSE + 1] - x1;
        double nz = s[IMPULSE + 2] - x2;
        if (withinLimit(s, 0, nx, ny, nz)) {
            return false;
        }
        double tree = Math.sqrt((nx - s[IMPULSE]) * (nx - s[IMPULSE]) + (ny - s[IMPULSE + 1]) * (ny - s[IMPULSE + 1])
                + (nz - s[IMPULSE + 2]) * (nz - s[IMPULSE + 2]));
        rows(b, ba, bb, s, 0);
        double dx = -(m[0] * s[V] + m[1] * s[V + 1] + m[2] * s[V + 2]);
        double dy = -(m[3] * s[V] + m[4] * s[V + 1] + m[5] * s[V + 2]);
        double dz = -(m[6] * s[V] + m[7] * s[V + 1] + m[8] * s[V + 2]);
        double own = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double k = own > tree ? tree / own : 1;
        clampAndApply(b, ba, bb, s[IMPULSE] + k * dx, s[IMPULSE + 1] + k * dy, s[IMPULSE + 2] + k * dz);
        return true;
    }

    /**
     * Clamps an impulse on B (x, y, z at imp[io..io+2], world) to the torque limit over this
     * substep of the drive whose record is at d[o..], as the sequential solve does (a slerp drive's
     * as a whole; a swing/twist drive's twist and swing parts each); true if it was over.
     */
    public static boolean clampImpulse(double[] d, int o, double[] imp, int io) {
        if (withinLimit(d, o, imp[io], imp[io + 1], imp[io + 2])) {
            return false;
        }
        double h = d[o + H];
        if (d[o + SWING_TWIST] == 0) {
            double max = d[o + MAX_SWING] * h;
            double k = max / Math.sqrt(imp[io] * imp[io] + imp[io + 1] * imp[io + 1] + imp[io + 2] * imp[io + 2]);
            imp[io] *= k;
            imp[io + 1] *= k;
            imp[io + 2] *= k;
            return true;
        }
        int t = o + T;
        double along = imp[io] * d[t] + imp[io + 1] * d[t + 1] + imp[io + 2] * d[t + 2];
        double sx = imp[io] - along * d[t];
        double sy = imp[io + 1] - along * d[t + 1];
        double sz = imp[io + 2] - along * d[t + 2];
        double maxTwist = d[o + MAX_TWIST] * h;
        double maxSwing = d[o + MAX_SWING] * h;
        along = Math.max(-maxTwist, Math.min(maxTwist, along));
        double swing = Math.sqrt(sx * sx + sy * sy + sz * sz);
        double k = swing > maxSwing ? maxSwing / swing : 1;
        imp[io] = along * d[t] + k * sx;
        imp[io + 1] = along * d[t + 1] + k * sy;
        imp[io + 2] = along * d[t + 2] + k * sz;
        return true;
    }

    private static boolean withinLimit(double[] d, int o, double nx, double ny, double nz) {
        double h = d[o + H];
        if (d[o + SWING_TWIST] == 0) {
            double max = d[o + MAX_SWING] * h;
            return nx * nx + ny * ny + nz * nz <= max * max;
        }
        int t = o + T;
        double along = nx * d[t] + ny * d[t + 1] + nz * d[t + 2];
        double sx = nx - along * d[t];
        double sy = ny - along * d[t + 1];
        double sz = nz - along * d[t + 2];
        double maxTwist = d[o + MAX_TWIST] * h;
        double maxSwing = d[o + MAX_SWING] * h;
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
        return h > 0 ? data[IMPULSE + axis] / h : 0;
    }

    /** {@link #aim(double[], int, double)} of this drive's record. */
    public void aim(double remaining) {
        aim(data, 0, remaining);
    }

    /**
     * Sets the aim of the drive whose record is at d[o..] to where a target turning at the target
     * velocity is {@code remaining} seconds before it reaches the target: exp(−ω·r)·q_target (ω in
     * A's frame, so the turn multiplies from the left).
     */
    public static void aim(double[] d, int o, double remaining) {
        double x = d[o + TARGET_VEL] * remaining;
        double y = d[o + TARGET_VEL + 1] * remaining;
        double z = d[o + TARGET_VEL + 2] * remaining;
        double angle = Math.sqrt(x * x + y * y + z * z);
        if (angle == 0) {
            System.arraycopy(d, o + TARGET, d, o + AIM, 4);
            return;
        }
        double s = -StrictMath.sin(0.5 * angle) / angle;
        double dx = x * s;
        double dy = y * s;
        double dz = z * s;
        double dw = StrictMath.cos(0.5 * angle);
        double tx = d[o + TARGET];
        double ty = d[o + TARGET + 1];
        double tz = d[o + TARGET + 2];
        double tw = d[o + TARGET + 3];
        d[o + AIM] = dw * tx + dx * tw + dy * tz - dz * ty;
        d[o + AIM + 1] = dw * ty - dx * tz + dy * tw + dz * tx;
        d[o + AIM + 2] = dw * tz + dx * ty - dy * tx + dz * tw;
        d[o + AIM + 3] = dw * tw - dx * tx - dy * ty - dz * tz;
    }

    /**
     * C = rotation vector of q_B·conj(q_A·q), into the record's {@link #ERROR}; q is the
     * {@link #AIM} in the solve, the {@link #TARGET} when asked between steps.
     */
    public void rotationError(Bodies b, int ba, int bb, int q) {
        rotationError(b, ba, bb, data, 0, q);
    }

    /** {@link #rotationError(Bodies, int, int, int)} of the record at d[o..], q at d[q..q+3]. */
    private static void rotationError(Bodies b, int ba, int bb, double[] d, int o, int q) {
        int er = o + ERROR;
        double dw = AngleConstraintPart.relativeRotation(b, ba, bb, d, q, d, er);
        double s = Math.sqrt(d[er] * d[er] + d[er + 1] * d[er + 1] + d[er + 2] * d[er + 2]);
        // θ = 2·atan2(|v|, w); θ/|v| → 2 as |v| → 0
        double scale = s > 1e-12 ? 2 * Math.atan2(s, dw) / s : 2;
        d[er] *= scale;
        d[er + 1] *= scale;
        d[er + 2] *= scale;
    }

}
