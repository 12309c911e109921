package dev.sinew.solver;

import dev.sinew.solver.collision.ContactManifold;

/**
 * The persistent contact between two colliders while their broadphase bounds overlap: the
 * latest manifold (normal, up to four points) and, per point, everything the solver keeps
 * across substeps and ticks (anchors, effective masses, accumulated impulses for warm
 * starting). Pooled: objects are reused, never allocated in steady state.
 */
final class ContactPair {
    static final int N = ContactManifold.MAX_POINTS;

    long key;
    int colliderA;
    int colliderB;
    int bodyA;
    int bodyB;
    double friction;
    double restitution;
    int pointCount;
    double nx;
    double ny;
    double nz;
    boolean touching;
    boolean wasTouching;
    boolean staticSoftness;

    final int[] id = new int[N];
    /** Separation when the manifold was computed, metres. */
    final double[] separation = new double[N];
    /** Anchors relative to each body's centre of mass, in that body's frame. */
    final double[] localA = new double[3 * N];
    final double[] localB = new double[3 * N];
    /** Anchors relative to the centres of mass, world, fixed for the tick. */
    final double[] rA = new double[3 * N];
    final double[] rB = new double[3 * N];
    final double[] normalImpulse = new double[N];
    final double[] tangentImpulse1 = new double[N];
    final double[] tangentImpulse2 = new double[N];
    /** Friction impulse as a world vector, carried to the next tick's tangent basis. */
    final double[] frictionWorld = new double[3 * N];
    final double[] totalNormalImpulse = new double[N];
    final double[] maxNormalImpulse = new double[N];
    final double[] normalMass = new double[N];
    final double[] tangentMass1 = new double[N];
    final double[] tangentMass2 = new double[N];
    /** Normal relative velocity at the start of the tick, m/s (negative = approaching). */
    final double[] relativeVelocity = new double[N];
    /** Normal-row coupling A = J M⁻¹ Jᵀ (row-major N×N) for the block solve, fixed for the tick. */
    final double[] normalCoupling = new double[N * N];
    /** Per-point friction directions for the tick: t1 along the slip when slipping, t2 = n × t1. */
    final double[] t1 = new double[3 * N];
    final double[] t2 = new double[3 * N];

    void reset(long k, int ca, int cb, int ba, int bb) {
        key = k;
        colliderA = ca;
        colliderB = cb;
        bodyA = ba;
        bodyB = bb;
        pointCount = 0;
        touching = false;
        wasTouching = false;
    }

    double minSeparation() {
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pointCount; i++) {
            s = Math.min(s, separation[i]);
        }
        return s;
    }

    double totalImpulse() {
        double t = 0;
        for (int i = 0; i < pointCount; i++) {
            t += totalNormalImpulse[i];
        }
        return t;
    }
}
