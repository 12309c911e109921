package dev.sinew.solver.constraint;

import dev.sinew.solver.SwingTwist;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The limits of a swing-twist joint: an elliptical swing cone with half-angles a_y, a_z and a twist
 * range [min, max], as three unilateral angular rows ({@link AxisConstraintPart}).
 *
 * <pre>
 *   Q_A = q_A·f_A, Q_B = q_B·f_B                     joint frames, world
 *   q = conj(Q_A)·Q_B = (w, x, y, z), w ≥ 0           relative orientation, see {@link SwingTwist}
 *   q̇ = q ⊗ (0, v/2),  v = conj(Q_B)·(ω_B − ω_A)      (v: relative angular velocity in B's frame)
 *
 *   twist θ = 2·atan2(x, w),  n² = w² + x²
 *   dθ/dv = g = (1, (x·y − w·z)/n², (w·y + x·z)/n²)    (exact; B's frame)
 *   lower row: C = θ − min ≥ 0, J = Q_B·g;   upper row: C = max − θ ≥ 0, J = −Q_B·g
 *
 *   swing: d = q·x̂ (B's twist axis in A's frame), ρ = √(d_y² + d_z²), φ = atan2(ρ, d_x)
 *   cone radius in d's direction r = ρ/κ,  κ = √(d_z²/a_y² + d_y²/a_z²)
 *   cone row: C = r − φ ≥ 0    (radians past the ellipse, measured along the swing)
 *   ḋ = (Q_A⁻¹·(ω_B − ω_A)) × d,  so  Ċ = (Q_A·(d × ∇_d C))·(ω_B − ω_A)   (exact)
 * </pre>
 * C and ∇C are both invariant to the length of d, so ∇_d C is taken with d unconstrained. The rows
 * are re-evaluated at every solve from the current orientations. The cone row is skipped at
 * ρ &lt; 1e-9 (no swing, or swing of π: its direction is undefined).
 */
public final class SwingTwistLimitPart {
    /** Joint frames in A's and B's body frames (x, y, z, w), unit. */
    public final double[] frameA = {0, 0, 0, 1};
    public final double[] frameB = {0, 0, 0, 1};
    /** Swing half-angles about the frame's y and z axes, rad in (0, π]; twist range, rad. */
    public double swingY;
    public double swingZ;
    public double twistMin;
    public double twistMax;
    public final AxisConstraintPart twistLower = new AxisConstraintPart();
    public final AxisConstraintPart twistUpper = new AxisConstraintPart();
    public final AxisConstraintPart cone = new AxisConstraintPart();
    /** Limit spring (N·m/rad, N·m·s/rad; both 0: rigid limits) and its coefficients this substep. */
    public double springStiffness;
    public double springDamping;
    public final SoftCoefficients spring = new SoftCoefficients();
    public double h;
    /** Last evaluation: twist θ and the row errors; false when the cone row is undefined. */
    public double twist;
    public double coneError;
    public boolean coneValid;
    private boolean twistValid;
    // world joint frames (x, y, z, w)
    private final double[] qa = new double[4];
    private final double[] qb = new double[4];
    private final Quaterniond fa = new Quaterniond();
    private final Quaterniond fb = new Quaterniond();
    private final Quaterniond joint = new Quaterniond();
    private final Vector3d angles = new Vector3d();

    /** False when the last evaluation found the twist undefined (the swing near π). */
    public boolean twistValid() {
        return twistValid;
    }

    public boolean twistLimited() {
        return twistLimited(twistMin, twistMax);
    }

    public boolean coneLimited() {
        return coneLimited(swingY, swingZ);
    }

    /** True if a twist range [min, max] (rad) limits the twist at all. */
    public static boolean twistLimited(double min, double max) {
        return min > -Math.PI || max < Math.PI;
    }

    /** True if swing half-angles (rad) limit the swing at all. */
    public static boolean coneLimited(double swingY, double swingZ) {
        return swingY < Math.PI || swingZ < Math.PI;
    }

    public void prepare(double substep) {
        h = substep;
        spring.setStiffness(springStiffness, springDamping, true, substep);
    }

    /**
     * Evaluates q, θ, the cone error and the three rows from the current orientations; nothing to
     * do when they, the frames and the swing half-angles are those of the last evaluation (between
     * two position updates the passes, the projection and the next warm start all measure one pose).
     */
    public void evaluate(Bodies b, int ba, int bb) {
        if (sameInputs(b.rot, 4 * ba, 4 * bb)) {
            return;
        }
        Quaternions.mul(b.rot, 4 * ba, frameA, qa);
        Quaternions.mul(b.rot, 4 * bb, frameB, qb);
        measure(qa, qb);
    }

    /** The inputs of the last {@link #evaluate}, as raw bits: A's and B's orientations, the frames, swingY, swingZ. */
    private final long[] evaluatedFor = new long[18];
    private boolean evaluated;

    /** True if the inputs are bit for bit those of the last evaluation; they are kept for the next. */
    private boolean sameInputs(double[] rot, int oa, int ob) {
        long[] k = evaluatedFor;
        boolean same = evaluated;
        for (int i = 0; i < 4; i++) {
            same &= keep(k, i, rot[oa + i]) & keep(k, 4 + i, rot[ob + i]) & keep(k, 8 + i, frameA[i])
                    & keep(k, 12 + i, frameB[i]);
        }
        same &= keep(k, 16, swingY) & keep(k, 17, swingZ);
        evaluated = true;
        return same;
    }

    private static boolean keep(long[] k, int i, double v) {
        long bits = Double.doubleToRawLongBits(v);
        boolean same = k[i] == bits;
        k[i] = bits;
        return same;
    }

    /** θ, the cone error and the rows from the world joint frames fa, fb. */
    private void measure(double[] fa, double[] fb) {
        double[] r = measured;
        measure(fa, fb, swingY, swingZ, r, 0);
        twist = r[TWIST];
        twistValid = r[TWIST_VALID] != 0;
        coneError = r[CONE_ERROR];
        coneValid = r[CONE_VALID] != 0;
        if (twistValid) {
            twistLower.setAngular(r[TWIST_J], r[TWIST_J + 1], r[TWIST_J + 2]);
            twistUpper.setAngular(-r[TWIST_J], -r[TWIST_J + 1], -r[TWIST_J + 2]);
        }
        if (coneValid) {
            cone.setAngular(r[CONE_J], r[CONE_J + 1], r[CONE_J + 2]);
        }
    }

    private final double[] measured = new double[MEASURE];

    /** Where {@link #measure(double[], double[], double, double, double[], int)} puts θ (rad) and 1 if it is defined, else 0. */
    public static final int TWIST = 0;
    public static final int TWIST_VALID = 1;
    /** The cone error (rad) and 1 if it is defined, else 0. */
    public static final int CONE_ERROR = 2;
    public static final int CONE_VALID = 3;
    /**
     * The lower twist row's j, world (Ċ = j·(ω_B − ω_A): rad/s of θ per rad/s of relative turn; the
     * upper row's is −j); written only when θ is defined.
     */
    public static final int TWIST_J = 4;
    /** The cone row's j, world (as the twist row's); written only when the cone error is defined. */
    public static final int CONE_J = 7;
    /** Doubles a measure writes. */
    public static final int MEASURE = 10;

    /**
     * Measures the limits from the world joint frames fa, fb (x, y, z, w) and the swing half-angles
     * (see the class comment) into out[o..o+{@link #MEASURE}): θ, the cone error, whether each is
     * defined and the rows' j.
     */
    public static void measure(double[] fa, double[] fb, double swingY, double swingZ, double[] out, int o) {
        // q = conj(Q_A)·Q_B
        double ax = -fa[0];
        double ay = -fa[1];
        double az = -fa[2];
        double aw = fa[3];
        double w = aw * fb[3] - ax * fb[0] - ay * fb[1] - az * fb[2];
        double x = aw * fb[0] + ax * fb[3] + ay * fb[2] - az * fb[1];
        double y = aw * fb[1] - ax * fb[2] + ay * fb[3] + az * fb[0];
        double z = aw * fb[2] + ax * fb[1] - ay * fb[0] + az * fb[3];
        if (w < 0) {
            w = -w;
            x = -x;
            y = -y;
            z = -z;
        }
        double n2 = w * w + x * x;
        boolean twistValid = n2 > 1e-12;
        out[o + TWIST_VALID] = twistValid ? 1 : 0;
        out[o + TWIST] = 2 * Math.atan2(x, w);
        if (twistValid) {
            int g = o + TWIST_J;
            out[g] = 1;
            out[g + 1] = (x * y - w * z) / n2;
            out[g + 2] = (w * y + x * z) / n2;
            Quaternions.rotateInPlace(fb, out, g);
        }
        double dx = 1 - 2 * (y * y + z * z);
        double dy = 2 * (x * y + w * z);
        double dz = 2 * (x * z - w * y);
        double rho = Math.sqrt(dy * dy + dz * dz);
        boolean coneValid = rho > 1e-9;
        out[o + CONE_VALID] = coneValid ? 1 : 0;
        if (!coneValid) {
            out[o + CONE_ERROR] = 0;
            return;
        }
        double iy2 = 1 / (swingY * swingY);
        double iz2 = 1 / (swingZ * swingZ);
        double kappa = Math.sqrt(dz * dz * iy2 + dy * dy * iz2);
        double s2 = rho * rho + dx * dx;
        out[o + CONE_ERROR] = rho / kappa - Math.atan2(rho, dx);
        // ∇(ρ/κ) − ∇φ
        double k3 = rho / (kappa * kappa * kappa);
        double gx = rho / s2;
        double gy = dy / (rho * kappa) - k3 * dy * iz2 - dx * dy / (rho * s2);
        double gz = dz / (rho * kappa) - k3 * dz * iy2 - dx * dz / (rho * s2);
        // j = d × ∇C, then to world with Q_A
        int c = o + CONE_J;
        out[c] = dy * gz - dz * gy;
        out[c + 1] = dz * gx - dx * gz;
        out[c + 2] = dx * gy - dy * gx;
        Quaternions.rotateInPlace(fa, out, c);
    }

    public void warmStart(Bodies b, int ba, int bb) {
        evaluate(b, ba, bb);
        if (twistValid) {
            twistLower.warmStart(b, ba, bb);
            twistUpper.warmStart(b, ba, bb);
        }
        if (coneValid) {
            cone.warmStart(b, ba, bb);
        }
    }

    /**
     * The rows the tree solver takes with the joint's point rows this solve: rigid limits only, and
     * of those the rows the current velocities would carry past their limit within the substep or
     * that are {@link Tuning#NEAR_LIMIT} it (at most one twist row, the nearer, so the block stays regular). Each is listed in {@code out} with its
     * velocity bias (Ċ + bias = 0 is what the row asks: C/h while C &gt; 0, speculative;
     * biasRate·C once passed). Returns how many; marks them so that {@link #solve} leaves them alone.
     */
    public int treeRows(Bodies b, int ba, int bb, double biasRate, AxisConstraintPart[] out, double[] bias, int o) {
        twistLower.inTree = false;
        twistUpper.inTree = false;
        cone.inTree = false;
        if (spring.active) {
            return 0;
        }
        evaluate(b, ba, bb);
        int n = 0;
        if (twistLimited() && twistValid) {
            boolean lowerCloser = twist - twistMin < twistMax - twist;
            AxisConstraintPart row = lowerCloser ? twistLower : twistUpper;
            double c = lowerCloser ? lowerError() : upperError();
            if (wouldPass(b, ba, bb, row, c, biasRate, bias, o + n)) {
                out[o + n++] = row;
                row.inTree = true;
            }
        }
        if (coneLimited() && coneValid && wouldPass(b, ba, bb, cone, coneError, biasRate, bias, o + n)) {
            out[o + n++] = cone;
            cone.inTree = true;
        }
        return n;
    }


    /** The rigid limit rows passed now by more than {@link Tuning#PROJECTION_SLOP}, with their errors, for the position projection. */
    public int passedRows(Bodies b, int ba, int bb, AxisConstraintPart[] out, double[] c, int o) {
        if (spring.active) {
            return 0;
        }
        evaluate(b, ba, bb);
        int n = o;
        if (twistLimited() && twistValid) {
            if (twist < twistMin - Tuning.PROJECTION_SLOP) {
                out[n] = twistLower;
                c[n++] = twist - twistMin;
            } else if (twist > twistMax + Tuning.PROJECTION_SLOP) {
                out[n] = twistUpper;
                c[n++] = twistMax - twist;
            }
        }
        if (coneLimited() && coneValid && coneError < -Tuning.PROJECTION_SLOP) {
            out[n] = cone;
            c[n++] = coneError;
        }
        return n - o;
    }

    /** The twist rows' errors, rad. */
    private double lowerError() {
        return twist - twistMin;
    }

    private double upperError() {
        return twistMax - twist;
    }


    private boolean wouldPass(Bodies b, int ba, int bb, AxisConstraintPart row, double c, double biasRate, double[] bias,
            int i) {
        bias[i] = c > 0 ? c / h : biasRate * c;
        return row.velocity(b, ba, bb) + bias[i] < 0 || c < Tuning.NEAR_LIMIT;
    }

    /**
     * One sequential solve; {@code soft} null is the relax pass. With {@code inTree} the rows the
     * tree solver took this pass are only kept non-negative.
     */
    public void solve(Bodies b, int ba, int bb, SoftCoefficients soft, boolean inTree) {
        evaluate(b, ba, bb);
        SoftCoefficients s = spring.active ? spring : null;
        if (twistLimited() && twistValid) {
            solveRow(b, ba, bb, twistLower, lowerError(), soft, s, inTree && twistLower.inTree);
            solveRow(b, ba, bb, twistUpper, upperError(), soft, s, inTree && twistUpper.inTree);
        } else {
            twistLower.impulse = 0;
            twistUpper.impulse = 0;
        }
        if (coneLimited() && coneValid) {
            solveRow(b, ba, bb, cone, coneError, soft, s, inTree && cone.inTree);
        } else {
            cone.impulse = 0;
        }
    }

    private void solveRow(Bodies b, int ba, int bb, AxisConstraintPart row, double c, SoftCoefficients soft,
            SoftCoefficients s, boolean solvedByTree) {
        if (!solvedByTree) {
            row.solveLimit(b, ba, bb, c, h, soft, s);
        } else if (row.impulse < 0) {
            row.apply(b, ba, bb, -row.impulse);
            row.impulse = 0;
        }
    }

    /**
     * Clamps a target relative orientation of the bodies (x, y, z, w at t[o..o+3], conj(q_A)·q_B)
     * into the limits: the twist to [min, max], the swing radially onto the cone.
     */
    public void clampTarget(double[] t, int o) {
        fa.set(frameA[0], frameA[1], frameA[2], frameA[3]);
        fb.set(frameB[0], frameB[1], frameB[2], frameB[3]);
        // joint frame B in joint frame A: conj(f_A)·rel·f_B
        joint.set(t[o], t[o + 1], t[o + 2], t[o + 3]).premul(fa.conjugate()).mul(fb).normalize();
        SwingTwist.decompose(joint, angles);
        double tw = Math.max(twistMin, Math.min(twistMax, angles.x));
        double e = Math.sqrt(angles.y * angles.y / (swingY * swingY) + angles.z * angles.z / (swingZ * swingZ));
        double s = e > 1 ? 1 / e : 1;
        if (tw == angles.x && s == 1) {
            return;
        }
        SwingTwist.compose(tw, s * angles.y, s * angles.z, joint);
        joint.premul(fa.conjugate()).mul(fb.conjugate()).normalize();
        t[o] = joint.x;
        t[o + 1] = joint.y;
        t[o + 2] = joint.z;
        t[o + 3] = joint.w;
    }
}
