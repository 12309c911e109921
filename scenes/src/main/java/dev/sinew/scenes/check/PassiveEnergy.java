package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/**
 * Energy growth in passive phases: while nothing drives the bodies (limp ragdolls falling and
 * lying), their kinetic plus potential energy can only fall (contacts and damping take it away)
 * or stay. Within each passive stretch the growth is E(t) − min E(s≤t) over the stretch, per kg
 * of the bodies; its largest value is checked. Soft contacts store and give back a little (a
 * resting body bobs by less than the contact slop), hence a small allowance.
 */
public final class PassiveEnergy implements Detector {
    private final double limit;
    private double least = Double.POSITIVE_INFINITY;
    private double worst;
    private double worstTime = Double.NaN;
    private long passiveTicks;

    /** @param limit largest growth allowed within a passive stretch, J/kg */
    public PassiveEnergy(double limit) {
        this.limit = limit;
    }

    @Override
    public void observe(TickSample s) {
        if (!s.passive) {
            least = Double.POSITIVE_INFINITY;
            return;
        }
        passiveTicks++;
        least = Math.min(least, s.energy);
        double growth = s.mass > 0 ? (s.energy - least) / s.mass : 0;
        if (growth > worst || !(growth == growth)) {
            worst = growth;
            worstTime = s.time;
        }
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("passiveEnergyGrowthJPerKg", worst);
        m.put("passiveTicks", passiveTicks);
    }

    @Override
    public List<Finding> findings() {
        if (passiveTicks == 0) {
            return List.of(); // no passive stretch: nothing to check
        }
        return List.of(new Finding(CheckResult.atMost("passiveEnergyGrowthJPerKg", worst, limit), Finding.at("the bodies", worstTime)));
    }
}
