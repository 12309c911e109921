package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import dev.sinew.solver.shape.Terrain;

/**
 * Contact manifolds for every pair of shapes. Round shapes (sphere, capsule) are a core
 * segment (a point for a sphere) plus a radius; boxes collide as hulls. Pairs are ordered by
 * kind (plane, round, hull) and the normal is flipped back when the caller's order differs.
 *
 * <p>Only points whose separation is at most {@code margin} are reported: a positive margin
 * gives speculative contacts. One instance per thread: it owns its scratch buffers and does not
 * allocate once they have grown to the largest hull seen.
 */
public final class NarrowPhase {
    static final int KIND_PLANE = 0;
    static final int KIND_ROUND = 1;
    static final int KIND_HULL = 2;
    static final int KIND_TERRAIN = 3;

    final Candidates candidates = new Candidates();
    final SegmentMath seg = new SegmentMath();
    private final SegmentHullCollider segmentHull = new SegmentHullCollider(this);
    private final HullHullCollider hullHull = new HullHullCollider(this);
    private final TerrainCollider terrain = new TerrainCollider(this);
    private final TerrainManifolds terrainScratch = new TerrainManifolds();
    private final double[] segA = new double[7];
    private final double[] segB = new double[7];
    private final double[] basisU = new double[3];
    private final double[] basisV = new double[3];

    static int kind(Shape s) {
        if (s instanceof Plane) {
            return KIND_PLANE;
        }
        if (s instanceof Sphere || s instanceof Capsule) {
            return KIND_ROUND;
        }
        if (s instanceof Terrain) {
            return KIND_TERRAIN;
        }
        return KIND_HULL;
    }

    static ConvexHull hullOf(Shape s) {
        return s instanceof Box b ? b.hull() : (ConvexHull) s;
    }

    /**
     * Computes the manifold of shape {@code a} at world transform {@code ta} against {@code b}
     * at {@code tb}. The normal in {@code out} points from a to b.
     */
    public void collide(Shape a, Transform ta, Shape b, Transform tb, double margin, ContactManifold out) {
        out.clear();
        int ka = kind(a);
        int kb = kind(b);
        if (ka == KIND_TERRAIN || kb == KIND_TERRAIN) {
            // one manifold: the deepest patch (enough for queries and sweeps)
            collideTerrain(a, ta, b, tb, margin, terrainScratch);
            int d = terrainScratch.deepest();
            if (d >= 0) {
                copy(terrainScratch.patch[d], out);
            }
            return;
        }
        if (ka > kb) {
            collideOrdered(b, tb, kb, a, ta, ka, margin, out);
            out.flip();
        } else {
            collideOrdered(a, ta, ka, b, tb, kb, margin, out);
        }
    }

    /** True when either shape is terrain: such a pair has several manifolds, see {@link #collideTerrain}. */
    public static boolean isTerrainPair(Shape a, Shape b) {
        return a instanceof Terrain || b instanceof Terrain;
    }

    /**
     * A shape against terrain (exactly one of {@code a}, {@code b} is terrain): one manifold per
     * patch of triangles with a common normal, normals from a to b. Two terrains (or terrain and
     * a plane) give nothing: both are static.
     */
    public void collideTerrain(Shape a, Transform ta, Shape b, Transform tb, double margin, TerrainManifolds out) {
        collideTerrain(a, ta, b, tb, margin, TerrainManifolds.MAX_PATCHES, out);
    }

    /** As above with at most {@code maxPatches} patches: further normals join the nearest patch. */
    public void collideTerrain(Shape a, Transform ta, Shape b, Transform tb, double margin, int maxPatches,
            TerrainManifolds out) {
        out.count = 0;
        int ka = kind(a);
        int kb = kind(b);
        if (ka == KIND_TERRAIN && kb != KIND_TERRAIN && kb != KIND_PLANE) {
            terrain.collide((Terrain) a, ta, b, tb, kb, margin, maxPatches, out);
        } else if (kb == KIND_TERRAIN && ka != KIND_TERRAIN && ka != KIND_PLANE) {
            terrain.collide((Terrain) b, tb, a, ta, ka, margin, maxPatches, out);
            for (int i = 0; i < out.count; i++) {
                out.patch[i].flip();
            }
        }
    }

    private static void copy(ContactManifold from, ContactManifold to) {
        to.nx = from.nx;
        to.ny = from.ny;
        to.nz = from.nz;
        to.pointCount = from.pointCount;
        for (int k = 0; k < from.pointCount; k++) {
            to.px[k] = from.px[k];
            to.py[k] = from.py[k];
            to.pz[k] = from.pz[k];
            to.separation[k] = from.separation[k];
            to.id[k] = from.id[k];
        }
    }

