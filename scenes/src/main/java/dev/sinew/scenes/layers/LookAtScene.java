package dev.sinew.scenes.layers;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.Profiles;
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
import org.joml.Vector3d;

/**
 * Look-at: the CMU character holds a standing pose while it breathes and looks at a target that
 * circles its head twice, passing behind it and, the second time, over it past the pitch cut-off
 * ({@link LookAtRig}).
 *
 * <p>{@code look-at} is the animation side: the character's bodies follow the layered pose exactly
 * (kinematic). {@code maxYawStepDeg}: the largest per-update change of the interpolated yaw, below
 * the yaw speed × tick; {@code wrapLongWay}: updates whose yaw went the long way round (0);
 * {@code pitchOverLimit}: updates that looked while the target's pitch was over the cut-off, or
 * turned the chain past its pitch range (0).
 *
 * <p>{@code active-look-at} is the same with physics: the CMU active ragdoll (the {@code default}
 * profile and the root drive) tracks the layered pose. {@code meanErrorDeg}: the mean over bodies
 * and ticks of the angle between each body and its target (&lt; 2); {@code belowGround}: bodies
 * ever more than 5 mm under the ground (0).
 */
public final class LookAtScene implements Scene {
    private final boolean active;

    /** The animation-only scene, {@code look-at}. */
    public LookAtScene() {
        this(false);
    }

    /** With {@code active}, {@code active-look-at}: the active ragdoll tracks the look. */
    public LookAtScene(boolean active) {
        this.active = active;
    }

    @Override
    public String name() {
        return active ? "active-look-at" : "look-at";
    }

    @Override
    public String category() {
        return "layers";
    }

    @Override
    public String description() {
        return active ? "the active ragdoll tracks a held, breathing pose looking at a circling target (default profile)"
                : "a held, breathing pose looks at a target circling its head twice, behind and over it (animation only)";
    }

    @Override
    public double defaultSeconds() {
        return LookAtRig.LEAD_IN + 2 * LookAtRig.LAP_SECONDS + 1;
    }

    /** The active variant takes a drive profile; the shipped layer data are CMU's, so no clip or ragdoll. */
    @Override
    public Set<SceneOption> options() {
        return active ? Set.of(SceneOption.PROFILE) : Set.of();
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(active, (options == null ? SceneOptions.defaults() : options).driveProfile("default"));
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final boolean active;
        final ActiveCharacter character;
        final LookAtRig rig;
        final boolean[] below;
        double errorSum;
        long errorCount;

        Instance(boolean active, DriveProfile profile) {
            this.active = active;
            SceneKit.ground(world, Material.DEFAULT);
            character = new ActiveCharacter(world, ShippedData.clip("cmu/131_01.bvh"), Profiles.ragdoll("cmu-humanoid"),
                    profile, 0, 0, active);
            if (!active) {
                character.followExactly();
            }
            rig = new LookAtRig(world, character.shift(new Vector3d()));
            below = new boolean[character.ragdoll().bodyCount()];
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
            return active ? character.driver() : null;
        }

        @Override
        public LayerView layers() {
            return rig;
        }

        @Override
        public void beforeStep(long tick) {
            double dt = world.settings().tickSeconds();
            rig.update((tick + 1) * dt, dt);
            character.track(rig.stack.output());
        }

        @Override
        public void afterStep(long tick) {
            if (!active) {
                return;
            }
            TrackingReport r = character.report();
            for (int i = 0; i < r.errorDeg.length; i++) {
                errorSum += r.errorDeg[i];
                errorCount++;
                below[i] |= ActiveCharacter.lowestPoint(world, character.ragdoll(), i) < -0.005;
            }
        }

        double meanError() {
            return errorCount == 0 ? 0 : errorSum / errorCount;
        }

        int belowGround() {
            int n = 0;
            for (boolean b : below) {
                n += b ? 1 : 0;
            }
            return n;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            if (active) {
                m.put("meanErrorDeg", meanError());
                m.put("belowGround", belowGround());
            } else {
                m.put("maxYawStepDeg", Math.toDegrees(rig.maxYawStep));
                m.put("wrapLongWay", rig.wrapLongWay);
                m.put("pitchOverLimit", rig.pitchOverLimit);
            }
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            if (active) {
                return List.of(CheckResult.lessThan("meanErrorDeg", meanError(), 2),
                        CheckResult.equalTo("belowGround", belowGround(), 0));
            }
            return List.of(CheckResult.lessThan("maxYawStepDeg", Math.toDegrees(rig.maxYawStep),
                            rig.yawStepLimitDeg(world.settings().tickSeconds())),
                    CheckResult.equalTo("wrapLongWay", rig.wrapLongWay, 0),
                    CheckResult.equalTo("pitchOverLimit", rig.pitchOverLimit, 0));
        }
    }
}
