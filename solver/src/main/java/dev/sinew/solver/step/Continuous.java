package dev.sinew.solver.step;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.BroadPhase;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.state.WorldState;
import java.util.Arrays;

/**
 * The second tier of continuous collision, after speculative contacts: a time-of-impact sweep at
 * the end of each tick for bodies that moved farther than their core radius in it (per substep,
 * more than an eighth of their smallest extent at the default four substeps), and for bodies
 * flagged {@code BodySettings.bullet} whenever they move; bodies whose {@code continuousCollision}
 * is off are not swept (they stay targets of the others' sweeps). A speculative
 * contact only exists for a pair the tick started with; a body knocked into a new direction
 * during the tick (a 250 m/s sphere bounced off another toward a wall it had no pair with) can
 * cross that wall in one tick. So each such body's core, the largest sphere inside its shape about
 * the shape's centre (for a sphere, the sphere itself), is swept along the straight path from its
 * pose at the start of the tick to its pose now against every other collider, by conservative
 * advancement: against a moving body (dynamic or kinematic) the path is the relative one (its
 * displacement over the tick taken out), against its pose now. On a hit the body is moved back
 * to just before the time of impact (its velocity is kept: next tick's speculative contact, whose
 * pair now exists, stops it). The core keeps a resting body (which moves less than its core) out
 * of the sweep; a core touching a surface at the start of the tick or moving nearly along it is not
 * stopped by it; an unjointed body's orientation is left as it is.
 *
 * <p>Bodies joined by joints move back together: the earliest time of impact among an
 * articulation's fast bodies is taken for all of its bodies (positions and orientations put back
 * to that fraction of their motion over the tick, then an articulation's bodies moved so that its
 * joints' anchors meet again), so that no joint is pulled apart; an
 * articulation's bodies are not swept against each other, and a jointed body's hit counts only
 * when its core ends the tick through the target or with its centre past the surface. A jointed
 * body that moved at all and ends the tick newly more than {@link Tuning#DEEP_ENTRY} deep in a
 * static collider (a limb knocked into the ground by a blow within the tick, which no speculative
 * contact saw coming) puts its articulation back to where it entered no deeper than the slop.
 *
 * <p>Cost: O(fast bodies × colliders whose bounds meet the sweep), each sweep a few narrowphase
 * calls; allocates nothing after a body's first fast tick (its core sphere is made once).
 */
public final class Continuous {

    private final NarrowPhase np = new NarrowPhase();
    private final ContactManifold m = new ContactManifold();
    private final Transform ta = new Transform();
    private final Transform tb = new Transform();
    private Sphere[] cores = new Sphere[16];
    /** Articulation of each body (union–find root over joints; the body itself when unjointed). */
    private int[] group = new int[16];
    /** Per articulation root: the earliest fraction of the tick a member may keep (1 = all). */
    private double[] keep = new double[16];
    private boolean[] jointed = new boolean[16];
    private final double[] c0 = new double[3];
    private final double[] c1 = new double[3];
    private final double[] sweep = new double[6];
    private final double[] path = new double[6];
    private final double[] shapePath = new double[6];
    private final double[] posNow = new double[3];
    private final double[] rotNow = new double[4];
    /** Bodies put back: their poses at the end of the tick, 3 and 4 per body slot. */
    private double[] endPos = new double[48];
    private double[] endRot = new double[64];
    /** This tick's deep entries ({@link #deepEntry}): the body and the static collider it entered. */
    private int[] deepBody = new int[4];
    private int[] deepTarget = new int[4];
    private int deepCount;
    /** The last tick's sweeps for debug drawing: from xyz, to xyz (after any move back), hit flag. */
    public double[] sweeps = new double[6 * 64];
    public boolean[] sweepHit = new boolean[64];
    public int sweepCount;
    private int[] swept = new int[16];

    /** Forgets the last tick's sweeps (a tick without continuous collision). */
    void clear() {
        sweepCount = 0;
    }

