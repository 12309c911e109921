package dev.sinew.scenes.joints;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.HingeJointSettings;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Capsule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Five two-body arms side by side, each hanging from a static shoulder: an upper arm (2 kg capsule,
 * 0.3 m between cap centres) on a swing-twist shoulder and a forearm (1.5 kg, 0.28 m) on an elbow
 * hinge, under gravity. Each arm's two slerp drives pull it from hanging straight down toward a
 * fixed pose, the upper arm raised 70° forward and the elbow bent 60°, with stiffness 1e1, 1e3,
 * 1e5, 1e7 and 1e9 N·m/rad, damping critical for the joint's inertia about its anchor
 * (c = 2·√(k·I)), and torque limits of 40 N·m at the shoulder and 15 N·m at the elbow (about
 * four times what holding the pose against gravity takes).
 * <p>Per arm: {@code settleSeconds} (the last time either joint was more than 1° from where it ends),
 * {@code maxOvershootDeg} (how far either joint passed its target, measured along the direction
 * it started toward it), {@code maxTorqueRatio} (the largest drive torque over a substep divided
 * by its limit) and {@code exploded} (1 if any velocity reached 1,000 rad/s, a joint came 5 cm
 * apart or a value was not finite).
 */
public final class DriveGainsScene implements Scene {
    static final double[] STIFFNESS = {1e1, 1e3, 1e5, 1e7, 1e9};
    static final double SHOULDER_MAX_TORQUE = 40;
    static final double ELBOW_MAX_TORQUE = 15;
    static final double RAISE = Math.toRadians(70);
    static final double BEND = Math.toRadians(60);
    static final double SETTLE_DEG = 1;

    @Override
    public String name() {
        return "drive-gains";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return "two-body arms driven to a fixed pose at stiffness 1e1..1e9 N*m/rad, critically damped, torque-limited";
    }

