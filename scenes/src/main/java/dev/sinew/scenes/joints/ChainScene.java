package dev.sinew.scenes.joints;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * 40 capsule links of 1 kg on ball joints hanging from a static anchor with a weight at the end
 * (100 kg, or {@code --count KG}). It starts horizontal, so it swings down and whips.
 */
public final class ChainScene implements Scene {
    static final int LINKS = 40;
    static final double HALF = 0.125; // joint points at ±HALF along each link, m

    @Override
    public String name() {
        return "chain";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return "40 one-kilogram links on ball joints with a 100 kg weight (--count sets kg); stretch";
    }

    @Override
    public double defaultSeconds() {
        return 20;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.count() > 0 ? options.count() : 100);
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final Vector3d anchor = new Vector3d(0, 12, 0);
        final List<BodyHandle> bodies = new ArrayList<>();
        final BodyHandle weight;
        final double restLength = LINKS * 2 * HALF;
        final double weightRadius = 0.2;
        final Vector3d tmp = new Vector3d();
        double maxStretchPct;
        int nanEvents;

        Instance(double weightKg) {
            BodyHandle hook = world.createBody(BodySettings.builder(BodyType.STATIC).position(anchor).build());
            Quaterniond alongX = SceneKit.axisAngle(0, 0, 1, -Math.PI / 2); // local +Y → world +X
            BodyHandle last = hook;
            Vector3d lastAnchor = new Vector3d();
            for (int i = 0; i < LINKS; i++) {
                BodyHandle link = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                        .position(anchor.x + (2 * i + 1) * HALF, anchor.y, 0).orientation(alongX).mass(1)
                        .collider(Collider.of(new Capsule(HALF - 0.03, 0.03))).build());
                world.createJoint(BallJointSettings.of(last, lastAnchor, link, new Vector3d(0, -HALF, 0)));
                bodies.add(link);
                last = link;
                lastAnchor = new Vector3d(0, HALF, 0);
            }
            weight = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(anchor.x + restLength + weightRadius, anchor.y, 0).mass(weightKg)
                    .collider(Collider.of(new Sphere(weightRadius))).build());
            world.createJoint(BallJointSettings.of(last, lastAnchor, weight, new Vector3d(-weightRadius, 0, 0)));
            bodies.add(weight);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            boolean nan = false;
            for (BodyHandle b : bodies) {
                nan |= !world.position(b, tmp).isFinite();
            }
            if (nan) {
                nanEvents++;
                return;
            }
            // Length along the chain: anchor to the weight's attachment point, through every link.
            double length = 0;
            Vector3d prev = new Vector3d(anchor);
            Quaterniond q = new Quaterniond();
            for (int i = 0; i < LINKS; i++) {
                BodyHandle link = bodies.get(i);
                Vector3d top = world.orientation(link, q).transform(new Vector3d(0, -HALF, 0)).add(world.position(link, tmp));
                Vector3d bottom = q.transform(new Vector3d(0, HALF, 0)).add(tmp);
                length += prev.distance(top) + top.distance(bottom);
                prev = bottom;
            }
            Vector3d attach = world.orientation(weight, q).transform(new Vector3d(-weightRadius, 0, 0))
                    .add(world.position(weight, tmp));
            length += prev.distance(attach);
            maxStretchPct = Math.max(maxStretchPct, 100 * (length - restLength) / restLength);
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxStretchPct", maxStretchPct);
            m.put("nanEvents", nanEvents);
            m.put("maxJointSeparation", world.maxJointSeparation());
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            double limit = world.mass(weight) > 500 ? 5 : 1;
            return List.of(CheckResult.lessThan("maxStretchPct", maxStretchPct, limit),
                    CheckResult.equalTo("nanEvents", nanEvents, 0));
        }
    }
}
