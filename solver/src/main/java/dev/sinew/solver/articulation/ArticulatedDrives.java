package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The drives of an articulation's joints and the spring of a sprung root, taken into each
 * substep's system implicitly. A drive of joint j on node i is the soft row J·q̇ + v = 0
 * (J = ±E, the sign of the link's side of the joint; v the drive's velocity error with its bias and
 * target velocity, {@link SlerpDrivePart#treeRows}) with compliance Γ: (H + Γ⁻¹)·Δq̇ = h·g − J·Γ⁻¹·v,
 * so a drive of any stiffness moves the whole tree as one. A drive whose impulse comes out past its
 * torque limit is saturated: it leaves the system and applies its clamped impulse as a fixed one,
 * and the step is solved again.
 */
final class ArticulatedDrives {
    /** Re-solves after clamping saturated drives at most this many times per substep. */
    static final int MAX_CLAMP_PASSES = 4;
    private final Bodies b;
    private final Joints joints;
    /** The right-hand side the drives and the root spring add, 3 per node, and q̇ at the step's start. */
    double[] rhs = new double[12];
    private double[] start = new double[12];
    /** Per link: its drive's row (−v) and whether it is saturated this substep. */
    private double[] driveRow = new double[12];
    private boolean[] clamped = new boolean[4];
    /** The root spring's row this substep: its velocity error v = Ċ + b·C, its lever r (world), 1/D and the sign of the root's side. */
    private final double[] springRow = new double[3];
    private final double[] springLever = new double[3];
    private double springStiff;
    private double springSign;

    ArticulatedDrives(Bodies bodies, Joints joints) {
        this.b = bodies;
        this.joints = joints;
    }

    /**
     * Aims articulation a's drives at a substep that starts {@code remaining} s before the tick
     * ends ({@link SlerpDrivePart#aim}) and fills its extra diagonal blocks and right-hand side with
     * them and its root spring for this substep (after {@link Articulation#prepareStep}); true if
     * a drive may need clamping. The drives are read from their records in the articulation's
     * {@link Articulation#driveData} ({@link #fill} first).
     */
    boolean setUp(Articulation a, double remaining) {
        int nodes = a.nodeCount;
        int links = a.linkCount;
        if (rhs.length < 3 * nodes) {
            rhs = new double[3 * nodes];
            start = new double[3 * nodes];
        }
        if (driveRow.length < 3 * links) {
            driveRow = new double[3 * links];
            clamped = new boolean[links];
        }
        Arrays.fill(rhs, 0, 3 * nodes, 0);
        Arrays.fill(a.extraDiag, 0, 9 * nodes, 0);
        boolean driven = false;
        double[] d = a.driveData;
        for (int l = 0; l < links; l++) {
            clamped[l] = false;
            if (!a.driveOn[l]) {
                continue;
            }
            int j = a.linkJoint[l];
            int node = a.linkNode[l];
            int o = SlerpDrivePart.RECORD * l;
            a.subtreeInertia(node, d, o + SlerpDrivePart.BRAKING);
            d[o + SlerpDrivePart.BRAKING_KNOWN] = 1;
            d[o + SlerpDrivePart.IMPULSE] = 0;
            d[o + SlerpDrivePart.IMPULSE + 1] = 0;
            d[o + SlerpDrivePart.IMPULSE + 2] = 0;
            SlerpDrivePart.aim(d, o, remaining);
            SlerpDrivePart.treeRows(b, joints.bodyA[j], joints.bodyB[j], d, o, driveRow, 3 * l);
            int go = o + SlerpDrivePart.GAMMA_INV;
            System.arraycopy(d, go, a.extraDiag, 9 * node, 9);
            // J·Γ⁻¹·(−v) with J = sign·E
            double sign = a.side(joints, l);
            for (int r = 0; r < 3; r++) {
                rhs[3 * node + r] = sign * (d[go + 3 * r] * driveRow[3 * l] + d[go + 3 * r + 1] * driveRow[3 * l + 1]
                        + d[go + 3 * r + 2] * driveRow[3 * l + 2]);
            }
            driven = true;
        }
        if (a.rootSpring >= 0) {
            rootSpring(a);
        } else {
            Arrays.fill(a.extraRoot, 0);
        }
        return driven;
    }

    /**
     * Copies the records ({@link SlerpDrivePart#data}) of articulation a's active drives into its
     * drive data, one {@link SlerpDrivePart#RECORD} per link: the drives were prepared for the tick,
     * and from now on its substeps read and write the copies, side by side in memory, until
     * {@link #writeBack}.
     */
    void fill(Articulation a) {
        int links = a.linkCount;
        if (a.driveData.length < SlerpDrivePart.RECORD * links) {
            a.driveData = new double[SlerpDrivePart.RECORD * a.body.length];
            a.driveOn = new boolean[a.body.length];
        }
        for (int l = 0; l < links; l++) {
            SlerpDrivePart drive = drive(a, l);
            a.driveOn[l] = drive != null;
            if (drive != null) {
                System.arraycopy(drive.data, 0, a.driveData, SlerpDrivePart.RECORD * l, SlerpDrivePart.RECORD);
            }
        }
    }

    /**
     * Writes what the substeps changed in articulation a's drive records (aim, error, impulse,
     * braking inertia) back into its drives. Between ticks the drives' records are read by the
     * joints' views (the torque) and snapshots.
     */
    void writeBack(Articulation a) {
        for (int l = 0; l < a.linkCount; l++) {
            if (a.driveOn[l]) {
                double[] own = joints.drive[a.linkJoint[l]].data;
                int o = SlerpDrivePart.RECORD * l + SlerpDrivePart.AIM;
                System.arraycopy(a.driveData, o, own, SlerpDrivePart.AIM, SlerpDrivePart.SOLVED);
            }
        }
    }

    /** q̇ at the start of the step (copied now), which {@link Articulation#solveStep} adds to. */
    double[] start(Articulation a) {
        System.arraycopy(a.qd, 0, start, 0, 3 * a.nodeCount);
        return start;
    }

    private SlerpDrivePart drive(Articulation a, int l) {
        int j = a.linkJoint[l];
        if (j < 0) {
            return null;
        }
        SlerpDrivePart d = joints.drive[j];
        return d != null && d.active ? d : null;
    }

    /**
     * Each drive's impulse on B this substep, μ = Γ⁻¹·(−v − J·Δq̇), into its record's impulse. A
     * drive over its torque limit (when {@code mayClamp}) is saturated: it leaves the system and
     * applies its clamped impulse as a fixed one; true if any did (the step is then solved again).
     */
    boolean impulses(Articulation a, boolean mayClamp) {
        boolean changed = false;
        double[] d = a.driveData;
        for (int l = 0; l < a.linkCount; l++) {
            if (!a.driveOn[l] || clamped[l]) {
                continue;
            }
            int node = a.linkNode[l];
            double sign = a.side(joints, l);
            double dx = sign * (a.qd[3 * node] - start[3 * node]);
            double dy = sign * (a.qd[3 * node + 1] - start[3 * node + 1]);
            double dz = sign * (a.qd[3 * node + 2] - start[3 * node + 2]);
            int o = SlerpDrivePart.RECORD * l;
            int go = o + SlerpDrivePart.GAMMA_INV;
            double vx = driveRow[3 * l] - dx;
            double vy = driveRow[3 * l + 1] - dy;
            double vz = driveRow[3 * l + 2] - dz;
            int io = o + SlerpDrivePart.IMPULSE;
            d[io] = d[go] * vx + d[go + 1] * vy + d[go + 2] * vz;
            d[io + 1] = d[go + 3] * vx + d[go + 4] * vy + d[go + 5] * vz;
            d[io + 2] = d[go + 6] * vx + d[go + 7] * vy + d[go + 8] * vz;
            if (mayClamp && SlerpDrivePart.clampImpulse(d, o, d, io)) {
                clamped[l] = true;
                Arrays.fill(a.extraDiag, 9 * node, 9 * node + 9, 0);
                rhs[3 * node] = sign * d[io];
                rhs[3 * node + 1] = sign * d[io + 1];
                rhs[3 * node + 2] = sign * d[io + 2];
                changed = true;
            }
        }
        return changed;
    }

    /**
     * A free root held by a soft point to a body that does not move (a root drive): the spring row
     * Ċ = J·q̇ − v_A(x) + … with J = s·[E | −[r]ₓ] on the root's linear and angular nodes (r from the
     * root's centre of mass to the anchor x, s = ±1 its side of the joint) and compliance Γ = E/D,
     * taken into the system implicitly like a drive: A += JᵀΓ⁻¹J, rhs −= JᵀΓ⁻¹·v.
     */
    private void rootSpring(Articulation a) {
        int j = a.rootSpring;
        SoftCoefficients spring = joints.pointSpring[j];
        Arrays.fill(a.extraRoot, 0);
        if (!spring.active) {
            springStiff = 0;
            return;
        }
        int ba = joints.bodyA[j];
        int bb = joints.bodyB[j];
        double[] pos = b.pos;
        double[] rot = b.rot;
        double ax = pos[3 * ba] + Quaternions.rotX(rot, ba, joints.localA, 3 * j);
        double ay = pos[3 * ba + 1] + Quaternions.rotY(rot, ba, joints.localA, 3 * j);
        double az = pos[3 * ba + 2] + Quaternions.rotZ(rot, ba, joints.localA, 3 * j);
        double bx = pos[3 * bb] + Quaternions.rotX(rot, bb, joints.localB, 3 * j);
        double by = pos[3 * bb + 1] + Quaternions.rotY(rot, bb, joints.localB, 3 * j);
        double bz = pos[3 * bb + 2] + Quaternions.rotZ(rot, bb, joints.localB, 3 * j);
        double vax = pointVel(ba, ax, ay, az, 0);
        double vay = pointVel(ba, ax, ay, az, 1);
        double vaz = pointVel(ba, ax, ay, az, 2);
        double vbx = pointVel(bb, bx, by, bz, 0);
        double vby = pointVel(bb, bx, by, bz, 1);
        double vbz = pointVel(bb, bx, by, bz, 2);
        springRow[0] = vbx - vax + spring.biasRate * (bx - ax);
        springRow[1] = vby - vay + spring.biasRate * (by - ay);
        springRow[2] = vbz - vaz + spring.biasRate * (bz - az);
        int root = a.body[0];
        boolean onB = bb == root;
        springSign = onB ? 1 : -1;
        double x = onB ? bx : ax;
        double y = onB ? by : ay;
        double z = onB ? bz : az;
        double rx = x - pos[3 * root];
        double ry = y - pos[3 * root + 1];
        double rz = z - pos[3 * root + 2];
        springLever[0] = rx;
        springLever[1] = ry;
        springLever[2] = rz;
        double d = 1 / spring.invD;
        springStiff = d;
        double[] e = a.extraDiag;
        e[0] += d;
        e[4] += d;
        e[8] += d;
        double rr = rx * rx + ry * ry + rz * rz;
        e[9] += d * (rr - rx * rx);
        e[10] -= d * rx * ry;
        e[11] -= d * rx * rz;
        e[12] -= d * ry * rx;
        e[13] += d * (rr - ry * ry);
        e[14] -= d * ry * rz;
        e[15] -= d * rz * rx;
        e[16] -= d * rz * ry;
        e[17] += d * (rr - rz * rz);
        // (linear, angular) block: d·(−[r]ₓ)
        double[] c = a.extraRoot;
        c[1] = d * rz;
        c[2] = -d * ry;
        c[3] = -d * rz;
        c[5] = d * rx;
        c[6] = d * ry;
        c[7] = -d * rx;
        // rhs −= s·Jᵀ·(d·v): linear −s·d·v, angular −s·r × (d·v)
        double fx = springSign * d * springRow[0];
        double fy = springSign * d * springRow[1];
        double fz = springSign * d * springRow[2];
        rhs[0] -= fx;
        rhs[1] -= fy;
        rhs[2] -= fz;
        rhs[3] -= ry * fz - rz * fy;
        rhs[4] -= rz * fx - rx * fz;
        rhs[5] -= rx * fy - ry * fx;
    }

    /** The velocity of body k's point (x, y, z), component c, from the bodies' arrays. */
    private double pointVel(int k, double x, double y, double z, int c) {
        double rx = x - b.pos[3 * k];
        double ry = y - b.pos[3 * k + 1];
        double rz = z - b.pos[3 * k + 2];
        double[] w = b.angVel;
        int o = 3 * k;
        return switch (c) {
            case 0 -> b.linVel[o] + w[o + 1] * rz - w[o + 2] * ry;
            case 1 -> b.linVel[o + 1] + w[o + 2] * rx - w[o] * rz;
            default -> b.linVel[o + 2] + w[o] * ry - w[o + 1] * rx;
        };
    }

    /** The root spring's impulse on B this substep, −Γ⁻¹·(v + J·Δq̇), into its joint's point part. */
    void rootSpringImpulse(Articulation a) {
        if (a.rootSpring < 0) {
            return;
        }
        double[] imp = joints.point[a.rootSpring].impulse;
        if (springStiff == 0) {
            Arrays.fill(imp, 0);
            return;
        }
        double[] q = a.qd;
        double dvx = q[0] - start[0];
        double dvy = q[1] - start[1];
        double dvz = q[2] - start[2];
        double dwx = q[3] - start[3];
        double dwy = q[4] - start[4];
        double dwz = q[5] - start[5];
        double rx = springLever[0];
        double ry = springLever[1];
        double rz = springLever[2];
        // J·Δq̇ = s·(Δv + Δω × r)
        double jx = springSign * (dvx + dwy * rz - dwz * ry);
        double jy = springSign * (dvy + dwz * rx - dwx * rz);
        double jz = springSign * (dvz + dwx * ry - dwy * rx);
        imp[0] = -springStiff * (springRow[0] + jx);
        imp[1] = -springStiff * (springRow[1] + jy);
        imp[2] = -springStiff * (springRow[2] + jz);
    }
}
