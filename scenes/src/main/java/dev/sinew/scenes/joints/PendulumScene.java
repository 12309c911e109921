package dev.sinew.scenes.joints;

import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.ode.FirstOrderDifferentialEquations;
import org.apache.commons.math3.ode.events.EventHandler;
import org.apache.commons.math3.ode.nonstiff.DormandPrince853Integrator;
import org.joml.Matrix3d;
import org.joml.Vector3d;

/**
 * A 1 m pendulum (a small sphere on a ball joint 1 m from its centre) released from 90°.
 * The period is compared with a high-accuracy integration of the same physical pendulum,
 * θ'' = −(m g L / I_p) sin θ with I_p = m L² + (2/5) m r², by Dormand–Prince 8(5,3); not with
 * the small-angle formula, which is 18 % off at 90°.
 */
public final class PendulumScene implements Scene {
    static final double LENGTH = 1.0;
    static final double RADIUS = 0.05;
    static final double PIVOT_Y = 2.0;

    @Override
    public String name() {
        return "pendulum";
    }

    @Override
    public String category() {
        return "joints";
    }

    @Override
    public String description() {
        return "1 m pendulum on a ball joint released from 90 degrees; period and energy drift";
    }

    @Override
    public double defaultSeconds() {
        return 20;
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance();
    }

    /** The reference period (s) of the physical pendulum released at rest from θ₀, by DOP853. */
    public static double referencePeriod(double g, double length, double radius, double theta0) {
        double k = g * length / (length * length + 0.4 * radius * radius);
        FirstOrderDifferentialEquations ode = new FirstOrderDifferentialEquations() {
            @Override
            public int getDimension() {
                return 2;
            }

            @Override
            public void computeDerivatives(double t, double[] y, double[] dy) {
                dy[0] = y[1];
                dy[1] = -k * Math.sin(y[0]);
            }
        };
        DormandPrince853Integrator dp = new DormandPrince853Integrator(1e-10, 0.01, 1e-13, 1e-13);
        double[] quarter = {Double.NaN};
        dp.addEventHandler(new EventHandler() {
            @Override
            public void init(double t0, double[] y0, double t) {
            }

            @Override
            public double g(double t, double[] y) {
                return y[0];
            }

            @Override
            public Action eventOccurred(double t, double[] y, boolean increasing) {
                quarter[0] = t;
                return Action.STOP;
            }

            @Override
            public void resetState(double t, double[] y) {
            }
        }, 1e-3, 1e-14, 1000);
        double[] y = {theta0, 0};
        dp.integrate(ode, 0, y, 10, y);
        return 4 * quarter[0];
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final BodyHandle bob;
        final Vector3d p = new Vector3d();
        final Vector3d v = new Vector3d();
        final Vector3d w = new Vector3d();
        final Matrix3d inertia = new Matrix3d();
        final List<Double> upCrossings = new ArrayList<>();
        final double energy0;
        double lastX;
        double energyEnd;
        double maxJointSeparation;

        Instance() {
            BodyHandle pivot = world.createBody(BodySettings.builder(BodyType.STATIC).position(0, PIVOT_Y, 0).build());
            bob = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(LENGTH, PIVOT_Y, 0)
                    .collider(Collider.of(new Sphere(RADIUS))).build());
            world.createJoint(BallJointSettings.of(pivot, new Vector3d(), bob, new Vector3d(-LENGTH, 0, 0)));
            world.body(bob).inertiaInBodySpace(inertia);
            energy0 = energy();
            lastX = LENGTH;
        }

        /** Total mechanical energy, J, with the potential measured from the lowest point. */
        double energy() {
            double m = world.body(bob).mass();
            double g = -world.settings().gravity().y();
            world.centerOfMass(bob, p);
            world.linearVelocity(bob, v);
            world.angularVelocity(bob, w);
            // The sphere's inertia is isotropic, so ω·Iω needs no rotation into the body frame.
            double rot = 0.5 * inertia.m00 * w.lengthSquared();
            return m * g * (p.y - (PIVOT_Y - LENGTH)) + 0.5 * m * v.lengthSquared() + rot;
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            double dt = world.settings().tickSeconds();
            double x = world.centerOfMass(bob, p).x;
            if (lastX < 0 && x >= 0) {
                // Linear interpolation of the crossing inside the tick.
                upCrossings.add((tick + (-lastX) / (x - lastX)) * dt);
            }
            lastX = x;
            energyEnd = energy();
            maxJointSeparation = Math.max(maxJointSeparation, world.debug().maxJointSeparation());
        }

        double measuredPeriod() {
            if (upCrossings.size() < 2) {
                return Double.NaN;
            }
            return (upCrossings.get(upCrossings.size() - 1) - upCrossings.get(0)) / (upCrossings.size() - 1);
        }

        double periodErrorPct() {
            double ref = referencePeriod(-world.settings().gravity().y(), LENGTH, RADIUS, Math.PI / 2);
            return 100 * Math.abs(measuredPeriod() - ref) / ref;
        }

        double energyDriftPct() {
            return 100 * (energyEnd - energy0) / energy0;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("periodErrorPct", periodErrorPct());
            m.put("energyDriftPct", energyDriftPct());
            m.put("periodSeconds", measuredPeriod());
            m.put("referencePeriodSeconds", referencePeriod(-world.settings().gravity().y(), LENGTH, RADIUS, Math.PI / 2));
            m.put("maxJointSeparation", maxJointSeparation);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            double pe = periodErrorPct();
            return List.of(CheckResult.lessThan("periodErrorPct", Double.isNaN(pe) ? Double.POSITIVE_INFINITY : pe, 0.5),
                    CheckResult.lessThan("|energyDriftPct|", Math.abs(energyDriftPct()), 1));
        }
    }
}
