package dev.sinew.rig.look;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Look-at (an aim offset): turns a chain of bones toward a target, additively, on top of whatever
 * the pose is doing.
 *
 * <p>The aim is measured against the character's facing, given by its owner, never against the
 * root bone, whose rotation may carry a fixed mesh offset (a mesh modelled facing +X and turned
 * −90° shows that offset in its root: measured against it, a character facing its target would
 * look 90° aside). From the eye bone to the target, the yaw relative to the facing (rad, (−π, π])
 * and the pitch (up positive) are found; the pitch is clamped to {@link LookAtSettings#pitchIn} and
 * mapped linearly onto {@link LookAtSettings#pitchOut}, each side of level on its own (level stays
 * level, the lowest maps to the lowest, the highest to the highest). The yaw follows its target on the shortest path
 * across ±π (from −170° to +170° it turns 20°, not 340°): each update it moves
 * s·tanh(k·d/s), with d the shortest signed difference, k = 1 − e^(−response·dt) and s = yawSpeed·dt,
 * so small differences close exponentially and no step reaches s. The pitch closes by k.
 *
 * <p>Looking is on when any of the settings' rules holds (idle, nearly stationary, strafing, a
 * one-shot action playing) and the target's pitch is within the cut-off; the weight ramps to 1 or 0
 * over {@link LookAtSettings#blendSeconds} (smoothstepped when applied). The chain turns, in the
 * character's frame, by share_b × (yaw about up, then pitch about the character's right axis), each
 * bone about its own pivot, parents first.
 *
 * <p>Everything is computed once, in {@link #update}, and cached; {@link #apply} and the getters only
 * read, so any number of readers see the same values. Allocates nothing.
 */
public final class LookAt {
    private final LookAtSettings settings;
    private final Skeleton skeleton;
    private final int[] chain;
    private final double[] share;
    private final int eye;
    private final boolean[] rule = new boolean[LookAtSettings.Rule.values().length];
    private final double[] pitchIn;
    private final double[] pitchOut;
    // inputs, set by the owner before each update
    private final Vector3d target = new Vector3d();
    private double facing;
    private double speed;
    private boolean idle;
    private boolean strafing;
    private boolean oneShot;
    // cached per update
    private double targetYaw;
    private double rawPitch;
    private double targetPitch;
    private double yaw;
    private double pitch;
    private double lastYawStep;
    private boolean enabled;
    private double weight;
    private double appliedYaw;
    private double appliedPitch;
    private boolean started;
    private final Vector3d v = new Vector3d();
    private final Quaterniond parentModel = new Quaterniond();
    private final Quaterniond d = new Quaterniond();
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond t = new Quaterniond();

    /**
     * @throws InvalidArgumentException naming a bone the skeleton lacks, or a chain bone that is not
     *                                  the child of the one before it
     */
    public LookAt(Skeleton skeleton, LookAtSettings settings) {
        this.skeleton = Check.notNull("skeleton", skeleton);
        this.settings = Check.notNull("settings", settings);
        int n = settings.chain().size();
        chain = new int[n];
        share = new double[n];
        for (int i = 0; i < n; i++) {
            LookAtSettings.ChainBone c = settings.chain().get(i);
            chain[i] = skeleton.find(c.bone());
            if (chain[i] < 0) {
                throw new InvalidArgumentException("chain[" + i + "]", c.bone(), "no such bone in the skeleton");
            }
            if (i > 0 && skeleton.parent(chain[i]) != chain[i - 1]) {
                throw new InvalidArgumentException("chain[" + i + "]", c.bone(), "must be the child of "
                        + settings.chain().get(i - 1).bone() + " (the chain runs parent to child)");
            }
            share[i] = c.weight();
        }
        eye = skeleton.find(settings.eyeBone());
        if (eye < 0) {
            throw new InvalidArgumentException("eyeBone", settings.eyeBone(), "no such bone in the skeleton");
        }
        pitchIn = settings.pitchIn();
        pitchOut = settings.pitchOut();
        for (LookAtSettings.Rule r : settings.rules()) {
            rule[r.ordinal()] = true;
        }
    }

    public LookAtSettings settings() {
        return settings;
    }

    /** The point to look at, world (the pose's model space), m. */
    public LookAt setTarget(Vector3dc point) {
        target.set(Check.finite("target", point));
        return this;
    }

    /** The character's facing: yaw about +Y, rad, 0 along +Z (not the root bone's). */
    public LookAt setFacing(double yaw) {
        facing = Check.finite("facing", yaw);
        return this;
    }

    /**
     * What the character is doing, for the enable rules.
     *
     * @param horizontalSpeed its speed over the ground, m/s
     */
    public LookAt setMotion(double horizontalSpeed, boolean idle, boolean strafing, boolean oneShotAction) {
        this.speed = Check.nonNegative("horizontalSpeed", horizontalSpeed);
        this.idle = idle;
        this.strafing = strafing;
        this.oneShot = oneShotAction;
        return this;
    }

    /**
     * The yaw (rad, (−π, π]) and pitch (rad) of {@code direction} relative to a facing yaw: what the
     * aim delta is. The pitch is up positive.
     */
    public static Vector3d aimDelta(Vector3dc direction, double facingYaw, Vector3d dest) {
        double h = Math.sqrt(direction.x() * direction.x() + direction.z() * direction.z());
        double y = Rotations.shortestDelta(facingYaw, Rotations.yaw(direction.x(), direction.z()));
        return dest.set(y, StrictMath.atan2(direction.y(), h), 0);
    }

    /**
     * Once per update: measures the target from the eye bone of {@code pose} (evaluated here) and
     * moves the cached yaw, pitch and weight. Everything read later comes from here.
     */
    public void update(double dt, Pose pose) {
        Check.positive("dt", dt);
        pose.evaluate().modelPosition(eye, v);
        v.set(target.x - v.x, target.y - v.y, target.z - v.z);
        aimDelta(v, facing, v);
        targetYaw = v.x;
        rawPitch = v.y;
        // each side of level scales on its own, so a level target keeps the head level
        double p = Math.max(pitchIn[0], Math.min(pitchIn[1], rawPitch));
        targetPitch = p >= 0 ? p / pitchIn[1] * pitchOut[1] : p / pitchIn[0] * pitchOut[0];
        boolean any = rule[LookAtSettings.Rule.IDLE.ordinal()] && idle
                || rule[LookAtSettings.Rule.NEARLY_STATIONARY.ordinal()] && speed < settings.stationarySpeed()
                || rule[LookAtSettings.Rule.STRAFING.ordinal()] && strafing
                || rule[LookAtSettings.Rule.ONE_SHOT_ACTION.ordinal()] && oneShot;
        enabled = any && Math.abs(rawPitch) <= settings.pitchCutoff();
        if (!started) {
            started = true;
            yaw = 0;
            pitch = 0;
        }
        double k = 1 - StrictMath.exp(-settings.response() * dt);
        double cap = settings.yawSpeed() * dt;
        double before = yaw;
        yaw = Rotations.wrap(yaw + cap * StrictMath.tanh(k * Rotations.shortestDelta(yaw, targetYaw) / cap));
        lastYawStep = Rotations.shortestDelta(before, yaw);
        pitch += k * (targetPitch - pitch);
        double ramp = dt / settings.blendSeconds();
        weight = enabled ? Math.min(1, weight + ramp) : Math.max(0, weight - ramp);
        double limit = settings.yawLimit();
        double a = Math.abs(yaw);
        double behind = a <= limit ? 1 : 1 - smoothstep((a - limit) / (Math.PI - limit));
        double w = smoothstep(weight) * behind;
        appliedYaw = w * Math.max(-limit, Math.min(limit, yaw));
        appliedPitch = w * pitch;
    }

    private static double smoothstep(double x) {
        double c = Math.max(0, Math.min(1, x));
        return c * c * (3 - 2 * c);
    }

    /**
     * Turns the chain of {@code pose} by the cached look (reads only the values {@link #update}
     * cached). Allocates nothing.
     */
    public Pose apply(Pose pose) {
        if (appliedYaw == 0 && appliedPitch == 0) {
            return pose;
        }
        pose.evaluate();
        int parent = skeleton.parent(chain[0]);
        if (parent >= 0) {
            pose.modelRotation(parent, parentModel);
        } else {
            parentModel.identity();
        }
        for (int i = 0; i < chain.length; i++) {
            // D = Ry(facing)·Ry(s·yaw)·Rx(−s·pitch)·Ry(−facing): the bone's share in the character's frame
            Rotations.yawRotation(facing + share[i] * appliedYaw, d);
            d.rotateX(-share[i] * appliedPitch);
            d.mul(Rotations.yawRotation(-facing, t));
            // new model rotation D·P'·L, so the new local is conj(P')·D·P'·L
            pose.localRotation(chain[i], q);
            t.set(parentModel).premul(d).mul(q).normalize();
            q.set(parentModel).conjugate().mul(t).normalize();
            pose.setLocalRotation(chain[i], q);
            parentModel.set(t);
        }
        return pose;
    }

    /** The target's yaw relative to the facing this update, rad, (−π, π]. */
    public double targetYaw() {
        return targetYaw;
    }

    /** The target's pitch from the eye bone this update, rad (before mapping). */
    public double targetPitch() {
        return rawPitch;
    }

    /** The interpolated yaw, rad, (−π, π]. */
    public double yaw() {
        return yaw;
    }

    /** This update's yaw step, rad (signed). */
    public double yawStep() {
        return lastYawStep;
    }

    /** The interpolated, mapped pitch, rad, within {@link LookAtSettings#pitchOut}. */
    public double pitch() {
        return pitch;
    }

    /** Whether the rules and the pitch cut-off let the character look this update. */
    public boolean enabled() {
        return enabled;
    }

    /** The look's weight, 0..1 (ramping). */
    public double weight() {
        return weight;
    }

    /** The yaw the chain turns by in all, rad (after the limit, the behind fade and the weight). */
    public double appliedYaw() {
        return appliedYaw;
    }

    /** The pitch the chain turns by in all, rad. */
    public double appliedPitch() {
        return appliedPitch;
    }
}
