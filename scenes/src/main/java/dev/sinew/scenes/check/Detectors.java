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
     * A change of a point's velocity in one undisturbed tick below this is never a spike, m/s: a limb
     * falling its own height stops from about 5 m/s, a hand flung into the ground by a falling arm
     * changes by up to about 12 m/s.
     */
    public static final double MAX_VELOCITY_JUMP = 25;
    /**
     * Nor one below this many times the fastest point's speed in the world before the tick: a
     * contact can at most reverse a closing speed (twice it); up to 2.4 times was measured in the
     * pile of 10 (a hand landing from 4 m changed by 37 m/s), where the bound counts a spin's change
     * at the body's farthest point.
     */
    public static final double MAX_VELOCITY_JUMP_RATIO = 4;
    /** Widest joint opening, m: the limit of the ragdoll scenes ({@code ragdoll-pile}, {@code track-walk}). */
    public static final double MAX_JOINT_SEPARATION = 0.005;
    /**
     * Furthest past a joint limit, degrees: a limb bent 15° past its range reads as broken on
     * screen. Limits are held softly: a struck limb stays within 1° ({@code swing-cone}), and a
     * ragdoll landing on the pile of 10 pushes a knee up to 11° past its narrow side limit for a
     * moment (the shipped biped's; the CMU ragdoll's, 3°).
     */
    public static final double MAX_LIMIT_OVERSHOOT_DEG = 15;
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
        all = List.of(new VelocitySpikes(MAX_VELOCITY_JUMP, MAX_VELOCITY_JUMP_RATIO),
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
