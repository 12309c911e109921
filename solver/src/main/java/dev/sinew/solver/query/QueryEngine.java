package dev.sinew.solver.query;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.RayHit;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.shape.Terrain;
import dev.sinew.solver.shape.TriangleList;
import dev.sinew.solver.state.WorldState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Ray casts, overlap tests and shape casts against a world's colliders. Each query culls by
 * the broadphase bounds (a linear pass over the colliders) and then tests the shapes exactly.
 * Results are in collider slot order before sorting, so they are deterministic. Rays that start
 * inside a shape do not report it.
 */
public final class QueryEngine {
    private final WorldState world;
    private final NarrowPhase np;
    private final Transform ta = new Transform();
    private final Transform tb = new Transform();
    private final ContactManifold m = new ContactManifold();

    public QueryEngine(WorldState world, NarrowPhase np) {
        this.world = world;
        this.np = np;
    }

    /**
     * The closest hit of the segment from {@code origin} along {@code direction} (any length > 0)
     * up to {@code maxDistance} metres.
     */
    public Optional<RayHit> rayCast(Vector3dc origin, Vector3dc direction, double maxDistance) {
        List<RayHit> all = rayCastAll(origin, direction, maxDistance);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }

    /** Every body the ray enters (its first entry per collider), nearest first. */
    public List<RayHit> rayCastAll(Vector3dc origin, Vector3dc direction, double maxDistance) {
        Check.finite("origin", origin);
        Check.nonZero("direction", direction);
        Check.positive("maxDistance", maxDistance);
        Vector3d d = new Vector3d(direction).normalize();
        Colliders c = world.colliders;
        List<RayHit> hits = new ArrayList<>();
        double[] out = new double[4];
        for (int k = 0; k < c.high; k++) {
            if (!c.alive[k]) {
                continue;
            }
            if (!c.isPlane[k] && !rayHitsBox(c.fatBounds, 6 * k, origin, d, maxDistance)) {
                continue;
            }
            world.contacts.colliderTransform(k, ta);
            double ox = ta.invPointX(origin.x(), origin.y(), origin.z());
            double oy = ta.invPointY(origin.x(), origin.y(), origin.z());
            double oz = ta.invPointZ(origin.x(), origin.y(), origin.z());
            double dx = ta.invVectorX(d.x, d.y, d.z);
            double dy = ta.invVectorY(d.x, d.y, d.z);
            double dz = ta.invVectorZ(d.x, d.y, d.z);
            if (rayShape(c.shape[k], ox, oy, oz, dx, dy, dz, maxDistance, out)) {
                double t = out[0];
                Vector3d p = new Vector3d(origin).fma(t, d);
                Vector3d n = new Vector3d(ta.vectorX(out[1], out[2], out[3]), ta.vectorY(out[1], out[2], out[3]),
                        ta.vectorZ(out[1], out[2], out[3])).normalize();
                int b = c.body[k];
                hits.add(new RayHit(world.handle(b), t / maxDistance, t, p, n));
            }
        }
        hits.sort(Comparator.comparingDouble(RayHit::distance));
        return hits;
    }

    /** Bodies with a collider overlapping {@code shape} placed at the given pose, in slot order, each once. */
    public List<BodyHandle> overlap(Shape shape, Vector3dc position, Quaterniondc rotation) {
        Check.notNull("shape", shape);
        Check.finite("position", position);
        Check.unit("rotation", rotation);
        if (shape.staticOnly()) {
            throw new InvalidArgumentException("shape", shape, "overlap queries take a shape a dynamic body could have");
        }
        double[] bb = new double[6];
        shape.computeBounds(position, rotation, bb, 0);
        ta.set(position.x(), position.y(), position.z(), rotation);
        Colliders c = world.colliders;
        List<BodyHandle> out = new ArrayList<>();
        int lastBody = -1;
        for (int k = 0; k < c.high; k++) {
            if (!c.alive[k] || (!c.isPlane[k] && !boxesOverlap(bb, c.fatBounds, 6 * k))) {
                continue;
            }
            world.contacts.colliderTransform(k, tb);
            np.collide(shape, ta, c.shape[k], tb, 0, m);
            if (m.pointCount > 0 && m.minSeparation() < 0) {
                int b = c.body[k];
                BodyHandle h = world.handle(b);
                if (b != lastBody && !out.contains(h)) {
                    out.add(h);
                }
                lastBody = b;
            }
        }
        out.sort(Comparator.comparingInt(BodyHandle::index));
        return out;
    }

