package dev.sinew.scenes.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The detectors every scenario runs, with their limits and the reasons for them.
 */
public final class Detectors {
    /**
     * Largest change of a point's velocity in one undisturbed tick, m/s: a limb falling its own
     * height stops from about 5 m/s; a hand flung into the ground or its joint limit by a falling
     * arm changes by up to about 12 m/s on the shipped ragdoll; a body the solver throws, by tens.
     */
    public static final double MAX_VELOCITY_JUMP = 25;
    /** Widest joint opening, m: the limit of the ragdoll scenes ({@code ragdoll-pile}, {@code track-walk}). */
    public static final double MAX_JOINT_SEPARATION = 0.005;
    /**
     * Furthest past a joint limit, degrees: limits are solved softly (the {@code swing-cone} scene
     * holds a struck limb within 1°); five times that under hits and falls.
     */
    public static final double MAX_LIMIT_OVERSHOOT_DEG = 5;
    /**
     * Largest energy growth in a passive stretch, J/kg: what lifting every body by 3 cm would take
     * (g × 0.03 m). Soft contacts push a landing's overlap back out and give some of its energy
     * back (up to about 0.1 J/kg, a hundredth of the fall's, when the shipped ragdolls land from
     * 1 m); a limb the solver keeps feeding gains without end.
     */
    public static final double MAX_PASSIVE_GROWTH = 9.81 * 0.03;
    /** Deepest a body's lowest point may go under the ground, m: the limit of the ragdoll scenes. */
    public static final double MAX_UNDER_GROUND = 0.005;
    /** Largest speed at rest, m/s, and angular speed, rad/s: the {@code ragdoll-drop} scene's limits. */
    public static final double MAX_REST_SPEED = 0.01;
    public static final double MAX_REST_ANGULAR_SPEED = 0.05;

    private final List<Detector> all;

    public Detectors() {
        all = List.of(new VelocitySpikes(MAX_VELOCITY_JUMP),
                new JointSeparation(MAX_JOINT_SEPARATION), new LimitOvershoot(MAX_LIMIT_OVERSHOOT_DEG),
                new PassiveEnergy(MAX_PASSIVE_GROWTH), new NonFinite(), new BelowGround(MAX_UNDER_GROUND),
                new RestJitter(MAX_REST_SPEED, MAX_REST_ANGULAR_SPEED));
    }

    /** Every detector looks at the tick. */
    public void observe(TickSample s) {
        for (int i = 0; i < all.size(); i++) {
            all.get(i).observe(s);
        }
    }

    /** Every detector's measurements, in a fixed order. */
    public Map<String, Object> metrics() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Detector d : all) {
            d.metrics(m);
        }
        return m;
    }

    /** Every detector's checks, in a fixed order. */
    public List<Finding> findings() {
        List<Finding> f = new ArrayList<>();
        for (Detector d : all) {
            f.addAll(d.findings());
        }
        return f;
    }
}
