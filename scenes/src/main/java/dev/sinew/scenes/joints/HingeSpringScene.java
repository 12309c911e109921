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
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Two boxes, each on a vertical hinge through its centre with a spring (the joint's drive, its
 * target a rotation about the hinge axis), released 100° from the target: one with stiffness and
 * damping (N·m/rad, N·m·s/rad), one with frequency and damping ratio. Every tick the hinge angle
 * is compared with the closed-form recursion of the same implicit-Euler spring,
 * ω ← (I·ω − h·k·θ)/(I + h·c + h²·k) per substep h, θ advanced by the integrator's exact
 * fixed-axis rotation 2·atan(h·ω/2).
 */
public final class HingeSpringScene implements Scene {
    static final double RELEASE_DEG = 100;
    static final double STIFFNESS = 40;
    static final double DAMPING = 1.5;
    static final double HERTZ = 2;
    static final double DAMPING_RATIO = 0.3;

    @Override
    public String name() {
        return "hinge-spring";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return "hinge springs (stiffness/damping and frequency/damping ratio) released 100 degrees from target";
    }

    @Override
    public double defaultSeconds() {
        return 10;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /** One hinged box and its reference spring. */
    static final class Spring {
        final BodyHandle box;
        final double k;
        final double c;
        final double inertia;
        final Quaterniond q = new Quaterniond();
        double theta = Math.toRadians(RELEASE_DEG);
        double omega;
        double maxErrorDeg;

        Spring(World world, double x, DriveSettings drive) {
            BodyHandle post = world.createBody(BodySettings.builder(BodyType.STATIC).position(x, 1, 0).build());
            // Kept awake: a sleeping box would stop while the reference spring still creeps to rest.
            box = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, 1, 0).mass(5).allowSleep(false)
                    .collider(Collider.of(new Box(0.3, 0.1, 0.2))).build());
            Vector3d up = new Vector3d(0, 1, 0);
            JointHandle j = world.createJoint(HingeJointSettings.of(post, new Vector3d(), up, box, new Vector3d(), up));
            world.joint(j).setDrive(drive);
            world.body(box).setTransform(new Vector3d(x, 1, 0), new Quaterniond().rotateY(theta));
            inertia = world.body(box).inertiaInBodySpace(new Matrix3d()).m11;
            if (drive.gains() == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO) {
                double w = 2 * Math.PI * drive.stiffness();
                k = inertia * w * w;
                c = 2 * drive.damping() * inertia * w;
            } else {
                k = drive.stiffness();
                c = drive.damping();
            }
        }

        void afterStep(World world) {
            int n = world.settings().substeps();
            double h = world.settings().tickSeconds() / n;
            for (int s = 0; s < n; s++) {
                omega = (inertia * omega - h * k * theta) / (inertia + h * c + h * h * k);
                theta += 2 * Math.atan(h * omega / 2);
            }
            world.orientation(box, q);
            double simulated = 2 * Math.atan2(q.y, q.w);
            double diff = Math.IEEEremainder(simulated - theta, 2 * Math.PI);
            maxErrorDeg = Math.max(maxErrorDeg, Math.toDegrees(Math.abs(diff)));
        }
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final Spring physical;
        final Spring frequency;

        Instance() {
            physical = new Spring(world, -1, DriveSettings.stiffnessDamping(STIFFNESS, DAMPING, Double.POSITIVE_INFINITY));
            frequency = new Spring(world, 1, DriveSettings.frequency(HERTZ, DAMPING_RATIO, Double.POSITIVE_INFINITY));
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            physical.afterStep(world);
            frequency.afterStep(world);
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("maxAngleErrorDeg", Math.max(physical.maxErrorDeg, frequency.maxErrorDeg));
            m.put("maxAngleErrorDegStiffnessDamping", physical.maxErrorDeg);
            m.put("maxAngleErrorDegFrequencyDamping", frequency.maxErrorDeg);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("maxAngleErrorDeg",
                    Math.max(physical.maxErrorDeg, frequency.maxErrorDeg), 0.1));
        }
    }
}
