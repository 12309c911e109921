package dev.sinew.scenes.layers;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.layer.AdditiveLayer;
import dev.sinew.rig.layer.ClipPlayer;
import dev.sinew.rig.layer.Ease;
import dev.sinew.rig.layer.LayerStack;
import dev.sinew.rig.layer.PoseHold;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A pose hold: the CMU get-up (140_01, a one-shot) plays until normalized time {@value #HOLD_AT}
 * and is held there, both body parts, for {@value #HOLD_SECONDS} s while breathing (derived from
 * the walk's standing stretch) eases in on the torso; then the walk is requested and plays from
 * its start, from where the character is. No physics: the character's bodies follow the pose exactly. {@code baseDriftDeg}: the
 * largest change of any bone of the base layer during the hold, from the pose it stopped on (0 up
 * to float error); {@code additiveAmplitudeDeg}: the largest turn the layers give the chest (its
 * model rotation against the base pose's) during the hold (&gt; 0.5, it visibly breathes);
 * {@code easeCurveMaxError}: the largest difference of the breathing weight from
 * maxWeight·OutExpo(t/ease), t counted in updates since the hold began; {@code speedAfterRelease}:
 * the slowest part's speed once the walk is requested (1: nothing held carries over).
 */
public final class PoseHoldScene implements Scene {
    static final double HOLD_AT = 0.6;
    static final double HOLD_SECONDS = 5;
    static final double BREATH_WEIGHT = 1;
    static final double BREATH_EASE = 1;

    @Override
    public String name() {
        return "pose-hold";
    }

    @Override
    public String category() {
        return "layers";
    }

    @Override
    public String description() {
        return "a get-up held at 0.6 for 5 s while breathing eases in, then released into the walk (animation only)";
    }

    @Override
    public double defaultSeconds() {
        return 12;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance, LayerView {
        final World world = new World();
        final ActiveCharacter figure;
        final LayerStack stack;
        final Clip walk;
        final PoseHold body;
        final int chest;
        final Pose held;
        boolean holding;
        long holdTick;
        boolean released;
        double drift;
        double amplitude;
        double easeError;
        double speedAfter = Double.NaN;
        private final Quaterniond a = new Quaterniond();
        private final Quaterniond b = new Quaterniond();

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            BvhImporter.Bvh walkBvh = ShippedData.clip("cmu/131_01.bvh");
            walk = walkBvh.clip().withoutSpikes(ActiveCharacter.MAX_BONE_DEGREES_PER_SECOND).clip();
            Clip getUp = ShippedData.clip("cmu/140_01_30fps.bvh").clip().retarget(walkBvh.skeleton());
            stack = ShippedData.layers("cmu").build(walkBvh.skeleton(), ShippedData.CLIP_SOURCE);
            stack.setLookAt(null);
            stack.play(getUp, Clip.Wrap.CLAMP);
            body = stack.hold(new PoseHold("body", HOLD_AT, "breathing", BREATH_WEIGHT, BREATH_EASE));
            stack.hold(new PoseHold("face", HOLD_AT, null, 0, BREATH_EASE));
            chest = walkBvh.skeleton().index("Chest");
            held = new Pose(walkBvh.skeleton());
            figure = new ActiveCharacter(world, walkBvh, Profiles.ragdoll("cmu-humanoid"), DriveProfile.named("default"), 0, 0,
                    false);
            figure.followExactly();
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return figure.ragdoll().body(0);
        }

        @Override
        public LayerView layers() {
            return this;
        }

        @Override
        public LayerStack stack() {
            return stack;
        }

        @Override
        public void beforeStep(long tick) {
            double dt = world.settings().tickSeconds();
            if (holding && body.heldSeconds() >= HOLD_SECONDS - 1e-9 && !released) {
                stack.playFromHere(walk, Clip.Wrap.CLAMP);
                released = true;
                holding = false;
            }
            stack.update(dt);
            if (released && Double.isNaN(speedAfter)) {
                ClipPlayer p = stack.base();
                speedAfter = Double.POSITIVE_INFINITY;
                for (int i = 0; i < p.partCount(); i++) {
                    speedAfter = Math.min(speedAfter, p.speed(i));
                }
            }
            if (!released && body.holding()) {
                measureHold(tick, dt);
            }
            figure.track(stack.output());
        }

        private void measureHold(long tick, double dt) {
            if (!holding) {
                holding = true;
                holdTick = tick;
                held.set(stack.basePose());
            }
            Pose base = stack.basePose();
            for (int i = 0; i < base.skeleton().boneCount(); i++) {
                drift = Math.max(drift, Math.toDegrees(Rotations.angle(base.localRotation(i, a), held.localRotation(i, b))));
            }
            base.evaluate().modelRotation(chest, a);
            stack.layeredPose().evaluate().modelRotation(chest, b);
            amplitude = Math.max(amplitude, Math.toDegrees(Rotations.angle(a, b)));
            AdditiveLayer breathing = stack.additive("breathing");
            double t = (tick - holdTick) * dt;
            easeError = Math.max(easeError, Math.abs(breathing.weight() - BREATH_WEIGHT * Ease.outExpo(t / BREATH_EASE)));
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("baseDriftDeg", drift);
            m.put("additiveAmplitudeDeg", amplitude);
            m.put("easeCurveMaxError", easeError);
            m.put("speedAfterRelease", Double.isNaN(speedAfter) ? 0 : speedAfter);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("baseDriftDeg", drift, 1e-6),
                    CheckResult.greaterThan("additiveAmplitudeDeg", amplitude, 0.5),
                    CheckResult.lessThan("easeCurveMaxError", easeError, 1e-9),
                    CheckResult.equalTo("speedAfterRelease", Double.isNaN(speedAfter) ? 0 : speedAfter, 1));
        }
    }
}