    /**
     * Sweeps a sphere or capsule from its pose along {@code translation} (m, world) and returns the
     * first body it touches. Conservative advancement: at each stage the shape moves by the
     * (lower bound of the) distance to the target, which it cannot cross, until it is within
     * {@code 1e-5} m.
     */
    public Optional<RayHit> shapeCast(Shape shape, Vector3dc position, Quaterniondc rotation, Vector3dc translation) {
        Check.notNull("shape", shape);
        if (!(shape instanceof Sphere) && !(shape instanceof Capsule)) {
            throw new InvalidArgumentException("shape", shape, "shape casts take a sphere or a capsule");
        }
        Check.finite("position", position);
        Check.unit("rotation", rotation);
        Check.nonZero("translation", translation);
        double len = translation.length();
        double[] b0 = new double[6];
        double[] b1 = new double[6];
        shape.computeBounds(position, rotation, b0, 0);
        shape.computeBounds(new Vector3d(position).add(translation), rotation, b1, 0);
        for (int a = 0; a < 3; a++) {
            b0[a] = Math.min(b0[a], b1[a]);
            b0[a + 3] = Math.max(b0[a + 3], b1[a + 3]);
        }
        Colliders c = world.colliders;
        RayHit best = null;
        for (int k = 0; k < c.high; k++) {
            if (!c.alive[k] || (!c.isPlane[k] && !boxesOverlap(b0, c.fatBounds, 6 * k))) {
                continue;
            }
            world.contacts.colliderTransform(k, tb);
            double t = 0;
            for (int iter = 0; iter < 64 && t <= 1; iter++) {
                ta.set(position.x() + t * translation.x(), position.y() + t * translation.y(),
                        position.z() + t * translation.z(), rotation);
                np.collide(shape, ta, c.shape[k], tb, Double.MAX_VALUE, m);
                if (m.pointCount == 0) {
                    t = 2;
                    break;
                }
                double d = m.minSeparation();
                if (d < 1e-5) {
                    if (best == null || t < best.fraction()) {
                        int deepest = 0;
                        for (int i = 1; i < m.pointCount; i++) {
                            if (m.separation[i] < m.separation[deepest]) {
                                deepest = i;
                            }
                        }
                        int bo = c.body[k];
                        best = new RayHit(world.handle(bo), t, t * len,
                                new Vector3d(m.px[deepest], m.py[deepest], m.pz[deepest]),
                                new Vector3d(-m.nx, -m.ny, -m.nz));
                    }
                    break;
                }
                t += d / len;
            }
        }
        return Optional.ofNullable(best);
    }

    private static boolean boxesOverlap(double[] a, double[] b, int o) {
        return a[0] <= b[o + 3] && a[3] >= b[o] && a[1] <= b[o + 4] && a[4] >= b[o + 1] && a[2] <= b[o + 5]
                && a[5] >= b[o + 2];
    }

    private static boolean rayHitsBox(double[] b, int o, Vector3dc origin, Vector3d d, double maxT) {
        double t0 = 0;
        double t1 = maxT;
        for (int a = 0; a < 3; a++) {
            double oa = origin.get(a);
            double da = d.get(a);
            double lo = b[o + a];
            double hi = b[o + a + 3];
            if (Math.abs(da) < 1e-300) {
                if (oa < lo || oa > hi) {
                    return false;
                }
                continue;
            }
            double ta0 = (lo - oa) / da;
            double ta1 = (hi - oa) / da;
            t0 = Math.max(t0, Math.min(ta0, ta1));
            t1 = Math.min(t1, Math.max(ta0, ta1));
            if (t0 > t1) {
                return false;
            }
        }
        return true;
    }

    /** Ray (local frame, unit direction) against a shape; out = {t, nx, ny, nz} (local normal). */
    static boolean rayShape(Shape s, double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
            double[] out) {
        if (s instanceof Sphere sp) {
            return raySphere(ox, oy, oz, dx, dy, dz, 0, 0, 0, sp.radius(), maxT, out);
        }
        if (s instanceof Capsule cp) {
            return rayCapsule(ox, oy, oz, dx, dy, dz, cp.halfHeight(), cp.radius(), maxT, out);
        }
        if (s instanceof Plane pl) {
            double nx = pl.normal().x();
            double ny = pl.normal().y();
            double nz = pl.normal().z();
            double dist = nx * ox + ny * oy + nz * oz - pl.offset();
            double dn = nx * dx + ny * dy + nz * dz;
            if (dist <= 0 || dn >= 0) {
                return false;
            }
            double t = -dist / dn;
            if (t > maxT) {
                return false;
            }
            out[0] = t;
            out[1] = nx;
            out[2] = ny;
            out[3] = nz;
            return true;
        }
        if (s instanceof Terrain t) {
            return rayTerrain(t, ox, oy, oz, dx, dy, dz, maxT, out);
        }
        ConvexHull h = s instanceof Box b ? b.hull() : (ConvexHull) s;
        double tEnter = Double.NEGATIVE_INFINITY;
        double tExit = maxT;
        int face = -1;
        for (int f = 0; f < h.faceCount(); f++) {
            double nx = h.plane(f, 0);
            double ny = h.plane(f, 1);
            double nz = h.plane(f, 2);
            double dist = nx * ox + ny * oy + nz * oz - h.plane(f, 3);
            double dn = nx * dx + ny * dy + nz * dz;
            if (dn == 0) {
                if (dist > 0) {
                    return false;
                }
                continue;
            }
            double t = -dist / dn;
            if (dn < 0) {
                if (t > tEnter) {
                    tEnter = t;
                    face = f;
                }
            } else {
                tExit = Math.min(tExit, t);
            }
            if (tEnter > tExit) {
                return false;
            }
        }
        if (face < 0 || tEnter < 0) {
            return false; // starts inside
        }
        out[0] = tEnter;
        out[1] = h.plane(face, 0);
        out[2] = h.plane(face, 1);
        out[3] = h.plane(face, 2);
        return true;
    }

