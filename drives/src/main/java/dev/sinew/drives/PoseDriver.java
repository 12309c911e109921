package dev.sinew.drives;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.SkeletonMapper;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.World;
import java.util.Arrays;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Makes a ragdoll track an animation: once per fixed tick, {@link #update()} reads the last pose
 * the animation side stored with {@link #capture} (physics never writes it), turns it into each
 * joint's slerp-drive target and target angular velocity, and keeps every drive's gains at its
 * profile's values times its strength multipliers.
 *
 * <p>Targets: the skeleton mapper gives each body its target orientation T_i = bone_i ⊗ offset_i
 * (the offset is the body's rotation in its bone's frame in the rest pose), and the joint's target
 * is the child's orientation relative to the parent's, conj(T_parent)·T_child: the relative
 * rotation the drive works in. Bone axes and body axes need not agree; the rest-pose offsets
 * carry the difference. The target angular velocity is the change of that relative orientation
 * since the last tick, in the parent body's frame (rad/s): feed-forward, so a drive does not lag
 * a moving target by c·ω/k.
 *
 * <p>Strength multipliers (0..1, default 1) per region and per body scale stiffness, damping and
 * maximum torque: the hook reactions weaken a character through. A body at strength 0 has no
 * drive. With a {@link RootDrive}, the pelvis is also pulled toward the animated root.
 */
public final class PoseDriver {
    private final Ragdoll ragdoll;
    private final World world;
    private final SkeletonMapper mapper;
    private final int n;
    private final int[] parent;
    private DriveProfile profile;
    private final DriveProfile.Gains[] gains;
    private final double[] regionStrength = new double[RagdollDefinition.REGIONS.size()];
    private final int[] regionOf;
    private final double[] bodyStrength;
    /** The strength each drive was last set at (NaN: not set). */
    private final double[] applied;
    private final Pose stored;
    private boolean hasPose;
    private boolean hasPrevious;
    private RootDrive rootDrive;
    // per-tick buffers
    private final Vector3d[] targetPos;
    private final Quaterniond[] targetRot;
    private final Quaterniond[] previousRel;
    private final Vector3d[] targetOmega;
    private final Quaterniond rel = new Quaterniond();
    private final Quaterniond delta = new Quaterniond();
    private final Vector3d omega = new Vector3d();
    private final Vector3d torque = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private final TrackingReport report;
    /** Per body: how much of the rendered pose is physics (0: animation, 1: physics). */
    private final double[] blend;
    /** Per body: kinematic along the animation instead of physical. */
    private final boolean[] kinematic;
    private final Pose physicsPose;
    private final Quaterniond qa = new Quaterniond();
    private final Quaterniond qb = new Quaterniond();
    private final Vector3d va = new Vector3d();
    private final Vector3d vb = new Vector3d();

    /**
     * A driver for {@code ragdoll} at {@code profile}: gives every joint a slerp drive with the
     * profile's gains and every body the profile's mass fraction.
     *
     * @throws InvalidArgumentException if the profile overrides a body the ragdoll does not have
     */
    public PoseDriver(Ragdoll ragdoll, DriveProfile profile) {
        this.ragdoll = ragdoll;
        this.world = ragdoll.world();
        this.mapper = ragdoll.mapper();
        this.n = ragdoll.bodyCount();
        parent = new int[n];
        regionOf = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = ragdoll.parent(i);
            regionOf[i] = RagdollDefinition.REGIONS.indexOf(ragdoll.region(i));
        }
        gains = new DriveProfile.Gains[n];
        Arrays.fill(regionStrength, 1);
        bodyStrength = new double[n];
        Arrays.fill(bodyStrength, 1);
        applied = new double[n];
        stored = new Pose(mapper.skeleton());
        targetPos = new Vector3d[n];
        targetRot = new Quaterniond[n];
        previousRel = new Quaterniond[n];
        targetOmega = new Vector3d[n];
        for (int i = 0; i < n; i++) {
            targetOmega[i] = new Vector3d();
            targetPos[i] = new Vector3d();
            targetRot[i] = new Quaterniond();
            previousRel[i] = new Quaterniond();
        }
        report = new TrackingReport(n);
        blend = new double[n];
        Arrays.fill(blend, 1);
        kinematic = new boolean[n];
        physicsPose = new Pose(mapper.skeleton());
        setProfile(profile);
    }

    /**
     * Switches profile: new gains on every drive and the profile's mass fractions on the bodies.
     *
     * @throws InvalidArgumentException naming the profile's field {@code $.bodies.NAME} if the profile
     *                                  overrides a body the ragdoll does not have
     */
    public void setProfile(DriveProfile p) {
        for (String body : p.bodies().keySet()) {
            if (ragdoll.bodyIndex(body) < 0) {
                java.util.List<String> names = new java.util.ArrayList<>();
                for (int i = 0; i < n; i++) {
                    names.add(ragdoll.bodyName(i));
                }
                throw new InvalidArgumentException("$.bodies." + body, body, "profile '" + p.name() + "' overrides a body"
                        + " this ragdoll does not have (its bodies: " + String.join(", ", names) + ")");
            }
        }
        double[] fractions = new double[n];
        for (int i = 0; i < n; i++) {
            gains[i] = p.gains(ragdoll.region(i), ragdoll.bodyName(i));
            fractions[i] = gains[i].massFraction();
        }
        ragdoll.setMassFractions(fractions);
        profile = p;
        Arrays.fill(applied, Double.NaN);
        applyGains();
    }

    public DriveProfile profile() {
        return profile;
    }

    /** Sets a region's strength multiplier, 0..1 (reactions weaken a region through this). */
    public void setRegionStrength(String region, double strength) {
        int r = RagdollDefinition.REGIONS.indexOf(region);
        if (r < 0) {
            throw new InvalidArgumentException("region", region, "is not a region; one of " + RagdollDefinition.REGIONS);
        }
        regionStrength[r] = checkStrength("strength", strength);
        applyGains();
    }

    /** Sets body i's own strength multiplier, 0..1, applied on top of its region's. */
    public void setBodyStrength(int body, double strength) {
        if (body < 0 || body >= n) {
            throw new InvalidArgumentException("body", body, "must be in [0, " + n + ")");
        }
        bodyStrength[body] = checkStrength("strength", strength);
        applyGains();
    }

    private static double checkStrength(String name, double s) {
        if (!(s >= 0 && s <= 1)) {
            throw new InvalidArgumentException(name, s, "must be in [0, 1]");
        }
        return s;
    }

    /** Body i's strength: its region's multiplier times its own. */
    public double strength(int body) {
        return regionStrength[regionOf[body]] * bodyStrength[body];
    }

    /** Body i's maximum drive torque now (profile × strength), N·m. */
    public double maxTorque(int body) {
        return gains[body].maxTorque() * strength(body);
    }

    /** Sets each joint's drive to its gains times its strength where that changed. */
    private void applyGains() {
        for (int i = 0; i < n; i++) {
            JointHandle j = ragdoll.joint(i);
            double s = strength(i);
            if (j == null || s == applied[i]) {
                continue;
            }
            DriveSettings settings = s > 0 ? gains[i].settings(s) : null;
            world.setDrive(j, settings);
            applied[i] = s;
            if (settings != null && hasPose) {
                world.setDriveTarget(j, previousRel[i], omega.zero());
            }
        }
    }

    /** Uses a root drive on the root body (null: none; a previous one is destroyed). */
    public void setRootDrive(RootDrive drive) {
        if (rootDrive != null && rootDrive != drive) {
            rootDrive.destroy();
        }
        this.rootDrive = drive;
    }

    public RootDrive rootDrive() {
        return rootDrive;
    }

    /** Stores the animation pose the next {@link #update} tracks (copied; the caller keeps its pose). */
    public void capture(Pose animationPose) {
        if (animationPose.skeleton() != mapper.skeleton()) {
            throw new InvalidArgumentException("animationPose", animationPose, "is a pose of another skeleton");
        }
        stored.set(animationPose);
        hasPose = true;
    }

    /** The pose last captured (read-only for callers: physics never writes it). */
    public Pose storedPose() {
        return stored;
    }

    /**
     * Once per fixed tick, before the world steps: drive targets and target angular velocities
     * from the stored pose, and the root drive's force and torque. Does nothing before the first
     * {@link #capture}. Allocates nothing.
     */
    public void update() {
        if (!hasPose) {
            return;
        }
        double dt = world.settings().tickSeconds();
        mapper.bodyTargets(stored, targetPos, targetRot);
        for (int i = 0; i < n; i++) {
            int p = parent[i];
            if (p < 0) {
                continue;
            }
            rel.set(targetRot[p]).conjugate().mul(targetRot[i]).normalize();
            if (hasPrevious) {
                // ω in the parent's frame: rel = Δ·previous, Δ = rel·conj(previous), the shorter way
                delta.set(rel).mul(q.set(previousRel[i]).conjugate()).normalize();
                if (delta.w < 0) {
                    delta.set(-delta.x, -delta.y, -delta.z, -delta.w);
                }
                rotationVector(delta, omega).div(dt);
            } else {
                omega.zero();
            }
            previousRel[i].set(rel);
            targetOmega[i].set(omega);
            if (applied[i] > 0 && !kinematic[i]) {
                world.setDriveTarget(ragdoll.joint(i), rel, omega);
            }
        }
        for (int i = 0; i < n; i++) {
            if (kinematic[i]) {
                world.moveKinematic(ragdoll.body(i), targetPos[i], targetRot[i]);
            }
        }
        if (rootDrive != null && !kinematic[0]) {
            rootDrive.apply(targetPos[0], targetRot[0]);
        }
        hasPrevious = true;
    }

    /** The rotation vector (axis × angle, rad) of unit quaternion r with r.w ≥ 0. */
    static Vector3d rotationVector(Quaterniond r, Vector3d dest) {
        double s = Math.sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
        if (s < 1e-12) {
            return dest.set(2 * r.x, 2 * r.y, 2 * r.z);
        }
        double angle = 2 * Math.atan2(s, r.w);
        return dest.set(r.x, r.y, r.z).mul(angle / s);
    }

    /**
     * The target angular velocity of body i's joint from the last update: the child's rotation
     * relative to its parent per second, in the parent body's frame, rad/s (zero for the root).
     */
    public Vector3d targetAngularVelocity(int body, Vector3d dest) {
        return dest.set(targetOmega[body]);
    }

    /** The drive target of body i's joint from the last update: conj(T_parent)·T_child (before limits). */
    public Quaterniond targetRelativeOrientation(int body, Quaterniond dest) {
        return dest.set(previousRel[body]);
    }

    /**
     * Makes body i kinematic along the animation (true) or physical again (false): a partial ragdoll,
     * for example only the arms physical. A kinematic body is moved to its animated transform each
     * update; its joint's drive has nothing to do. Also sets its blend weight to 0 or 1.
     */
    public void setKinematic(int body, boolean followAnimation) {
        checkBody(body);
        world.setBodyType(ragdoll.body(body), followAnimation ? dev.sinew.solver.BodyType.KINEMATIC
                : dev.sinew.solver.BodyType.DYNAMIC);
        kinematic[body] = followAnimation;
        blend[body] = followAnimation ? 0 : 1;
    }

    public boolean isKinematic(int body) {
        return kinematic[body];
    }

    /** Sets body i's blend weight for {@link #blendedPose}: 0 shows the animation, 1 the physics. */
    public void setBlendWeight(int body, double weight) {
        checkBody(body);
        blend[body] = checkStrength("weight", weight);
    }

    public double blendWeight(int body) {
        return blend[body];
    }

    private void checkBody(int body) {
        if (body < 0 || body >= n) {
            throw new InvalidArgumentException("body", body, "must be in [0, " + n + ")");
        }
    }

    /**
     * The pose to render: every mapped bone's local rotation the slerp from the animation's (the
     * stored pose) to the physics one by its body's blend weight, every other bone the animation's,
     * the root translation blended by the root body's weight. Into {@code dest}; allocates nothing.
     */
    public Pose blendedPose(Pose dest) {
        dest.set(stored);
        ragdoll.readPose(physicsPose.set(stored));
        for (int i = 0; i < n; i++) {
            int bone = mapper.bone(i);
            double w = blend[i];
            if (w == 0) {
                continue;
            }
            stored.localRotation(bone, qa);
            physicsPose.localRotation(bone, qb);
            if (qa.dot(qb) < 0) {
                qb.set(-qb.x, -qb.y, -qb.z, -qb.w);
            }
            dest.setLocalRotation(bone, w == 1 ? qb : qa.slerp(qb, w));
        }
        if (mapper.bone(0) == 0 && blend[0] > 0) {
            dest.setRootTranslation(stored.rootTranslation(va).lerp(physicsPose.rootTranslation(vb), blend[0]));
        }
        return dest;
    }

    /** Body i's target orientation of the last update (world). */
    public Quaterniond targetOrientation(int body, Quaterniond dest) {
        return dest.set(targetRot[body]);
    }

    /** Body i's target position of the last update (world, m). */
    public Vector3d targetPosition(int body, Vector3d dest) {
        return dest.set(targetPos[body]);
    }

    /**
     * The tracking report after a step: per body, the angle between its orientation and its target
     * (degrees) and its drive's torque use (|applied torque| / maximum torque, 0..1; the root body's
     * is its root drive's, 0 without one). Filled into one reused object.
     */
    public TrackingReport report() {
        for (int i = 0; i < n; i++) {
            world.orientation(ragdoll.body(i), q);
            double dot = Math.abs(q.x * targetRot[i].x + q.y * targetRot[i].y + q.z * targetRot[i].z + q.w * targetRot[i].w);
            report.errorDeg[i] = Math.toDegrees(2 * Math.acos(Math.min(1, dot)));
            JointHandle j = ragdoll.joint(i);
            if (j != null) {
                double max = maxTorque(i);
                report.torqueUse[i] = max > 0 ? world.driveTorque(j, torque).length() / max : 0;
            } else {
                report.torqueUse[i] = rootDrive == null ? 0 : rootDrive.use();
            }
        }
        return report;
    }

    public Ragdoll ragdoll() {
        return ragdoll;
    }
}
