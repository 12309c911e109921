package dev.sinew.solver.body;

import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * Body state as structure-of-arrays, indexed by body slot. Vectors are packed (x, y, z) per
 * slot; quaternions (x, y, z, w). Positions are of the centre of mass; the body origin is
 * {@code pos − R·localCom}. Arrays grow by doubling and never shrink; destroyed slots go to a
 * free list and are reused in ascending order so the layout is deterministic.
 */
public final class Bodies extends Slots {
    public static final byte STATIC = 0;
    public static final byte KINEMATIC = 1;
    public static final byte DYNAMIC = 2;

    public int capacity;
    public byte[] type;
    public int[] generation;
    public boolean[] alive;
    public boolean[] awake;
    public boolean[] allowSleep;
    public boolean[] gyroscopic;
    /** Swept for tunnelling every tick it moves (see {@link BodySettings#bullet()}). */
    public boolean[] bullet;
    /** Swept for tunnelling at all (see {@code BodySettings.continuousCollision}). */
    public boolean[] continuous;
    /** True while an articulation moves the body this tick (its velocity comes from the tree's). */
    public boolean[] articulated;
    /** An articulated body's response this tick: its 6×6 inverse mass at the centre of mass (row-major, (linear, angular)), 36 per slot. */
    public double[] response;
    public double[] pos; // centre of mass, world
    public double[] rot; // orientation, world
    public double[] linVel;
    public double[] angVel;
    public double[] localCom; // centre of mass in the body frame
    public double[] inertiaLocal; // xx, yy, zz, xy, xz, yz about the centre of mass, body axes
    public double[] invInertiaLocal; // same layout
    public double[] invInertiaWorld; // 3x3 row-major, refreshed each tick
    public double[] prevPos;
    public double[] prevRot;
    public double[] force; // accumulated for the next step, N, world
    public double[] torque; // N·m, world
    public double[] mass;
    public double[] invMass;
    public double[] linearDamping;
    public double[] angularDamping;
    public double[] gravityScale;
    /** Speed caps, m/s and rad/s (+∞: none). */
    public double[] maxLinearSpeed;
    public double[] maxAngularSpeed;
    /** Most normal impulse the body's contacts may give it in one tick, N·s (+∞: none). */
    public double[] maxContactImpulsePerStep;
    public double[] sleepTime;
    public int[] islandId;
    public int[][] shapes;

    public Bodies(int initial) {
        capacity = 0;
        grow(Math.max(initial, 8));
    }

    public void grow(int n) {
        type = Arrays.copyOf(type == null ? new byte[0] : type, n);
        generation = Arrays.copyOf(generation == null ? new int[0] : generation, n);
        alive = Arrays.copyOf(alive == null ? new boolean[0] : alive, n);
        awake = Arrays.copyOf(awake == null ? new boolean[0] : awake, n);
        allowSleep = Arrays.copyOf(allowSleep == null ? new boolean[0] : allowSleep, n);
        gyroscopic = Arrays.copyOf(gyroscopic == null ? new boolean[0] : gyroscopic, n);
        bullet = Arrays.copyOf(bullet == null ? new boolean[0] : bullet, n);
        continuous = Arrays.copyOf(continuous == null ? new boolean[0] : continuous, n);
        articulated = Arrays.copyOf(articulated == null ? new boolean[0] : articulated, n);
        response = grow(response, 36 * n);
        pos = grow(pos, 3 * n);
        rot = grow(rot, 4 * n);
        linVel = grow(linVel, 3 * n);
        angVel = grow(angVel, 3 * n);
        localCom = grow(localCom, 3 * n);
        inertiaLocal = grow(inertiaLocal, 6 * n);
        invInertiaLocal = grow(invInertiaLocal, 6 * n);
        invInertiaWorld = grow(invInertiaWorld, 9 * n);
        prevPos = grow(prevPos, 3 * n);
        prevRot = grow(prevRot, 4 * n);
        force = grow(force, 3 * n);
        torque = grow(torque, 3 * n);
        mass = grow(mass, n);
        invMass = grow(invMass, n);
        linearDamping = grow(linearDamping, n);
        angularDamping = grow(angularDamping, n);
        gravityScale = grow(gravityScale, n);
        int old = maxLinearSpeed == null ? 0 : maxLinearSpeed.length;
        maxLinearSpeed = grow(maxLinearSpeed, n);
        maxAngularSpeed = grow(maxAngularSpeed, n);
        maxContactImpulsePerStep = grow(maxContactImpulsePerStep, n);
        Arrays.fill(maxContactImpulsePerStep, old, n, Double.POSITIVE_INFINITY);
        Arrays.fill(maxLinearSpeed, old, n, Double.POSITIVE_INFINITY);
        Arrays.fill(maxAngularSpeed, old, n, Double.POSITIVE_INFINITY);
        sleepTime = grow(sleepTime, n);
        islandId = Arrays.copyOf(islandId == null ? new int[0] : islandId, n);
        shapes = Arrays.copyOf(shapes == null ? new int[0][] : shapes, n);
        capacity = n;
    }