    /** Ray against the front faces of the terrain's triangles in the ray's bounds (Möller–Trumbore). */
    private static boolean rayTerrain(Terrain terrain, double ox, double oy, double oz, double dx, double dy,
            double dz, double maxT, double[] out) {
        TriangleList list = new TriangleList();
        terrain.overlapping(Math.min(ox, ox + dx * maxT), Math.min(oy, oy + dy * maxT), Math.min(oz, oz + dz * maxT),
                Math.max(ox, ox + dx * maxT), Math.max(oy, oy + dy * maxT), Math.max(oz, oz + dz * maxT), list);
        double[] t = new double[9];
        double[] n = new double[3];
        double best = maxT;
        boolean hit = false;
        for (int i = 0; i < list.count(); i++) {
            terrain.triangle(list.get(i), t, 0);
            double e1x = t[3] - t[0];
            double e1y = t[4] - t[1];
            double e1z = t[5] - t[2];
            double e2x = t[6] - t[0];
            double e2y = t[7] - t[1];
            double e2z = t[8] - t[2];
            Terrain.normal(t, 0, n);
            double dn = n[0] * dx + n[1] * dy + n[2] * dz;
            if (dn >= 0) {
                continue; // parallel or from behind: terrain is one-sided
            }
            double px = dy * e2z - dz * e2y;
            double py = dz * e2x - dx * e2z;
            double pz = dx * e2y - dy * e2x;
            double det = e1x * px + e1y * py + e1z * pz;
            double inv = 1 / det;
            double sx = ox - t[0];
            double sy = oy - t[1];
            double sz = oz - t[2];
            double u = (sx * px + sy * py + sz * pz) * inv;
            if (u < 0 || u > 1) {
                continue;
            }
            double qx = sy * e1z - sz * e1y;
            double qy = sz * e1x - sx * e1z;
            double qz = sx * e1y - sy * e1x;
            double v = (dx * qx + dy * qy + dz * qz) * inv;
            if (v < 0 || u + v > 1) {
                continue;
            }
            double d = (e2x * qx + e2y * qy + e2z * qz) * inv;
            if (d >= 0 && d <= best) {
                best = d;
                hit = true;
                out[0] = d;
                out[1] = n[0];
                out[2] = n[1];
                out[3] = n[2];
            }
        }
        return hit;
    }

    private static boolean raySphere(double ox, double oy, double oz, double dx, double dy, double dz, double cx,
            double cy, double cz, double r, double maxT, double[] out) {
        double mx = ox - cx;
        double my = oy - cy;
        double mz = oz - cz;
        double b = mx * dx + my * dy + mz * dz;
        double c = mx * mx + my * my + mz * mz - r * r;
        if (c <= 0) {
            return false; // starts inside
        }
        if (b > 0) {
            return false;
        }
        double disc = b * b - c;
        if (disc < 0) {
            return false;
        }
        double t = -b - Math.sqrt(disc);
        if (t > maxT) {
            return false;
        }
        out[0] = t;
        out[1] = mx + t * dx;
        out[2] = my + t * dy;
        out[3] = mz + t * dz;
        return true;
    }

    /** Capsule along local Y: the nearer of the cylinder wall (within the core) and the two end spheres. */
    private static boolean rayCapsule(double ox, double oy, double oz, double dx, double dy, double dz, double hh,
            double r, double maxT, double[] out) {
        // Start inside? distance from the core segment.
        double cyc = Math.max(-hh, Math.min(hh, oy));
        if (ox * ox + (oy - cyc) * (oy - cyc) + oz * oz <= r * r) {
            return false;
        }
        double best = Double.POSITIVE_INFINITY;
        double bx = 0;
        double by = 0;
        double bz = 0;
        double a = dx * dx + dz * dz;
        if (a > 1e-300) {
            double b = ox * dx + oz * dz;
            double c = ox * ox + oz * oz - r * r;
            double disc = b * b - a * c;
            if (disc >= 0) {
                double t = (-b - Math.sqrt(disc)) / a;
                double y = oy + t * dy;
                if (t >= 0 && y >= -hh && y <= hh) {
                    best = t;
                    bx = ox + t * dx;
                    by = 0;
                    bz = oz + t * dz;
                }
            }
        }
        double[] tmp = new double[4];
        for (int e = -1; e <= 1; e += 2) {
            if (raySphere(ox, oy, oz, dx, dy, dz, 0, e * hh, 0, r, maxT, tmp) && tmp[0] < best) {
                best = tmp[0];
                bx = tmp[1];
                by = tmp[2];
                bz = tmp[3];
            }
        }
        if (best > maxT) {
            return false;
        }
        out[0] = best;
        out[1] = bx;
        out[2] = by;
        out[3] = bz;
        return true;
    }
}
