package dev.sinew.solver.collision;

import dev.sinew.solver.CombineRule;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.math.Transform;
import java.util.Arrays;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The contact pairs of a world, kept sorted by pair key: merging the broadphase's candidate
 * pairs into the persistent set (with a pool, so steady state allocates nothing), updating each
 * pair's manifold and carrying impulses over by feature id, and the colliders' world poses and
 * fat bounds the pairs come from. At a tick's start a pair whose bodies are still where its
 * manifold was computed (within {@link #REUSE_DISTANCE}) keeps it instead of colliding again.
 */
public final class Contacts {
    private final Bodies bodies;
    private final Colliders colliders;
    /** Active pairs, sorted by key. */
    public ContactPair[] pairs = new ContactPair[64];
    public int pairCount;
    /**
     * The pairs' keys, in the same order: the merge with the broadphase's pairs compares keys
     * without reaching into every pair (tens of thousands in a pile, most of them kept).
     */
    private long[] pairKeys = new long[64];
    private ContactPair[] mergeBuffer = new ContactPair[64];
    private long[] mergeKeys = new long[64];
    private ContactPair[] pool = new ContactPair[64];
    private int poolCount;
    private final Scratch scratch = new Scratch();
    private final TerrainManifolds patches = new TerrainManifolds();
    private final Vector3d scratchPos = new Vector3d();
    private final Quaterniond scratchRot = new Quaterniond();
    private final double[] bounds = new double[6];

    public Contacts(Bodies bodies, Colliders colliders) {
        this.bodies = bodies;
        this.colliders = colliders;
    }

    public void mergePairs(BroadPhase broadPhase, ContactLog events) {
        long[] keys = broadPhase.pairs;
        int nk = broadPhase.pairCount;
        if (mergeBuffer.length < nk) {
            mergeBuffer = new ContactPair[Math.max(nk, 2 * mergeBuffer.length)];
            mergeKeys = new long[mergeBuffer.length];
        }
        int i = 0;
        int j = 0;
        int w = 0;
        while (i < pairCount || j < nk) {
            long oldKey = i < pairCount ? pairKeys[i] : Long.MAX_VALUE;
            long newKey = j < nk ? keys[j] : Long.MAX_VALUE;
            if (i < pairCount && oldKey == newKey) {
                mergeKeys[w] = oldKey;
                mergeBuffer[w++] = pairs[i++];
                j++;
            } else if (j < nk && (i >= pairCount || newKey < oldKey)) {
                ContactPair p = takePair();
                int ca = (int) (newKey >>> 32);
                int cb = (int) newKey;
                p.reset(newKey, ca, cb, colliders.body[ca], colliders.body[cb]);
                p.friction = CombineRule.combine(colliders.friction[ca], colliders.frictionRule[ca],
                        colliders.friction[cb], colliders.frictionRule[cb]);
                p.restitution = CombineRule.combine(colliders.restitution[ca], colliders.restitutionRule[ca],
                        colliders.restitution[cb], colliders.restitutionRule[cb]);
                p.terrain = NarrowPhase.isTerrainPair(colliders.shape[ca], colliders.shape[cb]);
                mergeKeys[w] = newKey;
                mergeBuffer[w++] = p;
                j++;
            } else {
                ContactPair p = pairs[i++];
                if (p.wasTouching) {
                    events.add(ContactLog.END, p.bodyA, bodies.generation[p.bodyA], p.bodyB,
                            bodies.generation[p.bodyB], 0);
                }
                releasePair(p);
            }
        }
        ContactPair[] t = pairs;
        pairs = mergeBuffer;
        mergeBuffer = t;
        long[] tk = pairKeys;
        pairKeys = mergeKeys;
        mergeKeys = tk;
        Arrays.fill(mergeBuffer, 0, Math.min(mergeBuffer.length, Math.max(pairCount, w)), null);
        pairCount = w;
    }

    public ContactPair takePair() {
        if (poolCount > 0) {
            ContactPair p = pool[--poolCount];
            pool[poolCount] = null;
            return p;
        }
        return new ContactPair();
    }

    public void releasePair(ContactPair p) {
        ContactPair next = p.nextPatch;
        p.nextPatch = null;
        if (next != null) {
            releasePair(next);
        }
        if (poolCount == pool.length) {
            pool = Arrays.copyOf(pool, 2 * poolCount);
        }
        pool[poolCount++] = p;
    }

    /**
     * Recomputes one pair's manifold (a terrain pair's patches) and carries impulses over to points
     * with the same feature id; points are kept within the speculative distance (m) plus what the
     * bodies can close in {@code dt} (s). At a tick's start ({@code fresh}) a pair that is not a
     * terrain pair keeps its manifold if its bodies are still where it was computed.
     */
    public void updateManifold(ContactPair p, double dt, double speculativeDistance, boolean fresh) {
        updateManifold(p, dt, speculativeDistance, fresh, scratch);
    }

    /**
     * The temporaries of a manifold update: {@link #updateManifold(ContactPair, double, double, boolean, Scratch)}
     * of pairs that are not terrain pairs, each task with its own, may run at the same time (it writes the pair alone).
     */
    public static final class Scratch {
        final NarrowPhase narrowPhase = new NarrowPhase();
        final ContactManifold manifold = new ContactManifold();
        final int[] oldId = new int[ContactManifold.MAX_POINTS * TerrainManifolds.MAX_PATCHES];
        final double[] oldImpulse = new double[ContactManifold.MAX_POINTS * TerrainManifolds.MAX_PATCHES];
        final double[] carryNormal = new double[ContactManifold.MAX_POINTS];
        final Transform ta = new Transform();
        final Transform tb = new Transform();
    }

    /** {@link #updateManifold(ContactPair, double, double, boolean)} with a task's own temporaries (a terrain pair: the world's only). */
    public void updateManifold(ContactPair p, double dt, double speculativeDistance, boolean fresh, Scratch s) {
        Transform ta = s.ta;
        Transform tb = s.tb;
        int[] oldId = s.oldId;
        double[] oldImpulse = s.oldImpulse;
        NarrowPhase narrowPhase = s.narrowPhase;
        ContactManifold manifold = s.manifold;
        int ca = p.colliderA;
        int cb = p.colliderB;
        int ba = p.bodyA;
        int bb = p.bodyB;
        double[] v = bodies.linVel;
        double[] w = bodies.angVel;
        // Each body's own speed, not the relative one: a body stopped by a third one during the
        // tick (the lower of two falling bodies landing) closes the gap at the other's full speed.
        double speed = length(v, ba) + length(v, bb)
                + length(w, ba) * colliders.maxRadius[ca] + length(w, bb) * colliders.maxRadius[cb];
        double margin = speculativeDistance + dt * speed;
        if (fresh && p.referenced && !p.terrain && stillAt(p, margin)) {
            reuse(p);
            return;
        }
        p.referenced = false;
        if (!p.terrain && beyondReach(ca, cb, ba, bb, margin)) {
            // no point of either shape can come within the margin: nothing to collide
            if (p.pointCount > 0) {
                manifold.clear();
                apply(p, manifold, fresh, 0, s);
            }
            return;
        }
        colliderTransform(ca, ta);
        colliderTransform(cb, tb);
        int oldCount = 0;
        for (ContactPair q = p; q != null; q = q.nextPatch) {
            for (int k = 0; k < q.pointCount; k++) {
                oldId[oldCount] = q.id[k];
                oldImpulse[oldCount++] = q.d[ContactPair.IMPULSE + k];
            }
        }
        if (!p.terrain) {
            narrowPhase.collide(colliders.shape[ca], ta, colliders.shape[cb], tb, margin, manifold);
            apply(p, manifold, fresh, oldCount, s);
            keepReference(p, margin);
            return;
        }
        int slots = TerrainManifolds.MAX_PATCHES;
        if (!fresh) {
            // mid-tick the solve list holds this tick's patches: new normals join the nearest
            slots = 0;
            for (ContactPair q = p; q != null; q = q.nextPatch) {
                slots++;
            }
        }
        narrowPhase.collideTerrain(colliders.shape[ca], ta, colliders.shape[cb], tb, margin, slots, patches);
        if (patches.count == 0) {
            manifold.clear();
            apply(p, manifold, fresh, oldCount, s);
        }
        ContactPair prev = null;
        ContactPair q = p;
        for (int i = 0; i < patches.count; i++) {
            if (q == null) {
                q = takePair();
                q.reset(p.key, ca, cb, ba, bb);
                q.friction = p.friction;
                q.restitution = p.restitution;
                q.terrain = true;
                q.owner = p;
                prev.nextPatch = q;
            }
            ContactManifold m = patches.patch[i];
            if (q.pointCount > 0 && q.nx * m.nx + q.ny * m.ny + q.nz * m.nz < PATCH_KEEPS_FRICTION) {
                q.pointCount = 0; // another patch now: its friction history does not carry
            }
            apply(q, m, fresh, oldCount, s);
            prev = q;
            q = q.nextPatch;
        }
        ContactPair last = patches.count == 0 ? p : prev;
        if (!fresh) {
            // mid-tick: patches that went away keep their slot, empty, until the tick ends
            for (ContactPair r = last.nextPatch; r != null; r = r.nextPatch) {
                manifold.clear();
                apply(r, manifold, false, oldCount, s);
            }
        } else if (last.nextPatch != null) {
            releasePair(last.nextPatch);
            last.nextPatch = null;
        }
    }

    /** Cosine between a patch's old and new normal below which it starts without friction history. */
    private static final double PATCH_KEEPS_FRICTION = 0.9;

    /** Writes manifold m into pair p; normal impulses come from the old points (oldId/oldImpulse[0..oldCount)) by id. */
    /**
     * True when two colliders' bounding spheres (about their bodies' centres of mass, radius
     * {@link Colliders#maxRadius}) are more than {@code margin} apart, so that no two of their points
     * are within it. Most of a pile's broadphase pairs are such: their boxes, grown by the margin of
     * the bounds, overlap, the shapes are far apart.
     */
    /**
     * How far a point of either collider may have moved from where it was when the pair's manifold
     * was computed for the next tick to reuse that manifold instead of colliding the shapes again,
     * m. The reused points are the same material points of the two bodies, their separations
     * measured along the kept normal at the bodies' poses now; what the manifold can be off by is
     * what a motion this small changes of the normal and of which points lie closest. A pile or a
     * stack at rest moves by picometres a tick.
     */
    public static final double REUSE_DISTANCE = 1e-5;

    /** The margin the pair's manifold was computed with may be this much short of the one asked now, m. */
    private static final double REUSE_MARGIN = 1e-5;

    /**
     * True when neither body of the pair has moved any point of its collider by more than
     * {@link #REUSE_DISTANCE} from the pose the manifold was computed at, and that manifold kept
     * points within the margin asked now (less {@link #REUSE_MARGIN}).
     */
    private boolean stillAt(ContactPair p, double margin) {
        double[] d = p.d;
        return margin <= d[ContactPair.REF_MARGIN] + REUSE_MARGIN
                && moved(p.bodyA, colliders.maxRadius[p.colliderA], d, ContactPair.REF_POSE_A) <= REUSE_DISTANCE
                && moved(p.bodyB, colliders.maxRadius[p.colliderB], d, ContactPair.REF_POSE_B) <= REUSE_DISTANCE;
    }

    /**
     * A bound on how far a point within {@code radius} of body k's centre of mass has moved from
     * the pose kept at d[o..o+6], m: the centre's displacement plus the radius times 2·|q − q₀|
     * (q₀ signed to the same hemisphere), which is at least 2·sin(θ/2) for the turn θ between them.
     */
    private double moved(int k, double radius, double[] d, int o) {
        double[] pos = bodies.pos;
        double[] rot = bodies.rot;
        double dx = pos[3 * k] - d[o];
        double dy = pos[3 * k + 1] - d[o + 1];
        double dz = pos[3 * k + 2] - d[o + 2];
        double qx = rot[4 * k];
        double qy = rot[4 * k + 1];
        double qz = rot[4 * k + 2];
        double qw = rot[4 * k + 3];
        double sign = qx * d[o + 3] + qy * d[o + 4] + qz * d[o + 5] + qw * d[o + 6] < 0 ? -1 : 1;
        double ex = qx - sign * d[o + 3];
        double ey = qy - sign * d[o + 4];
        double ez = qz - sign * d[o + 5];
        double ew = qw - sign * d[o + 6];
        return Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * radius * Math.sqrt(ex * ex + ey * ey + ez * ez + ew * ew);
    }

    /** Keeps the bodies' poses and the margin of the manifold just computed for {@link #stillAt}. */
    private void keepReference(ContactPair p, double margin) {
        double[] d = p.d;
        System.arraycopy(bodies.pos, 3 * p.bodyA, d, ContactPair.REF_POSE_A, 3);
        System.arraycopy(bodies.rot, 4 * p.bodyA, d, ContactPair.REF_POSE_A + 3, 4);
        System.arraycopy(bodies.pos, 3 * p.bodyB, d, ContactPair.REF_POSE_B, 3);
        System.arraycopy(bodies.rot, 4 * p.bodyB, d, ContactPair.REF_POSE_B + 3, 4);
        d[ContactPair.REF_MARGIN] = margin;
        p.referenced = true;
    }

    /**
     * The start of a tick for a pair whose manifold is reused: the same points, ids, normal and
     * impulses, each point's separation measured now and its world anchors turned with the bodies,
     * the tick's sums cleared (what {@link #apply} does with a manifold of the same points).
     */
    private void reuse(ContactPair p) {
        double[] d = p.d;
        double[] rot = bodies.rot;
        int ba = p.bodyA;
        int bb = p.bodyB;
        if (p.pointCount == 0) {
            d[ContactPair.FRICTION_WORLD] = 0;
            d[ContactPair.FRICTION_WORLD + 1] = 0;
            d[ContactPair.FRICTION_WORLD + 2] = 0;
            p.twistImpulse = 0;
        }
        for (int k = 0; k < p.pointCount; k++) {
            int o = 3 * k;
            d[ContactPair.SEPARATION + k] = p.separationNow(bodies, k);
            d[ContactPair.TOTAL_IMPULSE + k] = 0;
            d[ContactPair.MAX_IMPULSE + k] = 0;
            d[ContactPair.RELATIVE_VELOCITY + k] = 0;
            int la = ContactPair.LOCAL_A + o;
            int lb = ContactPair.LOCAL_B + o;
            d[ContactPair.R_A + o] = Quaternions.rotX(rot, ba, d, la);
            d[ContactPair.R_A + o + 1] = Quaternions.rotY(rot, ba, d, la);
            d[ContactPair.R_A + o + 2] = Quaternions.rotZ(rot, ba, d, la);
            d[ContactPair.R_B + o] = Quaternions.rotX(rot, bb, d, lb);
            d[ContactPair.R_B + o + 1] = Quaternions.rotY(rot, bb, d, lb);
            d[ContactPair.R_B + o + 2] = Quaternions.rotZ(rot, bb, d, lb);
        }
    }

    private boolean beyondReach(int ca, int cb, int ba, int bb, double margin) {
        if (colliders.isPlane[ca] || colliders.isPlane[cb]) {
            return false;
        }
        double[] pos = bodies.pos;
        double dx = pos[3 * bb] - pos[3 * ba];
        double dy = pos[3 * bb + 1] - pos[3 * ba + 1];
        double dz = pos[3 * bb + 2] - pos[3 * ba + 2];
        double reach = colliders.maxRadius[ca] + colliders.maxRadius[cb] + margin;
        return dx * dx + dy * dy + dz * dz > reach * reach;
    }

    private void apply(ContactPair p, ContactManifold m, boolean fresh, int oldCount, Scratch s) {
        int[] oldId = s.oldId;
        double[] oldImpulse = s.oldImpulse;
        double[] carryNormal = s.carryNormal;
        int ba = p.bodyA;
        int bb = p.bodyB;
        int previousPoints = p.pointCount;
        for (int k = 0; k < m.pointCount; k++) {
            double carried = 0;
            for (int o = 0; o < oldCount; o++) {
                if (oldId[o] == m.id[k]) {
                    carried = oldImpulse[o];
                    break;
                }
            }
            carryNormal[k] = carried;
        }
        if (previousPoints == 0 || m.pointCount == 0) {
            // A new touch starts without friction history; the patch's impulses otherwise carry over.
            p.d[ContactPair.FRICTION_WORLD + 0] = 0;
            p.d[ContactPair.FRICTION_WORLD + 1] = 0;
            p.d[ContactPair.FRICTION_WORLD + 2] = 0;
            p.twistImpulse = 0;
        }
        p.pointCount = m.pointCount;
        p.nx = m.nx;
        p.ny = m.ny;
        p.nz = m.nz;
        double[] pos = bodies.pos;
        double[] rot = bodies.rot;
        for (int k = 0; k < m.pointCount; k++) {
            int o = 3 * k;
            p.id[k] = m.id[k];
            p.d[ContactPair.SEPARATION + k] = m.separation[k];
            p.d[ContactPair.IMPULSE + k] = carryNormal[k];
            if (fresh || k >= previousPoints) {
                p.d[ContactPair.TOTAL_IMPULSE + k] = 0;
                p.d[ContactPair.MAX_IMPULSE + k] = 0;
                p.d[ContactPair.RELATIVE_VELOCITY + k] = 0; // a point found mid-tick does not bounce this tick
            }
            // each body's anchor on its own surface: the manifold's point is midway across the
            // separation s, so A's is s/2 back along the normal and B's s/2 ahead (see ContactPair)
            double half = 0.5 * m.separation[k];
            double rax = m.px[k] - half * m.nx - pos[3 * ba];
            double ray = m.py[k] - half * m.ny - pos[3 * ba + 1];
            double raz = m.pz[k] - half * m.nz - pos[3 * ba + 2];
            double rbx = m.px[k] + half * m.nx - pos[3 * bb];
            double rby = m.py[k] + half * m.ny - pos[3 * bb + 1];
            double rbz = m.pz[k] + half * m.nz - pos[3 * bb + 2];
            p.d[ContactPair.R_A + o] = rax;
            p.d[ContactPair.R_A + o + 1] = ray;
            p.d[ContactPair.R_A + o + 2] = raz;
            p.d[ContactPair.R_B + o] = rbx;
            p.d[ContactPair.R_B + o + 1] = rby;
            p.d[ContactPair.R_B + o + 2] = rbz;
            Quaternions.inverseRotate(rot, ba, rax, ray, raz, p.d, ContactPair.LOCAL_A + o);
            Quaternions.inverseRotate(rot, bb, rbx, rby, rbz, p.d, ContactPair.LOCAL_B + o);
        }
    }

    public static double length(double[] a, int i) {
        return Math.sqrt(a[3 * i] * a[3 * i] + a[3 * i + 1] * a[3 * i + 1] + a[3 * i + 2] * a[3 * i + 2]);
    }

    public void colliderTransform(int k, Transform t) {
        double[] wp = colliders.worldPos;
        double[] wr = colliders.worldRot;
        t.set(wp[3 * k], wp[3 * k + 1], wp[3 * k + 2], wr[4 * k], wr[4 * k + 1], wr[4 * k + 2], wr[4 * k + 3]);
    }

    /** Collider world pose from its body: p = c + R·(offset from the centre of mass), q = q_body·q_local. */
    public void updateColliderPose(int k) {
        int b = colliders.body[k];
        double[] rot = bodies.rot;
        double[] off = colliders.comOffset;
        colliders.worldPos[3 * k] = bodies.pos[3 * b] + Quaternions.rotX(rot, b, off, 3 * k);
        colliders.worldPos[3 * k + 1] = bodies.pos[3 * b + 1] + Quaternions.rotY(rot, b, off, 3 * k);
        colliders.worldPos[3 * k + 2] = bodies.pos[3 * b + 2] + Quaternions.rotZ(rot, b, off, 3 * k);
        double ax = rot[4 * b];
        double ay = rot[4 * b + 1];
        double az = rot[4 * b + 2];
        double aw = rot[4 * b + 3];
        double[] lr = colliders.localRot;
        double bx = lr[4 * k];
        double by = lr[4 * k + 1];
        double bz = lr[4 * k + 2];
        double bw = lr[4 * k + 3];
        colliders.worldRot[4 * k] = aw * bx + ax * bw + ay * bz - az * by;
        colliders.worldRot[4 * k + 1] = aw * by - ax * bz + ay * bw + az * bx;
        colliders.worldRot[4 * k + 2] = aw * bz + ax * by - ay * bx + az * bw;
        colliders.worldRot[4 * k + 3] = aw * bw - ax * bx - ay * by - az * bz;
    }

    /**
     * Tight bounds grown by the speculative distance and by the motion possible in one tick
     * (swept along the linear velocity, grown all round by angular speed × radius). The fat bound
     * is replaced, with {@code aabbMargin} to spare, when this no longer fits inside it or when it
     * has more than twice the margin to spare on a side: a bound left large by a fast fall would
     * keep pairing the body, at rest, with everything it passed near (with the default margin of 0
     * the bound is this one every tick).
     */
    public void refitBounds(int k, boolean force, WorldSettings settings) {
        double[] wp = colliders.worldPos;
        double[] wr = colliders.worldRot;
        scratchPos.set(wp[3 * k], wp[3 * k + 1], wp[3 * k + 2]);
        scratchRot.set(wr[4 * k], wr[4 * k + 1], wr[4 * k + 2], wr[4 * k + 3]);
        colliders.shape[k].computeBounds(scratchPos, scratchRot, bounds, 0);
        int b = colliders.body[k];
        double dt = settings.tickSeconds();
        double grow = settings.speculativeDistance() + dt * length(bodies.angVel, b) * colliders.maxRadius[k];
        double[] fb = colliders.fatBounds;
        double m = settings.aabbMargin();
        double loose = 2 * m;
        boolean keep = !force;
        for (int a = 0; a < 3; a++) {
            double v = bodies.linVel[3 * b + a] * dt;
            bounds[a] += Math.min(0, v) - grow;
            bounds[a + 3] += Math.max(0, v) + grow;
            double below = bounds[a] - fb[6 * k + a];
            double above = fb[6 * k + a + 3] - bounds[a + 3];
            keep &= below >= 0 && above >= 0 && below <= loose && above <= loose;
        }
        if (!keep) {
            for (int a = 0; a < 3; a++) {
                fb[6 * k + a] = bounds[a] - m;
                fb[6 * k + a + 3] = bounds[a + 3] + m;
            }
        }
    }

    /** The pair and point of the last {@link #deepest()} (null when nothing overlapped). */
    public ContactPair deepestPair;
    public int deepestPoint;

    /**
     * The deepest overlap among current contact points, metres (≥ 0): each point's separation from
     * the bodies' current poses. Leaves its pair and point in {@link #deepestPair}, {@link #deepestPoint}.
     */
    public double deepest() {
        double deepest = 0;
        ContactPair best = null;
        int bestK = -1;
        for (int i = 0; i < pairCount; i++) {
            for (ContactPair c = pairs[i]; c != null; c = c.nextPatch) {
                for (int k = 0; k < c.pointCount; k++) {
                    double s = c.separationNow(bodies, k);
                    if (-s > deepest) {
                        deepest = -s;
                        best = c;
                        bestK = k;
                    }
                }
            }
        }
        deepestPair = best;
        deepestPoint = bestK;
        return deepest;
    }

    /** Drops the pairs between bodies a and b (a joint now keeps them from colliding). */
    public void removePair(int a, int b) {
        removeWhere(a, b);
    }

    /** Drops every pair of body b (it is being destroyed). */
    public void removeBody(int b) {
        removeWhere(b, -1);
    }

    /** Drops the pairs of body a with body b, or with any body when b is −1. */
    private void removeWhere(int a, int b) {
        int w = 0;
        for (int i = 0; i < pairCount; i++) {
            ContactPair p = pairs[i];
            boolean hit = b < 0 ? (p.bodyA == a || p.bodyB == a)
                    : (p.bodyA == a && p.bodyB == b) || (p.bodyA == b && p.bodyB == a);
            if (hit) {
                releasePair(p);
            } else {
                pairKeys[w] = pairKeys[i];
                pairs[w++] = p;
            }
        }
        for (int i = w; i < pairCount; i++) {
            pairs[i] = null;
        }
        pairCount = w;
    }

    public void releaseAllPairs() {
        for (int i = 0; i < pairCount; i++) {
            releasePair(pairs[i]);
            pairs[i] = null;
        }
        pairCount = 0;
    }

    /** True if colliders a and b have a contact pair (binary search on the sorted keys). */
    public boolean hasPair(int a, int b) {
        long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        int lo = 0;
        int hi = pairCount - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long k = pairKeys[mid];
            if (k < key) {
                lo = mid + 1;
            } else if (k > key) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Pairs plus the further patches of terrain pairs. */
    public int entryCount() {
        int n = 0;
        for (int i = 0; i < pairCount; i++) {
            for (ContactPair p = pairs[i]; p != null; p = p.nextPatch) {
                n++;
            }
        }
        return n;
    }

    public void appendPair(ContactPair p) {
        if (pairCount == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * pairCount);
        }
        if (pairCount == pairKeys.length) {
            pairKeys = Arrays.copyOf(pairKeys, pairs.length);
        }
        pairKeys[pairCount] = p.key;
        pairs[pairCount++] = p;
    }
}
