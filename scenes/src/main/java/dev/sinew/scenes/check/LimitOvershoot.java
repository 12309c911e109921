package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/** Limit overshoot: the furthest any joint's angles went past its limits, against a limit, degrees. */
public final class LimitOvershoot implements Detector {
    private final double limitDeg;
    private double worst;
    private String where = "";

    /** @param limitDeg furthest past a limit allowed, degrees */
    public LimitOvershoot(double limitDeg) {
        this.limitDeg = limitDeg;
    }

    @Override
    public void observe(TickSample s) {
        if (s.limitOvershootDeg > worst || !(s.limitOvershootDeg == s.limitOvershootDeg)) {
            worst = s.limitOvershootDeg;
            where = Finding.at(s.limitOvershootJoint, s.time);
        }
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("maxLimitOvershootDeg", worst);
    }

    @Override
    public List<Finding> findings() {
        return List.of(new Finding(CheckResult.lessThan("maxLimitOvershootDeg", worst, limitDeg), where));
    }
}
