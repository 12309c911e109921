package dev.sinew.drives;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * An optional six-degree-of-freedom pull on the root body (the pelvis) toward the animated root
 * transform: with it an active ragdoll can keep walking through hits; without it only the joint
 * drives act and the character must balance (it cannot, and falls).
 *
 * <p>Gains are mass-normalized (acceleration): the linear pull is M·a with M the ragdoll's total
 * mass (the whole character hangs on it), the angular one I·α with I the root body's own inertia
 * (scalar, the mean of its three moments). The pull is a force held over a tick, so it must not
 * ask for more than the bodies that answer it within the tick can take: scaled by the whole
 * body's inertia about the pelvis (18 times the pelvis's) the angular pull overshot, saturated
 * and turned a standing character 60° about the vertical. Per tick, the pull is
 * the stable (implicit) PD step of a unit mass over the tick h,
 * <pre>
 *   a = (k·(e + h·ė) + c·ė) / (1 + h·c + h²·k)        e = target − current, ė = its rate
 * </pre>
 * (it tends to (e + h·ė)/h² as k → ∞: reach the target in one tick), times {@link #strength()},
 * clamped to the maximum force and torque times the strength, and applied as a force and torque
 * for the tick. That is implicit only for a rigid character: the pelvis answers the tick-long
 * pull before the joint drives bring the rest along, so stiff gains overshoot. Measured (a
 * floating CMU ragdoll pulled 0.3 m): 400 and 2000/s² settle on the target, 1e4/s² stays 3.7 cm
 * off and 1e6/s² throws the body 1.3 m. Keep the stiffness at about 2000/s² or below; a root
 * drive solved as a soft constraint with the joints would remove the limit.
 */
public final class RootDrive {
    private final double linearStiffness;
    private final double linearDamping;
    private final double maxForce;
    private final double angularStiffness;
    private final double angularDamping;
    private final double maxTorque;
    private final double mass;
    private final double inertia;
    private double strength = 1;
    private double use;
    private final Vector3d previousPos = new Vector3d();
    private final Quaterniond previousRot = new Quaterniond();
    private final Vector3d e = new Vector3d();
    private final Vector3d rate = new Vector3d();
    private final Vector3d tmp = new Vector3d();
    private final Vector3d out = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond d = new Quaterniond();

    /**
     * @param ragdoll          the character (its total mass and rest inertia scale the gains)
     * @param linearStiffness  1/s², ≥ 0
     * @param linearDamping    1/s, ≥ 0
     * @param maxForce         N, &gt; 0
     * @param angularStiffness 1/s², ≥ 0
     * @param angularDamping   1/s, ≥ 0
     * @param maxTorque        N·m, &gt; 0
     */
    public RootDrive(Ragdoll ragdoll, double linearStiffness, double linearDamping, double maxForce,
            double angularStiffness, double angularDamping, double maxTorque) {
        this.linearStiffness = nonNegative("linearStiffness", linearStiffness);
        this.linearDamping = nonNegative("linearDamping", linearDamping);
        this.maxForce = positive("maxForce", maxForce);
        this.angularStiffness = nonNegative("angularStiffness", angularStiffness);
        this.angularDamping = nonNegative("angularDamping", angularDamping);
        this.maxTorque = positive("maxTorque", maxTorque);
        World w = ragdoll.world();
        double m = 0;
        double i = 0;
        Matrix3d inBody = new Matrix3d();
        for (int b = 0; b < ragdoll.bodyCount(); b++) {
            double mb = w.mass(ragdoll.body(b));
            m += mb;
            w.inertiaInBodySpace(ragdoll.body(b), inBody);
            if (b == 0) {
                i = (inBody.m00 + inBody.m11 + inBody.m22) / 3;
            }
        }
        this.mass = m;
        this.inertia = i;
    }

    /** Gains the scenes use: 2000/s², 90/s linear up to 5 kN; 2000/s², 90/s angular up to 1 kN·m. */
    public static RootDrive standard(Ragdoll ragdoll) {
        return new RootDrive(ragdoll, 2000, 90, 5000, 2000, 90, 1000);
    }

    private static double nonNegative(String name, double v) {
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0");
        }
        return v;
    }

    private static double positive(String name, double v) {
        if (!(v > 0)) {
            throw new InvalidArgumentException(name, v, "must be > 0");
        }
        return v;
    }

    /** The multiplier on the pull, 0..1 (0: off). */
    public double strength() {
        return strength;
    }

    public void setStrength(double s) {
        if (!(s >= 0 && s <= 1)) {
            throw new InvalidArgumentException("strength", s, "must be in [0, 1]");
        }
        strength = s;
    }

    /** The larger of |force|/maxForce and |torque|/maxTorque of the last tick, 0..1. */
    public double use() {
        return use;
    }

    /** Applies this tick's force and torque to {@code body} toward the target (world, m). */
    void apply(World w, BodyHandle body, Vector3dc targetPos, Quaterniondc targetRot, double h, boolean hasPrevious) {
        if (!hasPrevious) {
            previousPos.set(targetPos);
            previousRot.set(targetRot);
        }
        use = 0;
        if (strength > 0) {
            // linear
            e.set(targetPos).sub(w.position(body, tmp));
            rate.set(targetPos).sub(previousPos).div(h).sub(w.linearVelocity(body, tmp));
            step(linearStiffness, linearDamping, h, mass * strength, maxForce * strength);
            w.applyForce(body, out);
            double forceUse = out.length() / (maxForce * strength);
            // angular: e = rotation vector of target·conj(current), world
            d.set(targetRot).mul(w.orientation(body, q).conjugate()).normalize();
            if (d.w < 0) {
                d.set(-d.x, -d.y, -d.z, -d.w);
            }
            PoseDriver.rotationVector(d, e);
            d.set(targetRot).mul(q.set(previousRot).conjugate()).normalize();
            if (d.w < 0) {
                d.set(-d.x, -d.y, -d.z, -d.w);
            }
            PoseDriver.rotationVector(d, rate).div(h).sub(w.angularVelocity(body, tmp));
            step(angularStiffness, angularDamping, h, inertia * strength, maxTorque * strength);
            w.applyTorque(body, out);
            use = Math.max(forceUse, out.length() / (maxTorque * strength));
        }
        previousPos.set(targetPos);
        previousRot.set(targetRot);
    }

    /** out = clamp(scale·(k·(e + h·ė) + c·ė)/(1 + h·c + h²·k), limit). */
    private void step(double k, double c, double h, double scale, double limit) {
        double den = 1 + h * c + h * h * k;
        out.set(e).fma(h, rate).mul(k).fma(c, rate).mul(scale / den);
        double len = out.length();
        if (len > limit) {
            out.mul(limit / len);
        }
    }
}
