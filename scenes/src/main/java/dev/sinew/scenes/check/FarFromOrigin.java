package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import java.util.List;
import java.util.Locale;
import org.joml.Vector3d;

/**
 * Far from the origin: the same scene run twice side by side, once with its character at the
 * origin and once {@value #DISTANCE} m away (the world's fault bound moved out past it), the
 * second world's bodies compared with the first's, shifted back, after every tick. Double
 * precision keeps a ragdoll 10 km out as exact as one at the origin (a position there carries
 * about 2e-12 m of rounding); {@code farMaxPositionDiff}, the largest difference of a body's
 * position from its twin's over the bodies and ticks, must stay under {@value #TOLERANCE} m.
 */
final class FarFromOrigin extends SceneBased {
    /** How far out the second character stands, m (along x and z: 10 km from the origin). */
    static final double DISTANCE = 10_000;
    /** Largest difference allowed, m. */
    static final double TOLERANCE = 1e-3;

    FarFromOrigin(String name, Scene scene, SceneOptions options, double seconds) {
        super(name, scene, options, seconds);
    }

    @Override
    public String what() {
        return String.format(Locale.ROOT, "%s at the origin and %.0f km away, compared tick by tick", scene.name(), DISTANCE / 1000);
    }

    @Override
    public long ticks() {
        return 2 * ticks;
    }

    /** The world's dynamic bodies in creation order (the same in both worlds). */
    private static List<BodyHandle> dynamic(SceneRun r) {
        return r.world.bodyHandles().stream().filter(h -> r.world.body(h).type() == BodyType.DYNAMIC).toList();
    }

    @Override
    public ScenarioResult run(Runnable progress) {
        double along = DISTANCE / Math.sqrt(2);
        Vector3d offset = new Vector3d(along, 0, along);
        SceneRun near = new SceneRun(scene, options, Phases.REACTING);
        SceneRun far = new SceneRun(scene, options.withOrigin(offset)
                .withWorld(options.worldSettings().withFaults(4 * DISTANCE, options.worldSettings().faultPolicy())), Phases.REACTING);
        List<BodyHandle> a = dynamic(near);
        List<BodyHandle> b = dynamic(far);
        Vector3d p = new Vector3d();
        Vector3d q = new Vector3d();
        double worst = 0;
        double worstTime = Double.NaN;
        String worstBody = "";
        for (long t = 0; t < ticks; t++) {
            near.tick(t);
            far.tick(t);
            for (int i = 0; i < a.size(); i++) {
                double d = near.world.position(a.get(i), p).distance(far.world.position(b.get(i), q).sub(offset));
                if (d > worst || !(d == d)) {
                    worst = d;
                    worstTime = (t + 1) * near.world.settings().tickSeconds();
                    worstBody = near.names.body(a.get(i));
                }
            }
            progress.run();
            progress.run();
        }
        Finding diff = new Finding(CheckResult.lessThan("farMaxPositionDiff", worst, TOLERANCE), Finding.at(worstBody, worstTime));
        ScenarioResult r = far.result(name, what(), List.of(diff), List.of());
        r.detectors().put("farMaxPositionDiff", worst);
        r.detectors().put("farOffsetM", DISTANCE);
        return r;
    }
}
