package dev.sinew.rig.match;

import dev.sinew.rig.Rotations;
import dev.sinew.solver.Check;

/**
 * The character's simulated ground motion, what the stick asks for: a velocity that approaches the
 * goal velocity as a critically damped spring, and a facing that approaches the goal facing the
 * same way (on the shortest path across ±π). Position integrates the velocity in closed form, so
 * the same formulas predict where the character will be at any horizon; the motion-matching query
 * is built from that prediction.
 *
 * <p>With y from the half-life, j0 = v − v_goal and j1 = a + y·j0 (per axis):
 * <pre>
 *   x(t) = x + v_goal·t + j0/y + j1/y² − e^(−y·t)·((j0 + j1·t)/y + j1/y²)
 *   v(t) = v_goal + (j0 + j1·t)·e^(−y·t)
 *   a(t) = (a − y·j1·t)·e^(−y·t)
 * </pre>
 * and the facing follows {@link CriticallyDampedSpring} toward its goal. Positions are metres on the
 * ground (x, z), yaws radians about +Y (0 along +Z).
 */
public final class Trajectory {
    private final double yv;
    private final double yr;
    private double x;
    private double z;
    private double vx;
    private double vz;
    private double ax;
    private double az;
    private double yaw;
    private double yawRate;

    /**
     * @param velocityHalfLife s (&gt; 0), see {@link CriticallyDampedSpring#dampingForHalfLife}
     * @param facingHalfLife   s (&gt; 0)
     */
    public Trajectory(double velocityHalfLife, double facingHalfLife) {
        yv = CriticallyDampedSpring.dampingForHalfLife(Check.positive("velocityHalfLife", velocityHalfLife));
        yr = CriticallyDampedSpring.dampingForHalfLife(Check.positive("facingHalfLife", facingHalfLife));
    }

    /** Puts the simulation at rest at (x, z) facing {@code yaw}. */
    public void reset(double x, double z, double yaw) {
        this.x = x;
        this.z = z;
        this.yaw = Rotations.wrap(yaw);
        vx = 0;
        vz = 0;
        ax = 0;
        az = 0;
        yawRate = 0;
    }

    /** Advances dt s toward the goal velocity (m/s, x and z) and facing (rad). */
    public void update(double dt, double goalVx, double goalVz, double goalYaw) {
        double px = position(x, vx, ax, goalVx, yv, dt);
        double pz = position(z, vz, az, goalVz, yv, dt);
        double e = StrictMath.exp(-yv * dt);
        double j0x = vx - goalVx;
        double j1x = ax + yv * j0x;
        double j0z = vz - goalVz;
        double j1z = az + yv * j0z;
        vx = goalVx + (j0x + j1x * dt) * e;
        vz = goalVz + (j0z + j1z * dt) * e;
        ax = (ax - yv * j1x * dt) * e;
        az = (az - yv * j1z * dt) * e;
        x = px;
        z = pz;
        double off = Rotations.shortestDelta(goalYaw, yaw);
        yaw = Rotations.wrap(goalYaw + CriticallyDampedSpring.position(off, yawRate, yr, dt));
        yawRate = CriticallyDampedSpring.velocity(off, yawRate, yr, dt);
    }

    private static double position(double x, double v, double a, double goal, double y, double t) {
        double j0 = v - goal;
        double j1 = a + y * j0;
        double e = StrictMath.exp(-y * t);
        return x + goal * t + j0 / y + j1 / (y * y) - e * ((j0 + j1 * t) / y + j1 / (y * y));
    }

    /**
     * Where the simulation will be after {@code seconds} with the goal held: dest = (x, z, yaw).
     */
    public double[] predict(double seconds, double goalVx, double goalVz, double goalYaw, double[] dest) {
        dest[0] = position(x, vx, ax, goalVx, yv, seconds);
        dest[1] = position(z, vz, az, goalVz, yv, seconds);
        double off = Rotations.shortestDelta(goalYaw, yaw);
        dest[2] = Rotations.wrap(goalYaw + CriticallyDampedSpring.position(off, yawRate, yr, seconds));
        return dest;
    }

    /** Position x, m. */
    public double x() {
        return x;
    }

    /** Position z, m. */
    public double z() {
        return z;
    }

    /** Velocity x, m/s. */
    public double velocityX() {
        return vx;
    }

    /** Velocity z, m/s. */
    public double velocityZ() {
        return vz;
    }

    /** Facing, rad, (−π, π]. */
    public double yaw() {
        return yaw;
    }
}
