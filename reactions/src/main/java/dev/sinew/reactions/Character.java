package dev.sinew.reactions;

import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.RootDrive;
import dev.sinew.reactions.fall.Balance;
import dev.sinew.reactions.fall.FallSettings;
import dev.sinew.reactions.getup.GetUpChoice;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.reactions.getup.GetUpMotion;
import dev.sinew.reactions.getup.GetUpSettings;
import dev.sinew.reactions.getup.GetUps;
import dev.sinew.reactions.getup.TorsoAxes;
import dev.sinew.reactions.hit.AppliedHit;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.reactions.hit.Impacts;
import dev.sinew.reactions.weakening.BodyWeakening;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.RayHit;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * An active-ragdoll character that reacts: it tracks its animation, takes {@link Hit hits},
 * staggers, falls, lies down and gets up again, as the state machine of {@link CharacterState}
 * says. It needs no viewer: a game runs it once per fixed tick around the world's step,
 * <pre>
 *   character.setAnimationPose(pose);   // the animation side's latest pose (any time, any rate)
 *   character.beforeStep();              // hits due, timers, drive targets and strengths
 *   world.step();
 *   character.afterStep();               // balance, settling, get-up progress; events
 * </pre>
 * and hears about it through {@link CharacterListener}s.
 *
 * <p><b>Placement.</b> The animation pose is in the animation's own space; the character places
 * it in the world turned by a yaw about +Y and moved by an offset, world = R_y(yaw)·p + offset
 * (identity at first). A get-up ends wherever the body got up, facing wherever it faces: there the
 * placement is set so that the animation's feet land under the body's feet with its heading, and
 * the animation carries on from there.
 *
 * <p><b>Strength.</b> Each body's drive strength is the state's strength (1 when tracking, easing
 * to the limp tone in a fall, ramping up in stages while getting up) times the body's weakening
 * multiplier ({@link BodyWeakening}); the root drive's strength is the state's alone.
 *
 * <p><b>Time.</b> Everything runs on the world's ticks: the time of a tick is
 * {@code World.stepCount()} times the tick length, so a run repeats bit for bit. In steady state
 * (tracking, nothing recovering) a tick allocates nothing.
 */
public final class Character {
    private final Ragdoll ragdoll;
    private final World world;
    private final PoseDriver driver;
    private final RootDrive rootDrive;
    private final CharacterSettings settings;
    private final Impacts impacts;
    private final BodyWeakening weakening;
    private final Balance balance;
    private final dev.sinew.reactions.fall.Settling settling;
    private final TorsoAxes axes;
    private final GetUps getUps;
    private final GetUpMotion motion;
    private final Pose base;
    private final Pose placed;
    private final Pose target;
    private final Pose physicsPose;
    private final Pose endPose;
    private double yaw;
    private final Vector3d offset = new Vector3d();
    private final Quaterniond yawRot = new Quaterniond();
    private CharacterState state = CharacterState.ANIMATED;
    private double stateStart;
    private final List<Hit> pending = new ArrayList<>();
    private final List<CharacterListener> listeners = new ArrayList<>();
    private double balanceLost;
    private double hitStopUntil = Double.NEGATIVE_INFINITY;
    private boolean inHitStop;
    private double tau;
    private double rampFromJoints;
    private double rampFromRoot;
    private double joints = 1;
    private double root = 1;
    private double groundY;
    private GetUpChoice choice;
    private double abortFor;
    private boolean returning;
    private final double[] applied;
    private final Quaterniond qa = new Quaterniond();
    private final Quaterniond qb = new Quaterniond();
    private final Vector3d va = new Vector3d();
    private final Vector3d vb = new Vector3d();
    private final Vector3d[] bodyPos;
    private final Quaterniond[] bodyRot;