    private static double[] grow(double[] a, int n) {
        return Arrays.copyOf(a == null ? new double[0] : a, n);
    }

    /** Takes the lowest free slot, or a new one (growing the arrays). */
    public int allocate() {
        int slot = take();
        if (slot == capacity) {
            grow(2 * capacity);
        }
        return slot;
    }

    public void release(int slot) {
        alive[slot] = false;
        generation[slot]++;
        shapes[slot] = null;
        maxLinearSpeed[slot] = Double.POSITIVE_INFINITY;
        maxAngularSpeed[slot] = Double.POSITIVE_INFINITY;
        maxContactImpulsePerStep[slot] = Double.POSITIVE_INFINITY;
        free(slot);
    }

    /** Wakes body b (if dynamic) and every sleeping body of its island. */
    /**
     * False only while no body sleeps: set by whatever puts a body to sleep (the islands at the end
     * of a tick, a snapshot restored), cleared when the islands find none asleep. Waking then costs
     * nothing, where scanning for an island's sleepers cost a pass over every slot per woken body.
     */
    public boolean anySleeping;

    public void wakeIsland(int b) {
        if (type[b] != DYNAMIC) {
            return;
        }
        int island = islandId[b];
        awake[b] = true;
        sleepTime[b] = 0;
        if (island < 0 || !anySleeping) {
            return;
        }
        for (int i = 0; i < high; i++) {
            if (alive[i] && islandId[i] == island && !awake[i]) {
                awake[i] = true;
                sleepTime[i] = 0;
            }
        }
    }

    /** Wakes every sleeping dynamic body. */
    public void wakeAll() {
        for (int i = 0; i < high; i++) {
            if (alive[i] && type[i] == DYNAMIC && !awake[i]) {
                awake[i] = true;
                sleepTime[i] = 0;
            }
        }
    }

    /** True for a body the tick moves: an awake dynamic body, or a kinematic body with a velocity. */
    /** The length of a per-body array of 6 values (a wrench per slot) covering every slot. */
    public int wrenchLength() {
        return 6 * capacity;
    }

    public boolean isMoving(int b) {
        byte t = type[b];
        if (t == DYNAMIC) {
            return awake[b];
        }
        if (t == KINEMATIC) {
            int o = 3 * b;
            return linVel[o] != 0 || linVel[o + 1] != 0 || linVel[o + 2] != 0 || angVel[o] != 0 || angVel[o + 1] != 0
                    || angVel[o + 2] != 0;
        }
        return false;
    }

    /** Inverse mass as the solver sees it: zero for static, kinematic and sleeping bodies. */
    public double solverInvMass(int b) {
        return type[b] == DYNAMIC && awake[b] ? invMass[b] : 0;
    }

    /** a[3i..3i+2] = (x, y, z). */
    public static void setVec(double[] a, int i, double x, double y, double z) {
        a[3 * i] = x;
        a[3 * i + 1] = y;
        a[3 * i + 2] = z;
    }

    /** Orientation of body b = (x, y, z, w). */
    public void setRotation(int b, double x, double y, double z, double w) {
        rot[4 * b] = x;
        rot[4 * b + 1] = y;
        rot[4 * b + 2] = z;
        rot[4 * b + 3] = w;
    }

