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
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Two separate piles; at tick 100 one body of pile A gets NaN in its velocity (as a solver blow-up
 * would leave it). The world must contain it in that step, and pile B must stay bit-identical to
 * a control world that never had the fault, tick by tick.
 */
public final class FaultScene implements Scene {
    /** Distance between the piles, m: far enough that nothing rolls from one to the other. */
    static final double SEPARATION = 40;
    /** The tick whose step finds the injected fault. */
    static final long FAULT_TICK = 100;

    @Override
    public String name() {
        return "fault";
    }

    @Override
    public String category() {
        return "solver";
    }

    @Override
    public String description() {
        return "two penned piles; NaN injected into one body of pile A at tick 100: contained, pile B bit-identical to a control run";
    }

    @Override
    public double defaultSeconds() {
        return 6;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /**
     * A pile of 27 boxes and spheres centred at (x, ·, 0), dropped in a loose 3×3×3 grid inside a
     * static pen (4 m square, walls 1.5 m high), so that nothing rolls from one pile to the other.
     */
    static List<BodyHandle> pile(World w, double x) {
        for (int side = 0; side < 4; side++) {
            double ox = side == 0 ? -2.1 : side == 1 ? 2.1 : 0;
            double oz = side == 2 ? -2.1 : side == 3 ? 2.1 : 0;
            boolean alongZ = side < 2;
            w.createBody(BodySettings.builder(BodyType.STATIC).position(x + ox, 0.75, oz)
                    .collider(Collider.of(alongZ ? new Box(0.1, 0.75, 2.2) : new Box(2.2, 0.75, 0.1))).build());
        }
        List<BodyHandle> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 3; k++) {
                    BodySettings.Builder b = BodySettings.builder(BodyType.DYNAMIC)
                            .position(x + 0.7 * (i - 1) + 0.05 * k, 0.4 + 0.7 * j, 0.7 * (k - 1) + 0.03 * i)
                            .orientation(new Quaterniond().rotateY(0.3 * (i + j + k)));
                    b.collider(Collider.of((i + j + k) % 2 == 0 ? new Box(0.25, 0.2, 0.3) : new Sphere(0.28)));
                    out.add(w.createBody(b.build()));
                }
            }
        }
        return out;
    }

    static long hash(World w, List<BodyHandle> bodies, Vector3d v, Quaterniond q) {
        long h = 0x9E3779B97F4A7C15L;
        for (BodyHandle b : bodies) {
            w.position(b, v);
            h = mix(mix(mix(h, v.x), v.y), v.z);
            w.orientation(b, q);
            h = mix(mix(mix(mix(h, q.x), q.y), q.z), q.w);
            w.linearVelocity(b, v);
            h = mix(mix(mix(h, v.x), v.y), v.z);
            w.angularVelocity(b, v);
            h = mix(mix(mix(h, v.x), v.y), v.z);
        }
        return h;
    }

    private static long mix(long h, double d) {
        return (h ^ Double.doubleToRawLongBits(d)) * 0x100000001B3L;
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final World control = new World();
        final List<BodyHandle> pileA;
        final List<BodyHandle> pileB;
        final List<BodyHandle> controlB;
        final Vector3d v = new Vector3d();
        final Quaterniond q = new Quaterniond();
        long quarantined;
        boolean pileBMatches = true;
        int nanAfter;

        Instance() {
            SceneKit.ground(world, Material.DEFAULT);
            SceneKit.ground(control, Material.DEFAULT);
            pileA = pile(world, -SEPARATION / 2);
            pileB = pile(world, SEPARATION / 2);
            pile(control, -SEPARATION / 2);
            controlB = pile(control, SEPARATION / 2);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            if (tick == FAULT_TICK) {
                world.debug().injectFault(pileA.get(13));
            }
        }

        @Override
        public void afterStep(long tick) {
            control.step();
            quarantined += world.faultEvents().count();
            if (hash(world, pileB, v, q) != hash(control, controlB, v, q)) {
                pileBMatches = false;
            }
            if (tick >= FAULT_TICK) {
                for (BodyHandle b : world.bodyHandles()) {
                    if (!world.position(b, v).isFinite() || !world.linearVelocity(b, v).isFinite()
                            || !world.angularVelocity(b, v).isFinite()) {
                        nanAfter++;
                    }
                }
            }
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("quarantined", quarantined);
            m.put("pileBHashMatchesControl", pileBMatches ? 1 : 0);
            m.put("nanAfter", nanAfter);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.equalTo("quarantined", quarantined, 1),
                    CheckResult.equalTo("pileBHashMatchesControl", pileBMatches ? 1 : 0, 1),
                    CheckResult.equalTo("nanAfter", nanAfter, 0));
        }
    }
}
