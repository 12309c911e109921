package dev.sinew.solver;

import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.collision.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import java.util.Arrays;

/**
 * The second tier of continuous collision, after speculative contacts: a time-of-impact sweep at
 * the end of each tick for bodies that moved farther than their core radius in it. A speculative
 * contact only exists for a pair the tick started with; a body knocked into a new direction
 * during the tick (a 250 m/s sphere bounced off another toward a wall it had no pair with) can
 * cross that wall in one tick. So each such body's core, the largest sphere inside its shape about
 * the shape's centre (for a sphere, the sphere itself), is swept along the straight path from its pose at the start of
 * the tick to its pose now, against every static and kinematic collider, by conservative
 * advancement; on a hit the body is moved back to just before the time of impact (its velocity
 * is kept: next tick's speculative contact, whose pair now exists, stops it). The core keeps a
 * resting body (which moves less than its core) out of the sweep; a core touching a surface at
 * the start of the tick or moving nearly along it is not stopped by it; orientation
 * is left as it is. Bodies with joints are left to their speculative contacts: moving one link
 * back alone would pull its joints apart (a sweep of the whole articulation is still to come).
 *
 * <p>Cost: O(fast bodies × static colliders whose bounds meet the sweep); allocates nothing
 * after a body's first fast tick (its core sphere is made once).
 */
final class Continuous {
    /** A sweep stops this close to the surface, m. */
    static final double TOLERANCE = 1e-4;
    static final int MAX_ADVANCES = 32;
    /** Sine of the smallest angle into a surface that counts as a hit. */
    static final double GRAZING = 0.2;

    private final NarrowPhase np = new NarrowPhase();
    private final ContactManifold m = new ContactManifold();
    private final Transform ta = new Transform();
    private final Transform tb = new Transform();
    private int[] statics = new int[16];
    private Sphere[] cores = new Sphere[16];
    private boolean[] jointed = new boolean[16];
    private final double[] c0 = new double[3];
    private final double[] c1 = new double[3];
    private final double[] sweep = new double[6];
    /** The last tick's sweeps for debug drawing: from xyz, to xyz (after any move back), hit flag. */
    double[] sweeps = new double[6 * 64];
    boolean[] sweepHit = new boolean[64];
    int sweepCount;

    /** Sweeps the fast bodies of the tick that just ended; returns how many were moved back. */
    int run(World w, double slop) {
        Bodies b = w.bodies;
        Colliders c = w.colliders;
        int ns = 0;
        for (int k = 0; k < c.high; k++) {
            if (c.alive[k] && b.type[c.body[k]] != Bodies.DYNAMIC) {
                if (ns == statics.length) {
                    statics = Arrays.copyOf(statics, 2 * ns);
                }
                statics[ns++] = k;
            }
        }
        if (cores.length < b.capacity) {
            cores = Arrays.copyOf(cores, b.capacity);
        }
        if (jointed.length < b.capacity) {
            jointed = new boolean[b.capacity];
        }
        Arrays.fill(jointed, 0, b.high, false);
        Joints joints = w.joints;
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                jointed[joints.bodyA[j]] = true;
                jointed[joints.bodyB[j]] = true;
            }
        }
        int clamped = 0;
        sweepCount = 0;
        if (ns == 0) {
            return 0;
        }
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC || !b.awake[i] || b.shapes[i].length == 0 || jointed[i]) {
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
            if (!(len > inner)) {
                continue;
            }
            double r = inner;
            if (cores[i] == null || cores[i].radius() != r) {
                cores[i] = new Sphere(r);
            }
            for (int a = 0; a < 3; a++) {
                sweep[a] = Math.min(c0[a], c1[a]) - r;
                sweep[a + 3] = Math.max(c0[a], c1[a]) + r;
            }
            double hit = 1;
            for (int s = 0; s < ns; s++) {
                int q = statics[s];
                if (!c.isPlane[q] && !overlap(sweep, c.fatBounds, 6 * q)) {
                    continue;
                }
                w.colliderTransform(q, tb);
                double t = 0;
                for (int it = 0; it < MAX_ADVANCES && t < hit; it++) {
                    ta.set(c0[0] + t * dx, c0[1] + t * dy, c0[2] + t * dz, 0, 0, 0, 1);
                    np.collide(cores[i], ta, c.shape[q], tb, Double.MAX_VALUE, m);
                    if (m.pointCount == 0) {
                        break;
                    }
                    double d = m.minSeparation();
                    if (d < TOLERANCE) {
                        // A core touching at the start is not a tunnel, and one grazing along a
                        // surface (moving less than about 12° into it) is left to its contact.
                        double into = (m.nx * dx + m.ny * dy + m.nz * dz) / len;
                        if (t > 0 && into > GRAZING) {
                            hit = t;
                        }
                        break;
                    }
                    t += d / len;
                }
            }
            double back = 0;
            if (hit < 1) {
                back = Math.max(0, hit - slop / len) - 1;
                b.pos[3 * i] += back * dx;
                b.pos[3 * i + 1] += back * dy;
                b.pos[3 * i + 2] += back * dz;
                clamped++;
            }
            record(c0[0], c0[1], c0[2], c1[0] + back * dx, c1[1] + back * dy, c1[2] + back * dz, hit < 1);
        }
        return clamped;
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
            rotate(c.localRot, k, t3, out);
            v3[0] += out[0];
            v3[1] += out[1];
            v3[2] += out[2];
        }
        rotate(rot, i, v3, t3);
        out[0] = pos[3 * i] + t3[0];
        out[1] = pos[3 * i + 1] + t3[1];
        out[2] = pos[3 * i + 2] + t3[2];
    }

    /** out = q_i·v (quaternion i of the packed array q). */
    private static void rotate(double[] q, int i, double[] v, double[] out) {
        double x = q[4 * i];
        double y = q[4 * i + 1];
        double z = q[4 * i + 2];
        double w = q[4 * i + 3];
        double tx = 2 * (y * v[2] - z * v[1]);
        double ty = 2 * (z * v[0] - x * v[2]);
        double tz = 2 * (x * v[1] - y * v[0]);
        out[0] = v[0] + w * tx + (y * tz - z * ty);
        out[1] = v[1] + w * ty + (z * tx - x * tz);
        out[2] = v[2] + w * tz + (x * ty - y * tx);
    }

    /** Radius of the largest sphere about the shape's centre that lies inside it, m (0 if none). */
    static double innerRadius(Shape s) {
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
