package dev.sinew.viewer;

import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.ContactPoint;
import dev.sinew.solver.HingeState;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.JointView;
import dev.sinew.solver.SwingTwistLimits;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * What the debug overlay shows, and how it turns a world into lines: contact points (red where
 * shapes overlap, yellow where a speculative point still has a gap) with their normals, joints
 * (anchor on A to anchor on B in white, each body's centre of mass to its anchor in grey, a
 * swing-twist joint's cone or a hinge's axis and allowed arc in orange, and B's twist axis or
 * hinge reference in pale yellow), centres
 * of mass with the body axes (x red, y green, z blue), and a driven character's drive targets (the
 * animation's pose of the bodies, as a cyan stick figure of target positions), and the last
 * tick's time-of-impact sweeps (violet; magenta with a cross where a sweep moved its body back).
 */
final class DebugDraw {
    boolean contacts;
    boolean joints;
    boolean centresOfMass;
    boolean driveTargets;
    boolean sweeps;

    static final float[] OVERLAP = {1f, 0.2f, 0.2f};
    static final float[] SPECULATIVE = {1f, 0.85f, 0.2f};
    static final float[] JOINT = {1f, 1f, 1f};
    static final float[] ARM = {0.6f, 0.6f, 0.6f};
    static final float[] TARGET = {0.2f, 0.9f, 1f};
    static final float[] CONE = {1f, 0.6f, 0.1f};
    static final float[] SWEEP = {0.6f, 0.4f, 1f};
    static final float[] SWEEP_HIT = {1f, 0.2f, 1f};
    static final float[] TWIST = {1f, 0.95f, 0.5f};
    /** Drawn length of a swing cone and of B's twist axis, m. */
    static final double CONE_LENGTH = 0.12;
    static final int CONE_SEGMENTS = 24;
    static final float[][] AXES = {{1f, 0.25f, 0.25f}, {0.25f, 1f, 0.25f}, {0.3f, 0.5f, 1f}};
    /** Length of a drawn contact normal, m. */
    static final double NORMAL_LENGTH = 0.15;

    private final ContactPoint scratch = new ContactPoint();
    private final Vector3d a = new Vector3d();
    private final Vector3d b = new Vector3d();
    private final Vector3d c = new Vector3d();
    private final Quaterniond q = new Quaterniond();

    boolean any() {
        return contacts || joints || centresOfMass || driveTargets || sweeps;
    }

    /**
     * A swing-twist joint's cone at anchor a: the directions B's twist axis may take, about A's
     * frame (the ellipse φ = 1/κ(ψ), κ² = sin²ψ/a_y² + cos²ψ/a_z² for the direction ψ about the
     * twist axis, as the solver's limit row has it), and B's twist axis now.
     */
    private void cone(World w, JointHandle j, SwingTwistLimits lim, Vector3d apex, DebugLines out) {
        w.swingTwist(j).frame(true, q);
        double px = 0;
        double py = 0;
        double pz = 0;
        for (int k = 0; k <= CONE_SEGMENTS; k++) {
            double psi = 2 * Math.PI * k / CONE_SEGMENTS;
            double sy = Math.sin(psi);
            double cy = Math.cos(psi);
            double kappa = Math.sqrt(sy * sy / (lim.swingY() * lim.swingY()) + cy * cy / (lim.swingZ() * lim.swingZ()));
            double phi = Math.min(Math.PI, 1 / kappa);
            c.set(Math.cos(phi), cy * Math.sin(phi), sy * Math.sin(phi)).mul(CONE_LENGTH);
            q.transform(c).add(apex);
            if (k > 0) {
                out.line(px, py, pz, c.x, c.y, c.z, CONE);
            }
            if (k % 6 == 0) {
                out.line(apex, c, CONE);
            }
            px = c.x;
            py = c.y;
            pz = c.z;
        }
        w.swingTwist(j).frame(false, q);
        c.set(CONE_LENGTH * 1.3, 0, 0);
        q.transform(c).add(apex);
        out.line(apex, c, TWIST);
    }

