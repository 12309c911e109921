package dev.sinew.scenes.drives;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Vector3d;

/**
 * The CMU walk (131_01: standing, a walk of about 2.6 m, stop) tracked by the CMU ragdoll with the
 * {@code default} profile and the root drive, and beside it (3 m to the side) the same with the
 * root drive off, which must fall without blowing up. For the tracked one: {@code meanErrorDeg}
 * and {@code maxErrorDeg} (over bodies and ticks), {@code rootErrorM} (mean distance of the pelvis
 * from its animated position, m), {@code torqueSaturationPct} (share of joint body-ticks with the
 * drive at its torque limit) and {@code belowGround} (bodies ever more than 5 mm under the
 * ground); for the one without root drive {@code rootOffMaxJointSeparation} (m) and
 * {@code rootOffNanEvents}. {@code --clip}, {@code --ragdoll} and {@code --profile} replace the
 * walk, the CMU ragdoll and the profile. The clip's capture glitches are bridged first
 * ({@link dev.sinew.rig.Clip#withoutSpikes} at {@link ActiveCharacter#MAX_BONE_DEGREES_PER_SECOND});
 * {@code repairedFrames} counts the bone-frames replaced.
 */
public final class TrackWalkScene implements Scene {
    @Override
    public String name() {
        return "track-walk";
    }

    @Override
    public String category() {
        return "drives";
    }

    @Override
    public String description() {
        return "the CMU walk tracked with the default profile and root drive (and one without root drive)";
    }

    @Override
    public double defaultSeconds() {
        return 8.5;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    static final class Instance implements SceneInstance {
        final World world;
        final ActiveCharacter tracked;
        final ActiveCharacter free;
        final Vector3d p = new Vector3d();
        final Vector3d target = new Vector3d();
        final boolean[] below;
        double errorSum;
        long errorCount;
        double maxError;
        double rootErrorSum;
        long ticks;
        long saturated;
        long jointTicks;
        double freeSeparation;
        int freeNan;

        Instance(SceneOptions options) {
            world = new World(options.worldSettings());
            world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
            BvhImporter.Bvh walk = options.clip("cmu/131_01.bvh");
            RagdollDefinition def = options.ragdoll("cmu-humanoid");
            DriveProfile drive = options.driveProfile("default");
            tracked = new ActiveCharacter(world, walk, def, drive, 0, 0, true, true);
            free = new ActiveCharacter(world, walk, def, drive, 3, 0, false, true);
            below = new boolean[tracked.ragdoll.bodyCount()];
        }

        @Override
        public dev.sinew.drives.PoseDriver driver() {
            return tracked.driver;
        }

        @Override
        public BodyHandle focus() {
            return tracked.ragdoll.body(0);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            tracked.update(t);
            free.update(t);
        }

        @Override
        public void afterStep(long tick) {
            TrackingReport r = tracked.report();
            for (int i = 0; i < r.errorDeg.length; i++) {
                errorSum += r.errorDeg[i];
                errorCount++;
                maxError = Math.max(maxError, r.errorDeg[i]);
                if (tracked.ragdoll.joint(i) != null) {
                    jointTicks++;
                    saturated += r.torqueUse[i] >= 0.999 ? 1 : 0;
                }
                if (ActiveCharacter.lowestPoint(world, tracked.ragdoll, i) < -0.005) {
                    below[i] = true;
                }
            }
            rootErrorSum += world.position(tracked.ragdoll.body(0), p).distance(tracked.driver.targetPosition(0, target));
            ticks++;
            boolean nan = false;
            for (int i = 0; i < free.ragdoll.bodyCount(); i++) {
                nan |= !world.position(free.ragdoll.body(i), p).isFinite();
            }
            freeNan += nan ? 1 : 0;
            freeSeparation = Math.max(freeSeparation, separation(free));
        }

        /** The largest opening of one character's joints now, m. */
        private double separation(ActiveCharacter c) {
            double worst = 0;
            for (int i = 1; i < c.ragdoll.bodyCount(); i++) {
                worst = Math.max(worst, world.joint(c.ragdoll.joint(i)).separation());
            }
            return worst;
        }

        int belowGround() {
            int n = 0;
            for (boolean b : below) {
                n += b ? 1 : 0;
            }
            return n;
        }

        double meanError() {
            return errorCount == 0 ? 0 : errorSum / errorCount;
        }

        double rootError() {
            return ticks == 0 ? 0 : rootErrorSum / ticks;
        }

        double saturationPct() {
            return jointTicks == 0 ? 0 : 100.0 * saturated / jointTicks;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("meanErrorDeg", meanError());
            m.put("maxErrorDeg", maxError);
            m.put("rootErrorM", rootError());
            m.put("torqueSaturationPct", saturationPct());
            m.put("belowGround", belowGround());
            m.put("rootOffMaxJointSeparation", freeSeparation);
            m.put("rootOffNanEvents", freeNan);
            m.put("repairedFrames", tracked.repairedFrames);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("meanErrorDeg", meanError(), 4),
                    CheckResult.lessThan("maxErrorDeg", maxError, 15),
                    CheckResult.lessThan("rootErrorM", rootError(), 0.05),
                    CheckResult.equalTo("belowGround", belowGround(), 0),
                    CheckResult.lessThan("rootOffMaxJointSeparation", freeSeparation, 0.005),
                    CheckResult.equalTo("rootOffNanEvents", freeNan, 0));
        }
    }
}