    /**
     * Turns body b by the small rotation vector (wx, wy, wz), rad, world: q ← normalize(q + ½·(0, w)⊗q),
     * the integrator's own step (positions are not touched).
     */
    public void turn(int b, double wx, double wy, double wz) {
        int q = 4 * b;
        double qx = rot[q];
        double qy = rot[q + 1];
        double qz = rot[q + 2];
        double qw = rot[q + 3];
        double nx = qx + 0.5 * (wx * qw + wy * qz - wz * qy);
        double ny = qy + 0.5 * (wy * qw + wz * qx - wx * qz);
        double nz = qz + 0.5 * (wz * qw + wx * qy - wy * qx);
        double nw = qw - 0.5 * (wx * qx + wy * qy + wz * qz);
        double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        rot[q] = nx * inv;
        rot[q + 1] = ny * inv;
        rot[q + 2] = nz * inv;
        rot[q + 3] = nw * inv;
    }

    /** ω += I⁻¹·L for an angular impulse L (N·m·s, world) on body b. */
    public void addAngularImpulse(int b, double lx, double ly, double lz) {
        double[] m = invInertiaWorld;
        int o = 9 * b;
        angVel[3 * b] += m[o] * lx + m[o + 1] * ly + m[o + 2] * lz;
        angVel[3 * b + 1] += m[o + 3] * lx + m[o + 4] * ly + m[o + 5] * lz;
        angVel[3 * b + 2] += m[o + 6] * lx + m[o + 7] * ly + m[o + 8] * lz;
    }

    /** Scratch of {@link #rotationMatrix}. */
    private final double[] rotation = new double[9];

    /**
     * Body b's rotation matrix R(q_b), row-major, in a scratch array that the next call
     * overwrites (read it before calling again).
     */
    public double[] rotationMatrix(int b) {
        Quaternions.toMatrix(rot[4 * b], rot[4 * b + 1], rot[4 * b + 2], rot[4 * b + 3], rotation, 0);
        return rotation;
    }

    /** Body b's rotation matrix R(q_b), row-major, into {@code out} (returned). */
    public double[] rotationMatrix(int b, double[] out) {
        Quaternions.toMatrix(rot[4 * b], rot[4 * b + 1], rot[4 * b + 2], rot[4 * b + 3], out, 0);
        return out;
    }

    /** Refreshes the world inverse inertia R·I⁻¹·Rᵀ of body b from its orientation. */
    public void updateWorldInertia(int b) {
        int o = 9 * b;
        if (type[b] != DYNAMIC) {
            for (int i = o; i < o + 9; i++) {
                invInertiaWorld[i] = 0;
            }
            return;
        }
        double[] r = rotationMatrix(b);
        double r00 = r[0];
        double r01 = r[1];
        double r02 = r[2];
        double r10 = r[3];
        double r11 = r[4];
        double r12 = r[5];
        double r20 = r[6];
        double r21 = r[7];
        double r22 = r[8];
        int l = 6 * b;
        double ixx = invInertiaLocal[l];
        double iyy = invInertiaLocal[l + 1];
        double izz = invInertiaLocal[l + 2];
        double ixy = invInertiaLocal[l + 3];
        double ixz = invInertiaLocal[l + 4];
        double iyz = invInertiaLocal[l + 5];
        // M = R·I (rows of R times I)
        double m00 = r00 * ixx + r01 * ixy + r02 * ixz;
        double m01 = r00 * ixy + r01 * iyy + r02 * iyz;
        double m02 = r00 * ixz + r01 * iyz + r02 * izz;
        double m10 = r10 * ixx + r11 * ixy + r12 * ixz;
        double m11 = r10 * ixy + r11 * iyy + r12 * iyz;
        double m12 = r10 * ixz + r11 * iyz + r12 * izz;
        double m20 = r20 * ixx + r21 * ixy + r22 * ixz;
        double m21 = r20 * ixy + r21 * iyy + r22 * iyz;
        double m22 = r20 * ixz + r21 * iyz + r22 * izz;
        double[] d = invInertiaWorld;
        d[o] = m00 * r00 + m01 * r01 + m02 * r02;
        d[o + 1] = m00 * r10 + m01 * r11 + m02 * r12;
        d[o + 2] = m00 * r20 + m01 * r21 + m02 * r22;
        d[o + 3] = d[o + 1];
        d[o + 4] = m10 * r10 + m11 * r11 + m12 * r12;
        d[o + 5] = m10 * r20 + m11 * r21 + m12 * r22;
        d[o + 6] = d[o + 2];
        d[o + 7] = d[o + 5];
        d[o + 8] = m20 * r20 + m21 * r21 + m22 * r22;
    }
}
