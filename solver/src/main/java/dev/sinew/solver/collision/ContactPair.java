package dev.sinew.solver.collision;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;

/**
 * The persistent contact between two colliders while their broadphase bounds overlap: the
 * latest manifold (normal, up to four points) and, per point, everything the solver keeps
 * across substeps and ticks (anchors, effective masses, accumulated impulses for warm
 * starting). Pooled: objects are reused, never allocated in steady state.
 */
public final class ContactPair {
    public static final int N = ContactManifold.MAX_POINTS;

    public long key;
    public int colliderA;
    public int colliderB;
    public int bodyA;
    public int bodyB;
    public double friction;
    public double restitution;
    public int pointCount;
    public double nx;
    public double ny;
    public double nz;
    public boolean touching;
    public boolean wasTouching;
    /**
     * A pair of a shape and terrain: it may touch along several patches with different normals,
     * the first in this pair and each further one in a pair of the same key chained here
     * (solved like any pair; events and the pair list keep only the first).
     */
    public boolean terrain;
    public ContactPair nextPatch;
    /** For a further patch, the pair it belongs to (the first patch); null otherwise. */
    public ContactPair owner;
    public boolean staticSoftness;
    /**
     * This tick a joint tree solves the pair's normal rows with the articulated effective mass
     * (a tree body against one that does not move); the contact solver only its friction.
     */
    public boolean articulated;
    /** True while an articulation's ground block takes the pair's normal rows (reduced coordinates; the contact solver keeps its friction). */
    public boolean groundBlock;
    /** This tick's slot for the cross response of two bodies of one articulation, −1 for none. */
    public int crossSlot = -1;
    /** Active set of the last normal-block solve (bit i: point i pushing), tried first next time; −1 none. */
    public int activeSet = -1;
    /**
     * The substep (the solve order's count) in which a biased pass last found the pair quiet (no
     * impulse changed by more than {@code Tuning.QUIET_IMPULSE}, or than {@code Tuning.QUIET_FRACTION}
     * of its normal impulses' sum); −1 for none.
     */
    public long quietIn = -1;

    public final int[] id = new int[N];
    /** The manifold's poses and margin are kept at {@link #REF_POSE_A} (false for a new pair). */
    public boolean referenced;

    // The per-point and patch data sit in one array, d, in the order the solver's passes read
    // them: each pass over a pair then reads one block of memory rather than twenty small arrays.
    /**
     * Normal-row coupling A = J M⁻¹ Jᵀ (row-major N×N, 1/kg) for the block solve, fixed for the
     * tick; at the start, so the block solve reads it as a matrix of its own.
     */
    public static final int COUPLING = 0;
    /** Separation when the manifold was computed, metres (per point). */
    public static final int SEPARATION = COUPLING + N * N;
    /**
     * Anchors relative to each body's centre of mass, in that body's frame (3 per point): each
     * body's own surface point (A's s/2 behind the manifold's midway point along the normal, B's
     * s/2 ahead), so the separation now is n·(p_B − p_A) of the two material points that are to
     * touch. Midway anchors put a speculative point's lever up to half the gap outside both bodies
     * (a ball landing with spin rolled off up to 8.5 % slow: ContactBehaviourTest).
     */
    public static final int LOCAL_A = SEPARATION + N;
    public static final int LOCAL_B = LOCAL_A + 3 * N;
    /** Anchors relative to the centres of mass, world, fixed for the tick (as LOCAL_A, LOCAL_B; 3 per point). */
    public static final int R_A = LOCAL_B + 3 * N;
    public static final int R_B = R_A + 3 * N;
    /** Accumulated normal impulse for warm starting, N·s (per point). */
    public static final int IMPULSE = R_B + 3 * N;
    /** Effective mass of the normal row, kg (per point). */
    public static final int MASS = IMPULSE + N;
    /** Largest single-substep normal impulse this tick, N·s (per point). */
    public static final int MAX_IMPULSE = MASS + N;
    /** Distance of each point from the friction anchor, metres (lever arm of twist friction). */
    public static final int LEVER = MAX_IMPULSE + N;
    // Patch friction, one per manifold: two tangent rows and a twist row at the anchor (the
    // centroid of the points), limited by μ·Σλn and μ·Σλn·lever.
    /** Friction anchor relative to A's and B's centre of mass, world, metres (3 each). */
    public static final int ANCHOR_A = LEVER + N;
    public static final int ANCHOR_B = ANCHOR_A + 3;
    /** The tangent directions, unit, world (3 each). */
    public static final int T1 = ANCHOR_B + 3;
    public static final int T2 = T1 + 3;
    /** Normal impulse summed over the tick's substeps, N·s (per point). */
    public static final int TOTAL_IMPULSE = T2 + 3;
    /** Friction impulse as a world vector, carried to the next tick's tangent basis, N·s (3). */
    public static final int FRICTION_WORLD = TOTAL_IMPULSE + N;
    /** Normal relative velocity at the start of the tick, m/s, negative = approaching (per point). */
    public static final int RELATIVE_VELOCITY = FRICTION_WORLD + 3;
    /**
     * The poses the manifold was computed at (A's centre of mass and orientation, then B's: 3 + 4
     * each) and the margin it kept points within, m, while {@link #referenced}: the next tick reuses
     * the manifold while neither body has moved from its pose by more than a small distance and
     * the margin has not grown (see {@link Contacts}).
     */
    public static final int REF_POSE_A = RELATIVE_VELOCITY + N;
    public static final int REF_POSE_B = REF_POSE_A + 7;
    public static final int REF_MARGIN = REF_POSE_B + 7;
    /** Length of {@link #d}. */
    public static final int DATA = REF_MARGIN + 1;