    /**
     * A character for the driver's ragdoll, starting {@link CharacterState#ANIMATED} (its bodies
     * kinematic along the animation) in the pose {@code animationPose}.
     *
     * @param driver        the ragdoll's pose driver, with a root drive (a character cannot get up without one)
     * @param getUps        the get-up clips it may choose from ({@link GetUpLibrary#none()}: it stays down once down)
     * @param settings      its reactions' tuning
     * @param animationPose the animation pose to start in (animation space; copied)
     * @throws InvalidArgumentException if the driver has no root drive or the ragdoll no chest
     * @throws dev.sinew.rig.FormatException if a get-up clip does not start in the class the library gives it
     */
    public Character(PoseDriver driver, GetUpLibrary getUps, CharacterSettings settings, Pose animationPose) {
        if (driver.rootDrive() == null) {
            throw new InvalidArgumentException("driver", "no root drive", "needs a root drive (PoseDriver.setRootDrive): "
                    + "a character gets up by it");
        }
        this.driver = driver;
        this.ragdoll = driver.ragdoll();
        this.world = ragdoll.world();
        this.rootDrive = driver.rootDrive();
        this.settings = settings;
        impacts = new Impacts(ragdoll, settings.hits());
        weakening = new BodyWeakening(ragdoll);
        balance = new Balance(ragdoll);
        settling = new dev.sinew.reactions.fall.Settling(ragdoll);
        axes = new TorsoAxes(ragdoll, settings.restFront());
        this.getUps = new GetUps(getUps, ragdoll, axes);
        dev.sinew.rig.Skeleton skeleton = ragdoll.mapper().skeleton();
        motion = new GetUpMotion(this.getUps, skeleton);
        base = new Pose(skeleton).set(animationPose);
        placed = new Pose(skeleton);
        target = new Pose(skeleton);
        physicsPose = new Pose(skeleton);
        endPose = new Pose(skeleton);
        int n = ragdoll.bodyCount();
        applied = new double[n];
        java.util.Arrays.fill(applied, Double.NaN);
        bodyPos = new Vector3d[n];
        bodyRot = new Quaterniond[n];
        for (int i = 0; i < n; i++) {
            bodyPos[i] = new Vector3d();
            bodyRot[i] = new Quaterniond();
            driver.setKinematic(i, true);
        }
        placeBase();
        target.set(placed);
        driver.capture(target);
    }

    // ------------------------------------------------------------------ the game's side

    /** Stores the animation side's latest pose (animation space; copied). It is read at the next tick. */
    public void setAnimationPose(Pose animationPose) {
        base.set(animationPose);
    }

    /** Queues a hit; it lands on its tick (or the next tick this character runs). */
    public void hit(Hit hit) {
        if (hit == null) {
            throw new InvalidArgumentException("hit", null, "must be given");
        }
        if (hit.body() >= ragdoll.bodyCount()) {
            throw new InvalidArgumentException("hit.body", hit.body(), "must be a body of the ragdoll, in [0, "
                    + ragdoll.bodyCount() + ")");
        }
        pending.add(hit);
    }

