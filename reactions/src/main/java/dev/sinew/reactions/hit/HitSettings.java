package dev.sinew.reactions.hit;

import dev.sinew.reactions.weakening.Weakening;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.solver.InvalidArgumentException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How hits are applied to a character. Shared configuration (like a drive profile), not part of
 * a {@link Hit}: every client holds the same settings.
 *
 * @param regionScale       per region of {@link RagdollDefinition#REGIONS}, the share of a hit's
 *                          magnitude the body takes, (0, 1]: a light body struck with the full
 *                          impulse would fly off at an unbelievable speed (Δv = J/m: 30 N·s on a
 *                          0.5 kg hand is 60 m/s)
 * @param maxHitImpulse     the most one hit may apply, N·s (&gt; 0)
 * @param maxBodyImpulsePerTick the most all hits together may apply to one body in one tick, N·s (&gt; 0)
 * @param knockDownImpulse  a hit whose magnitude (as asked, before scale and caps) is at least
 *                          this knocks the character down, N·s (&gt; 0)
 * @param normal            the weakening of a normal hit
 * @param critical          the weakening of a critical hit
 * @param jitter            relative spread of the weakening multipliers drawn from each hit's
 *                          seed, [0, 1) (0: every hit weakens exactly as its {@link Weakening} says)
 * @param hitStopSeconds    hit stop: how long the animation side pauses after a hit while physics
 *                          runs on, s (≥ 0; 0: off)
 */
public record HitSettings(Map<String, Double> regionScale, double maxHitImpulse, double maxBodyImpulsePerTick,
        double knockDownImpulse, Weakening normal, Weakening critical, double jitter, double hitStopSeconds) {

    /** The defaults: scales by region, 30 N·s a hit, 45 N·s a body a tick, knock-down at 80 N·s, no jitter, no hit stop. */
    public static HitSettings defaults() {
        Map<String, Double> s = new LinkedHashMap<>();
        s.put("pelvis", 1.0);
        s.put("abdomen", 1.0);
        s.put("chest", 1.0);
        s.put("neck", 0.5);
        s.put("head", 0.5);
        s.put("upperArm", 0.6);
        s.put("forearm", 0.4);
        s.put("hand", 0.25);
        s.put("thigh", 0.8);
        s.put("shin", 0.6);
        s.put("foot", 0.4);
        return new HitSettings(s, 30, 45, 80, Weakening.NORMAL, Weakening.CRITICAL, 0, 0);
    }

    public HitSettings {
        if (regionScale == null) {
            throw new InvalidArgumentException("regionScale", null, "must give a scale for every region of " + RagdollDefinition.REGIONS);
        }
        for (String r : RagdollDefinition.REGIONS) {
            Double v = regionScale.get(r);
            if (v == null || !(v > 0 && v <= 1)) {
                throw new InvalidArgumentException("regionScale." + r, v, "must be in (0, 1]");
            }
        }
        for (String r : regionScale.keySet()) {
            if (!RagdollDefinition.REGIONS.contains(r)) {
                throw new InvalidArgumentException("regionScale." + r, regionScale.get(r), "is not a region; one of " + RagdollDefinition.REGIONS);
            }
        }
        regionScale = Map.copyOf(regionScale);
        positive("maxHitImpulse", maxHitImpulse);
        positive("maxBodyImpulsePerTick", maxBodyImpulsePerTick);
        positive("knockDownImpulse", knockDownImpulse);
        if (normal == null || critical == null) {
            throw new InvalidArgumentException(normal == null ? "normal" : "critical", null, "must be given");
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new InvalidArgumentException("jitter", jitter, "must be in [0, 1)");
        }
        if (!(hitStopSeconds >= 0 && hitStopSeconds < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException("hitStopSeconds", hitStopSeconds, "must be finite and >= 0 s");
        }
    }

    private static void positive(String name, double v) {
        if (!(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and > 0 N·s");
        }
    }

    public HitSettings withHitStop(double seconds) {
        return new HitSettings(regionScale, maxHitImpulse, maxBodyImpulsePerTick, knockDownImpulse, normal, critical, jitter, seconds);
    }

    public HitSettings withJitter(double j) {
        return new HitSettings(regionScale, maxHitImpulse, maxBodyImpulsePerTick, knockDownImpulse, normal, critical, j, hitStopSeconds);
    }

    public HitSettings withCaps(double perHit, double perBodyPerTick) {
        return new HitSettings(regionScale, perHit, perBodyPerTick, knockDownImpulse, normal, critical, jitter, hitStopSeconds);
    }

    public HitSettings withKnockDownImpulse(double impulse) {
        return new HitSettings(regionScale, maxHitImpulse, maxBodyImpulsePerTick, impulse, normal, critical, jitter, hitStopSeconds);
    }

    /** The weakening a hit gets. */
    public Weakening weakening(Hit hit) {
        return hit.critical() ? critical : normal;
    }
}
