package dev.sinew.scenes.check;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.BodyView;
import dev.sinew.solver.Collider;
import dev.sinew.solver.HingeState;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.JointView;
import dev.sinew.solver.SwingTwistLimits;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Reads a world into a {@link TickSample} after each tick: every body that was dynamic when the
 * probe was made (not the ground, not a root drive's kinematic anchor), every joint. The lowest point of a body is the bottom of its
 * shapes' bounding boxes, which for a sphere, a capsule or a box touches the shape. A joint's
 * overshoot: for a swing-twist joint, how far its swing passes the elliptical cone along the
 * swing's direction (φ − φ/g with φ = √(s_y² + s_z²), g = √((s_y/Y)² + (s_z/Z)²), when g > 1)
 * and how far its twist passes its range; for a limited hinge, how far its angle passes [lower, upper].
 */
public final class WorldProbe {
    private final World world;
    private final BodyHandle[] bodies;
    private final BodyView[] views;
    private final Names names;
    private final TickSample sample;
    private final Vector3d v = new Vector3d();
    private final Vector3d w = new Vector3d();
    private final Vector3d c = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond cq = new Quaterniond();
    private final Vector3d cq2 = new Vector3d();
    /** Scratch of {@link #lowest} alone (v and w hold the body's velocities meanwhile). */
    private final Vector3d at = new Vector3d();
    private final Matrix3d inertia = new Matrix3d();
    private final double[] bounds = new double[6];
    private final Vector3d gravity = new Vector3d();

    /**
     * @param names names for the world's bodies and joints, or null for their indices
     */
    public WorldProbe(World world, Names names) {
        this.world = world;
        List<BodyHandle> watched = new ArrayList<>();
        List<String> bodyNames = new ArrayList<>();
        List<BodyHandle> all = world.bodyHandles();
        for (int i = 0; i < all.size(); i++) {
            BodyHandle h = all.get(i);
            if (world.body(h).type() == BodyType.DYNAMIC) {
                watched.add(h);
                bodyNames.add(names == null ? "body " + i : names.body(h));
            }
        }
        bodies = watched.toArray(new BodyHandle[0]);
        views = new BodyView[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            views[i] = world.body(bodies[i]);
        }
        this.names = names;
        sample = new TickSample(bodyNames.toArray(new String[0]));
        for (int i = 0; i < bodies.length; i++) {
            sample.extent[i] = extent(views[i]);
        }
    }

    /** Names the report gives bodies and joints. */
    public interface Names {
        String body(BodyHandle h);

        String joint(JointHandle h);
    }

    /** The sample, refilled by each {@link #read}. */
    public TickSample sample() {
        return sample;
    }

    /** Reads the world now (after tick {@code tick}); the phase flags are the caller's. */
    public TickSample read(long tick) {
        TickSample s = sample;
        s.tick = tick;
        s.time = (tick + 1) * world.settings().tickSeconds();
        world.settings().gravity().get(gravity);
        boolean bad = false;
        double energy = 0;
        double mass = 0;
        for (int i = 0; i < bodies.length; i++) {
            BodyView b = views[i];
            world.linearVelocity(bodies[i], v);
            world.angularVelocity(bodies[i], w);
            s.dynamic[i] = b.type() == BodyType.DYNAMIC && world.isAwake(bodies[i]);
            s.velocity[3 * i] = v.x;
            s.velocity[3 * i + 1] = v.y;
            s.velocity[3 * i + 2] = v.z;
            s.angularVelocity[3 * i] = w.x;
            s.angularVelocity[3 * i + 1] = w.y;
            s.angularVelocity[3 * i + 2] = w.z;
            world.position(bodies[i], c);
            world.orientation(bodies[i], q);
            bad |= !v.isFinite() || !w.isFinite() || !c.isFinite() || !Double.isFinite(q.w);
            s.lowest[i] = lowest(b, c, q);
            if (b.type() == BodyType.DYNAMIC) {
                double m = b.mass();
                b.inertiaInBodySpace(inertia);
                q.transformInverse(w);
                double spin = w.dot(inertia.transform(w, cq2));
                world.centerOfMass(bodies[i], c);
                energy += 0.5 * m * v.lengthSquared() + 0.5 * spin - m * gravity.dot(c);
                mass += m;
            }
        }
        s.nonFinite = bad || world.faultEvents().count() > 0;
        s.energy = energy;
        s.mass = mass;
        s.jointSeparation = world.debug().maxJointSeparation();
        overshoot(s);
        return s;
    }

    /**
     * How far the body's shapes reach from its origin, m: a sphere its radius, a capsule its half
     * height and radius, a box its half diagonal, any other shape the farthest corner of its
     * bounding box; each plus its collider's offset.
     */
    private double extent(BodyView b) {
        double far = 0;
        for (Collider col : b.colliders()) {
            double r;
            if (col.shape() instanceof Sphere sp) {
                r = sp.radius();
            } else if (col.shape() instanceof Capsule cap) {
                r = cap.halfHeight() + cap.radius();
            } else if (col.shape() instanceof Box box) {
                r = Math.sqrt(box.halfX() * box.halfX() + box.halfY() * box.halfY() + box.halfZ() * box.halfZ());
            } else {
                col.shape().computeBounds(new Vector3d(), new Quaterniond(), bounds, 0);
                r = 0;
                for (int k = 0; k < 8; k++) {
                    double x = bounds[(k & 1) == 0 ? 0 : 3];
                    double y = bounds[(k & 2) == 0 ? 1 : 4];
                    double z = bounds[(k & 4) == 0 ? 2 : 5];
                    r = Math.max(r, Math.sqrt(x * x + y * y + z * z));
                }
            }
            far = Math.max(far, col.localPosition().length() + r);
        }
        return far;
    }

    private double lowest(BodyView b, Vector3d pos, Quaterniond rot) {
        double low = Double.POSITIVE_INFINITY;
        List<Collider> cs = b.colliders();
        for (int k = 0; k < cs.size(); k++) {
            Collider col = cs.get(k);
            rot.transform(col.localPosition(), at).add(pos);
            rot.mul(col.localRotation(), cq);
            col.shape().computeBounds(at, cq, bounds, 0);
            low = Math.min(low, bounds[1]);
        }
        return cs.isEmpty() ? pos.y : low;
    }

    private void overshoot(TickSample s) {
        double worst = 0;
        JointHandle at = null;
        List<JointHandle> joints = world.jointHandles(); // joints come and go (a get-up's, a broken one)
        for (int j = 0; j < joints.size(); j++) {
            JointView jv = world.joint(joints.get(j));
            double past = 0;
            if (jv.isSwingTwist()) {
                SwingTwistLimits l = world.swingTwist(jv.handle()).limits();
                world.swingTwist(jv.handle()).angles(v);
                double phi = Math.hypot(v.y, v.z);
                double g = Math.hypot(v.y / l.swingY(), v.z / l.swingZ());
                past = Math.max(g > 1 ? phi - phi / g : 0, Math.max(v.x - l.twistMax(), l.twistMin() - v.x));
            } else if (jv.isHinge()) {
                HingeState h = world.hinge(jv.handle()).state();
                if (h.limited()) {
                    double a = world.hinge(jv.handle()).angle();
                    past = Math.max(a - h.upper(), h.lower() - a);
                }
            }
            past = Math.toDegrees(past);
            if (past > worst || !(past == past)) {
                worst = past;
                at = joints.get(j);
            }
        }
        s.limitOvershootDeg = worst;
        s.limitOvershootJoint = at == null ? "" : names == null ? at.toString() : names.joint(at);
    }
}
