package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Velocity spikes: within one tick the scenario did not disturb (a hit's or a throw's own tick is
 * expected to jump), a change of the velocity of a point of a dynamic body that nothing in the
 * world was moving fast enough to cause. For a body with linear change Δv and angular change Δω
 * whose shapes reach r from its origin, no point's velocity changes by more than
 * j = |Δv| + |Δω|·r, so that a hand (small, quick to spin) and a torso are judged alike, in m/s.
 * What meets can at most reverse its closing speed, so a point's velocity changes by about twice
 * the fastest point's speed at most (f, the largest |v| + |ω|·r over the bodies before the tick);
 * a spike is j above both {@code maxJump} and {@code maxRatio}·f. {@code velocitySpikes} counts
 * the ticks with one.
 */
public final class VelocitySpikes implements Detector {
    private final double maxJump;
    private final double maxRatio;
    private double[] previous;
    private double[] previousAngular;
    private boolean[] had;
    private long spikes;
    private double worst;
    private double worstLinear;
    private double worstAngular;
    private String where = "";
    private String first = "";

    /**
     * @param maxJump  a change of a point's velocity in one tick below this is never a spike, m/s
     * @param maxRatio nor one below this many times the fastest point's speed before the tick
     */
    public VelocitySpikes(double maxJump, double maxRatio) {
        this.maxJump = maxJump;
        this.maxRatio = maxRatio;
    }

    @Override
    public void observe(TickSample s) {
        int n = s.bodies();
        if (previous == null) {
            previous = new double[3 * n];
            previousAngular = new double[3 * n];
            had = new boolean[n];
        }
        double fastest = 0;
        for (int i = 0; i < n; i++) {
            if (had[i]) {
                fastest = Math.max(fastest, length(previous, i) + length(previousAngular, i) * s.extent[i]);
            }
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
                if (!(point <= maxJump || point <= maxRatio * fastest)) {
                    spike = true;
                    if (first.isEmpty()) {
                        first = String.format(Locale.ROOT, "first: %s, %.3g m/s with nothing faster than %.3g m/s",
                                Finding.at(s.names[i], s.time), point, fastest);
                    }
                }
            }
            had[i] = s.dynamic[i];
            System.arraycopy(s.velocity, 3 * i, previous, 3 * i, 3);
            System.arraycopy(s.angularVelocity, 3 * i, previousAngular, 3 * i, 3);
        }
        spikes += spike ? 1 : 0;
    }

    private static double length(double[] a, int i) {
        return Math.sqrt(a[3 * i] * a[3 * i] + a[3 * i + 1] * a[3 * i + 1] + a[3 * i + 2] * a[3 * i + 2]);
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
        return List.of(new Finding(CheckResult.equalTo("velocitySpikes", spikes, 0), spikes > 0 ? first : "largest jump: " + where));
    }
}
