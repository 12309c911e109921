package dev.sinew.scenes.solver;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Two boxes on 30° ramps: with μ = 0.4 (< tan 30° ≈ 0.577) the box must slide with
 * a = g(sin θ − μ cos θ); with μ = 0.8 it must stick.
 */
public final class SlopeScene implements Scene {
    static final double ANGLE = Math.toRadians(30);
    static final double MU_SLIDE = 0.4;
    static final double MU_STICK = 0.8;

    @Override
    public String name() {
        return "slope";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "boxes on a 30 degree slope with friction 0.4 (slides) and 0.8 (sticks)";
    }

    @Override
    public double defaultSeconds() {
        return 3;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle slider;
        final BodyHandle sticker;
        final Vector3d downhill = new Vector3d(-Math.cos(ANGLE), -Math.sin(ANGLE), 0);
        final Vector3d tmp = new Vector3d();
        final Vector3d stickStart = new Vector3d();
        double v1 = Double.NaN;
        double v2 = Double.NaN;
        double stickDrift;
        double maxPenetration;
        final long t1;
        final long t2;
        final long tSettle;

        Instance() {
            double dt = world.settings().tickSeconds();
            t1 = Math.round(1.0 / dt) - 1;
            t2 = Math.round(2.5 / dt) - 1;
            tSettle = Math.round(0.5 / dt) - 1;
            Quaterniond tilt = SceneKit.axisAngle(0, 0, 1, ANGLE);
            slider = ramp(-2, MU_SLIDE, tilt);
            sticker = ramp(2, MU_STICK, tilt);
        }

        private BodyHandle ramp(double z, double mu, Quaterniond tilt) {
            Material m = Material.DEFAULT.withFriction(mu);
            world.createBody(BodySettings.builder(BodyType.STATIC).position(0, 0, z).orientation(tilt)
                    .collider(Collider.of(new Box(10, 0.5, 1), m)).build());
            Vector3d n = tilt.transform(new Vector3d(0, 1, 0));
            Vector3d t = tilt.transform(new Vector3d(1, 0, 0));
            Vector3d p = new Vector3d(0, 0, z).fma(0.5 + 0.25, n).fma(7, t);
            return world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(p).orientation(tilt)
                    .collider(Collider.of(new Box(0.25, 0.25, 0.25), m)).build());
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.debug().deepestPenetration());
            if (tick == t1) {
                v1 = world.linearVelocity(slider, tmp).dot(downhill);
            }
            if (tick == t2) {
                v2 = world.linearVelocity(slider, tmp).dot(downhill);
            }
            if (tick == tSettle) {
                world.position(sticker, stickStart);
            } else if (tick > tSettle) {
                stickDrift = Math.max(stickDrift, world.position(sticker, tmp).distance(stickStart));
            }
        }

        double expectedAcceleration() {
            double g = -world.settings().gravity().y();
            return g * (Math.sin(ANGLE) - MU_SLIDE * Math.cos(ANGLE));
        }

        double slideAccelError() {
            double a = (v2 - v1) / ((t2 - t1) * world.settings().tickSeconds());
            return Math.abs(a - expectedAcceleration()) / expectedAcceleration();
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("slideAccelError", slideAccelError());
            m.put("stickDrift", stickDrift);
            m.put("maxPenetration", maxPenetration);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            double e = slideAccelError();
            return List.of(CheckResult.lessThan("slideAccelError", Double.isNaN(e) ? Double.POSITIVE_INFINITY : e, 0.02),
                    CheckResult.lessThan("stickDrift", stickDrift, 0.001),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02));
        }
    }
}
