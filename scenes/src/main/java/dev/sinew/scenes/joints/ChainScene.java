package dev.sinew.scenes.joints;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCount;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOption;
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
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * 40 capsule links of 1 kg on ball joints hanging from a static anchor with a weight at the end
 * (100 kg, or {@code --count KG}). {@code chain} is the scene: the chain hangs straight
 * down at rest, and at {@value #PUSH_SECONDS} s the weight is pushed sideways at
 * {@value #PUSH_SPEED} m/s, so the 10 m pendulum swings through the rest of the run.
 * {@code chain-whip} is the harder variant: the chain starts horizontal, falls and whips.
 */
public final class ChainScene implements Scene {
    static final int LINKS = 40;
    static final double HALF = 0.125; // joint points at ±HALF along each link, m
    static final double PUSH_SECONDS = 2;
    static final double PUSH_SPEED = 2;

    private final boolean whip;

    /** The hanging chain of the issue. */
    public ChainScene() {
        this(false);
    }

    /** {@code whip}: released horizontal instead of hanging. */
    public ChainScene(boolean whip) {
        this.whip = whip;
    }

    @Override
    public String name() {
        return whip ? "chain-whip" : "chain";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return whip ? "the chain released horizontal: it falls and whips (--count sets kg); stretch"
                : "40 one-kilogram links on ball joints with a 100 kg weight (--count sets kg), hanging, pushed; stretch";
    }

    @Override
    public double defaultSeconds() {
        return 20;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.COUNT);
    }

    @Override
    public SceneCount count() {
        return new SceneCount("kg of the weight", 100, 1_000_000, 0);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options.count() > 0 ? options.count() : 100, whip);
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final Vector3d anchor = new Vector3d(0, 12, 0);
        final List<BodyHandle> bodies = new ArrayList<>();
        final BodyHandle weight;
        final double restLength = LINKS * 2 * HALF;
        final double weightRadius = 0.2;
        final Vector3d tmp = new Vector3d();
        final Vector3d weightAnchor;
        double maxStretchPct;
        int nanEvents;

        final boolean whip;

        Instance(double weightKg, boolean whip) {
            this.whip = whip;
            BodyHandle hook = world.createBody(BodySettings.builder(BodyType.STATIC).position(anchor).build());
            // Links lie along their local +Y; the chain runs along world +X (whip) or −Y (hanging).
            Quaterniond along = whip ? SceneKit.axisAngle(0, 0, 1, -Math.PI / 2) : SceneKit.axisAngle(0, 0, 1, Math.PI);
            Vector3d dir = whip ? new Vector3d(1, 0, 0) : new Vector3d(0, -1, 0);
            BodyHandle last = hook;
            Vector3d lastAnchor = new Vector3d();
            for (int i = 0; i < LINKS; i++) {
                BodyHandle link = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                        .position(new Vector3d(dir).mul((2 * i + 1) * HALF).add(anchor)).orientation(along).mass(1)
                        .collider(Collider.of(new Capsule(HALF - 0.03, 0.03))).build());
                world.createJoint(BallJointSettings.of(last, lastAnchor, link, new Vector3d(0, -HALF, 0)));
                bodies.add(link);
                last = link;
                lastAnchor = new Vector3d(0, HALF, 0);
            }
            weight = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(new Vector3d(dir).mul(restLength + weightRadius).add(anchor)).mass(weightKg)
                    .collider(Collider.of(new Sphere(weightRadius))).build());
            weightAnchor = new Vector3d(dir).mul(-weightRadius);
            world.createJoint(BallJointSettings.of(last, lastAnchor, weight, weightAnchor));
            bodies.add(weight);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            if (!whip && tick == Math.round(PUSH_SECONDS / world.settings().tickSeconds())) {
                world.setLinearVelocity(weight, new Vector3d(PUSH_SPEED, 0, 0));
            }
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
            Vector3d attach = world.orientation(weight, q).transform(new Vector3d(weightAnchor))
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
