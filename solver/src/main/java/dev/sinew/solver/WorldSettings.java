package dev.sinew.solver;

import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immutable world settings, validated at creation. Defaults live in {@link #defaults()}; change
 * one with its {@code with…} method.
 *
 * @param gravity              acceleration of gravity, world frame, m/s² (default (0, −9.81, 0))
 * @param tickSeconds          length of one fixed tick, s (default 1/60); {@link World#step()} runs one,
 *                             {@link World#update(double)} as many as a frame's time holds
 * @param substeps             solver substeps per tick, ≥ 1 (default 4)
 * @param maxTicksPerUpdate    most ticks {@link World#update(double)} runs in one call, ≥ 1 (default 8);
 *                             the rest of the accumulated time is dropped so a slow frame cannot spiral
 * @param contactHertz         contact stiffness as a natural frequency, Hz (default 30); capped at a
 *                             quarter of the substep rate
 * @param contactDampingRatio  contact damping ratio of the push-out, dimensionless (default 1: critically
 *                             damped, so an overlap is removed in about a period without overshoot)
 * @param jointHertz           stiffness of the joints' drift correction as a natural frequency, Hz
 *                             (default 60: twice the default contact frequency, so joints are stiffer
 *                             than contacts, the proportion Box2D v3 uses); capped at a quarter of the
 *                             substep rate
 * @param jointDampingRatio    damping ratio of the joints' drift correction, dimensionless (default 2:
 *                             overdamped, so a joint pulled apart closes without ringing)
 * @param maxPushOutSpeed      largest speed at which overlap is corrected, m/s (default 3)
 * @param linearSlop           overlap within which a resting contact is held rigidly, without push-out, m
 *                             (default 0.001); deeper overlap is pushed out softly
 * @param speculativeDistance  distance within which separated shapes already get contact points, m
 *                             (default 0.02); the step adds the distance the pair can close in one tick
 * @param aabbMargin           how much a broadphase bound is fattened when it is refit, m (default 0:
 *                             the broadphase's grid is built afresh every tick, so a fat bound saves
 *                             no work and only adds pairs whose shapes are far apart)
 * @param restitutionThreshold approach speed below which contacts do not bounce, m/s (default 1)
 * @param continuousCollision  whether the time-of-impact sweep of fast bodies runs (default true); off,
 *                             only speculative contacts stop fast bodies, and a body knocked toward a
 *                             thin wall it had no contact with can pass it (per body:
 *                             {@link BodySettings#continuousCollision()})
 * @param sleepEnabled         whether bodies may fall asleep (default true)
 * @param timeToSleep          seconds a whole island must stay below the sleep speeds (default 0.5)
 * @param sleepLinearSpeed     linear speed below which a body counts as resting, m/s (default 0.05)
 * @param sleepAngularSpeed    angular speed below which a body counts as resting, rad/s (default 0.05)
 * @param worldBound           a body whose centre of mass leaves the cube |x|, |y|, |z| ≤ this is a
 *                             fault, m (default 10,000)
 * @param faultPolicy          what happens to a body whose state is not finite or out of bounds
 *                             (default {@link FaultPolicy#RESET}); each case is reported in
 *                             {@link World#faultEvents()}
 * @param threads              threads of the worker pool the world's step runs its parallel stages on,
 *                             ≥ 1 (default 1: the caller's thread alone, no thread started); the
 *                             results are the same bits for any count. The pool's threads are daemon
 *                             threads; {@link World#close()} stops them. {@link World#setTaskRunner}
 *                             hands the stages to an engine's own job system instead
 */
public record WorldSettings(
        Vector3dc gravity,
        double tickSeconds,
        int substeps,
        int maxTicksPerUpdate,
        double contactHertz,
        double contactDampingRatio,
        double jointHertz,
        double jointDampingRatio,
        double maxPushOutSpeed,
        double linearSlop,
        double speculativeDistance,
        double aabbMargin,
        double restitutionThreshold,
        boolean continuousCollision,
        boolean sleepEnabled,
        double timeToSleep,
        double sleepLinearSpeed,
        double sleepAngularSpeed,
        double worldBound,
        FaultPolicy faultPolicy,
        int threads) {

    public WorldSettings {
        gravity = new Vector3d(Check.finite("gravity", gravity));
        Check.positive("tickSeconds", tickSeconds);
        Check.atLeast("substeps", substeps, 1);
        Check.atLeast("maxTicksPerUpdate", maxTicksPerUpdate, 1);
        Check.nonNegative("contactHertz", contactHertz);
        Check.nonNegative("contactDampingRatio", contactDampingRatio);
        Check.nonNegative("jointHertz", jointHertz);
        Check.nonNegative("jointDampingRatio", jointDampingRatio);
        Check.positive("maxPushOutSpeed", maxPushOutSpeed);
        Check.nonNegative("linearSlop", linearSlop);
        Check.nonNegative("speculativeDistance", speculativeDistance);
        Check.nonNegative("aabbMargin", aabbMargin);
        Check.nonNegative("restitutionThreshold", restitutionThreshold);
        Check.positive("timeToSleep", timeToSleep);
        Check.nonNegative("sleepLinearSpeed", sleepLinearSpeed);
        Check.nonNegative("sleepAngularSpeed", sleepAngularSpeed);
        Check.positive("worldBound", worldBound);
        Check.notNull("faultPolicy", faultPolicy);
        Check.atLeast("threads", threads, 1);
    }

    public static WorldSettings defaults() {
        return new WorldSettings(new Vector3d(0, -9.81, 0), 1.0 / 60.0, 4, 8, 30, 1, 60, 2, 3, 0.001, 0.02, 0, 1.0,
                true, true, 0.5, 0.05, 0.05, 1e4, FaultPolicy.RESET, 1);
    }

    /** Gravity, m/s², world frame. */
    public WorldSettings withGravity(Vector3dc g) {
        return new WorldSettings(g, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** The fixed tick, s, and its substeps. */
    public WorldSettings withTick(double seconds, int substepCount) {
        return new WorldSettings(gravity, seconds, substepCount, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** Whether bodies may fall asleep (the world-wide switch). */
    public WorldSettings withSleep(boolean enabled) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, enabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** Contact softness: natural frequency, Hz, damping ratio, and the largest push-out speed, m/s. */
    public WorldSettings withContact(double hertz, double dampingRatio, double pushOutSpeed) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, hertz, dampingRatio,
                jointHertz, jointDampingRatio, pushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** The joints' drift correction: natural frequency, Hz, and damping ratio (defaults 60 and 2). */
    public WorldSettings withJointSoftness(double hertz, double dampingRatio) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                hertz, dampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** Whether the time-of-impact sweep of fast bodies runs (default true). */
    public WorldSettings withContinuousCollision(boolean enabled) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, enabled, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /** The world bound (m) and what happens to a body that leaves it or whose state is not finite. */
    public WorldSettings withFaults(double bound, FaultPolicy policy) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, bound, policy, threads);
    }

    /** The approach speed below which contacts do not bounce, m/s. */
    public WorldSettings withRestitutionThreshold(double speed) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                speed, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, threads);
    }

    /**
     * The same settings with the step's worker pool of {@code count} threads (1: the caller's thread
     * alone, no thread started). The results do not depend on it, bit for bit.
     */
    public WorldSettings withThreads(int count) {
        return new WorldSettings(gravity, tickSeconds, substeps, maxTicksPerUpdate, contactHertz, contactDampingRatio,
                jointHertz, jointDampingRatio, maxPushOutSpeed, linearSlop, speculativeDistance, aabbMargin,
                restitutionThreshold, continuousCollision, sleepEnabled, timeToSleep, sleepLinearSpeed,
                sleepAngularSpeed, worldBound, faultPolicy, count);
    }
}
