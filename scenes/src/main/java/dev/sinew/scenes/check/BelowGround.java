package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import java.util.List;
import java.util.Map;

/**
 * Bodies below the ground (the plane y = 0 every scenario stands on): a body whose lowest point
 * was ever more than {@code depth} under it. Resting contact sinks a body by the contact slop
 * (1 mm) and a hard landing by a few more; deeper is a body pushed through the floor.
 */
public final class BelowGround implements Detector {
    private final double depth;
    private boolean[] below;
    private double deepest;
    private String where = "";

    /** @param depth how far under the ground a body's lowest point may go, m (> 0) */
    public BelowGround(double depth) {
        this.depth = depth;
    }

    @Override
    public void observe(TickSample s) {
        if (below == null) {
            below = new boolean[s.bodies()];
        }
        for (int i = 0; i < s.bodies(); i++) {
            double under = -s.lowest[i];
            if (under > depth || !(under == under)) {
                below[i] = true;
            }
            if (under > deepest) {
                deepest = under;
                where = Finding.at(s.names[i], s.time);
            }
        }
    }

    int count() {
        int n = 0;
        if (below != null) {
            for (boolean b : below) {
                n += b ? 1 : 0;
            }
        }
        return n;
    }

    @Override
    public void metrics(Map<String, Object> m) {
        m.put("belowGround", count());
        m.put("deepestUnderGround", deepest);
    }

    @Override
    public List<Finding> findings() {
        return List.of(new Finding(CheckResult.equalTo("belowGround", count(), 0), count() == 0 ? "" : "deepest: " + where));
    }
}