    /**
     * A hinge at anchor a: its axis, the arc of angles its limits allow about it from A's zero
     * direction (a full circle without limits), and B's reference direction now.
     */
    private void arc(HingeState v, Vector3d apex, DebugLines out) {
        c.set(v.axis()).mul(CONE_LENGTH).add(apex);
        out.line(apex, c, CONE);
        Vector3d side = new Vector3d(v.axis()).cross(v.referenceA());
        double px = 0;
        double py = 0;
        double pz = 0;
        for (int k = 0; k <= CONE_SEGMENTS; k++) {
            double t = v.lower() + (v.upper() - v.lower()) * k / CONE_SEGMENTS;
            c.set(v.referenceA()).mul(Math.cos(t)).fma(Math.sin(t), side).mul(CONE_LENGTH).add(apex);
            if (k > 0) {
                out.line(px, py, pz, c.x, c.y, c.z, CONE);
            }
            if (v.limited() && (k == 0 || k == CONE_SEGMENTS)) {
                out.line(apex, c, CONE);
            }
            px = c.x;
            py = c.y;
            pz = c.z;
        }
        c.set(v.referenceB()).mul(CONE_LENGTH * 1.3).add(apex);
        out.line(apex, c, TWIST);
    }

    /** Adds the enabled overlays' lines to {@code out}. */
    void collect(World w, PoseDriver driver, DebugLines out) {
        if (contacts) {
            w.debug().forEachContactPoint(scratch, p -> {
                float[] rgb = p.depth() >= 0 ? OVERLAP : SPECULATIVE;
                out.cross(p.point(), 0.02, rgb);
                out.line(p.point().x(), p.point().y(), p.point().z(), p.point().x() + NORMAL_LENGTH * p.normal().x(),
                        p.point().y() + NORMAL_LENGTH * p.normal().y(), p.point().z() + NORMAL_LENGTH * p.normal().z(), rgb);
            });
        }
        if (joints) {
            for (JointHandle j : w.jointHandles()) {
                w.debug().jointAnchors(j, a, b);
                out.line(a, b, JOINT);
                out.cross(a, 0.015, JOINT);
                JointView view = w.joint(j);
                out.line(w.centerOfMass(view.bodyA(), c), a, ARM);
                out.line(w.centerOfMass(view.bodyB(), c), b, ARM);
                if (view.isSwingTwist()) {
                    cone(w, j, w.swingTwist(j).limits(), a, out);
                }
                if (view.isHinge()) {
                    arc(w.hinge(j).state(), a, out);
                }
            }
        }
        if (centresOfMass) {
            for (BodyHandle h : w.bodyHandles()) {
                if (w.body(h).type() == BodyType.STATIC) {
                    continue;
                }
                w.centerOfMass(h, a);
                w.orientation(h, q);
                for (int k = 0; k < 3; k++) {
                    b.set(k == 0 ? 0.1 : 0, k == 1 ? 0.1 : 0, k == 2 ? 0.1 : 0);
                    q.transform(b).add(a);
                    out.line(a, b, AXES[k]);
                }
            }
        }
        if (sweeps) {
            for (int i = 0; i < w.debug().sweepCount(); i++) {
                boolean hit = w.debug().sweep(i, a, b);
                out.line(a, b, hit ? SWEEP_HIT : SWEEP);
                if (hit) {
                    out.cross(b, 0.05, SWEEP_HIT);
                }
            }
        }
        if (driveTargets && driver != null) {
            Ragdoll r = driver.ragdoll();
            for (int i = 0; i < r.bodyCount(); i++) {
                int parent = r.parent(i);
                driver.targetPosition(i, a);
                out.cross(a, 0.02, TARGET);
                if (parent >= 0) {
                    driver.targetPosition(parent, b);
                    out.line(b, a, TARGET);
                }
            }
        }
    }
}
