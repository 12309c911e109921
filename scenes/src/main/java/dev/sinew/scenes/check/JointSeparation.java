package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/** Joint separation: the widest any joint opened (its two anchors apart), against a limit. */
public final class JointSeparation implements Detector {
    private final double limit;
    private double worst;
    private double worstTime = Double.NaN;

    /** @param limit widest opening allowed, m */
    public JointSeparation(double limit) {
        this.limit = limit;
    }

    @Override
    public void observe(TickSample s) {
        if (s.jointSeparation > worst || !(s.jointSeparation == s.jointSeparation)) {
            worst = s.jointSeparation;
            worstTime = s.time;
        }
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("maxJointSeparation", worst);
    }

    @Override
    public List<Finding> findings() {
        return List.of(new Finding(CheckResult.lessThan("maxJointSeparation", worst, limit), Finding.at("a joint", worstTime)));
    }
}
