package dev.sinew.scenes.reactions;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterListener;
import dev.sinew.reactions.CharacterState;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * The standing CMU character takes 10 normal hits on different bodies, one every
 * {@value #INTERVAL} s, from different sides, 12 to 60 N·s asked (so the 30 N·s cap cuts the
 * strongest). {@code fell} counts the times it went limp (0: it staggers and stays up);
 * {@code recoverySeconds} is the longest time, over the hits, from a hit until the mean tracking
 * error is back under 3° for good (until the next hit); {@code maxImpulseApplied} is the largest
 * impulse one body took within a tick (N·s), which must not pass the per-hit cap
 * ({@code impulseCap}).
 */
public final class HitReactionScene extends ReactionScene {
    static final double INTERVAL = 1.5;
    static final double FIRST = 1.0;
    /** Body, direction of the blow (yaw from the character's facing, deg, 180 = from the front) and magnitude (N·s). */
    static final String[] BODIES = {"chest", "head", "upperArm.L", "forearm.R", "abdomen", "hand.L", "thigh.R", "shin.L",
        "pelvis", "upperArm.R"};
    static final double[] FROM_DEG = {180, 90, -90, 180, 0, 135, -45, 90, 180, -120};
    static final double[] MAGNITUDE = {25, 12, 30, 40, 45, 20, 35, 30, 60, 18};

    @Override
    public String name() {
        return "hit-reaction";
    }

    @Override
    public String description() {
        return "the standing character takes 10 normal hits on different bodies and stays up";
    }

    @Override
    public double defaultSeconds() {
        return FIRST + BODIES.length * INTERVAL;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    static final class Instance extends ReactionInstance implements CharacterListener {
        int fell;
        int next;
        double lastHit = -1;
        /** The last time after the last hit that the mean error was 3° or more (−1: not yet). */
        double lastAbove = -1;
        double recovery;
        final List<Double> perHit = new ArrayList<>();

        Instance(SceneOptions options) {
            super(options);
            rc.character.addListener(this);
        }

        @Override
        public void beforeStep(long tick) {
            double t = tick * dt;
            if (next < BODIES.length && t >= FIRST + next * INTERVAL - 1e-9) {
                closeHit();
                int body = rc.pick(BODIES[next]);
                double from = rc.facing() + Math.toRadians(FROM_DEG[next]);
                // the blow travels from the attacker (at yaw `from`, 1 m out) toward the body
                Vector3d point = world.position(rc.ragdoll().body(body), new Vector3d());
                Vector3d attacker = new Vector3d(point).add(Math.sin(from), 0, Math.cos(from));
                rc.character.hit(Hit.fromAttacker(body, point, attacker, MAGNITUDE[next], false, next));
                lastHit = t;
                lastAbove = -1;
                next++;
            }
            rc.character.beforeStep();
        }

        @Override
        public void afterStep(long tick) {
            rc.character.afterStep();
            if (lastHit >= 0 && rc.meanErrorDeg() >= ReactingCharacter.TRACKING_DEG) {
                lastAbove = (tick + 1) * dt;
            }
        }

        /** The last hit's recovery: from the hit to the end of the last tick its error was 3° or more. */
        private void closeHit() {
            if (lastHit >= 0) {
                double r = lastAbove < 0 ? 0 : lastAbove - lastHit;
                perHit.add(r);
                recovery = Math.max(recovery, r);
            }
        }

        @Override
        public void stateChanged(Character c, CharacterState from, CharacterState to, long tick, String reason) {
            if (to == CharacterState.LIMP) {
                fell++;
            }
        }

        double recoverySeconds() {
            double r = recovery;
            if (lastHit >= 0 && perHit.size() < next) {
                r = Math.max(r, lastAbove < 0 ? 0 : lastAbove - lastHit);
            }
            return r;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("fell", fell);
            m.put("recoverySeconds", recoverySeconds());
            m.put("maxImpulseApplied", rc.character.largestImpulsePerBodyTick());
            m.put("impulseCap", rc.character.settings().hits().maxHitImpulse());
            m.put("hits", next);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("fell", fell, 0),
                    CheckResult.lessThan("recoverySeconds", recoverySeconds(), 0.5),
                    CheckResult.atMost("maxImpulseApplied", rc.character.largestImpulsePerBodyTick(),
                            rc.character.settings().hits().maxHitImpulse()),
                    CheckResult.equalTo("hits", next, BODIES.length));
        }
    }
}