    private void collideOrdered(Shape a, Transform ta, int ka, Shape b, Transform tb, int kb, double margin,
            ContactManifold out) {
        if (ka == KIND_PLANE) {
            if (kb != KIND_PLANE) {
                collidePlane((Plane) a, ta, b, tb, kb, margin, out);
            }
        } else if (ka == KIND_ROUND) {
            roundSegment(a, ta, segA);
            if (kb == KIND_ROUND) {
                roundSegment(b, tb, segB);
                collideRound(segA, segB, margin, out);
            } else {
                ConvexHull hb = hullOf(b);
                // bounding spheres first: the core's (about its midpoint) and the hull's (about its origin)
                double half = 0.5 * Math.sqrt(sq(segA[3] - segA[0]) + sq(segA[4] - segA[1]) + sq(segA[5] - segA[2]));
                if (apart(0.5 * (segA[0] + segA[3]), 0.5 * (segA[1] + segA[4]), 0.5 * (segA[2] + segA[5]),
                        half + segA[6], tb, hb.maxRadius(), margin)) {
                    return;
                }
                segmentHull.collide(segA, hb, tb, margin, out);
            }
        } else {
            ConvexHull ha = hullOf(a);
            ConvexHull hb = hullOf(b);
            if (apart(ta.px, ta.py, ta.pz, ha.maxRadius(), tb, hb.maxRadius(), margin)) {
                return;
            }
            hullHull.collide(ha, ta, hb, tb, margin, out);
        }
    }

    /**
     * True when two bounding spheres (centre, radius; B's about its transform's origin) are more
     * than {@code margin} apart: the shapes inside them are too, so they have no contact points.
     */
    private static boolean apart(double ax, double ay, double az, double ra, Transform tb, double rb, double margin) {
        double reach = ra + rb + margin;
        return sq(tb.px - ax) + sq(tb.py - ay) + sq(tb.pz - az) > reach * reach;
    }

    private static double sq(double v) {
        return v * v;
    }

    /** World core segment {p0, p1, radius} of a sphere or capsule. */
    static void roundSegment(Shape s, Transform t, double[] d) {
        if (s instanceof Sphere sp) {
            d[0] = d[3] = t.px;
            d[1] = d[4] = t.py;
            d[2] = d[5] = t.pz;
            d[6] = sp.radius();
        } else {
            Capsule c = (Capsule) s;
            double h = c.halfHeight();
            double ax = t.r[1] * h;
            double ay = t.r[4] * h;
            double az = t.r[7] * h;
            d[0] = t.px - ax;
            d[1] = t.py - ay;
            d[2] = t.pz - az;
            d[3] = t.px + ax;
            d[4] = t.py + ay;
            d[5] = t.pz + az;
            d[6] = c.radius();
        }
    }

    /**
     * Depth band (m) within which a hull's points against a plane, or in one patch of a terrain,
     * count as one resting face. Of more than four points within the speculative margin, a
     * manifold keeps those within this band of the deepest (reduced by area if more than four)
     * and fills up with the next shallowest: a box rolling over an edge keeps the corners about
     * to land. Reducing by area alone kept the far corners of the face it was leaving, and a foot
     * landing at 12 rad/s put an unlisted corner 4.4 mm into the ground within one tick
     * (ragdoll-drop); on a flat heightfield, 21 mm (ragdoll-rest).
     */
    static final double PLANE_NEAR_BAND = 0.005;

    private void collidePlane(Plane plane, Transform tp, Shape b, Transform tb, int kb, double margin,
            ContactManifold out) {
        double nx = tp.vectorX(plane.normal().x(), plane.normal().y(), plane.normal().z());
        double ny = tp.vectorY(plane.normal().x(), plane.normal().y(), plane.normal().z());
        double nz = tp.vectorZ(plane.normal().x(), plane.normal().y(), plane.normal().z());
        double d = plane.offset() + nx * tp.px + ny * tp.py + nz * tp.pz;
        out.nx = nx;
        out.ny = ny;
        out.nz = nz;
        Candidates c = candidates;
        c.clear();
        if (kb == KIND_ROUND) {
            roundSegment(b, tb, segB);
            double r = segB[6];
            int ends = (b instanceof Sphere) ? 1 : 2;
            for (int e = 0; e < ends; e++) {
                double x = segB[3 * e];
                double y = segB[3 * e + 1];
                double z = segB[3 * e + 2];
                double s = nx * x + ny * y + nz * z - d - r;
                if (s <= margin) {
                    double k = r + 0.5 * s;
                    c.add(x - nx * k, y - ny * k, z - nz * k, s, e);
                }
            }
        } else {
            ConvexHull h = hullOf(b);
            for (int i = 0, n = h.vertexCount(); i < n; i++) {
                double lx = h.vertex(i, 0);
                double ly = h.vertex(i, 1);
                double lz = h.vertex(i, 2);
                double x = tb.pointX(lx, ly, lz);
                double y = tb.pointY(lx, ly, lz);
                double z = tb.pointZ(lx, ly, lz);
                double s = nx * x + ny * y + nz * z - d;
                if (s <= margin) {
                    c.add(x - 0.5 * s * nx, y - 0.5 * s * ny, z - 0.5 * s * nz, s, i);
                }
            }
        }
        c.reduceNearInto(out, PLANE_NEAR_BAND);
    }