    /** The per-point and patch data at the offsets above. */
    public final double[] d = new double[DATA];

    /** Separation of point k now, metres: n·(p_B − p_A) of its two anchors at the bodies' current poses. */
    public double separationNow(Bodies b, int k) {
        int ba = bodyA;
        int bb = bodyB;
        int oa = LOCAL_A + 3 * k;
        int ob = LOCAL_B + 3 * k;
        double[] pos = b.pos;
        double[] rot = b.rot;
        return nx * (pos[3 * bb] + Quaternions.rotX(rot, bb, d, ob) - pos[3 * ba] - Quaternions.rotX(rot, ba, d, oa))
                + ny * (pos[3 * bb + 1] + Quaternions.rotY(rot, bb, d, ob) - pos[3 * ba + 1] - Quaternions.rotY(rot, ba, d, oa))
                + nz * (pos[3 * bb + 2] + Quaternions.rotZ(rot, bb, d, ob) - pos[3 * ba + 2] - Quaternions.rotZ(rot, ba, d, oa));
    }

    /** Accumulated normal impulse of point k, N·s. */
    public double normalImpulse(int k) {
        return d[IMPULSE + k];
    }

    /** Normal impulse of point k summed over the last tick's substeps, N·s. */
    public double totalNormalImpulse(int k) {
        return d[TOTAL_IMPULSE + k];
    }

    /** Inverse of the 2×2 tangent effective-mass matrix [k11 k12; k12 k22] (k in 1/kg), kg. */
    public double tangentInv11;
    public double tangentInv12;
    public double tangentInv22;
    /** Accumulated friction impulse along the tangents T1 and T2 (world), N·s. */
    public double frictionImpulse1;
    public double frictionImpulse2;
    /** Effective mass of the twist row about the normal, kg·m². */
    public double twistMass;
    /** Accumulated twist impulse about the normal (world), N·m·s. */
    public double twistImpulse;


    /** Bytes {@link #write} produces. */
    public static final int BYTES = 8 + 4 + 4 + 3 + 8 * (5 + 5 * 3 + 7 + 15) + N * (4 + 8 * (1 + 4 * 3 + 6));

