package dev.sinew.scenes.check;

/**
 * What the detectors see of a world after one tick: per body its velocities and lowest point,
 * and for the whole world its widest joint opening, the furthest any joint is past a limit, its
 * energy, whether anything is not finite, and the phase the scenario is in. {@link WorldProbe}
 * fills it from a world; tests fill it by hand. Arrays are per watched body, in a fixed order.
 */
public final class TickSample {
    /** The watched bodies' names, for reports ({@code pile[3]/forearm.R}). */
    public final String[] names;
    /** Whether body i was dynamic this tick (kinematic and asleep bodies are not judged by speed). */
    public final boolean[] dynamic;
    /** Per body, its linear velocity (x, y, z), world, m/s. */
    public final double[] velocity;
    /** Per body, its angular velocity (x, y, z), world, rad/s. */
    public final double[] angularVelocity;
    /**
     * Per body, how far its shapes reach from its origin, m: a change Δω of its angular velocity
     * changes a point's velocity by at most |Δω| times this.
     */
    public final double[] extent;
    /** Per body, the lowest point of its shapes, world y, m. */
    public final double[] lowest;
    /** Tick number, 0-based. */
    public long tick;
    /** Simulated time at the end of the tick, s. */
    public double time;
    /** The widest opening of any joint now, m. */
    public double jointSeparation;
    /** The furthest any joint's angles are past its limits now, degrees. */
    public double limitOvershootDeg;
    /** The joint that is, for reports. */
    public String limitOvershootJoint = "";
    /** Kinetic plus potential energy of the dynamic bodies (potential measured from y = 0), J. */
    public double energy;
    /** The dynamic bodies' total mass, kg. */
    public double mass;
    /** Whether any body's state was not finite, or the world reported a fault, this tick. */
    public boolean nonFinite;
    /** Whether the scenario pushed something this tick (a hit, a throw, bodies made physical): velocity jumps are expected. */
    public boolean disturbed;
    /** Whether nothing drives the bodies now (limp ragdolls falling, lying): energy must not grow. */
    public boolean passive;
    /** Whether the bodies should be at rest now: what still moves is jitter. */
    public boolean rest;

    public TickSample(String[] names) {
        this.names = names.clone();
        int n = names.length;
        dynamic = new boolean[n];
        velocity = new double[3 * n];
        angularVelocity = new double[3 * n];
        lowest = new double[n];
        extent = new double[n];
    }

    /** Bodies watched. */
    public int bodies() {
        return names.length;
    }
}