    /** From {@link CharacterState#ANIMATED} to {@link CharacterState#ACTIVE}: the bodies become physical. */
    public void activate() {
        if (state == CharacterState.ANIMATED) {
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                driver.setKinematic(i, false);
            }
            change(CharacterState.ACTIVE, "activated");
        }
    }

    /** From tracking back to {@link CharacterState#ANIMATED}: the bodies follow the animation kinematically. */
    public void animate() {
        if (state == CharacterState.ACTIVE || state == CharacterState.STAGGERED) {
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                driver.setKinematic(i, true);
            }
            weakening.reset();
            change(CharacterState.ANIMATED, "animated");
        }
    }

    /** Knocks the character down now, whatever it is doing (an animated one is activated first). */
    public void knockDown() {
        activate();
        goLimp("knocked down");
    }

    /**
     * Gets up now if the character is {@link CharacterState#DOWN} (else does nothing, and so does a
     * character with no get-up clips: {@link GetUpLibrary#none()}).
     */
    public void getUp() {
        if (state == CharacterState.DOWN && getUps.library().size() > 0) {
            startGetUp();
        }
    }

    public void addListener(CharacterListener l) {
        listeners.add(l);
    }

    public void removeListener(CharacterListener l) {
        listeners.remove(l);
    }

    // ------------------------------------------------------------------ the tick

    /** Once per tick before the world steps: hits due, timers, the pose to track and the drives' strengths. */
    public void beforeStep() {
        long tick = world.stepCount();
        double dt = world.settings().tickSeconds();
        double t = tick * dt;
        applyDueHits(tick, t);
        boolean stopped = t < hitStopUntil;
        if (inHitStop && !stopped) {
            inHitStop = false;
            for (int i = 0; i < listeners.size(); i++) {
                listeners.get(i).hitStop(this, false, tick);
            }
        }
        boolean moved = false;
        switch (state) {
            case ANIMATED, ACTIVE, STAGGERED -> {
                if (!stopped) {
                    placeBase();
                    target.set(placed);
                    moved = true;
                }
                joints = 1;
                root = 1;
            }
            case LIMP -> {
                FallSettings f = settings.falls();
                joints = ease(rampFromJoints, f.limpTone(), t - stateStart, f.limpSeconds());
                root = ease(rampFromRoot, 0, t - stateStart, f.rootReleaseSeconds());
            }
            case DOWN -> {
                joints = settings.falls().limpTone();
                root = 0;
            }
            case GETTING_UP -> {
                if (!stopped) {
                    tau += dt;
                    gettingUpTarget();
                    moved = true;
                }
                GetUpSettings g = settings.getUp();
                double d = motion.duration();
                if (tau <= d) {
                    joints = g.strength(tau, d, rampFromJoints, false);
                    root = g.strength(tau, d, rampFromRoot, true);
                } else {
                    double u = g.returnSeconds() > 0 ? (tau - d) / g.returnSeconds() : 1;
                    joints = Smoothstep.between(g.strength(d, d, rampFromJoints, false), 1, u);
                    root = Smoothstep.between(g.strength(d, d, rampFromRoot, true), 1, u);
                }
            }
            default -> throw new IllegalStateException(state.toString());
        }
        applyStrengths(t);
        if (moved) {
            driver.capture(target);
        }
        driver.update();
    }

    /** Once per tick after the world steps: balance, settling, get-up progress and its end. */
    public void afterStep() {
        long tick = world.stepCount();
        double dt = world.settings().tickSeconds();
        double t = tick * dt;
        FallSettings f = settings.falls();
        switch (state) {
            case ACTIVE, STAGGERED -> {
                if (state == CharacterState.STAGGERED && weakening.recovered(t)) {
                    change(CharacterState.ACTIVE, "recovered");
                }
                balanceLost = balance.comOutside() > f.balanceMargin() ? balanceLost + dt : 0;
                if (balanceLost >= f.balanceLostSeconds()) {
                    goLimp("balance lost");
                }
            }
            case LIMP -> {
                if (settling.update(dt, f.settleLinearSpeed(), f.settleAngularSpeed(), f.settleSeconds())) {
                    change(CharacterState.DOWN, "settled");
                } else if (t - stateStart >= f.maxLimpSeconds()) {
                    change(CharacterState.DOWN, "limp too long");
                }
            }
            case DOWN -> {
                if (getUps.library().size() > 0 && t - stateStart >= settings.getUp().delaySeconds()) {
                    startGetUp();
                }
            }
            case GETTING_UP -> {
                double d = motion.duration();
                if (tau >= d + settings.getUp().returnSeconds()) {
                    motion.stop();
                    returning = false;
                    change(CharacterState.ACTIVE, "stood up");
                    break;
                }
                double off = world.position(ragdoll.body(0), va).distance(driver.targetPosition(0, vb));
                abortFor = off > settings.getUp().abortDistance() ? abortFor + dt : 0;
                if (abortFor >= settings.getUp().abortSeconds()) {
                    goLimp("get-up failed");
                }
            }
            default -> {
            }
        }
    }

    private static double ease(double from, double to, double elapsed, double seconds) {
        return seconds > 0 ? Smoothstep.between(from, to, elapsed / seconds) : to;
    }

    private void applyDueHits(long tick, double t) {
        for (int k = 0; k < pending.size(); k++) {
            Hit h = pending.get(k);
            if (h.tick() > tick) {
                continue;
            }
            pending.remove(k--);
            if (state == CharacterState.ANIMATED) {
                activate();
            }
            AppliedHit a = impacts.apply(h, tick);
            if (a == null) {
                continue;
            }
            weakening.hit(a.body(), settings.hits().weakening(h), t, settings.hits().jitter(), h.seed());
            for (int i = 0; i < listeners.size(); i++) {
                listeners.get(i).hit(this, a);
            }
            double stop = settings.hits().hitStopSeconds();
            if (stop > 0 && (state == CharacterState.ACTIVE || state == CharacterState.STAGGERED
                    || state == CharacterState.GETTING_UP)) {
                hitStopUntil = Math.max(hitStopUntil, t + stop);
                if (!inHitStop) {
                    inHitStop = true;
                    for (int i = 0; i < listeners.size(); i++) {
                        listeners.get(i).hitStop(this, true, tick);
                    }
                }
            }
            if (a.knockDown()) {
                goLimp("knock-down hit");
            } else if (state == CharacterState.ACTIVE) {
                change(CharacterState.STAGGERED, a.hit().critical() ? "critical hit" : "hit");
            } else if (state == CharacterState.DOWN) {
                goLimp("hit while down");
            } else if (state == CharacterState.LIMP) {
                settling.reset();
            }
        }
    }

    /** Each body's strength = state strength × weakening, set on the driver where it changed; the root drive's likewise. */
    private void applyStrengths(double t) {
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            double s = Math.max(0, Math.min(1, joints * weakening.multiplier(i, t)));
            if (s != applied[i]) {
                driver.setBodyStrength(i, s);
                applied[i] = s;
            }
        }
        double r = Math.max(0, Math.min(1, root));
        if (r != rootDrive.strength()) {
            rootDrive.setStrength(r);
        }
    }

    private void goLimp(String reason) {
        if (state == CharacterState.ANIMATED) {
            activate();
        }
        if (state == CharacterState.LIMP) {
            settling.reset();
            return;
        }
        rampFromJoints = joints;
        rampFromRoot = root;
        motion.stop();
        returning = false;
        settling.reset();
        balanceLost = 0;
        change(CharacterState.LIMP, reason);
    }

    /** Classifies the lying pose, chooses and places a get-up clip, and starts it from the physics pose. */
    private void startGetUp() {
        choice = getUps.choose();
        ragdoll.readPose(physicsPose.set(target));
        groundY = groundUnderPelvis();
        motion.start(choice, physicsPose, groundY, settings.getUp().blendSeconds());
        tau = 0;
        abortFor = 0;
        returning = false;
        rampFromJoints = joints;
        rampFromRoot = root;
        change(CharacterState.GETTING_UP, "get up: " + choice.name());
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).getUpStarted(this, choice, world.stepCount());
        }
    }

    /** The target while getting up: the clip, then the cross-fade from its last frame to the placed animation. */
    private void gettingUpTarget() {
        double d = motion.duration();
        if (tau <= d) {
            motion.sample(tau, target);
            return;
        }
        if (!returning) {
            returning = true;
            motion.placed(d, endPose);
            placeAfterGetUp();
        }
        placeBase();
        double r = settings.getUp().returnSeconds();
        motion.slerp(endPose, placed, Smoothstep.of(r > 0 ? (tau - d) / r : 1), target);
    }

    /**
     * Sets the placement so that the animation pose's feet (their bodies' midpoint on the ground)
     * land under the body's feet and its facing heading is the body's (see the class comment).
     */
    private void placeAfterGetUp() {
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            world.orientation(ragdoll.body(i), bodyRot[i]);
        }
        double bodyHeading = axes.facingHeading(bodyRot[axes.pelvis()], bodyRot[axes.chest()]);
        Vector3d bodyFeet = feet(true, new Vector3d());
        ragdoll.mapper().bodyTargets(base, bodyPos, bodyRot);
        double animHeading = axes.facingHeading(bodyRot[axes.pelvis()], bodyRot[axes.chest()]);
        Vector3d animFeet = feet(false, new Vector3d());
        yaw = bodyHeading - animHeading;
        yawRot.identity().rotateY(yaw);
        yawRot.transform(animFeet);
        offset.set(bodyFeet.x - animFeet.x, groundY, bodyFeet.z - animFeet.z);
    }

    /** The mean position of the foot bodies (or the pelvis, without feet): physics, or the bodyPos buffer. */
    private Vector3d feet(boolean physics, Vector3d dest) {
        dest.zero();
        int k = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            if ("foot".equals(ragdoll.region(i))) {
                dest.add(physics ? world.position(ragdoll.body(i), va) : bodyPos[i]);
                k++;
            }
        }
        if (k == 0) {
            return physics ? world.position(ragdoll.body(0), dest) : dest.set(bodyPos[0]);
        }
        return dest.div(k);
    }

    /**
     * The height of the ground under the pelvis, m: the first thing that is not this character
     * along a ray cast straight down from 0.5 m above it (the lowest body's centre if nothing is).
     */
    private double groundUnderPelvis() {
        Vector3d from = world.position(ragdoll.body(0), new Vector3d()).add(0, 0.5, 0);
        for (RayHit h : world.queries().rayCastAll(from, new Vector3d(0, -1, 0), 50)) {
            if (impacts.indexOf(h.body()) < 0 && !h.body().equals(rootDrive.anchor())) {
                return h.point().y();
            }
        }
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            lowest = Math.min(lowest, world.position(ragdoll.body(i), va).y);
        }
        return lowest;
    }

    /** placed = the animation pose turned by the yaw and moved by the offset. */
    private void placeBase() {
        placed.set(base);
        yawRot.identity().rotateY(yaw);
        placed.localRotation(0, qa);
        placed.setLocalRotation(0, qb.set(yawRot).mul(qa).normalize());
        placed.rootTranslation(va);
        yawRot.transform(va).add(offset);
        placed.setRootTranslation(va);
    }

    private void change(CharacterState to, String reason) {
        CharacterState from = state;
        state = to;
        stateStart = world.stepCount() * world.settings().tickSeconds();
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).stateChanged(this, from, to, world.stepCount(), reason);
        }
    }

    // ------------------------------------------------------------------ reading it

    public CharacterState state() {
        return state;
    }

    /** The get-up chosen last (null before the first). */
    public GetUpChoice getUpChoice() {
        return choice;
    }

    /** Seconds into the current get-up (its clip's first frame at 0). */
    public double getUpSeconds() {
        return tau;
    }

    /** The get-up clip playing now, or null. */
    public String getUpClip() {
        return state == CharacterState.GETTING_UP && choice != null ? choice.name() : null;
    }

    /** 0 during hit stop (the animation side should pause its clock), else 1. */
    public double animationTimeScale() {
        return inHitStop ? 0 : 1;
    }

    /** Body i's weakening multiplier now (1: not weakened). */
    public double weakening(int body) {
        return weakening.multiplier(body, world.stepCount() * world.settings().tickSeconds());
    }

    /** The strength the state gives the joint drives now (before weakening), [0, 1]. */
    public double stateStrength() {
        return joints;
    }

    /** The pose the drives track this tick (world). */
    public Pose targetPose() {
        return target;
    }

    /** The animation's placement: its yaw about +Y (rad). */
    public double placementYaw() {
        return yaw;
    }

    /** The animation's placement: its offset (world, m). */
    public Vector3d placementOffset(Vector3d dest) {
        return dest.set(offset);
    }

    /** The largest impulse any one body took from hits within a tick so far, N·s. */
    public double largestImpulsePerBodyTick() {
        return impacts.largestPerBodyTick();
    }

    public Ragdoll ragdoll() {
        return ragdoll;
    }

    public PoseDriver driver() {
        return driver;
    }

    public CharacterSettings settings() {
        return settings;
    }

    public TorsoAxes torsoAxes() {
        return axes;
    }

    public GetUps getUps() {
        return getUps;
    }

    /** The balance monitor (its support polygon is that of the last tick checked). */
    public Balance balance() {
        return balance;
    }
}
