package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Basis;
import dev.sinew.solver.math.Quaternions;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Two angular rows that keep body B's hinge axis parallel to body A's (a hinge's rotational
 * half: the one rotation left free is about the axis).
 *
 * <pre>
 *   a_A = R_A·axisA, a_B = R_B·axisB                 (world, unit)
 *   b_1, b_2 ⟂ a_A                                    (orthonormal, world)
 *   C_i = b_i · a_B                                   ≈ the tilt of a_B toward b_i, rad
 *   u_i = b_i × a_B,  Ċ_i = u_i · (ω_A − ω_B)         J_i = [ 0  u_i  0  −u_i ]
 *   K_ij = u_i · (I_A⁻¹ + I_B⁻¹) · u_j                (2×2)
 *   Δλ = −massScale·K⁻¹·(Ċ + biasRate·C) − impulseScale·λ
 * </pre>
 * Optional limits on the hinge angle θ (B's reference direction against A's, about a_A):
 * <pre>
 *   θ = atan2((r_A × r_B)·a_A, r_A·r_B)             r_A, r_B: reference directions ⟂ the axis
 *   lower row: C = θ − lower ≥ 0,  upper row: C = upper − θ ≥ 0,  Ċ = ±(ω_B − ω_A)·a_A
 *   λ ≥ 0;  C &gt; 0: bias C/h (speculative: the limit is approached, never passed, in one substep);
 *   C &lt; 0: soft push-out with the joint softness (biased pass only)
 * </pre>
 * An optional axis motor drives the relative speed about the axis toward a target with a torque
 * limit: Ċ = (ω_B − ω_A)·a_A − speed, λ = clamp(λ − Ċ/K, ±maxTorque·h), in both passes.
 * The rows, K and C are re-evaluated at every solve from the current orientations (the same
 * reason the point part does it: a fast-turning limb must not be held in last substep's frame).
 */
public final class HingeAnglePart {
    /** Hinge axis in A's and B's frames, unit. */
    public final double[] axisA = new double[3];
    public final double[] axisB = new double[3];
    /** Reference directions ⟂ the axis in A's and B's frames (θ = 0 when they coincide), unit. */
    public final double[] refA = new double[3];
    public final double[] refB = new double[3];
    public boolean limited;
    /** Limits, rad, lower ≤ upper, within [−π, π]. */
    public double lower;
    public double upper;
    /** The lower and upper limit rows (C = θ − lower, C = upper − θ, λ ≥ 0) and the motor row. */
    public final AxisConstraintPart lowerRow = new AxisConstraintPart();
    public final AxisConstraintPart upperRow = new AxisConstraintPart();
    public final AxisConstraintPart motorRow = new AxisConstraintPart();
    /** Limit spring (N·m/rad, N·m·s/rad; both 0: rigid limits) and its coefficients this substep. */
    public double springStiffness;
    public double springDamping;
    public final SoftCoefficients spring = new SoftCoefficients();
    /** Substep, s. */
    public double h;
    /** Axis motor: target relative speed about the axis, rad/s, and its torque limit, N·m (0: off). */
    public double motorSpeed;
    public double motorMaxTorque;
    private final double[] ra = new double[3];
    private final double[] rb = new double[3];
    /** Accumulated impulses of the two rows, N·m·s (third slot unused, kept for the snapshot layout). */
    public final double[] impulse = new double[3];
    private final double[] aa = new double[3];
    private final double[] ab = new double[3];
    private final double[] b1 = new double[3];
    private final double[] b2 = new double[3];
    private final double[] u1 = new double[3];
    private final double[] u2 = new double[3];
    private final double[] t = new double[3];

    /**
     * A hinge about axisA (A's frame) and axisB (B's frame), both unit, with its angle 0 at the
     * bodies' orientations qA, qB now: A's reference is any direction ⟂ its axis, B's the same
     * world direction in B's frame.
     */
    public HingeAnglePart(Vector3dc axisInA, Vector3dc axisInB, Quaterniondc qA, Quaterniondc qB) {
        for (int i = 0; i < 3; i++) {
            axisA[i] = axisInA.get(i);
            axisB[i] = axisInB.get(i);
        }
        double[] v = new double[3];
        Basis.orthonormal(axisA[0], axisA[1], axisA[2], refA, v);
        Vector3d world = qA.transform(new Vector3d(refA[0], refA[1], refA[2]));
        Vector3d inB = qB.transformInverse(world);
        refB[0] = inB.x;
        refB[1] = inB.y;
        refB[2] = inB.z;
    }

    private void rows(Bodies b, int ba, int bb) {
        Quaternions.toWorld(b.rot, ba, axisA, 0, aa);
        Quaternions.toWorld(b.rot, bb, axisB, 0, ab);
        Basis.orthonormal(aa[0], aa[1], aa[2], b1, b2);
        Quaternions.cross(b1, ab, u1);
        Quaternions.cross(b2, ab, u2);
    }

    /** C = (b_1·a_B, b_2·a_B) from the current orientations, into out[0..1]. */
    public void error(Bodies b, int ba, int bb, double[] out) {
        rows(b, ba, bb);
        out[0] = b1[0] * ab[0] + b1[1] * ab[1] + b1[2] * ab[2];
        out[1] = b2[0] * ab[0] + b2[1] * ab[1] + b2[2] * ab[2];
    }

    /** J·v = (u_1·(ω_A − ω_B), u_2·(ω_A − ω_B)) from the current state, into out[0..1]. */
    public void velocityError(Bodies b, int ba, int bb, double[] out) {
        rows(b, ba, bb);
        double[] w = b.angVel;
        double rx = w[3 * ba] - w[3 * bb];
        double ry = w[3 * ba + 1] - w[3 * bb + 1];
        double rz = w[3 * ba + 2] - w[3 * bb + 2];
        out[0] = u1[0] * rx + u1[1] * ry + u1[2] * rz;
        out[1] = u2[0] * rx + u2[1] * ry + u2[2] * rz;
    }

    public void prepare(double substep) {
        h = substep;
        spring.setStiffness(springStiffness, springDamping, true, substep);
    }

    public void warmStart(Bodies b, int ba, int bb) {
        rows(b, ba, bb);
        apply(b, ba, bb, impulse[0], impulse[1]);
        if (motorMaxTorque > 0) {
            motorRow.setAngular(aa[0], aa[1], aa[2]);
            motorRow.warmStart(b, ba, bb);
        }
        if (limited) {
            lowerRow.setAngular(aa[0], aa[1], aa[2]);
            upperRow.setAngular(-aa[0], -aa[1], -aa[2]);
            lowerRow.warmStart(b, ba, bb);
            upperRow.warmStart(b, ba, bb);
        }
    }

    /** The hinge angle θ now, rad in (−π, π]. */
    public double angle(Bodies b, int ba, int bb) {
        Quaternions.toWorld(b.rot, ba, axisA, 0, aa);
        Quaternions.toWorld(b.rot, ba, refA, 0, ra);
        Quaternions.toWorld(b.rot, bb, refB, 0, rb);
        double cx = ra[1] * rb[2] - ra[2] * rb[1];
        double cy = ra[2] * rb[0] - ra[0] * rb[2];
        double cz = ra[0] * rb[1] - ra[1] * rb[0];
        return Math.atan2(cx * aa[0] + cy * aa[1] + cz * aa[2], ra[0] * rb[0] + ra[1] * rb[1] + ra[2] * rb[2]);
    }

    /**
     * Moves a target relative orientation of the bodies (x, y, z, w at t[o..o+3], conj(q_A)·q_B)
     * onto what the hinge can reach: a turn by θ about the axis, with θ within the limits when the
     * hinge is limited. With the hinge frames F_A = (axisA, refA, axisA × refA) in A and
     * F_B = (axisB, refB, axisB × refB) in B, the reachable orientations are F_A·R_x(θ)·F_B⁻¹; θ is
     * the twist about x of F_A⁻¹·target·F_B (the rest of it, a tilt of the axis the hinge rows would
     * fight, is dropped). A mocap knee bends a little sideways and twists: a slerp drive toward that
     * held the hinge rows against its torque limit and left the shin 40° off.
     */
    public void clampTarget(double[] t, int o) {
        frames();
        Quaterniond d = clampQ.set(t[o], t[o + 1], t[o + 2], t[o + 3]).premul(clampFa.conjugate(clampTurn)).mul(clampFb)
                .normalize();
        double theta = 2 * Math.atan2(d.x, d.w);
        if (theta > Math.PI) {
            theta -= 2 * Math.PI;
        } else if (theta < -Math.PI) {
            theta += 2 * Math.PI;
        }
        if (limited) {
            theta = Math.max(lower, Math.min(upper, theta));
        }
        // R_x(θ) written out: JOML 1.10.8's Quaterniond.rotationX returns (sin, 0, cos, 0)
        Quaterniond r = clampQ.set(clampFa).mul(clampTurn.set(Math.sin(theta / 2), 0, 0, Math.cos(theta / 2)))
                .mul(clampFb.conjugate(clampTurn)).normalize();
        t[o] = r.x;
        t[o + 1] = r.y;
        t[o + 2] = r.z;
        t[o + 3] = r.w;
    }

    /** F_A and F_B from the axes and reference directions (once). */
    private void frames() {
        if (framesReady) {
            return;
        }
        frame(axisA, refA, clampFa);
        frame(axisB, refB, clampFb);
        framesReady = true;
    }

    private static void frame(double[] x, double[] y, Quaterniond dest) {
        double zx = x[1] * y[2] - x[2] * y[1];
        double zy = x[2] * y[0] - x[0] * y[2];
        double zz = x[0] * y[1] - x[1] * y[0];
        dest.setFromNormalized(new org.joml.Matrix3d(x[0], x[1], x[2], y[0], y[1], y[2], zx, zy, zz)).normalize();
    }

    private final Quaterniond clampQ = new Quaterniond();
    private final Quaterniond clampTurn = new Quaterniond();
    private final Quaterniond clampFa = new Quaterniond();
    private final Quaterniond clampFb = new Quaterniond();
    private boolean framesReady;

    private void solveMotor(Bodies b, int ba, int bb) {
        Quaternions.toWorld(b.rot, ba, axisA, 0, aa);
        motorRow.setAngular(aa[0], aa[1], aa[2]);
        motorRow.solveMotor(b, ba, bb, motorSpeed, motorMaxTorque * h);
    }

    private void solveLimits(Bodies b, int ba, int bb, SoftCoefficients soft) {
        double theta = angle(b, ba, bb);
        lowerRow.setAngular(aa[0], aa[1], aa[2]);
        upperRow.setAngular(-aa[0], -aa[1], -aa[2]);
        SoftCoefficients s = spring.active ? spring : null;
        lowerRow.solveLimit(b, ba, bb, theta - lower, h, soft, s);
        upperRow.solveLimit(b, ba, bb, upper - theta, h, soft, s);
    }

    /** One solve; {@code soft} null is rigid with no bias (relax). */
    public void solve(Bodies b, int ba, int bb, SoftCoefficients soft) {
        if (motorMaxTorque > 0) {
            solveMotor(b, ba, bb);
        }
        if (limited) {
            solveLimits(b, ba, bb, soft);
        }
        rows(b, ba, bb);
        double k11 = quad(b, ba, bb, u1, u1);
        double k12 = quad(b, ba, bb, u1, u2);
        double k22 = quad(b, ba, bb, u2, u2);
        double det = k11 * k22 - k12 * k12;
        if (!(det > 0)) {
            return;
        }
        double[] w = b.angVel;
        double rx = w[3 * ba] - w[3 * bb];
        double ry = w[3 * ba + 1] - w[3 * bb + 1];
        double rz = w[3 * ba + 2] - w[3 * bb + 2];
        double c1 = u1[0] * rx + u1[1] * ry + u1[2] * rz;
        double c2 = u2[0] * rx + u2[1] * ry + u2[2] * rz;
        double massScale = 1;
        double impulseScale = 0;
        if (soft != null) {
            c1 += soft.biasRate * (b1[0] * ab[0] + b1[1] * ab[1] + b1[2] * ab[2]);
            c2 += soft.biasRate * (b2[0] * ab[0] + b2[1] * ab[1] + b2[2] * ab[2]);
            massScale = soft.massScale;
            impulseScale = soft.impulseScale;
        }
        double inv = 1 / det;
        double l1 = -massScale * inv * (k22 * c1 - k12 * c2) - impulseScale * impulse[0];
        double l2 = -massScale * inv * (k11 * c2 - k12 * c1) - impulseScale * impulse[1];
        impulse[0] += l1;
        impulse[1] += l2;
        apply(b, ba, bb, l1, l2);
    }

    private void apply(Bodies b, int ba, int bb, double l1, double l2) {
        double lx = l1 * u1[0] + l2 * u2[0];
        double ly = l1 * u1[1] + l2 * u2[1];
        double lz = l1 * u1[2] + l2 * u2[2];
        if (b.solverInvMass(ba) > 0) {
            b.addAngularImpulse(ba, lx, ly, lz);
        }
        if (b.solverInvMass(bb) > 0) {
            b.addAngularImpulse(bb, -lx, -ly, -lz);
        }
    }

    /** x·(I_A⁻¹ + I_B⁻¹)·y with the tick's world inverse inertias. */
    private double quad(Bodies b, int ba, int bb, double[] x, double[] y) {
        double s = 0;
        for (int body = 0; body < 2; body++) {
            int i = body == 0 ? ba : bb;
            if (!(b.solverInvMass(i) > 0)) {
                continue;
            }
            double[] m = b.invInertiaWorld;
            int o = 9 * i;
            t[0] = m[o] * y[0] + m[o + 1] * y[1] + m[o + 2] * y[2];
            t[1] = m[o + 3] * y[0] + m[o + 4] * y[1] + m[o + 5] * y[2];
            t[2] = m[o + 6] * y[0] + m[o + 7] * y[1] + m[o + 8] * y[2];
            s += x[0] * t[0] + x[1] * t[1] + x[2] * t[2];
        }
        return s;
    }
}
