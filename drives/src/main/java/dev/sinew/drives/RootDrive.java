package dev.sinew.drives;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.BodyView;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.JointView;
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
 * <p>It is a spring in the solver, not a force from outside: a kinematic anchor body (no
 * collider) follows the animated pelvis transform, and a joint from it to the pelvis has a soft
 * point (linear spring) and a slerp drive (angular spring). The tree solve takes that joint as the
 * root of the ragdoll's tree, so the pull is implicit with the whole character's effective mass:
 * stable at any stiffness, and it drags the body along as one. The anchor's velocity (its
 * kinematic motion) is the feed-forward.
 *
 * <p>Gains are mass-normalized for the whole character: linear stiffness (1/s²) and damping (1/s)
 * times its total mass M, angular ones times its inertia I about the pelvis in the pose it was
 * built in (the mean of the three moments). The angular pull is limited to a maximum torque (the
 * drive's exact torque limit); the linear pull to a maximum force by scaling the spring each tick so
 * that stiffness × distance + damping × relative speed stays at most that force (a bound on the
 * spring's pull at the start of the tick, not an exact clamp of its impulse). {@link #setStrength} scales all
 * gains and limits.
 */
public final class RootDrive {
    private final World world;
    private final BodyHandle pelvis;
    private final BodyHandle anchor;
    private final BodyView anchorBody;
    /** The anchor's joint to the pelvis, and its controls; null while the strength is 0. */
    private JointHandle joint;
    private JointView spring;
    private final double linearStiffness;
    private final double linearDamping;
    private final double angularStiffness;
    private final double angularDamping;
    private final double maxTorque;
    private final double maxForce;
    /** The linear stiffness scale in use (1, or less while the force limit holds the pull back). */
    private double forceScale = 1;
    private final Vector3d pelvisPos = new Vector3d();
    private final Vector3d anchorVel = new Vector3d();
    private final Vector3d pelvisVel = new Vector3d();
    private final double mass;
    private final double inertia;
    private double strength = 1;
    private final Vector3d torque = new Vector3d();

    /**
     * Creates the anchor and its joint to the ragdoll's root body in the ragdoll's world.
     *
     * @param ragdoll          the character (its total mass and inertia scale the gains)
     * @param linearStiffness  1/s², ≥ 0
     * @param linearDamping    1/s, ≥ 0
     * @param maxForce         N, &gt; 0 (may be {@link Double#POSITIVE_INFINITY})
     * @param angularStiffness 1/s², ≥ 0
     * @param angularDamping   1/s, ≥ 0
     * @param maxTorque        N·m, &gt; 0
     */
    public RootDrive(Ragdoll ragdoll, double linearStiffness, double linearDamping, double maxForce,
            double angularStiffness, double angularDamping, double maxTorque) {
        if (!(maxForce > 0)) {
            throw new InvalidArgumentException("maxForce", maxForce, "must be > 0 N");
        }
        this.maxForce = maxForce;
        this.linearStiffness = nonNegative("linearStiffness", linearStiffness);
        this.linearDamping = nonNegative("linearDamping", linearDamping);
        this.angularStiffness = nonNegative("angularStiffness", angularStiffness);
        this.angularDamping = nonNegative("angularDamping", angularDamping);
        if (!(maxTorque > 0)) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be > 0 N·m");
        }
        this.maxTorque = maxTorque;
        this.world = ragdoll.world();
        this.pelvis = ragdoll.body(0);
        Vector3d root = world.position(pelvis, new Vector3d());
        double m = 0;
        double i = 0;
        Matrix3d inBody = new Matrix3d();
        Vector3d p = new Vector3d();
        for (int b = 0; b < ragdoll.bodyCount(); b++) {
            double mb = world.body(ragdoll.body(b)).mass();
            m += mb;
            world.body(ragdoll.body(b)).inertiaInBodySpace(inBody);
            i += (inBody.m00 + inBody.m11 + inBody.m22) / 3 + mb * world.position(ragdoll.body(b), p).distanceSquared(root) * 2 / 3;
        }
        this.mass = m;
        this.inertia = i;
        anchor = world.createBody(BodySettings.builder(BodyType.KINEMATIC).position(root)
                .orientation(world.orientation(pelvis, new Quaterniond())).build());
        anchorBody = world.body(anchor);
        applyGains();
    }

    /** Gains the scenes use: 2000/s², 90/s linear (up to 5 kN) and angular (up to 2 kN·m), near critical damping. */
    public static RootDrive standard(Ragdoll ragdoll) {
        return new RootDrive(ragdoll, 2000, 90, 5000, 2000, 90, 2000);
    }

    private static double nonNegative(String name, double v) {
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0");
        }
        return v;
    }

    private void applyGains() {
        if (strength == 0) {
            if (joint != null) {
                world.destroyJoint(joint);
                joint = null;
                spring = null;
            }
            return;
        }
        if (joint == null) {
            // the anchor at the pelvis's origin, B's orientation relative to the anchor's the target
            joint = world.createJoint(BallJointSettings.of(anchor, new Vector3d(), pelvis, new Vector3d()));
            spring = world.joint(joint);
        }
        spring.setPointSpring(forceScale * strength * linearStiffness * mass, forceScale * strength * linearDamping * mass);
        spring.setDrive(DriveSettings.stiffnessDamping(strength * angularStiffness * inertia,
                strength * angularDamping * inertia, strength * maxTorque));
        spring.setDriveTarget(new Quaterniond(), new Vector3d());
    }

    /** The multiplier on the pull, 0..1 (0: off). */
    public double strength() {
        return strength;
    }

    public void setStrength(double s) {
        if (!(s >= 0 && s <= 1)) {
            throw new InvalidArgumentException("strength", s, "must be in [0, 1]");
        }
        if (s != strength) {
            strength = s;
            applyGains();
        }
    }

    /** The anchor body that follows the animated pelvis (kinematic, no collider). */
    public BodyHandle anchor() {
        return anchor;
    }

    /** |angular pull| / its maximum torque over the last step, 0..1 (0 when off). */
    public double use() {
        return joint == null ? 0 : spring.driveTorque(torque).length() / (strength * maxTorque);
    }

    /**
     * Moves the anchor to this tick's target pelvis transform (world, m) and keeps the linear pull
     * within the force limit: call before the step.
     */
    void apply(Vector3dc targetPos, Quaterniondc targetRot) {
        anchorBody.moveKinematic(targetPos, targetRot);
        if (joint != null && maxForce < Double.POSITIVE_INFINITY) {
            double e = world.position(pelvis, pelvisPos).distance(targetPos);
            // the anchor's velocity for the coming tick (moveKinematic set it) against the pelvis's
            double v = world.linearVelocity(anchor, anchorVel).distance(world.linearVelocity(pelvis, pelvisVel));
            double pull = (linearStiffness * e + linearDamping * v) * mass;
            double scale = pull > maxForce ? maxForce / pull : 1;
            if (scale != forceScale) {
                forceScale = scale;
                spring.setPointSpring(forceScale * strength * linearStiffness * mass,
                        forceScale * strength * linearDamping * mass);
            }
        }
    }

    /** Destroys the anchor and its joint (the drive cannot be used after). */
    public void destroy() {
        if (joint != null) {
            world.destroyJoint(joint);
            joint = null;
        }
        world.destroyBody(anchor);
    }
}
