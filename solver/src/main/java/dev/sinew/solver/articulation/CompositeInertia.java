package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * Gives every drive on a tree joint the inertia tensor, about the joint's anchor, of the bodies
 * below the joint held rigid (composite rigid body): the most inertia the drive can have to turn,
 * which bounds from below how fast its torque limit can stop the joint
 * ({@link SlerpDrivePart#BRAKING}). Drives on joints outside the trees get none.
 * <pre>
 *   per subtree: M = Σ m,  c = Σ m·x / M,  S = Σ (I_world + m·X(x))   (about the world origin)
 *   about the anchor p:  I_p = S − M·X(c) + M·X(c − p),   X(d) = |d|²E − d·dᵀ (parallel axes)
 * </pre>
 * Accumulated in one pass over the tree's nodes, children before parents.
 */
public final class CompositeInertia {
    private double[] mass = new double[16];
    private double[] moment = new double[48];
    private double[] second = new double[144];
    private final double[] inertia = new double[9];
    private final double[] inverse = new double[9];

    /** Room for n nodes, so that computing allocates nothing. */
    public void reserve(int n) {
        if (mass.length < n) {
            mass = new double[n];
            moment = new double[3 * n];
            second = new double[9 * n];
        }
    }

    /** Nodes [0, n) in elimination order: kind 0 body (ref: body slot), 1 joint (ref: joint slot). */
    public void compute(Bodies b, Joints joints, int n, int[] kind, int[] ref, int[] parent) {
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.drive[j] != null) {
                joints.drive[j].data[SlerpDrivePart.BRAKING_KNOWN] = 0;
            }
        }
        reserve(n);
        Arrays.fill(mass, 0, n, 0);
        Arrays.fill(moment, 0, 3 * n, 0);
        Arrays.fill(second, 0, 9 * n, 0);
        for (int i = 0; i < n; i++) {
            if (kind[i] == 0) {
                int body = ref[i];
                double m = b.mass[body];
                double cx = b.pos[3 * body];
                double cy = b.pos[3 * body + 1];
                double cz = b.pos[3 * body + 2];
                System.arraycopy(b.invInertiaWorld, 9 * body, inverse, 0, 9);
                Mat3.invert(inverse, inertia);
                mass[i] += m;
                moment[3 * i] += m * cx;
                moment[3 * i + 1] += m * cy;
                moment[3 * i + 2] += m * cz;
                addShift(second, 9 * i, m, cx, cy, cz, 1);
                for (int e = 0; e < 9; e++) {
                    second[9 * i + e] += inertia[e];
                }
            } else if (joints.drive[ref[i]] != null) {
                aboutAnchor(b, joints, i, ref[i], joints.drive[ref[i]]);
            }
            int p = parent[i];
            if (p >= 0) {
                mass[p] += mass[i];
                for (int e = 0; e < 3; e++) {
                    moment[3 * p + e] += moment[3 * i + e];
                }
                for (int e = 0; e < 9; e++) {
                    second[9 * p + e] += second[9 * i + e];
                }
            }
        }
    }

    private void aboutAnchor(Bodies b, Joints joints, int i, int j, SlerpDrivePart drive) {
        double m = mass[i];
        if (!(m > 0)) {
            return;
        }
        int bb = joints.bodyB[j];
        double px = b.pos[3 * bb] + Quaternions.rotX(b.rot, bb, joints.localB, 3 * j);
        double py = b.pos[3 * bb + 1] + Quaternions.rotY(b.rot, bb, joints.localB, 3 * j);
        double pz = b.pos[3 * bb + 2] + Quaternions.rotZ(b.rot, bb, joints.localB, 3 * j);
        double cx = moment[3 * i] / m;
        double cy = moment[3 * i + 1] / m;
        double cz = moment[3 * i + 2] / m;
        double[] out = drive.data;
        int o = SlerpDrivePart.BRAKING;
        System.arraycopy(second, 9 * i, out, o, 9);
        addShift(out, o, m, cx, cy, cz, -1);
        addShift(out, o, m, cx - px, cy - py, cz - pz, 1);
        out[SlerpDrivePart.BRAKING_KNOWN] = 1;
    }

    /** out[o..o+8] += sign·m·X(d), X(d) = |d|²E − d·dᵀ. */
    private static void addShift(double[] out, int o, double m, double dx, double dy, double dz, double sign) {
        double s = sign * m;
        double d2 = dx * dx + dy * dy + dz * dz;
        out[o] += s * (d2 - dx * dx);
        out[o + 1] -= s * dx * dy;
        out[o + 2] -= s * dx * dz;
        out[o + 3] -= s * dy * dx;
        out[o + 4] += s * (d2 - dy * dy);
        out[o + 5] -= s * dy * dz;
        out[o + 6] -= s * dz * dx;
        out[o + 7] -= s * dz * dy;
        out[o + 8] += s * (d2 - dz * dz);
    }
}
