package dev.sinew.scenes.reactions;

import dev.sinew.reactions.hit.Hit;
import dev.sinew.reactions.weakening.Weakening;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * A critical hit (25 N·s, from the front) on the standing CMU character's right forearm at
 * {@value #HIT_AT} s. The drive strength of every body, as the pose driver has it each tick, is
 * written to the report from the hit on ({@code multiplierTrace}: {@code seconds} since the hit and
 * one list per body). Measured against the critical weakening's own numbers (hold h = 0.15 s,
 * recovery r = 0.2 s, each body's held multiplier m₀): {@code holdErrorMs}, how far the hold (from
 * the hit to the last tick a weakened body is still at m₀) is from h, ms; {@code recoveryCurveMaxError},
 * the largest difference, over the weakened bodies and the ticks of the recovery, between the
 * strength and the closed form m₀ + (1 − m₀)·(3u² − 2u³), u = (t − h)/r; and {@code recoverySeconds},
 * from the hit until the mean tracking error is back under 3° for good.
 */
public final class CriticalHitScene extends ReactionScene {
    static final double HIT_AT = 1.0;
    static final double TRACE_SECONDS = 0.6;

    @Override
    public String name() {
        return "critical-hit";
    }

    @Override
    public String description() {
        return "a critical hit on the right forearm: drive weakening held, then recovered along the smoothstep";
    }

    @Override
    public double defaultSeconds() {
        return 3;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    static final class Instance extends ReactionInstance {
        final int n;
        long hitTick = -1;
        /** The body hit (the right forearm, or the nearest the user's ragdoll has). */
        int hitBody;
        final List<Double> seconds = new ArrayList<>();
        final List<List<Double>> trace = new ArrayList<>();
        /** Per body, its strength on the hit's tick (m₀) and the last tick it was still at it. */
        final double[] held;
        final long[] lastHeld;
        double curveError;
        /** Recovery ticks compared with the closed form (none: the run ended before the recovery). */
        int curveTicks;
        double lastAbove = -1;

        Instance(SceneOptions options) {
            super(options);
            n = rc.ragdoll().bodyCount();
            held = new double[n];
            lastHeld = new long[n];
            for (int i = 0; i < n; i++) {
                trace.add(new ArrayList<>());
            }
        }

        Weakening weakening() {
            return rc.character.settings().hits().critical();
        }

        @Override
        public void beforeStep(long tick) {
            if (tick == Math.round(HIT_AT / dt)) {
                int body = rc.pick("forearm.R");
                hitBody = body;
                double h = rc.facing();
                Vector3d point = world.position(rc.ragdoll().body(body), new Vector3d());
                Vector3d attacker = new Vector3d(point).add(Math.sin(h), 0, Math.cos(h));
                rc.character.hit(Hit.fromAttacker(body, point, attacker, 25, true, 1));
                hitTick = tick;
            }
            rc.character.beforeStep();
            if (hitTick < 0) {
                return;
            }
            double t = (tick - hitTick) * dt;
            Weakening w = weakening();
            for (int i = 0; i < n; i++) {
                double s = rc.body.driver().strength(i);
                if (tick == hitTick) {
                    held[i] = s;
                }
                if (s == held[i]) {
                    lastHeld[i] = tick;
                }
                if (held[i] < 1 && t > w.holdSeconds() && t <= w.holdSeconds() + w.recoverySeconds()) {
                    double u = (t - w.holdSeconds()) / w.recoverySeconds();
                    double closed = held[i] + (1 - held[i]) * (3 * u * u - 2 * u * u * u);
                    curveError = Math.max(curveError, Math.abs(s - closed));
                    curveTicks++;
                }
                if (t <= TRACE_SECONDS + 1e-9) {
                    trace.get(i).add(s);
                }
            }
            if (t <= TRACE_SECONDS + 1e-9) {
                seconds.add(t);
            }
        }

        @Override
        public void afterStep(long tick) {
            rc.character.afterStep();
            if (hitTick >= 0 && rc.meanErrorDeg() >= ReactingCharacter.TRACKING_DEG) {
                lastAbove = (tick + 1 - hitTick) * dt;
            }
        }

        /** The largest distance of a weakened body's measured hold from the weakening's, ms (NaN before the hit: the check fails). */
        double holdErrorMs() {
            if (hitTick < 0) {
                return Double.NaN;
            }
            double worst = 0;
            for (int i = 0; i < n; i++) {
                if (held[i] < 1) {
                    worst = Math.max(worst, Math.abs((lastHeld[i] - hitTick) * dt - weakening().holdSeconds()) * 1000);
                }
            }
            return worst;
        }

        /** The largest deviation from the closed form (NaN when no recovery tick was seen: the check fails). */
        double curveError() {
            return curveTicks == 0 ? Double.NaN : curveError;
        }

        double recoverySeconds() {
            return lastAbove < 0 ? 0 : lastAbove;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("seconds", seconds);
            for (int i = 0; i < n; i++) {
                t.put(rc.ragdoll().bodyName(i), trace.get(i));
            }
            m.put("multiplierTrace", t);
            m.put("holdErrorMs", holdErrorMs());
            m.put("recoveryCurveMaxError", curveError());
            m.put("recoverySeconds", recoverySeconds());
            m.put("hitBodyMultiplier", held[hitBody]);
            m.put("spineMultiplier", held[rc.pick("chest")]);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("recoveryCurveMaxError", curveError(), 0.01),
                    CheckResult.atMost("holdErrorMs", holdErrorMs(), 1000 * dt));
        }
    }
}
