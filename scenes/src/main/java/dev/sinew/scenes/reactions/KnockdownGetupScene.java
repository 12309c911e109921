package dev.sinew.scenes.reactions;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterListener;
import dev.sinew.reactions.CharacterState;
import dev.sinew.reactions.getup.GetUpChoice;
import dev.sinew.reactions.getup.PoseClass;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Three knock-downs of the standing CMU character, each a push hard enough to knock it down
 * (100 N·s asked, 30 N·s applied after the cap): at the pelvis from behind and to its left (it
 * lands on its right side), at the chest from behind (face down) and at the chest from the front
 * (face up).
 * Each time it goes limp, settles, gets up along the get-up clip it chooses and stands tracking its
 * animation again; the next push comes
 * once it has stood for {@value #STAND_BEFORE_PUSH} s. Per knock-down: {@code poseClass} (as the
 * character classified the lying pose), {@code chosenClip}, {@code popDeg} (the largest angle
 * between a body and its drive target on the first tick of the get-up: how far the animation
 * jumps away from the body when the get-up takes over), {@code standingAfter} (1 when it stands
 * tracking again: state active, mean tracking error under 3°, pelvis above 0.8 m) and
 * {@code secondsToStand} (from the start of the get-up to then; not a number, null in the report,
 * if it did not stand within {@value #GIVE_UP} s of the push). A knock-down the run was too short
 * for fails its checks. {@code --count} runs the first 1 to 3 of the pushes.
 *
 * <p>With the user's ragdoll ({@code --clip}, {@code --ragdoll}) or another profile: the lying
 * classes expected are the CMU character's with the default profile, so only that the chosen clip
 * starts in the class the body lies in, the pop and standing again are checked. A ragdoll whose
 * skeleton the get-up clips are not for takes the first push alone: {@code down} is 1 when it fell
 * and lay still ({@code getUp} says why it cannot get up).
 */
public final class KnockdownGetupScene extends ReactionScene {
    static final double STAND_BEFORE_PUSH = 1.5;
    /** A push that has not got the character standing again within this long has failed, s. */
    static final double GIVE_UP = 25;
    static final double PUSH = 100;
    /**
     * The side push's angle from straight ahead toward the right, rad. A limp body pushed square
     * from the side rolls on over onto its back; pushed at the pelvis toward the front right it falls
     * on its right side and stays there, for pushes 15° either side of this one.
     */
    static final double SIDE_PUSH = Math.toRadians(35);
    static final PoseClass[] EXPECTED = {PoseClass.SIDE_RIGHT, PoseClass.FACE_DOWN, PoseClass.FACE_UP};

    @Override
    public String name() {
        return "knockdown-getup";
    }

    @Override
    public String description() {
        return "three knock-downs (face down, face up, side), each followed by the chosen get-up";
    }

    @Override
    public double defaultSeconds() {
        return 48;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.COUNT, SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    @Override
    public SceneCount count() {
        return new SceneCount("knock-downs", EXPECTED.length, EXPECTED.length, 0);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    /** A knock-down's push: which way, relative to the way the character faces. */
    enum Push { FROM_BEHIND, FROM_FRONT, FROM_LEFT_REAR }

    static final class Instance extends ReactionInstance implements CharacterListener {
        final Push[] pushes;
        /**
         * Whether this is the shipped CMU character with its default profile, whose lying classes are
         * known, so that they can be expected (other masses and gains land otherwise).
         */
        final boolean shipped;
        /** When it first lay still after the push (no get-up clips for its skeleton), s; −1 before. */
        double downAt = -1;
        int next;
        double standingSince = -1;
        double pushedAt = -1;
        double getUpAt = -1;
        boolean measurePop;
        final List<String> poseClass = new ArrayList<>();
        final List<String> chosenClip = new ArrayList<>();
        final List<String> clipStart = new ArrayList<>();
        final List<Double> popDeg = new ArrayList<>();
        final List<Integer> standingAfter = new ArrayList<>();
        final List<Double> secondsToStand = new ArrayList<>();

        Instance(SceneOptions options) {
            super(options);
            int count = !rc.canGetUp() ? 1 : options.count() > 0 ? options.count() : EXPECTED.length;
            pushes = java.util.Arrays.copyOf(new Push[] {Push.FROM_LEFT_REAR, Push.FROM_BEHIND, Push.FROM_FRONT}, count);
            shipped = options.inputs().clip() == null && options.inputs().ragdoll() == null
                    && options.profileOr("default").equals("default");
            rc.character.addListener(this);
        }

        double now() {
            return world.stepCount() * world.settings().tickSeconds();
        }

        @Override
        public void beforeStep(long tick) {
            double t = now();
            if (pushedAt < 0 && next < pushes.length && standingSince >= 0 && t - standingSince >= STAND_BEFORE_PUSH) {
                push(pushes[next]);
                pushedAt = t;
            }
            rc.character.beforeStep();
            if (measurePop) {
                measurePop = false;
                popDeg.add(rc.popDeg());
            }
        }

        /** The knock-down: at the chest, 100 N·s along the push's direction. */
        void push(Push p) {
            double h = rc.facing();
            Vector3d forward = new Vector3d(Math.sin(h), 0, Math.cos(h));
            Vector3d left = new Vector3d(forward.z, 0, -forward.x);
            Vector3d dir = switch (p) {
                case FROM_BEHIND -> forward;
                case FROM_FRONT -> new Vector3d(forward).negate();
                // toward the front right, 35° off straight ahead
                case FROM_LEFT_REAR -> new Vector3d(forward).mul(Math.cos(SIDE_PUSH)).add(new Vector3d(left).mul(-Math.sin(SIDE_PUSH)));
            };
            int body = p == Push.FROM_LEFT_REAR ? 0 : rc.character.torsoAxes().chest();
            Vector3d point = world.position(rc.ragdoll().body(body), new Vector3d());
            rc.character.hit(Hit.at(body, point, dir, PUSH, false, next));
        }

        @Override
        public void afterStep(long tick) {
            rc.character.afterStep();
            double t = now();
            boolean standing = rc.character.state() == CharacterState.ACTIVE && rc.meanErrorDeg() < ReactingCharacter.TRACKING_DEG
                    && rc.pelvisHeight() > 0.8;
            if (pushedAt < 0) {
                standingSince = standing ? (standingSince < 0 ? t : standingSince) : -1;
                return;
            }
            if (!rc.canGetUp()) {
                if (downAt < 0 && rc.character.state() == CharacterState.DOWN) {
                    downAt = t;
                    Quaterniond pelvis = world.orientation(rc.ragdoll().body(rc.character.torsoAxes().pelvis()), new Quaterniond());
                    Quaterniond chest = world.orientation(rc.ragdoll().body(rc.character.torsoAxes().chest()), new Quaterniond());
                    poseClass.add(rc.character.torsoAxes().classify(pelvis, chest).key);
                }
                return;
            }
            if (getUpAt >= 0 && standing && standingAfter.size() < poseClass.size()) {
                standingAfter.add(1);
                secondsToStand.add(t - getUpAt);
                finish(t);
            } else if (t - pushedAt > GIVE_UP) {
                while (standingAfter.size() < poseClass.size()) {
                    standingAfter.add(0);
                    secondsToStand.add(Double.NaN);
                }
                finish(t);
            }
        }

        private void finish(double t) {
            next++;
            pushedAt = -1;
            getUpAt = -1;
            standingSince = t;
        }

        @Override
        public void getUpStarted(Character c, GetUpChoice choice, long tick) {
            if (pushedAt < 0 || poseClass.size() > next) {
                return; // a second try after a failed get-up: the first choice stands
            }
            getUpAt = now();
            poseClass.add(choice.poseClass().key);
            chosenClip.add(choice.name());
            clipStart.add(choice.startClass().key);
            measurePop = true;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("poseClass", poseClass);
            m.put("chosenClip", chosenClip);
            m.put("chosenClipStartClass", clipStart);
            m.put("popDeg", popDeg);
            m.put("standingAfter", standingAfter);
            m.put("secondsToStand", secondsToStand);
            if (!rc.canGetUp()) {
                m.put("down", downAt >= 0 ? 1 : 0);
                m.put("getUp", rc.whyNoGetUp());
            }
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            List<CheckResult> checks = new ArrayList<>();
            if (!rc.canGetUp()) {
                checks.add(CheckResult.equalTo("down", downAt >= 0 ? 1 : 0, 1));
                return checks;
            }
            for (int k = 0; k < pushes.length; k++) {
                String cls = k < poseClass.size() ? poseClass.get(k) : "none";
                if (shipped) {
                    checks.add(CheckResult.equalTo("poseClass[" + k + "] is " + EXPECTED[k].key, cls.equals(EXPECTED[k].key) ? 1 : 0, 1));
                }
                String start = k < clipStart.size() ? clipStart.get(k) : "none";
                checks.add(CheckResult.equalTo("chosenClip[" + k + "] starts " + cls, start.equals(cls) ? 1 : 0, 1));
                checks.add(CheckResult.lessThan("popDeg[" + k + "]", k < popDeg.size() ? popDeg.get(k) : Double.NaN, 5));
                checks.add(CheckResult.equalTo("standingAfter[" + k + "]", k < standingAfter.size() ? standingAfter.get(k) : 0, 1));
            }
            return checks;
        }
    }
}
