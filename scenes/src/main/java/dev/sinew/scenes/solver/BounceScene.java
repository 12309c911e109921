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
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/** A restitution-1 sphere dropped from 2 m onto a restitution-1 ground: every apex must return to 2 m. */
public final class BounceScene implements Scene {
    static final double DROP = 2.0;
    static final double RADIUS = 0.25;
    static final int APEXES = 10;

    @Override
    public String name() {
        return "bounce";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "restitution-1 sphere dropped from 2 m; error of 10 apex heights";
    }

    @Override
    public double defaultSeconds() {
        return 14;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle ball;
        final Vector3d p = new Vector3d();
        final Vector3d v = new Vector3d();
        final List<Double> apexes = new ArrayList<>();
        double risingMax = Double.NEGATIVE_INFINITY;
        boolean rising;
        double maxPenetration;

        Instance() {
            Material bouncy = Material.DEFAULT.withRestitution(1);
            SceneKit.ground(world, bouncy);
            ball = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, DROP + RADIUS, 0)
                    .collider(Collider.of(new Sphere(RADIUS), bouncy)).build());
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.debug().deepestPenetration());
            double h = world.position(ball, p).y - RADIUS;
            double vy = world.linearVelocity(ball, v).y;
            if (vy > 0) {
                rising = true;
                risingMax = Math.max(risingMax, h);
            } else if (rising) {
                rising = false;
                if (apexes.size() < APEXES) {
                    apexes.add(Math.max(risingMax, h));
                }
                risingMax = Double.NEGATIVE_INFINITY;
            }
        }

        double apexErrorMax() {
            double e = 0;
            for (double a : apexes) {
                e = Math.max(e, Math.abs(a - DROP) / DROP);
            }
            return e;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("apexErrorMax", apexErrorMax());
            m.put("apexCount", apexes.size());
            m.put("apexHeights", List.copyOf(apexes));
            m.put("maxPenetration", maxPenetration);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("apexCount", apexes.size(), APEXES),
                    CheckResult.lessThan("apexErrorMax", apexErrorMax(), 0.01),
                    CheckResult.lessThan("maxPenetration", maxPenetration, 0.02));
        }
    }
}
