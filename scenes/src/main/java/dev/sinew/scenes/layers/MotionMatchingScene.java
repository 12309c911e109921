package dev.sinew.scenes.layers;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.match.MatchDatabase;
import dev.sinew.rig.match.MotionMatcher;
import dev.sinew.rig.match.StickScript;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Quaterniond;

/**
 * Motion matching over the shipped locomotion database ({@code profiles/motion/cmu-locomotion.json}:
 * stretches of 131_01 and 131_03 and their mirrors) under a scripted stick
 * ({@code stick-circle-zigzag-stop-turn.json}: stand, walk a circle, zig-zag, stop, walk, turn
 * 180°, stop), the CMU active ragdoll (default profile, root drive) tracking the result.
 *
 * <p>{@code searchesPerSecond}: searches per simulated second; {@code meanSearchMicros}: the wall
 * time of one (box-bounded) search, µs, on this machine; {@code acceleratedEqualsBrute}: 1 when every
 * search's answer (frame and cost) equals the brute force's; {@code trajectoryErrorM}: the mean
 * distance between the stick's simulated root path and the animated root.
 *
 * <p>{@code maxPopDeg}: how sharply the output ever leaves the clip it plays, degrees. The captured
 * motion itself turns a bone by up to 55° in one frame at 60 Hz (the right wrist of 131_01), so a
 * bone's change between two output frames measures the capture, not the switching. What switching
 * adds is the output's departure from the clip playing: r_k = o_k·s_k* per bone (o the output's and
 * s the playing clip's local rotation, the clip evaluated at the two frames before too, after a
 * jump as well). The pop is the angle between r_k and r_{k−1}·r_{k−2}*·r_{k−1}, what the two frames
 * before led up to: 0 while a clip plays on, the whole pose difference at a cut, and for an
 * inertialized jump the bend of its blend in one frame. The largest over bones and frames.
 */
public final class MotionMatchingScene implements Scene {
    static final String DATABASE = "cmu-locomotion";
    static final String SCRIPT = "stick-circle-zigzag-stop-turn";

    @Override
    public String name() {
        return "motion-matching";
    }

    @Override
    public String category() {
        return "layers";
    }

    @Override
    public String description() {
        return "motion matching over the CMU locomotion clips and mirrors under a scripted stick; the active ragdoll tracks it";
    }

    @Override
    public double defaultSeconds() {
        return ShippedData.stick(SCRIPT).duration();
    }

    /** Takes a drive profile; the database is CMU's, so no clip or ragdoll. */
    @Override
    public Set<SceneOption> options() {
        return Set.of(SceneOption.PROFILE);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance((options == null ? SceneOptions.defaults() : options).driveProfile("default"));
    }

    static final class Instance implements SceneInstance, LayerView {
        final World world = new World();
        final MotionMatcher matcher;
        final StickScript script;
        final ActiveCharacter character;
        final int bones;
        final Pose out1;
        final Pose out2;
        private boolean manual;
        private final double[] stick = new double[2];
        long ticks;
        double maxPop;
        double pathError;
        private final Quaterniond r0 = new Quaterniond();
        private final Quaterniond r1 = new Quaterniond();
        private final Quaterniond r2 = new Quaterniond();
        private final Quaterniond q = new Quaterniond();

        Instance(DriveProfile profile) {
            SceneKit.ground(world, Material.DEFAULT);
            MatchDatabase db = MatchDatabase.build(ShippedData.motion(DATABASE), ShippedData.CLIP_SOURCE);
            matcher = new MotionMatcher(db);
            matcher.setVerify(true);
            script = ShippedData.stick(SCRIPT);
            character = new ActiveCharacter(world, matcher.output(), Profiles.ragdoll("cmu-humanoid"),
                    profile, true);
            bones = db.skeleton().boneCount();
            out1 = new Pose(db.skeleton()).set(matcher.output());
            out2 = new Pose(db.skeleton()).set(matcher.output());
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return character.ragdoll().body(0);
        }

        @Override
        public PoseDriver driver() {
            return character.driver();
        }

        @Override
        public LayerView layers() {
            return this;
        }

        @Override
        public MotionMatcher matcher() {
            return matcher;
        }

        @Override
        public boolean takesStick() {
            return true;
        }

        @Override
        public void setStick(double x, double z) {
            manual = true;
            stick[0] = x;
            stick[1] = z;
        }

        @Override
        public void beforeStep(long tick) {
            double dt = world.settings().tickSeconds();
            if (!manual) {
                script.stick((tick + 1) * dt, stick);
            }
            matcher.setStick(stick[0], stick[1]);
            matcher.update(dt);
            measurePop();
            out2.set(out1);
            out1.set(matcher.output());
            double dx = matcher.simulation().x() - matcher.rootX();
            double dz = matcher.simulation().z() - matcher.rootZ();
            pathError += Math.sqrt(dx * dx + dz * dz);
            ticks++;
            character.track(matcher.output());
        }

        /** The bend of each bone's departure from the clip playing, this frame against the two before. */
        private void measurePop() {
            Pose o0 = matcher.output();
            for (int b = 0; b < bones; b++) {
                o0.localRotation(b, r0).mul(matcher.source().localRotation(b, q).conjugate());
                out1.localRotation(b, r1).mul(matcher.sourceBefore().localRotation(b, q).conjugate());
                out2.localRotation(b, r2).mul(matcher.sourceBefore2().localRotation(b, q).conjugate());
                // what the two frames before lead up to: r1·r2*·r1
                q.set(r2).conjugate().premul(r1).mul(r1);
                maxPop = Math.max(maxPop, Math.toDegrees(Rotations.angle(r0, q)));
            }
        }

        double searchMicros() {
            return matcher.searches() == 0 ? 0 : matcher.searchNanos() / 1e3 / matcher.searches();
        }

        int acceleratedEqualsBrute() {
            return matcher.searches() > 0 && matcher.mismatches() == 0 ? 1 : 0;
        }

        double trajectoryError() {
            return ticks == 0 ? 0 : pathError / ticks;
        }

        @Override
        public Map<String, Object> metrics() {
            double seconds = ticks * world.settings().tickSeconds();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("searchesPerSecond", seconds == 0 ? 0 : matcher.searches() / seconds);
            m.put("meanSearchMicros", searchMicros());
            m.put("acceleratedEqualsBrute", acceleratedEqualsBrute());
            m.put("maxPopDeg", maxPop);
            m.put("trajectoryErrorM", trajectoryError());
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("acceleratedEqualsBrute", acceleratedEqualsBrute(), 1),
                    CheckResult.lessThan("maxPopDeg", maxPop, 5));
        }
    }
}
