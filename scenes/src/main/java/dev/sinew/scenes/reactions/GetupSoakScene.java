package dev.sinew.scenes.reactions;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterState;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.joml.Vector3d;

/**
 * Random knock-downs in a row ({@code --count}, default {@value #DEFAULT_COUNT}; {@code --seed}
 * picks them): each strikes a random body from a random horizontal direction with 80 to 200 N·s
 * (every one a knock-down), once the character has stood tracking its animation for
 * {@value #STAND_BEFORE_HIT} s. {@code failures} counts the knock-downs after which it was not
 * standing again (state active, mean tracking error under 3°, pelvis above 0.8 m) within
 * {@value #GIVE_UP} s; {@code nanEvents} the ticks on which a body's state was not finite or the
 * world contained a fault; {@code maxJointSeparation} the widest any joint opened (m; under 5 mm,
 * the limit of the other ragdoll scenes);
 * {@code knockDowns} how many were done (the run must be long enough: about 14 s each);
 * {@code poseClasses} how often each lying class was met, and {@code failedGetUps} how many get-ups
 * were abandoned and tried again (the body left its animated root by more than the abort distance).
 */
public final class GetupSoakScene extends ReactionScene {
    static final int DEFAULT_COUNT = 50;
    static final double STAND_BEFORE_HIT = 1.0;
    static final double GIVE_UP = 30;
    /** Simulated seconds the default run allows each knock-down. */
    public static final double SECONDS_EACH = 14;

    @Override
    public String name() {
        return "getup-soak";
    }

    @Override
    public String description() {
        return "50 random knock-downs and get-ups in a row: none may fail";
    }

    @Override
    public double defaultSeconds() {
        return DEFAULT_COUNT * SECONDS_EACH;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED, SceneOption.COUNT, SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    /** Knock-downs; at most as many as fit the longest run the command line allows (3,600 s). */
    @Override
    public SceneCount count() {
        return new SceneCount("knock-downs", DEFAULT_COUNT, 250, 0);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        SceneOptions o = options == null ? SceneOptions.defaults() : options;
        return new Instance(o, o.count() == 0 ? DEFAULT_COUNT : o.count());
    }

    static final class Instance extends ReactionInstance implements dev.sinew.reactions.CharacterListener {
        final SplittableRandom random;
        final int count;
        int done;
        int failures;
        int nanEvents;
        double maxSeparation;
        double standingSince = -1;
        double hitAt = -1;
        boolean sawDown;
        final Map<String, Integer> classes = new java.util.TreeMap<>();
        int retries;

        Instance(SceneOptions options, int count) {
            super(options);
            random = new SplittableRandom(options.seed());
            this.count = count;
            rc.character.addListener(this);
        }

        @Override
        public void getUpStarted(Character c, dev.sinew.reactions.getup.GetUpChoice choice, long tick) {
            classes.merge(choice.poseClass().key, 1, Integer::sum);
        }

        @Override
        public void stateChanged(Character c, CharacterState from, CharacterState to, long tick, String reason) {
            retries += from == CharacterState.GETTING_UP && to == CharacterState.LIMP ? 1 : 0;
        }

        @Override
        public void beforeStep(long tick) {
            double t = tick * dt;
            if (hitAt < 0 && done < count && standingSince >= 0 && t - standingSince >= STAND_BEFORE_HIT) {
                int body = random.nextInt(rc.ragdoll().bodyCount());
                double yaw = 2 * Math.PI * random.nextDouble();
                double magnitude = 80 + 120 * random.nextDouble();
                Vector3d point = world.position(rc.ragdoll().body(body), new Vector3d());
                rc.character.hit(Hit.at(body, point, new Vector3d(Math.sin(yaw), 0, Math.cos(yaw)), magnitude, false,
                        random.nextLong()));
                hitAt = t;
                sawDown = false;
            }
            rc.character.beforeStep();
        }

        @Override
        public void afterStep(long tick) {
            rc.character.afterStep();
            double t = (tick + 1) * dt;
            if (rc.hasNaN() || world.faultEvents().count() > 0) {
                nanEvents++;
            }
            maxSeparation = Math.max(maxSeparation, rc.jointSeparation());
            CharacterState s = rc.character.state();
            sawDown |= s == CharacterState.LIMP || s == CharacterState.DOWN || s == CharacterState.GETTING_UP;
            boolean standing = s == CharacterState.ACTIVE && rc.meanErrorDeg() < ReactingCharacter.TRACKING_DEG
                    && rc.pelvisHeight() > 0.8;
            if (hitAt >= 0) {
                if (standing && sawDown) {
                    done++;
                    hitAt = -1;
                    standingSince = t;
                } else if (t - hitAt > GIVE_UP) {
                    done++;
                    failures++;
                    hitAt = -1;
                    standingSince = -1;
                    // back on its feet for the next one, whatever state it was left in
                    rc.character.knockDown();
                }
                return;
            }
            standingSince = standing ? (standingSince < 0 ? t : standingSince) : -1;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("failures", failures);
            m.put("nanEvents", nanEvents);
            m.put("maxJointSeparation", maxSeparation);
            m.put("knockDowns", done);
            m.put("poseClasses", classes);
            m.put("failedGetUps", retries);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("failures", failures, 0),
                    CheckResult.equalTo("nanEvents", nanEvents, 0),
                    CheckResult.lessThan("maxJointSeparation", maxSeparation, 0.005),
                    CheckResult.equalTo("knockDowns", done, count));
        }
    }
}