    /** Sweeps the fast bodies of the tick that just ended; returns how many bodies were moved back. */
    int run(WorldState w, TickContext ctx) {
        double slop = ctx.linearSlop;
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        if (cores.length < b.capacity) {
            cores = Arrays.copyOf(cores, b.capacity);
        }
        if (group.length < b.capacity) {
            group = new int[b.capacity];
            keep = new double[b.capacity];
            jointed = new boolean[b.capacity];
        }
        for (int i = 0; i < b.high; i++) {
            group[i] = i;
            keep[i] = 1;
            jointed[i] = false;
        }
        Joints joints = w.joints;
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                jointed[joints.bodyA[j]] = true;
                jointed[joints.bodyB[j]] = true;
                int ra = find(joints.bodyA[j]);
                int rb = find(joints.bodyB[j]);
                if (ra != rb) {
                    group[Math.max(ra, rb)] = Math.min(ra, rb);
                }
            }
        }
        sweepCount = 0;
        deepCount = 0;
        int nSwept = 0;
        boolean anyHit = false;
        for (int n = 0; n < ctx.awakeDynamicCount; n++) {
            int i = ctx.awakeDynamic[n];
            if (b.shapes[i].length == 0 || !b.continuous[i]) {
                continue;
            }
            int k = b.shapes[i][0];
            double inner = innerRadius(c.shape[k]);
            if (!(inner > 0)) {
                continue;
            }
            centre(b.prevPos, b.prevRot, i, c, k, c0);
            centre(b.pos, b.rot, i, c, k, c1);
            double dx = c1[0] - c0[0];
            double dy = c1[1] - c0[1];
            double dz = c1[2] - c0[2];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(len > (b.bullet[i] ? Tuning.SWEEP_TOLERANCE : inner))) {
                // too slow for its core to pass anything; a jointed body knocked within the tick can
                // still end deep in the ground (a head 4 cm above it moved 6 cm)
                if (jointed[i] && mayEnterDeep(b, i, len, 2 * c.maxRadius[k])
                        && len + turn(b, i) * 2 * c.maxRadius[k] > Tuning.DEEP_ENTRY) {
                    int g = find(i);
                    double f = deepEntry(w, i, k, g, slop);
                    if (f < 1) {
                        keep[g] = Math.min(keep[g], f);
                        anyHit = true;
                    }
                }
                continue;
            }
            double r = inner;
            if (cores[i] == null || cores[i].radius() != r) {
                cores[i] = new Sphere(r);
            }
            int gi = find(i);
            double hit = 1;
            // the absolute path's box: a body it can meet has fat bounds (which hold its own motion
            // over the tick) that overlap it
            for (int a = 0; a < 3; a++) {
                path[a] = Math.min(c0[a], c1[a]) - r;
                path[a + 3] = Math.max(c0[a], c1[a]) + r;
            }
            // the candidates: the planes, then the colliders in the broadphase's cells that the path
            // covers (or, for a path across too many cells, the colliders by the min x of their
            // bounds up to the path's max x). The earliest hit is the least over them, which does
            // not depend on the order they are visited in.
            BroadPhase bp = w.broadPhase;
            int planes = bp.planeCount();
            int found = bp.query(path);
            int others = found >= 0 ? found : bp.sortedCount();
            for (int at = 0; at < planes + others; at++) {
                int q = at < planes ? bp.plane(at) : found >= 0 ? bp.found(at - planes) : bp.sorted(at - planes);
                if (found < 0 && !c.isPlane[q] && c.fatBounds[6 * q] > path[3]) {
                    break;
                }
                if (!c.alive[q] || (!c.isPlane[q] && !overlap(path, c.fatBounds, 6 * q))) {
                    continue;
                }
                int bq = c.body[q];
                if (bq == i || find(bq) == gi || (c.category[k] & c.mask[q]) == 0 || (c.category[q] & c.mask[k]) == 0) {
                    continue;
                }
                if (b.type[bq] == Bodies.DYNAMIC && w.contacts.hasPair(k, q)) {
                    continue; // their speculative contact saw both motions
                }
                // the target's displacement over the tick, taken out of the path (0 for a static body)
                double ox = b.pos[3 * bq] - b.prevPos[3 * bq];
                double oy = b.pos[3 * bq + 1] - b.prevPos[3 * bq + 1];
                double oz = b.pos[3 * bq + 2] - b.prevPos[3 * bq + 2];
                double sx = c0[0] + ox;
                double sy = c0[1] + oy;
                double sz = c0[2] + oz;
                double px = c1[0] - sx;
                double py = c1[1] - sy;
                double pz = c1[2] - sz;
                double plen = Math.sqrt(px * px + py * py + pz * pz);
                if (!(plen > 1e-9)) {
                    continue;
                }
                if (!c.isPlane[q]) {
                    for (int a = 0; a < 3; a++) {
                        double from = a == 0 ? sx : (a == 1 ? sy : sz);
                        sweep[a] = Math.min(from, c1[a]) - r;
                        sweep[a + 3] = Math.max(from, c1[a]) + r;
                    }
                    if (!overlap(sweep, c.fatBounds, 6 * q)) {
                        continue;
                    }
                }
                w.contacts.colliderTransform(q, tb);
                double t = 0;
                // advance only as far as a hit of this target could come before the best so far
                // (its slop taken off): the least over the targets, whatever order they come in
                double reach = Math.min(1, hit + slop / plen);
                for (int it = 0; it < Tuning.SWEEP_ADVANCES && t < reach; it++) {
                    ta.set(sx + t * px, sy + t * py, sz + t * pz, 0, 0, 0, 1);
                    np.collide(cores[i], ta, c.shape[q], tb, Double.MAX_VALUE, m);
                    if (m.pointCount == 0) {
                        break;
                    }
                    double d = m.minSeparation();
                    if (d < Tuning.SWEEP_TOLERANCE) {
                        // A core touching at the start is not a tunnel, and one grazing along a
                        // surface (moving less than about 12° into it) is left to its contact.
                        double into = (m.nx * px + m.ny * py + m.nz * pz) / plen;
                        if (t > 0 && into > Tuning.SWEEP_GRAZING && (!jointed[i] || tunnelled(cores[i], c.shape[q], c1, r))) {
                            hit = Math.min(hit, Math.max(0, t - slop / plen));
                        }
                        break;
                    }
                    t += d / plen;
                }
            }
            if (jointed[i]) {
                hit = Math.min(hit, deepEntry(w, i, k, gi, slop));
            }
            if (hit < 1) {
                keep[gi] = Math.min(keep[gi], hit);
                anyHit = true;
            }
            if (nSwept == swept.length) {
                swept = Arrays.copyOf(swept, 2 * nSwept);
            }
            swept[nSwept++] = i;
        }
        int moved = 0;
        if (anyHit) {
            // every body of an articulation that hit goes back to the same fraction of its motion
            if (back.length < b.capacity) {
                back = new boolean[b.capacity];
                endPos = new double[3 * b.capacity];
                endRot = new double[4 * b.capacity];
            }
            for (int i = 0; i < b.high; i++) {
                back[i] = false;
                if (b.alive[i] && b.type[i] == Bodies.DYNAMIC) {
                    double f = keep[find(i)];
                    if (f < 1) {
                        System.arraycopy(b.pos, 3 * i, endPos, 3 * i, 3);
                        System.arraycopy(b.rot, 4 * i, endRot, 4 * i, 4);
                        putBack(b, i, f, jointed[i]);
                        back[i] = true;
                        moved++;
                    }
                }
            }
            close(b, joints);
            holdDeepEntries(w, joints);
        }
        for (int s = 0; s < nSwept; s++) {
            int i = swept[s];
            int k = b.shapes[i][0];
            double f = keep[find(i)];
            centre(b.prevPos, b.prevRot, i, c, k, c0);
            centre(b.pos, b.rot, i, c, k, c1);
            record(c0[0], c0[1], c0[2], c1[0], c1[1], c1[2], f < 1);
        }
        return moved;
    }

    /**
     * For a jointed body: the fraction of its motion over the tick (position lerped, orientation
     * nlerped, as {@link #putBack} moves it) at which its shape is no deeper than the slop in a
     * static collider that it ends the tick more than {@link Tuning#DEEP_ENTRY} deep in and touched
     * no deeper than the slop at the start; 1 if there is none. The core's sweep misses this: a
     * limb knocked into the ground by a blow within the tick, turning fast, can end centimetres deep
     * with its core still above the surface. Bisection on the fraction, the least over the
     * colliders, so the visiting order does not matter.
     */
    private double deepEntry(WorldState w, int i, int k, int gi, double slop) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        double reach = c.maxRadius[k];
        for (int a = 0; a < 3; a++) {
            double from = b.prevPos[3 * i + a];
            double to = b.pos[3 * i + a];
            shapePath[a] = Math.min(from, to) - reach;
            shapePath[a + 3] = Math.max(from, to) + reach;
        }
        BroadPhase bp = w.broadPhase;
        int planes = bp.planeCount();
        int found = bp.query(shapePath);
        int others = found >= 0 ? found : bp.sortedCount();
        double best = 1;
        boolean posed = false;
        for (int at = 0; at < planes + others; at++) {
            int q = at < planes ? bp.plane(at) : found >= 0 ? bp.found(at - planes) : bp.sorted(at - planes);
            if (found < 0 && !c.isPlane[q] && c.fatBounds[6 * q] > shapePath[3]) {
                break;
            }
            int bq = c.body[q];
            if (!c.alive[q] || b.type[bq] != Bodies.STATIC || (!c.isPlane[q] && !overlap(shapePath, c.fatBounds, 6 * q))
                    || (c.category[k] & c.mask[q]) == 0 || (c.category[q] & c.mask[k]) == 0 || find(bq) == gi) {
                continue;
            }
            if (depthAt(w, i, k, q, 1) <= Tuning.DEEP_ENTRY) {
                continue;
            }
            posed = true;
            if (depthAt(w, i, k, q, 0) > slop) {
                continue; // touching at the start: the contact's to hold
            }
            double lo = 0;
            double hi = 1;
            for (int it = 0; it < Tuning.DEEP_ENTRY_BISECTIONS; it++) {
                double mid = 0.5 * (lo + hi);
                if (depthAt(w, i, k, q, mid) <= slop) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            best = Math.min(best, lo);
            if (deepCount == deepBody.length) {
                deepBody = Arrays.copyOf(deepBody, 2 * deepCount);
                deepTarget = Arrays.copyOf(deepTarget, 2 * deepCount);
            }
            deepBody[deepCount] = i;
            deepTarget[deepCount++] = q;
        }
        if (posed) {
            w.contacts.updateColliderPose(k); // the pose now again (the tick's end refreshes it too)
        }
        return best;
    }

    /**
     * Closing the joints after the put-back moves a limb away from the pose {@link #deepEntry}
     * measured (each body's position is lerped on its own, the joints then pull them onto each
     * other): a hand put back to 1 mm deep can end 5 mm deep. So each articulation whose deep entry
     * is still deeper than {@link Tuning#DEEP_ENTRY} after closing is put back further, bisecting
     * its fraction with the closing included.
     */
    private void holdDeepEntries(WorldState w, Joints joints) {
        Bodies b = w.bodies;
        for (int e = 0; e < deepCount; e++) {
            int g = find(deepBody[e]);
            if (!(groupDeepest(w, g) > Tuning.DEEP_ENTRY)) {
                continue;
            }
            double lo = 0;
            double hi = keep[g];
            for (int it = 0; it < Tuning.DEEP_ENTRY_BISECTIONS; it++) {
                double mid = 0.5 * (lo + hi);
                placeGroup(b, joints, g, mid);
                if (groupDeepest(w, g) <= Tuning.DEEP_ENTRY) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            keep[g] = lo;
            placeGroup(b, joints, g, lo);
        }
    }

    /** The put-back bodies of articulation g at fraction f of their motion, joints closed. */
    private void placeGroup(Bodies b, Joints joints, int g, double f) {
        for (int i = 0; i < b.high; i++) {
            if (back[i] && find(i) == g) {
                System.arraycopy(endPos, 3 * i, b.pos, 3 * i, 3);
                System.arraycopy(endRot, 4 * i, b.rot, 4 * i, 4);
                putBack(b, i, f, jointed[i]);
            }
        }
        close(b, joints);
    }

    /** The deepest of articulation g's deep entries in their static colliders, as its bodies stand now. */
    private double groupDeepest(WorldState w, int g) {
        double deepest = 0;
        for (int e = 0; e < deepCount; e++) {
            int i = deepBody[e];
            if (find(i) == g) {
                int k = w.bodies.shapes[i][0];
                deepest = Math.max(deepest, depthAt(w, i, k, deepTarget[e], 1));
                w.contacts.updateColliderPose(k);
            }
        }
        return deepest;
    }

    /**
     * False when body i certainly moved less than {@link Tuning#DEEP_ENTRY} with a point at
     * {@code diameter}/2 from its centre: len + diameter·{@link #turn} is bounded with
     * turn = 2·acos|d| ≤ π·√(1 − d²) (sin θ ≥ 2θ/π on [0, π/2]; d the quaternions' dot), taken a
     * little larger so that rounding cannot matter, which spares the arc cosine of the bodies that
     * barely turned.
     */
    private static boolean mayEnterDeep(Bodies b, int i, double len, double diameter) {
        double dot = 0;
        for (int a = 0; a < 4; a++) {
            dot += b.prevRot[4 * i + a] * b.rot[4 * i + a];
        }
        double bound = 3.2 * Math.sqrt(Math.max(0, 1 - dot * dot)) + 1e-6;
        return len + bound * diameter > Tuning.DEEP_ENTRY;
    }

    /** The angle, rad, body i turned through over the tick (its rotation from the pose before it). */
    private static double turn(Bodies b, int i) {
        double dot = 0;
        for (int a = 0; a < 4; a++) {
            dot += b.prevRot[4 * i + a] * b.rot[4 * i + a];
        }
        return 2 * Math.acos(Math.min(1, Math.abs(dot)));
    }

    /** How deep collider k of body i, put at fraction f of its motion, is in collider q (0 when apart). */
    private double depthAt(WorldState w, int i, int k, int q, double f) {
        Bodies b = w.bodies;
        System.arraycopy(b.pos, 3 * i, posNow, 0, 3);
        System.arraycopy(b.rot, 4 * i, rotNow, 0, 4);
        if (f < 1) {
            putBack(b, i, f, true);
        }
        w.contacts.updateColliderPose(k);
        w.contacts.colliderTransform(k, ta);
        w.contacts.colliderTransform(q, tb);
        System.arraycopy(posNow, 0, b.pos, 3 * i, 3);
        System.arraycopy(rotNow, 0, b.rot, 4 * i, 4);
        np.collide(w.colliders.shape[k], ta, w.colliders.shape[q], tb, 0, m);
        return m.pointCount == 0 ? 0 : Math.max(0, -m.minSeparation());
    }

    /**
     * Whether a core that touched the target during the tick ends it through or deep in it: apart
     * again (it passed), or with its centre past the surface. A jointed body is put back (and its
     * whole articulation with it) only then; a core ending in a shallow overlap is left to the
     * contact, as putting a landing ragdoll back every tick its foot sinks a little loses its motion.
     */
    private boolean tunnelled(Sphere core, Shape target, double[] end, double r) {
        ta.set(end[0], end[1], end[2], 0, 0, 0, 1);
        np.collide(core, ta, target, tb, Double.MAX_VALUE, m);
        return m.pointCount == 0 || m.minSeparation() > 0 || m.minSeparation() < -r;
    }

    /**
     * Puts body i at fraction f of its motion over the tick: position lerped; a jointed body's
     * orientation nlerped too (its anchors then stay together to first order in its turn; see
     * {@link #close}), an unjointed body's left as it is.
     */
    private static void putBack(Bodies b, int i, double f, boolean turn) {
        for (int a = 0; a < 3; a++) {
            b.pos[3 * i + a] = b.prevPos[3 * i + a] + f * (b.pos[3 * i + a] - b.prevPos[3 * i + a]);
        }
        if (!turn) {
            return;
        }
        double dot = 0;
        for (int a = 0; a < 4; a++) {
            dot += b.prevRot[4 * i + a] * b.rot[4 * i + a];
        }
        double sign = dot < 0 ? -1 : 1;
        double n = 0;
        for (int a = 0; a < 4; a++) {
            double q = (1 - f) * b.prevRot[4 * i + a] + f * sign * b.rot[4 * i + a];
            b.rot[4 * i + a] = q;
            n += q * q;
        }
        n = 1 / Math.sqrt(n);
        for (int a = 0; a < 4; a++) {
            b.rot[4 * i + a] *= n;
        }
    }

    /** Per body: put back this tick. */
    private boolean[] back = new boolean[16];
    private boolean[] placed = new boolean[16];
    private int[] adjStart = new int[17];
    private int[] adj = new int[16];
    private int[] queue = new int[16];

    /**
     * Closes the articulated joints of the bodies put back. Lerped positions and nlerped
     * orientations keep a joint's anchors together only to first order in the turn over the tick:
     * a landing ragdoll put back opened its joints by up to 0.6 mm, where the articulation had
     * closed them to round-off. Breadth-first over the articulated joints (rigid points only) from
     * the bodies that were not put back (a tree's base), then from each other tree's lowest slot,
     * every body put back is moved, its orientation kept, so that its anchor meets the one of the
     * body it was reached from.
     */
    private void close(Bodies b, Joints joints) {
        if (adjStart.length < b.high + 1) {
            adjStart = new int[b.capacity + 1];
            placed = new boolean[b.capacity];
            queue = new int[b.capacity];
        }
        if (adj.length < 2 * joints.high) {
            adj = new int[2 * joints.alive.length];
        }
        Arrays.fill(adjStart, 0, b.high + 1, 0);
        for (int j = 0; j < joints.high; j++) {
            if (closes(joints, j)) {
                adjStart[joints.bodyA[j] + 1]++;
                adjStart[joints.bodyB[j] + 1]++;
            }
        }
        for (int i = 0; i < b.high; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        for (int j = 0; j < joints.high; j++) {
            if (closes(joints, j)) {
                adj[adjStart[joints.bodyA[j]]++] = j;
                adj[adjStart[joints.bodyB[j]]++] = j;
            }
        }
        for (int i = b.high; i > 0; i--) {
            adjStart[i] = adjStart[i - 1];
        }
        adjStart[0] = 0;
        for (int i = 0; i < b.high; i++) {
            placed[i] = !back[i];
        }
        for (int i = 0; i < b.high; i++) {
            if (!back[i] && adjStart[i + 1] > adjStart[i]) {
                reach(b, joints, i);
            }
        }
        for (int i = 0; i < b.high; i++) {
            if (!placed[i]) {
                placed[i] = true;
                reach(b, joints, i);
            }
        }
    }

    private static boolean closes(Joints joints, int j) {
        return joints.alive[j] && joints.articulated[j] && joints.pointSpring[j] == null;
    }

    /** Breadth-first from placed body s: each body put back reached over a joint is moved onto it. */
    private void reach(Bodies b, Joints joints, int s) {
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        while (head < tail) {
            int u = queue[head++];
            for (int e = adjStart[u]; e < adjStart[u + 1]; e++) {
                int j = adj[e];
                boolean uIsA = joints.bodyA[j] == u;
                int v = uIsA ? joints.bodyB[j] : joints.bodyA[j];
                if (placed[v]) {
                    continue;
                }
                placed[v] = true;
                double[] lu = uIsA ? joints.localA : joints.localB;
                double[] lv = uIsA ? joints.localB : joints.localA;
                int o = 3 * j;
                b.pos[3 * v] = b.pos[3 * u] + Quaternions.rotX(b.rot, u, lu, o) - Quaternions.rotX(b.rot, v, lv, o);
                b.pos[3 * v + 1] = b.pos[3 * u + 1] + Quaternions.rotY(b.rot, u, lu, o) - Quaternions.rotY(b.rot, v, lv, o);
                b.pos[3 * v + 2] = b.pos[3 * u + 2] + Quaternions.rotZ(b.rot, u, lu, o) - Quaternions.rotZ(b.rot, v, lv, o);
                queue[tail++] = v;
            }
        }
    }

    private int find(int i) {
        while (group[i] != i) {
            group[i] = group[group[i]];
            i = group[i];
        }
        return i;
    }

    private void record(double ax, double ay, double az, double bx, double by, double bz, boolean hit) {
        if (sweepCount == sweepHit.length) {
            sweeps = Arrays.copyOf(sweeps, 2 * sweeps.length);
            sweepHit = Arrays.copyOf(sweepHit, 2 * sweepHit.length);
        }
        int o = 6 * sweepCount;
        sweeps[o] = ax;
        sweeps[o + 1] = ay;
        sweeps[o + 2] = az;
        sweeps[o + 3] = bx;
        sweeps[o + 4] = by;
        sweeps[o + 5] = bz;
        sweepHit[sweepCount++] = hit;
    }

    private final double[] v3 = new double[3];
    private final double[] t3 = new double[3];

    /** World centre of body i's collider k for the body pose (pos, rot): the shape origin (a hull's centroid). */
    private void centre(double[] pos, double[] rot, int i, Colliders c, int k, double[] out) {
        v3[0] = c.comOffset[3 * k];
        v3[1] = c.comOffset[3 * k + 1];
        v3[2] = c.comOffset[3 * k + 2];
        if (c.shape[k] instanceof ConvexHull h) {
            // plus the centroid, turned by the collider's local rotation
            t3[0] = h.centroid(0);
            t3[1] = h.centroid(1);
            t3[2] = h.centroid(2);
            Quaternions.toWorld(c.localRot, k, t3, 0, out);
            v3[0] += out[0];
            v3[1] += out[1];
            v3[2] += out[2];
        }
        Quaternions.toWorld(rot, i, v3, 0, t3);
        out[0] = pos[3 * i] + t3[0];
        out[1] = pos[3 * i + 1] + t3[1];
        out[2] = pos[3 * i + 2] + t3[2];
    }

    /** Radius of the largest sphere about the shape's centre that lies inside it, m (0 if none). */
    public static double innerRadius(Shape s) {
        if (s instanceof Sphere sp) {
            return sp.radius();
        }
        if (s instanceof Capsule cp) {
            return cp.radius();
        }
        if (s instanceof Box bx) {
            return Math.min(bx.halfX(), Math.min(bx.halfY(), bx.halfZ()));
        }
        if (s instanceof ConvexHull h) {
            double r = Double.POSITIVE_INFINITY;
            for (int f = 0; f < h.faceCount(); f++) {
                double d = h.plane(f, 3) - (h.plane(f, 0) * h.centroid(0) + h.plane(f, 1) * h.centroid(1)
                        + h.plane(f, 2) * h.centroid(2));
                r = Math.min(r, d);
            }
            return Math.max(0, r);
        }
        return 0;
    }

    private static boolean overlap(double[] a, double[] b, int o) {
        return a[0] <= b[o + 3] && a[3] >= b[o] && a[1] <= b[o + 4] && a[4] >= b[o + 1] && a[2] <= b[o + 5]
                && a[5] >= b[o + 2];
    }
}
