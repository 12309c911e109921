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
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Vector3d;

/**
 * {@code track-walk} once per shipped profile ({@code loose}, {@code default}, {@code stiff},
 * {@code limp}), the characters 3 m apart in one world, each with the root drive. Per profile
 * {@code meanErrorDeg}, {@code maxErrorDeg}, {@code rootErrorM} and {@code torqueSaturationPct};
 * the check: the mean error strictly decreases from {@code loose} to {@code default} to
 * {@code stiff}. {@code limp} has no spring and collapses onto its root drive. {@code --profile}
 * adds a fifth character with that profile (reported under its name, or {@code NAME (given)} when
 * that is a shipped profile's name); {@code --clip} and {@code --ragdoll} replace the walk and the
 * CMU ragdoll for every character.
 */
public final class ProfileSweepScene implements Scene {
    static final List<String> PROFILES = List.of("loose", "default", "stiff", "limp");

    @Override
    public String name() {
        return "profile-sweep";
    }

    @Override
    public String category() {
        return "drives";
    }

    @Override
    public String description() {
        return "track-walk with each shipped profile side by side: stiffer tracks closer, limp collapses";
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
        final World world = new World();
        final List<ActiveCharacter> characters = new ArrayList<>();
        final List<String> names = new ArrayList<>(PROFILES);
        final double[] errorSum;
        final double[] maxError;
        final double[] rootSum;
        final long[] saturated;
        long errorCount;
        long jointCount;
        long ticks;
        final Vector3d p = new Vector3d();
        final Vector3d q = new Vector3d();

        Instance(SceneOptions options) {
            world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
            BvhImporter.Bvh walk = options.clip("cmu/131_01.bvh");
            RagdollDefinition def = options.ragdoll("cmu-humanoid");
            List<DriveProfile> profiles = new ArrayList<>();
            for (String name : PROFILES) {
                profiles.add(DriveProfile.named(name));
            }
            DriveProfile given = options.driveProfileOrNull();
            if (given != null) {
                profiles.add(given);
                names.add(PROFILES.contains(given.name()) ? given.name() + " (given)" : given.name());
            }
            for (int k = 0; k < profiles.size(); k++) {
                characters.add(new ActiveCharacter(world, walk, def, profiles.get(k), 3 * k, 0, true, true));
            }
            errorSum = new double[profiles.size()];
            maxError = new double[profiles.size()];
            rootSum = new double[profiles.size()];
            saturated = new long[profiles.size()];
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            for (ActiveCharacter c : characters) {
                c.update(t);
            }
        }

        @Override
        public void afterStep(long tick) {
            for (int k = 0; k < characters.size(); k++) {
                ActiveCharacter c = characters.get(k);
                TrackingReport r = c.report();
                for (int i = 0; i < r.errorDeg.length; i++) {
                    errorSum[k] += r.errorDeg[i];
                    maxError[k] = Math.max(maxError[k], r.errorDeg[i]);
                    if (c.ragdoll.joint(i) != null) {
                        saturated[k] += r.torqueUse[i] >= 0.999 ? 1 : 0;
                    }
                }
                rootSum[k] += world.position(c.ragdoll.body(0), p).distance(c.driver.targetPosition(0, q));
            }
            ActiveCharacter first = characters.get(0);
            errorCount += first.ragdoll.bodyCount();
            jointCount += first.ragdoll.bodyCount() - 1;
            ticks++;
        }

        double mean(int k) {
            return errorCount == 0 ? 0 : errorSum[k] / errorCount;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int k = 0; k < names.size(); k++) {
                Map<String, Object> per = new LinkedHashMap<>();
                per.put("meanErrorDeg", mean(k));
                per.put("maxErrorDeg", maxError[k]);
                per.put("rootErrorM", ticks == 0 ? 0 : rootSum[k] / ticks);
                per.put("torqueSaturationPct", jointCount == 0 ? 0 : 100.0 * saturated[k] / jointCount);
                m.put(names.get(k), per);
            }
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            double loose = mean(0);
            double normal = mean(1);
            double stiff = mean(2);
            return List.of(CheckResult.lessThan("meanErrorDeg default - loose", normal - loose, 0),
                    CheckResult.lessThan("meanErrorDeg stiff - default", stiff - normal, 0));
        }
    }
}
