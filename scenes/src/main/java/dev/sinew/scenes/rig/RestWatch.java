package dev.sinew.scenes.rig;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import java.util.List;
import org.joml.Vector3d;

/**
 * Whether a group of bodies (one dropped ragdoll) comes to rest and falls asleep, watched tick by
 * tick from the drop.
 *
 * <p>At rest at a tick: every body's linear speed is under {@link #LINEAR} and its angular speed
 * under {@link #ANGULAR} (a sleeping body has both 0). <b>Rested</b>: from some tick at most
 * {@link #REST_WITHIN} after the drop, the bodies are at rest at every tick watched since. One
 * tick under the limits is not enough: a rocking limb passes under them at each turn, and a
 * ragdoll may lie still for a moment and then roll over.
 * <b>Slept</b>: at some tick at most {@link #SLEEP_WITHIN} after the drop every body is asleep.
 * {@link #restAngularSpeed()}: the largest angular speed of any body over the ticks after
 * {@link #REST_WITHIN}.
 */
final class RestWatch {
    /** Linear speed under which a body is at rest, m/s. */
    static final double LINEAR = 0.01;
    /** Angular speed under which a body is at rest, rad/s. */
    static final double ANGULAR = 0.05;
    /** Seconds after the drop by which the bodies must be at rest for good. */
    static final double REST_WITHIN = 5;
    /** Seconds after the drop by which every body must be asleep. */
    static final double SLEEP_WITHIN = 8;

    private final World world;
    private final List<BodyHandle> bodies;
    private final Vector3d v = new Vector3d();
    /** Start of the current run of ticks at rest, s after the drop; −1 while not at rest. */
    private double restSince = -1;
    /** First tick at which every body was asleep, s after the drop; −1 if none yet. */
    private double asleepAt = -1;
    private double restAngular;
    private double watched;

    RestWatch(World world, List<BodyHandle> bodies) {
        this.world = world;
        this.bodies = bodies;
    }

    /** Reads the bodies after the tick that ends {@code t} seconds after the drop. */
    void observe(double t) {
        boolean atRest = true;
        boolean asleep = true;
        for (BodyHandle b : bodies) {
            double w = world.angularVelocity(b, v).length();
            atRest &= w < ANGULAR && world.linearVelocity(b, v).length() < LINEAR;
            asleep &= !world.isAwake(b);
            if (t > REST_WITHIN) {
                restAngular = Math.max(restAngular, w);
            }
        }
        if (!atRest) {
            restSince = -1;
        } else if (restSince < 0) {
            restSince = t;
        }
        if (asleep && asleepAt < 0 && t <= SLEEP_WITHIN) {
            asleepAt = t;
        }
        watched = t;
    }

    /** Seconds after the drop watched so far. */
    double watched() {
        return watched;
    }

    /** At rest from a tick at most {@link #REST_WITHIN} after the drop through the last tick watched. */
    boolean rested() {
        return restSince >= 0 && restSince <= REST_WITHIN;
    }

    /** Every body asleep at some tick at most {@link #SLEEP_WITHIN} after the drop. */
    boolean slept() {
        return asleepAt >= 0;
    }

    /** When every body was first asleep, s after the drop; −1 if not within {@link #SLEEP_WITHIN}. */
    double asleepAt() {
        return asleepAt;
    }

    /** The largest angular speed of any body over the ticks after {@link #REST_WITHIN}, rad/s. */
    double restAngularSpeed() {
        return restAngular;
    }
}
