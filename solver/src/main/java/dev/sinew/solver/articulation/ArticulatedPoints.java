package dev.sinew.solver.articulation;

import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;

/**
 * An articulation's joints' point impulses through a tick (N·s, world, on each joint's body B), kept
 * in {@link Articulation#pointImpulse} beside the tree's own data: copied from the joints' point
 * parts at its first free step, stored by every free step, read by the next one's tension inertia
 * and written back at the tick's end. Holds no state of its own: one serves every lane.
 */
final class ArticulatedPoints {
    private final Joints joints;

    ArticulatedPoints(Joints joints) {
        this.joints = joints;
    }

    /** Articulation a's point impulses from its joints' point parts (the last tick's). */
    void fill(Articulation a) {
        if (a.pointImpulse.length < 3 * a.linkCount) {
            a.pointImpulse = new double[3 * a.body.length];
        }
        for (int l = 0; l < a.linkCount; l++) {
            if (keepsPoint(a, l)) {
                System.arraycopy(joints.point[a.linkJoint[l]].impulse, 0, a.pointImpulse, 3 * l, 3);
            }
        }
    }

    /** Articulation a's point impulses into its joints' point parts. */
    void writeBack(Articulation a) {
        for (int l = 0; l < a.linkCount; l++) {
            if (keepsPoint(a, l)) {
                System.arraycopy(a.pointImpulse, 3 * l, joints.point[a.linkJoint[l]].impulse, 0, 3);
            }
        }
    }

    /**
     * The free step's joint impulses (3 per link, on the link's subtree, {@link Articulation#jointImpulses})
     * as each joint's impulse on its body B.
     */
    void store(Articulation a, double[] jointImpulse) {
        double[] imp = a.pointImpulse;
        for (int l = 0; l < a.linkCount; l++) {
            if (keepsPoint(a, l)) {
                double sign = a.side(joints, l);
                imp[3 * l] = sign * jointImpulse[3 * l];
                imp[3 * l + 1] = sign * jointImpulse[3 * l + 1];
                imp[3 * l + 2] = sign * jointImpulse[3 * l + 2];
            }
        }
    }

    /** Links whose joint's point impulse the articulation keeps in {@link Articulation#pointImpulse}. */
    static boolean keepsPoint(Articulation a, int l) {
        return a.linkJoint[l] >= 0 && !(l == 0 && a.base < 0);
    }

    /**
     * Adds each link's tension inertia to its world inertia for this substep's system: a joint
     * pulling its body with force f at lever r (from the centre of mass to the anchor) gives it the
     * torque r × f, which turns with the body, a restoring stiffness (f·r) across r while it pulls.
     * Light links under a heavy load swing across the chain faster than a substep can follow
     * (ω = √(f·r/I)); integrating that stiffness implicitly adds h²·(f·r)·(E − r̂·r̂ᵀ) to the body's
     * angular inertia (Tournier et al., "Stable Constrained Dynamics", SIGGRAPH 2015), beyond
     * {@link JointTreeSolver#TENSION_FREE} of its own inertia across the lever. The force is the
     * joint's impulse in the last substep over h (kept in {@link Articulation#pointImpulse} within a
     * tick, in the joint's point part between ticks).
     */
    void tension(Articulation a, double h) {
        for (int l = 0; l < a.linkCount; l++) {
            int j = a.linkJoint[l];
            if (j < 0 || j == a.rootSpring) {
                continue;
            }
            boolean kept = keepsPoint(a, l);
            double[] imp = kept ? a.pointImpulse : joints.point[j].impulse;
            int io = kept ? 3 * l : 0;
            // on B +imp at R_B·a_B, on A −imp at R_A·a_A; the link and its parent (its base is not
            // in the articulation); the levers are the pose's, the anchors turned just now
            int parent = a.linkParent[l];
            if (joints.bodyB[j] == a.body[l]) {
                addTension(a, l, a.leverLink, 3 * l, imp, io, 1, h);
                if (parent >= 0) {
                    addTension(a, parent, a.leverParent, 3 * l, imp, io, -1, h);
                }
            } else {
                if (parent >= 0) {
                    addTension(a, parent, a.leverParent, 3 * l, imp, io, 1, h);
                }
                addTension(a, l, a.leverLink, 3 * l, imp, io, -1, h);
            }
        }
    }

    /** Link l's tension inertia from the joint impulse imp[ii..ii+2] (sign: its side) at the world lever r = levers[o..o+2]. */
    private void addTension(Articulation a, int l, double[] levers, int o, double[] imp, int ii, double sign, double h) {
        double rx = levers[o];
        double ry = levers[o + 1];
        double rz = levers[o + 2];
        double pull = sign * (imp[ii] * rx + imp[ii + 1] * ry + imp[ii + 2] * rz) / h;
        double r2 = rx * rx + ry * ry + rz * rz;
        if (!(pull > 0) || r2 == 0) {
            return;
        }
        double[] in = a.inertia;
        int io = 9 * l;
        double along = rx * (in[io] * rx + in[io + 1] * ry + in[io + 2] * rz)
                + ry * (in[io + 3] * rx + in[io + 4] * ry + in[io + 5] * rz)
                + rz * (in[io + 6] * rx + in[io + 7] * ry + in[io + 8] * rz);
        double across = 0.5 * (in[io] + in[io + 4] + in[io + 8] - along / r2);
        double k = h * h * pull - Tuning.TENSION_FREE * across;
        if (k <= 0) {
            return;
        }
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                in[io + 3 * r + c] += (r == c ? k : 0) - k * levers[o + r] * levers[o + c] / r2;
            }
        }
    }
}