    /**
     * Two round shapes: closest points of the core segments, minus both radii. Nearly parallel
     * capsules that overlap along their length get two points, at the ends of the overlap.
     */
    private void collideRound(double[] a, double[] b, double margin, ContactManifold out) {
        double ra = a[6];
        double rb = b[6];
        seg.closest(a[0], a[1], a[2], a[3], a[4], a[5], b[0], b[1], b[2], b[3], b[4], b[5]);
        double cax = a[0] + seg.s * (a[3] - a[0]);
        double cay = a[1] + seg.s * (a[4] - a[1]);
        double caz = a[2] + seg.s * (a[5] - a[2]);
        double cbx = b[0] + seg.t * (b[3] - b[0]);
        double cby = b[1] + seg.t * (b[4] - b[1]);
        double cbz = b[2] + seg.t * (b[5] - b[2]);
        double dx = cbx - cax;
        double dy = cby - cay;
        double dz = cbz - caz;
        double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (dist - ra - rb > margin) {
            return;
        }
        double nx;
        double ny;
        double nz;
        if (dist > 1e-12) {
            nx = dx / dist;
            ny = dy / dist;
            nz = dz / dist;
        } else {
            // Cores touch: any direction perpendicular to A's axis (or +Y for two points).
            double ux = a[3] - a[0];
            double uy = a[4] - a[1];
            double uz = a[5] - a[2];
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            if (ul < 1e-12) {
                nx = 0;
                ny = 1;
                nz = 0;
            } else {
                double[] u = basisU;
                dev.sinew.solver.math.Basis.orthonormal(ux / ul, uy / ul, uz / ul, u, basisV);
                nx = u[0];
                ny = u[1];
                nz = u[2];
            }
        }
        out.nx = nx;
        out.ny = ny;
        out.nz = nz;
        // Cores within 30° of parallel that overlap along their length: besides the closest
        // points, the two ends of the overlap (each with its own separation along the common
        // normal, speculative when apart) so the pair cannot rock about a single point.
        double s = dist - ra - rb;
        Candidates c = candidates;
        c.clear();
        c.add(cax + nx * (ra + 0.5 * s), cay + ny * (ra + 0.5 * s), caz + nz * (ra + 0.5 * s), s, 0);
        double uax = a[3] - a[0];
        double uay = a[4] - a[1];
        double uaz = a[5] - a[2];
        double ubx = b[3] - b[0];
        double uby = b[4] - b[1];
        double ubz = b[5] - b[2];
        double la2 = uax * uax + uay * uay + uaz * uaz;
        double lb2 = ubx * ubx + uby * uby + ubz * ubz;
        if (la2 > 1e-12 && lb2 > 1e-12) {
            double cos = (uax * ubx + uay * uby + uaz * ubz) / Math.sqrt(la2 * lb2);
            if (Math.abs(cos) > PARALLEL_CAPSULE_COS) {
                // Parameters of B's ends on A's line, clipped to A's extent.
                double t0 = ((b[0] - a[0]) * uax + (b[1] - a[1]) * uay + (b[2] - a[2]) * uaz) / la2;
                double t1 = ((b[3] - a[0]) * uax + (b[4] - a[1]) * uay + (b[5] - a[2]) * uaz) / la2;
                double lo = Math.max(0, Math.min(t0, t1));
                double hi = Math.min(1, Math.max(t0, t1));
                if (hi - lo > 1e-3) {
                    for (int e = 0; e < 2; e++) {
                        double ta = e == 0 ? lo : hi;
                        double px = a[0] + ta * uax;
                        double py = a[1] + ta * uay;
                        double pz = a[2] + ta * uaz;
                        double tb = ((px - b[0]) * ubx + (py - b[1]) * uby + (pz - b[2]) * ubz) / lb2;
                        tb = SegmentMath.clamp01(tb);
                        double qx = b[0] + tb * ubx;
                        double qy = b[1] + tb * uby;
                        double qz = b[2] + tb * ubz;
                        double se = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz - ra - rb;
                        if (se <= margin) {
                            double k = ra + 0.5 * se;
                            c.add(px + nx * k, py + ny * k, pz + nz * k, se, 1 + e);
                        }
                    }
                }
            }
        }
        c.reduceInto(out);
    }

    /** Cosine of the largest angle between two capsule cores that still gets end points (30°). */
    private static final double PARALLEL_CAPSULE_COS = 0.866;


}
