package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/** NaN: the ticks on which a body's state was not finite or the world reported a fault; none allowed. */
public final class NonFinite implements Detector {
    private long ticks;
    private double first = Double.NaN;

    @Override
    public void observe(TickSample s) {
        if (s.nonFinite) {
            ticks++;
            if (Double.isNaN(first)) {
                first = s.time;
            }
        }
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("nanEvents", ticks);
    }

    @Override
    public List<Finding> findings() {
        return List.of(new Finding(CheckResult.equalTo("nanEvents", ticks, 0), Finding.at("first", first)));
    }
}
