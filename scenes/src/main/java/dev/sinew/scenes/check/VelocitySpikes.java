package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/**
 * Velocity spikes: within one tick the scenario did not disturb (a hit's or a throw's own tick is
 * expected to jump), how much the velocity of any point of a dynamic body changed. For a body with
 * linear change Δv and angular change Δω whose shapes reach r from its origin, no point's velocity
 * changes by more than |Δv| + |Δω|·r; that bound is checked, so that a hand (small, quick to spin)
 * and a torso are judged alike, in m/s. {@code velocitySpikes} counts the ticks on which it passed
 * the limit.
 */
public final class VelocitySpikes implements Detector {
    private final double maxJump;
    private double[] previous;
    private double[] previousAngular;
    private boolean[] had;
    private long spikes;
    private double worst;
    private double worstLinear;
    private double worstAngular;
    private String where = "";

    /** @param maxJump largest change of a point's velocity in one tick, m/s */
    public VelocitySpikes(double maxJump) {
        this.maxJump = maxJump;
    }

    @Override
    public void observe(TickSample s) {
        int n = s.bodies();
        if (previous == null) {
            previous = new double[3 * n];
            previousAngular = new double[3 * n];
            had = new boolean[n];
        }
        boolean spike = false;
        for (int i = 0; i < n; i++) {
            if (s.dynamic[i] && had[i] && !s.disturbed) {
                double linear = distance(s.velocity, previous, i);
                double angular = distance(s.angularVelocity, previousAngular, i);
                double point = linear + angular * s.extent[i];
                if (point > worst || !(point == point)) {
                    worst = point;
                    where = Finding.at(s.names[i], s.time);
                }
                worstLinear = Math.max(worstLinear, linear);
                worstAngular = Math.max(worstAngular, angular);
                spike |= !(point <= maxJump);
            }
            had[i] = s.dynamic[i];
            System.arraycopy(s.velocity, 3 * i, previous, 3 * i, 3);
            System.arraycopy(s.angularVelocity, 3 * i, previousAngular, 3 * i, 3);
        }
        spikes += spike ? 1 : 0;
    }

    private static double distance(double[] a, double[] b, int i) {
        double dx = a[3 * i] - b[3 * i];
        double dy = a[3 * i + 1] - b[3 * i + 1];
        double dz = a[3 * i + 2] - b[3 * i + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("velocitySpikes", spikes);
        m.put("maxPointVelocityJump", worst);
        m.put("maxLinearVelocityJump", worstLinear);
        m.put("maxAngularVelocityJump", worstAngular);
    }

    @Override
    public List<Finding> findings() {
        return List.of(new Finding(CheckResult.atMost("maxPointVelocityJump", worst, maxJump), where));
    }
}
