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
import org.joml.Vector3d;

/** A 300 kg box resting on a 1 kg box resting on the ground. */
public final class MassRatioScene implements Scene {
    @Override
    public String name() {
        return "mass-ratio";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "300 kg box on a 1 kg box on the ground; overlap and drift";
    }

    @Override
    public double defaultSeconds() {
        return 10;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle top;
        final Vector3d start = new Vector3d();
        final Vector3d tmp = new Vector3d();
        double maxPenetration;
        double topDrift;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.5, 0).mass(1)
                    .collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
            top = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1.5, 0).mass(300)
                    .collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
            world.position(top, start);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            maxPenetration = Math.max(maxPenetration, world.debug().deepestPenetration());
            topDrift = Math.max(topDrift, SceneKit.horizontal(world.position(top, tmp), start));
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxPenetration", maxPenetration);
            m.put("topDrift", topDrift);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxPenetration", maxPenetration, 0.02),
                    CheckResult.lessThan("topDrift", topDrift, 0.01));
        }
    }
}