    @Override
    public double defaultSeconds() {
        return 6;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /** One arm and its measurements. */
    static final class Arm {
        final double stiffness;
        final BodyHandle upper;
        final BodyHandle forearm;
        final JointHandle shoulder;
        final JointHandle elbow;
        /** Shoulder target (B relative to A) and the direction the shoulder starts toward it (rad, A's frame). */
        final Quaterniond shoulderTarget;
        final Vector3d shoulderApproach;
        final double elbowTarget;
        final double elbowStartSign;
        final List<double[]> history = new ArrayList<>();
        double maxOvershoot;
        double maxTorqueRatio;
        boolean exploded;
        private final Quaterniond q = new Quaterniond();
        private final Quaterniond r = new Quaterniond();
        private final Vector3d v = new Vector3d();

        Arm(World world, double x, double k) {
            stiffness = k;
            double top = 2.5;
            BodyHandle post = world.createBody(BodySettings.builder(BodyType.STATIC).position(x, top, 0).build());
            double upperHalf = 0.15;
            double foreHalf = 0.14;
            double radius = 0.045;
            double upperLength = 2 * (upperHalf + radius);
            double foreLength = 2 * (foreHalf + radius);
            upper = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, top - upperLength / 2, 0).mass(2)
                    .allowSleep(false).collider(Collider.of(new Capsule(upperHalf, radius))).build());
            forearm = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(x, top - upperLength - foreLength / 2, 0).mass(1.5).allowSleep(false)
                    .collider(Collider.of(new Capsule(foreHalf, radius))).build());
            Quaterniond down = SwingTwistJointSettings.frame(new Vector3d(0, -1, 0), new Vector3d(0, 0, 1));
            shoulder = world.createJoint(SwingTwistJointSettings.of(post, new Vector3d(), down, upper,
                    new Vector3d(0, upperLength / 2, 0), down).withSwing(Math.toRadians(100), Math.toRadians(100))
                    .withTwist(Math.toRadians(-60), Math.toRadians(60)));
            Vector3d axis = new Vector3d(1, 0, 0);
            elbow = world.createJoint(HingeJointSettings.of(upper, new Vector3d(0, -upperLength / 2, 0), axis, forearm,
                    new Vector3d(0, foreLength / 2, 0), axis).withLimits(Math.toRadians(-150), 0));
            // Inertia about each anchor: the shoulder moves both bodies (as one, the stiffest case),
            // the elbow the forearm.
            double iUpper = world.body(upper).inertiaInBodySpace(new Matrix3d()).m00 + 2 * (upperLength / 2) * (upperLength / 2);
            double iFore = world.body(forearm).inertiaInBodySpace(new Matrix3d()).m00;
            double foreDistance = upperLength + foreLength / 2;
            double iShoulder = iUpper + iFore + 1.5 * foreDistance * foreDistance;
            double iElbow = iFore + 1.5 * (foreLength / 2) * (foreLength / 2);
            world.joint(shoulder).setDrive(DriveSettings.stiffnessDamping(k, 2 * Math.sqrt(k * iShoulder), SHOULDER_MAX_TORQUE));
            world.joint(elbow).setDrive(DriveSettings.stiffnessDamping(k, 2 * Math.sqrt(k * iElbow), ELBOW_MAX_TORQUE));
            // Raise forward (toward −z... the arm hangs along −y; turning about +x swings it to +z).
            shoulderTarget = new Quaterniond().rotateX(-RAISE);
            shoulderApproach = rotationVector(shoulderTarget, new Vector3d()).normalize();
            elbowTarget = -BEND;
            elbowStartSign = -1;
            world.joint(shoulder).setDriveTarget(shoulderTarget, new Vector3d());
            world.joint(elbow).setDriveTarget(new Quaterniond().rotateX(elbowTarget), new Vector3d());
        }

        void measure(World world, double t) {
            // shoulder: B relative to A (A is static and unrotated), error = rel·conj(target)
            world.orientation(upper, q);
            r.set(shoulderTarget).conjugate().premul(q);
            rotationVector(r, v);
            // progress past the target along the approach: the error points back along it once passed
            double shoulderPast = Math.max(0, v.dot(shoulderApproach));
            double elbowAngle = world.hinge(elbow).angle();
            double elbowPast = Math.max(0, elbowStartSign * (elbowAngle - elbowTarget));
            maxOvershoot = Math.max(maxOvershoot, Math.max(shoulderPast, elbowPast));
            Vector3d tau = new Vector3d();
            maxTorqueRatio = Math.max(maxTorqueRatio, world.joint(shoulder).driveTorque(tau).length() / SHOULDER_MAX_TORQUE);
            maxTorqueRatio = Math.max(maxTorqueRatio, world.joint(elbow).driveTorque(tau).length() / ELBOW_MAX_TORQUE);
            double w1 = world.angularVelocity(upper, tau).length();
            double w2 = world.angularVelocity(forearm, tau).length();
            double sep = world.debug().maxJointSeparation();
            if (!(w1 < 1000 && w2 < 1000 && sep < 0.05) || !Double.isFinite(q.w)) {
                exploded = true;
            }
            history.add(new double[] {t, q.x, q.y, q.z, q.w, elbowAngle});
        }

        /** The last time the shoulder or elbow was more than {@link #SETTLE_DEG} from its final value. */
        double settleSeconds() {
            double[] last = history.get(history.size() - 1);
            Quaterniond end = new Quaterniond(last[1], last[2], last[3], last[4]);
            double limit = Math.toRadians(SETTLE_DEG);
            for (int i = history.size() - 1; i >= 0; i--) {
                double[] s = history.get(i);
                double shoulderOff = 2 * Math.acos(Math.min(1, Math.abs(end.dot(new Quaterniond(s[1], s[2], s[3], s[4])))));
                double elbowOff = Math.abs(s[5] - last[5]);
                if (shoulderOff > limit || elbowOff > limit) {
                    return s[0];
                }
            }
            return 0;
        }
    }

    /** The rotation vector (axis·angle, rad) of q, taken with w ≥ 0. */
    static Vector3d rotationVector(Quaterniond q, Vector3d dest) {
        double s = q.w < 0 ? -1 : 1;
        double len = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
        double scale = len > 1e-12 ? 2 * Math.atan2(len, s * q.w) / len : 2;
        return dest.set(s * q.x * scale, s * q.y * scale, s * q.z * scale);
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final Arm[] arms = new Arm[STIFFNESS.length];

        Instance() {
            for (int i = 0; i < arms.length; i++) {
                arms[i] = new Arm(world, 2.0 * i, STIFFNESS[i]);
            }
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            for (Arm a : arms) {
                a.measure(world, t);
            }
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            double settle = 0;
            double overshoot = 0;
            double ratio = 0;
            int exploded = 0;
            List<Map<String, Object>> per = new ArrayList<>();
            for (Arm a : arms) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("stiffness", a.stiffness);
                e.put("settleSeconds", a.settleSeconds());
                e.put("maxOvershootDeg", Math.toDegrees(a.maxOvershoot));
                e.put("maxTorqueRatio", a.maxTorqueRatio);
                e.put("exploded", a.exploded ? 1 : 0);
                per.add(e);
                settle = Math.max(settle, a.settleSeconds());
                overshoot = Math.max(overshoot, Math.toDegrees(a.maxOvershoot));
                ratio = Math.max(ratio, a.maxTorqueRatio);
                exploded = Math.max(exploded, a.exploded ? 1 : 0);
            }
            m.put("settleSeconds", settle);
            m.put("maxOvershootDeg", overshoot);
            m.put("maxTorqueRatio", ratio);
            m.put("exploded", exploded);
            m.put("perStiffness", per);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            Map<String, Object> m = metrics();
            return List.of(CheckResult.equalTo("exploded", (Integer) m.get("exploded"), 0),
                    CheckResult.lessThan("maxOvershootDeg", (Double) m.get("maxOvershootDeg"), 2),
                    CheckResult.atMost("maxTorqueRatio", (Double) m.get("maxTorqueRatio"), 1.0));
        }
    }
}
