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
    /** Active set of the last normal-block solve (bit i: point i pushing), tried first next time; −1 none. */
    public int activeSet = -1;

    public final int[] id = new int[N];
    /** Separation when the manifold was computed, metres. */
    public final double[] separation = new double[N];
    /**
     * Anchors relative to each body's centre of mass, in that body's frame: each body's own
     * surface point (A's s/2 behind the manifold's midway point along the normal, B's s/2 ahead),
     * so the separation now is n·(p_B − p_A) of the two material points that are to touch.
     * Midway anchors put a speculative point's lever up to half the gap outside both bodies
     * (a ball landing with spin rolled off up to 8.5 % slow: ContactBehaviourTest).
     */
    public final double[] localA = new double[3 * N];
    public final double[] localB = new double[3 * N];

    /** Separation of point k now, metres: n·(p_B − p_A) of its two anchors at the bodies' current poses. */
    public double separationNow(Bodies b, int k) {
        int ba = bodyA;
        int bb = bodyB;
        int o = 3 * k;
        double[] pos = b.pos;
        double[] rot = b.rot;
        return nx * (pos[3 * bb] + Quaternions.rotX(rot, bb, localB, o) - pos[3 * ba] - Quaternions.rotX(rot, ba, localA, o))
                + ny * (pos[3 * bb + 1] + Quaternions.rotY(rot, bb, localB, o) - pos[3 * ba + 1] - Quaternions.rotY(rot, ba, localA, o))
                + nz * (pos[3 * bb + 2] + Quaternions.rotZ(rot, bb, localB, o) - pos[3 * ba + 2] - Quaternions.rotZ(rot, ba, localA, o));
    }
    /** Anchors relative to the centres of mass, world, fixed for the tick (as localA, localB). */
    public final double[] rA = new double[3 * N];
    public final double[] rB = new double[3 * N];
    public final double[] normalImpulse = new double[N];
    public final double[] totalNormalImpulse = new double[N];
    public final double[] maxNormalImpulse = new double[N];
    public final double[] normalMass = new double[N];
    /** Distance of each point from the friction anchor, metres (lever arm of twist friction). */
    public final double[] lever = new double[N];
    // Patch friction, one per manifold: two tangent rows and a twist row at the anchor (the
    // centroid of the points), limited by μ·Σλn and μ·Σλn·lever.
    public final double[] anchorA = new double[3];
    public final double[] anchorB = new double[3];
    public final double[] t1 = new double[3];
    public final double[] t2 = new double[3];
    /** Inverse of the 2×2 tangent effective-mass matrix: [k11 k12; k12 k22]. */
    public double tangentInv11;
    public double tangentInv12;
    public double tangentInv22;
    public double frictionImpulse1;
    public double frictionImpulse2;
    public double twistMass;
    public double twistImpulse;
    /** Friction impulse as a world vector, carried to the next tick's tangent basis, N·s. */
    public final double[] frictionWorld = new double[3];
    /** Normal relative velocity at the start of the tick, m/s (negative = approaching). */
    public final double[] relativeVelocity = new double[N];
    /** Normal-row coupling A = J M⁻¹ Jᵀ (row-major N×N) for the block solve, fixed for the tick. */
    public final double[] normalCoupling = new double[N * N];


    /** Bytes {@link #write} produces. */
    public static final int BYTES = 8 + 4 + 4 + 2 + 8 * (5 + 5 * 3 + 7) + N * (4 + 8 * (1 + 4 * 3 + 6));

    /** Writes every field that carries over between ticks (snapshot format). */
    public void write(java.nio.ByteBuffer buf) {
        buf.putLong(key);
        buf.putInt(pointCount);
        buf.putInt(activeSet);
        buf.put((byte) (touching ? 1 : 0));
        buf.put((byte) (wasTouching ? 1 : 0));
        buf.putDouble(friction);
        buf.putDouble(restitution);
        buf.putDouble(nx);
        buf.putDouble(ny);
        buf.putDouble(nz);
        put3(buf, anchorA, 0);
        put3(buf, anchorB, 0);
        put3(buf, t1, 0);
        put3(buf, t2, 0);
        put3(buf, frictionWorld, 0);
        buf.putDouble(tangentInv11);
        buf.putDouble(tangentInv12);
        buf.putDouble(tangentInv22);
        buf.putDouble(frictionImpulse1);
        buf.putDouble(frictionImpulse2);
        buf.putDouble(twistMass);
        buf.putDouble(twistImpulse);
        for (int k = 0; k < N; k++) {
            buf.putInt(id[k]);
            buf.putDouble(separation[k]);
            put3(buf, localA, 3 * k);
            put3(buf, localB, 3 * k);
            put3(buf, rA, 3 * k);
            put3(buf, rB, 3 * k);
            buf.putDouble(normalImpulse[k]);
            buf.putDouble(totalNormalImpulse[k]);
            buf.putDouble(maxNormalImpulse[k]);
            buf.putDouble(normalMass[k]);
            buf.putDouble(lever[k]);
            buf.putDouble(relativeVelocity[k]);
        }
    }

    /** Reads what {@link #write} wrote, after the key (which the caller has read). */
    public void readAfterKey(java.nio.ByteBuffer buf) {
        pointCount = buf.getInt();
        activeSet = buf.getInt();
        touching = buf.get() != 0;
        wasTouching = buf.get() != 0;
        friction = buf.getDouble();
        restitution = buf.getDouble();
        nx = buf.getDouble();
        ny = buf.getDouble();
        nz = buf.getDouble();
        for (double[] a : new double[][] {anchorA, anchorB, t1, t2, frictionWorld}) {
            a[0] = buf.getDouble();
            a[1] = buf.getDouble();
            a[2] = buf.getDouble();
        }
        tangentInv11 = buf.getDouble();
        tangentInv12 = buf.getDouble();
        tangentInv22 = buf.getDouble();
        frictionImpulse1 = buf.getDouble();
        frictionImpulse2 = buf.getDouble();
        twistMass = buf.getDouble();
        twistImpulse = buf.getDouble();
        for (int k = 0; k < N; k++) {
            id[k] = buf.getInt();
            separation[k] = buf.getDouble();
            for (double[] a : new double[][] {localA, localB, rA, rB}) {
                a[3 * k] = buf.getDouble();
                a[3 * k + 1] = buf.getDouble();
                a[3 * k + 2] = buf.getDouble();
            }
            normalImpulse[k] = buf.getDouble();
            totalNormalImpulse[k] = buf.getDouble();
            maxNormalImpulse[k] = buf.getDouble();
            normalMass[k] = buf.getDouble();
            lever[k] = buf.getDouble();
            relativeVelocity[k] = buf.getDouble();
        }
    }

    /** Writes a[o..o+2] (the snapshot runs every step while step listeners are registered: no arrays made). */
    private static void put3(java.nio.ByteBuffer buf, double[] a, int o) {
        buf.putDouble(a[o]);
        buf.putDouble(a[o + 1]);
        buf.putDouble(a[o + 2]);
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
        frictionWorld[0] = 0;
        frictionWorld[1] = 0;
        frictionWorld[2] = 0;
        twistImpulse = 0;
    }

    public double minSeparation() {
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pointCount; i++) {
            s = Math.min(s, separation[i]);
        }
        return s;
    }

    public double totalImpulse() {
        double t = 0;
        for (int i = 0; i < pointCount; i++) {
            t += totalNormalImpulse[i];
        }
        return t;
    }
}
