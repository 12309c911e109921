package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/**
 * Rest jitter: while the scenario says the bodies should be at rest (a dropped ragdoll after it
 * settled, a character holding a standing pose), the largest linear and angular speed of any
 * dynamic body. The limits are those of the {@code ragdoll-drop} and {@code stand} scenes.
 */
public final class RestJitter implements Detector {
    private final double maxSpeed;
    private final double maxAngularSpeed;
    private double linear;
    private double angular;
    private String linearWhere = "";
    private String angularWhere = "";
    private long restTicks;

    /**
     * @param maxSpeed        largest linear speed at rest, m/s
     * @param maxAngularSpeed largest angular speed at rest, rad/s
     */
    public RestJitter(double maxSpeed, double maxAngularSpeed) {
        this.maxSpeed = maxSpeed;
        this.maxAngularSpeed = maxAngularSpeed;
    }

    @Override
    public void observe(TickSample s) {
        if (!s.rest) {
            return;
        }
        restTicks++;
        for (int i = 0; i < s.bodies(); i++) {
            if (!s.dynamic[i]) {
                continue;
            }
            double v = length(s.velocity, i);
            double w = length(s.angularVelocity, i);
            if (v > linear || !(v == v)) {
                linear = v;
                linearWhere = Finding.at(s.names[i], s.time);
            }
            if (w > angular || !(w == w)) {
                angular = w;
                angularWhere = Finding.at(s.names[i], s.time);
            }
        }
    }

    private static double length(double[] a, int i) {
        return Math.sqrt(a[3 * i] * a[3 * i] + a[3 * i + 1] * a[3 * i + 1] + a[3 * i + 2] * a[3 * i + 2]);
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("restLinearSpeed", linear);
        m.put("restAngularSpeed", angular);
        m.put("restTicks", restTicks);
    }

    @Override
    public List<Finding> findings() {
        if (restTicks == 0) {
            return List.of(); // never meant to be at rest: nothing to check
        }
        return List.of(new Finding(CheckResult.lessThan("restLinearSpeed", linear, maxSpeed), linearWhere),
                new Finding(CheckResult.lessThan("restAngularSpeed", angular, maxAngularSpeed), angularWhere));
    }
}
