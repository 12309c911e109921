package dev.sinew.scenes.joints;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Capsule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * An arm-sized limb (1.5 kg capsule, 0.39 m) hanging from a static shoulder on a swing-twist joint
 * with an elliptical cone of 30° × 60° half-angles and a twist range of [−20°, 40°], under gravity.
 * For the first 4 s a torque of 20 N·m (nine times the limb's gravity torque) turns once around
 * the vertical every 2 s, pressing the limb into the cone and sweeping it along the whole boundary,
 * while a 1 N·m torque about the limb's own axis pushes it against one twist limit, then the other.
 * For the next 4 s it is struck every 0.25 s at its tip with a 10 N·s impulse in a seeded random
 * horizontal direction (the tip starts at up to 10 m/s). Violations are measured after every tick
 * from the joint's swing-twist angles: the cone's radially (the swing past the ellipse along its
 * own direction), the twist's past its range.
 */
public final class SwingConeScene implements Scene {
    static final double SWING_Y = Math.toRadians(30);
    static final double SWING_Z = Math.toRadians(60);
    static final double TWIST_MIN = Math.toRadians(-20);
    static final double TWIST_MAX = Math.toRadians(40);
    static final double PUSH_TORQUE = 20;
    static final double TWIST_TORQUE = 1;
    static final double STRIKE_IMPULSE = 10;
    static final double HALF_HEIGHT = 0.15;
    static final double RADIUS = 0.045;

    @Override
    public String name() {
        return "swing-cone";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return "a limb pushed around an elliptical swing cone and against its twist limits, then struck";
    }

    @Override
    public double defaultSeconds() {
        return 8;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle limb;
        final JointHandle joint;
        final Random strikes = new Random(20261130L);
        final Vector3d angles = new Vector3d();
        final Quaterniond q = new Quaterniond();
        double maxCone;
        double maxTwist;
        double maxReach;

        Instance() {
            double top = HALF_HEIGHT + RADIUS;
            BodyHandle shoulder = world.createBody(BodySettings.builder(BodyType.STATIC).position(0, 2, 0).build());
            limb = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 2 - top, 0).mass(1.5)
                    .allowSleep(false).collider(Collider.of(new Capsule(HALF_HEIGHT, RADIUS))).build());
            Quaterniond frame = SwingTwistJointSettings.frame(new Vector3d(0, -1, 0), new Vector3d(1, 0, 0));
            joint = world.createJoint(SwingTwistJointSettings.of(shoulder, new Vector3d(), frame, limb,
                    new Vector3d(0, top, 0), frame).withSwing(SWING_Y, SWING_Z).withTwist(TWIST_MIN, TWIST_MAX));
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            double t = tick * world.settings().tickSeconds();
            Vector3d axis = world.orientation(limb, q).transform(new Vector3d(0, -1, 0));
            if (t < 4) {
                double a = Math.PI * t;
                double twist = ((int) (t / 1) % 2 == 0 ? 1 : -1) * TWIST_TORQUE;
                world.body(limb).applyTorque(new Vector3d(PUSH_TORQUE * Math.cos(a), 0, PUSH_TORQUE * Math.sin(a))
                        .add(axis.mul(twist, new Vector3d())));
            } else if (tick % 15 == 0) {
                double dir = 2 * Math.PI * strikes.nextDouble();
                Vector3d tip = world.position(limb, new Vector3d()).add(axis.mul(HALF_HEIGHT + RADIUS, new Vector3d()));
                world.body(limb).applyImpulseAtPoint(new Vector3d(STRIKE_IMPULSE * Math.cos(dir), 0, STRIKE_IMPULSE * Math.sin(dir)), tip);
            }
        }

        @Override
        public void afterStep(long tick) {
            world.swingTwist(joint).angles(angles);
            double phi = Math.hypot(angles.y, angles.z);
            double g = Math.hypot(angles.y / SWING_Y, angles.z / SWING_Z);
            maxReach = Math.max(maxReach, g);
            if (g > 1) {
                maxCone = Math.max(maxCone, phi - phi / g);
            }
            maxTwist = Math.max(maxTwist, Math.max(angles.x - TWIST_MAX, TWIST_MIN - angles.x));
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxConeViolationDeg", Math.toDegrees(maxCone));
            m.put("maxTwistViolationDeg", Math.toDegrees(Math.max(0, maxTwist)));
            m.put("maxConeReach", maxReach);
            m.put("maxJointSeparation", world.debug().maxJointSeparation());
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxConeViolationDeg", Math.toDegrees(maxCone), 1),
                    CheckResult.lessThan("maxTwistViolationDeg", Math.toDegrees(Math.max(0, maxTwist)), 1),
                    CheckResult.atLeast("maxConeReach", maxReach, 0.99));
        }
    }
}
