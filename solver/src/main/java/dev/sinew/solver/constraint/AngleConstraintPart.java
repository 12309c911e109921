package dev.sinew.solver.constraint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Mat3;

/**
 * Three angular rows that hold body B's orientation relative to body A at a target (a fixed
 * joint's rotational half; with a spring it becomes a slerp drive).
 *
 * <pre>
 *   q_diff = q_B · conj(q_A · q_target)          (world; sign chosen so that w ≥ 0)
 *   C      = 2·vec(q_diff)                        ≈ θ·axis for small errors, world, rad
 *   J      = [ 0  −E  0  E ]                      Ċ ≈ ω_B − ω_A
 *   K      = I_A⁻¹ + I_B⁻¹
 *   Δλ     = −massScale·K⁻¹·(Ċ + biasRate·C) − impulseScale·λ
 * </pre>
 * The Jacobian is the small-error form of d(2·vec(q_diff))/dt, exact at C = 0; K is evaluated
 * with the tick's world inertia.
 */
public final class AngleConstraintPart {
    private final double[] kInv = new double[9];
    private final double[] delta = new double[3];
    /** Accumulated angular impulse, N·m·s, world. */
    public final double[] impulse = new double[3];
    private final double[] k = new double[9];

    public void prepare(Bodies b, int ba, int bb) {
        for (int i = 0; i < 9; i++) {
            k[i] = (b.solverInvMass(ba) > 0 ? b.invInertiaWorld[9 * ba + i] : 0)
                    + (b.solverInvMass(bb) > 0 ? b.invInertiaWorld[9 * bb + i] : 0);
        }
        Mat3.invert(k, kInv);
    }

    /** C = 2·vec(q_B·conj(q_A·q_target)) into out (rad, world). */
    public static void error(Bodies b, int ba, int bb, double[] target, int o, double[] out) {
        relativeRotation(b, ba, bb, target, o, out);
        out[0] *= 2;
        out[1] *= 2;
        out[2] *= 2;
    }

    /**
     * q_diff = q_B·conj(q_A·q_target) with the sign that makes its w ≥ 0: its vector part into
     * out[0..2] (world), its w returned. target is (x, y, z, w) at target[o..o+3].
     */
    public static double relativeRotation(Bodies b, int ba, int bb, double[] target, int o, double[] out) {
        return relativeRotation(b, ba, bb, target, o, out, 0);
    }

    /** {@link #relativeRotation(Bodies, int, int, double[], int, double[])} into out[oo..oo+2]. */
    public static double relativeRotation(Bodies b, int ba, int bb, double[] target, int o, double[] out, int oo) {
        double ax = b.rot[4 * ba];
        double ay = b.rot[4 * ba + 1];
        double az = b.rot[4 * ba + 2];
        double aw = b.rot[4 * ba + 3];
        double tx = target[o];
        double ty = target[o + 1];
        double tz = target[o + 2];
        double tw = target[o + 3];
        // g = q_A · q_target
        double gx = aw * tx + ax * tw + ay * tz - az * ty;
        double gy = aw * ty - ax * tz + ay * tw + az * tx;
        double gz = aw * tz + ax * ty - ay * tx + az * tw;
        double gw = aw * tw - ax * tx - ay * ty - az * tz;
        double bx = b.rot[4 * bb];
        double by = b.rot[4 * bb + 1];
        double bz = b.rot[4 * bb + 2];
        double bw = b.rot[4 * bb + 3];
        // d = q_B · conj(g)
        double dw = bw * gw + bx * gx + by * gy + bz * gz;
        double s = dw < 0 ? -1 : 1;
        out[oo] = s * (-bw * gx + bx * gw - by * gz + bz * gy);
        out[oo + 1] = s * (-bw * gy + bx * gz + by * gw - bz * gx);
        out[oo + 2] = s * (-bw * gz - bx * gy + by * gx + bz * gw);
        return s * dw;
    }

    public void warmStart(Bodies b, int ba, int bb) {
        apply(b, ba, bb, impulse[0], impulse[1], impulse[2]);
    }

    /** One solve; {@code soft} null is rigid with no bias (relax). */
    public void solve(Bodies b, int ba, int bb, double[] c, SoftCoefficients soft) {
        double[] w = b.angVel;
        double cdx = w[3 * bb] - w[3 * ba];
        double cdy = w[3 * bb + 1] - w[3 * ba + 1];
        double cdz = w[3 * bb + 2] - w[3 * ba + 2];
        SoftCoefficients.impulse3(soft, kInv, cdx, cdy, cdz, c, impulse, delta);
        apply(b, ba, bb, delta[0], delta[1], delta[2]);
    }

    /**
     * Sets the accumulated impulse to (nx, ny, nz) scaled down to length ≤ max (N·m·s) and applies
     * the change: the torque limit of drives and joint friction.
     */
    public static void clampAndApply(Bodies b, int ba, int bb, double[] impulse, double nx, double ny, double nz, double max) {
        clampAndApply(b, ba, bb, impulse, 0, nx, ny, nz, max);
    }

    /** {@link #clampAndApply(Bodies, int, int, double[], double, double, double, double)} with the impulse at impulse[io..io+2]. */
    public static void clampAndApply(Bodies b, int ba, int bb, double[] impulse, int io, double nx, double ny, double nz,
            double max) {
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        // (1 − 1e-15): the clamped length, and the torque reported from it, never round above the limit
        double s = len > max ? max / len * (1 - 1e-15) : 1;
        double cx = nx * s;
        double cy = ny * s;
        double cz = nz * s;
        apply(b, ba, bb, cx - impulse[io], cy - impulse[io + 1], cz - impulse[io + 2]);
        impulse[io] = cx;
        impulse[io + 1] = cy;
        impulse[io + 2] = cz;
    }

    /** Applies the angular impulse L (N·m·s, world) to B and −L to A, skipping bodies that do not move. */
    public static void apply(Bodies b, int ba, int bb, double lx, double ly, double lz) {
        if (b.solverInvMass(ba) > 0) {
            b.addAngularImpulse(ba, -lx, -ly, -lz);
        }
        if (b.solverInvMass(bb) > 0) {
            b.addAngularImpulse(bb, lx, ly, lz);
        }
    }
}