    /** Writes every field that carries over between ticks (snapshot format). */
    public void write(java.nio.ByteBuffer buf) {
        buf.putLong(key);
        buf.putInt(pointCount);
        buf.putInt(activeSet);
        buf.put((byte) (touching ? 1 : 0));
        buf.put((byte) (wasTouching ? 1 : 0));
        buf.put((byte) (referenced ? 1 : 0));
        buf.putDouble(friction);
        buf.putDouble(restitution);
        buf.putDouble(nx);
        buf.putDouble(ny);
        buf.putDouble(nz);
        put3(buf, d, ANCHOR_A);
        put3(buf, d, ANCHOR_B);
        put3(buf, d, T1);
        put3(buf, d, T2);
        put3(buf, d, FRICTION_WORLD);
        buf.putDouble(tangentInv11);
        buf.putDouble(tangentInv12);
        buf.putDouble(tangentInv22);
        buf.putDouble(frictionImpulse1);
        buf.putDouble(frictionImpulse2);
        buf.putDouble(twistMass);
        buf.putDouble(twistImpulse);
        for (int i = REF_POSE_A; i <= REF_MARGIN; i++) {
            buf.putDouble(d[i]);
        }
        for (int k = 0; k < N; k++) {
            buf.putInt(id[k]);
            buf.putDouble(d[SEPARATION + k]);
            put3(buf, d, LOCAL_A + 3 * k);
            put3(buf, d, LOCAL_B + 3 * k);
            put3(buf, d, R_A + 3 * k);
            put3(buf, d, R_B + 3 * k);
            buf.putDouble(d[IMPULSE + k]);
            buf.putDouble(d[TOTAL_IMPULSE + k]);
            buf.putDouble(d[MAX_IMPULSE + k]);
            buf.putDouble(d[MASS + k]);
            buf.putDouble(d[LEVER + k]);
            buf.putDouble(d[RELATIVE_VELOCITY + k]);
        }
    }

    /** Reads what {@link #write} wrote, after the key (which the caller has read). */
    public void readAfterKey(java.nio.ByteBuffer buf) {
        pointCount = buf.getInt();
        activeSet = buf.getInt();
        touching = buf.get() != 0;
        wasTouching = buf.get() != 0;
        referenced = buf.get() != 0;
        friction = buf.getDouble();
        restitution = buf.getDouble();
        nx = buf.getDouble();
        ny = buf.getDouble();
        nz = buf.getDouble();
        get3(buf, d, ANCHOR_A);
        get3(buf, d, ANCHOR_B);
        get3(buf, d, T1);
        get3(buf, d, T2);
        get3(buf, d, FRICTION_WORLD);
        tangentInv11 = buf.getDouble();
        tangentInv12 = buf.getDouble();
        tangentInv22 = buf.getDouble();
        frictionImpulse1 = buf.getDouble();
        frictionImpulse2 = buf.getDouble();
        twistMass = buf.getDouble();
        twistImpulse = buf.getDouble();
        for (int i = REF_POSE_A; i <= REF_MARGIN; i++) {
            d[i] = buf.getDouble();
        }
        for (int k = 0; k < N; k++) {
            id[k] = buf.getInt();
            d[SEPARATION + k] = buf.getDouble();
            get3(buf, d, LOCAL_A + 3 * k);
            get3(buf, d, LOCAL_B + 3 * k);
            get3(buf, d, R_A + 3 * k);
            get3(buf, d, R_B + 3 * k);
            d[IMPULSE + k] = buf.getDouble();
            d[TOTAL_IMPULSE + k] = buf.getDouble();
            d[MAX_IMPULSE + k] = buf.getDouble();
            d[MASS + k] = buf.getDouble();
            d[LEVER + k] = buf.getDouble();
            d[RELATIVE_VELOCITY + k] = buf.getDouble();
        }
    }

    /** Writes a[o..o+2] (the snapshot runs every step while step listeners are registered: no arrays made). */
    private static void put3(java.nio.ByteBuffer buf, double[] a, int o) {
        buf.putDouble(a[o]);
        buf.putDouble(a[o + 1]);
        buf.putDouble(a[o + 2]);
    }

    /** Reads a[o..o+2] as {@link #put3} wrote it. */
    private static void get3(java.nio.ByteBuffer buf, double[] a, int o) {
        a[o] = buf.getDouble();
        a[o + 1] = buf.getDouble();
        a[o + 2] = buf.getDouble();
    }

    public void reset(long k, int ca, int cb, int ba, int bb) {
        key = k;
        colliderA = ca;
        colliderB = cb;
        bodyA = ba;
        bodyB = bb;
        pointCount = 0;
        touching = false;
        wasTouching = false;
        terrain = false;
        nextPatch = null;
        owner = null;
        activeSet = -1;
        referenced = false;
        d[FRICTION_WORLD] = 0;
        d[FRICTION_WORLD + 1] = 0;
        d[FRICTION_WORLD + 2] = 0;
        twistImpulse = 0;
    }

    public double minSeparation() {
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pointCount; i++) {
            s = Math.min(s, d[SEPARATION + i]);
        }
        return s;
    }

    public double totalImpulse() {
        double t = 0;
        for (int i = 0; i < pointCount; i++) {
            t += d[TOTAL_IMPULSE + i];
        }
        return t;
    }
}
