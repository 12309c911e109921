package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;

/**
 * Independent reference for narrowphase tests. For two convex shapes the signed distance is
 * max over unit directions u of gap(u) = min_B(u·x) − max_A(u·x): positive, it is the distance;
 * negative, it is minus the penetration depth (the minimum translation). This evaluates gap(u)
 * from support functions only (no SAT, no clipping) over a dense Fibonacci sphere and then
 * refines the best direction by local search, so it approaches the true maximum from below.
 */
final class BruteForce {
    private BruteForce() {
    }

    /** Support value max_{x∈shape} d·x for shape placed at t, world direction d. */
    static double support(Shape s, Transform t, double dx, double dy, double dz) {
        double base = dx * t.px + dy * t.py + dz * t.pz;
        double lx = t.invVectorX(dx, dy, dz);
        double ly = t.invVectorY(dx, dy, dz);
        double lz = t.invVectorZ(dx, dy, dz);
        if (s instanceof Sphere sp) {
            return base + sp.radius() * Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        if (s instanceof Capsule c) {
            return base + c.halfHeight() * Math.abs(ly) + c.radius() * Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
        ConvexHull h = s instanceof Box b ? b.hull() : (ConvexHull) s;
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < h.vertexCount(); i++) {
            best = Math.max(best, lx * h.vertex(i, 0) + ly * h.vertex(i, 1) + lz * h.vertex(i, 2));
        }
        return base + best;
    }

    static double gap(Shape a, Transform ta, Shape b, Transform tb, double ux, double uy, double uz) {
        return -support(b, tb, -ux, -uy, -uz) - support(a, ta, ux, uy, uz);
    }

    private static final Transform IDENTITY = new Transform().set(0, 0, 0, 0, 0, 0, 1);

    private static ConvexHull hull(Shape s) {
        return s instanceof Box b ? b.hull() : (s instanceof ConvexHull h ? h : null);
    }

    private static double[] edgeWorld(ConvexHull h, int e, Transform t) {
        int v0 = h.edge(e, 0);
        int v1 = h.edge(e, 1);
        double x = h.vertex(v1, 0) - h.vertex(v0, 0);
        double y = h.vertex(v1, 1) - h.vertex(v0, 1);
        double z = h.vertex(v1, 2) - h.vertex(v0, 2);
        return new double[] {t.vectorX(x, y, z), t.vectorY(x, y, z), t.vectorZ(x, y, z)};
    }

    private static double consider(Shape a, Transform ta, Shape b, Transform tb, Transform frame, double lx, double ly,
            double lz, double best, double[] c) {
        double x = frame.vectorX(lx, ly, lz);
        double y = frame.vectorY(lx, ly, lz);
        double z = frame.vectorZ(lx, ly, lz);
        for (int sign = -1; sign <= 1; sign += 2) {
            double g = gap(a, ta, b, tb, sign * x, sign * y, sign * z);
            if (g > best) {
                best = g;
                c[0] = sign * x;
                c[1] = sign * y;
                c[2] = sign * z;
            }
        }
        return best;
    }

    /** Signed distance (negative = penetration depth) and its direction in dir[0..2]. */
    static double signedDistance(Shape a, Transform ta, Shape b, Transform tb, double[] dir) {
        int n = 20000;
        double best = Double.NEGATIVE_INFINITY;
        double bx = 0;
        double by = 1;
        double bz = 0;
        double golden = Math.PI * (3 - Math.sqrt(5));
        for (int i = 0; i < n; i++) {
            double y = 1 - 2.0 * (i + 0.5) / n;
            double r = Math.sqrt(1 - y * y);
            double phi = golden * i;
            double x = r * Math.cos(phi);
            double z = r * Math.sin(phi);
            double g = gap(a, ta, b, tb, x, y, z);
            if (g > best) {
                best = g;
                bx = x;
                by = y;
                bz = z;
            }
        }
        // Polytope pairs: the maximum is attained on a face normal of either shape or on the cross
        // product of an edge of each (every one, no pruning).
        ConvexHull ha = hull(a);
        ConvexHull hb = hull(b);
        if (ha != null && hb != null) {
            double[] c = new double[3];
            for (int f = 0; f < ha.faceCount(); f++) {
                best = consider(a, ta, b, tb, ta, ha.plane(f, 0), ha.plane(f, 1), ha.plane(f, 2), best, c);
            }
            for (int f = 0; f < hb.faceCount(); f++) {
                best = consider(a, ta, b, tb, tb, hb.plane(f, 0), hb.plane(f, 1), hb.plane(f, 2), best, c);
            }
            for (int e = 0; e < ha.edgeCount(); e++) {
                double[] ea = edgeWorld(ha, e, ta);
                for (int g = 0; g < hb.edgeCount(); g++) {
                    double[] eb = edgeWorld(hb, g, tb);
                    double x = ea[1] * eb[2] - ea[2] * eb[1];
                    double y = ea[2] * eb[0] - ea[0] * eb[2];
                    double z = ea[0] * eb[1] - ea[1] * eb[0];
                    double l = Math.sqrt(x * x + y * y + z * z);
                    if (l < 1e-9) {
                        continue;
                    }
                    for (int sign = -1; sign <= 1; sign += 2) {
                        double gg = gap(a, ta, b, tb, sign * x / l, sign * y / l, sign * z / l);
                        if (gg > best) {
                            best = gg;
                            bx = sign * x / l;
                            by = sign * y / l;
                            bz = sign * z / l;
                        }
                    }
                }
            }
            if (c[0] != 0 || c[1] != 0 || c[2] != 0) {
                bx = c[0];
                by = c[1];
                bz = c[2];
            }
        } else {
            // A round shape against a hull: the hull's face normals and the crosses of the core
            // segment with every hull edge are candidates (the penetration optimum is among them).
            ConvexHull hh = ha != null ? ha : hb;
            Transform th = ha != null ? ta : tb;
            Shape round = ha != null ? b : a;
            Transform tr = ha != null ? tb : ta;
            if (hh != null) {
                double[] c = new double[3];
                double before = best;
                for (int f = 0; f < hh.faceCount(); f++) {
                    best = consider(a, ta, b, tb, th, hh.plane(f, 0), hh.plane(f, 1), hh.plane(f, 2), best, c);
                }
                if (round instanceof Capsule) {
                    double sx = tr.r[1];
                    double sy = tr.r[4];
                    double sz = tr.r[7];
                    for (int e = 0; e < hh.edgeCount(); e++) {
                        double[] ed = edgeWorld(hh, e, th);
                        double x = sy * ed[2] - sz * ed[1];
                        double y = sz * ed[0] - sx * ed[2];
                        double z = sx * ed[1] - sy * ed[0];
                        double l = Math.sqrt(x * x + y * y + z * z);
                        if (l > 1e-9) {
                            best = consider(a, ta, b, tb, IDENTITY, x / l, y / l, z / l, best, c);
                        }
                    }
                }
                if (best > before) {
                    bx = c[0];
                    by = c[1];
                    bz = c[2];
                }
            }
            // The gap is smooth away from polytope features; refine with Nelder–Mead over
            // spherical angles from the best direction so far.
            double[] start = {Math.acos(Math.max(-1, Math.min(1, bz))), Math.atan2(by, bx)};
            org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer opt =
                    new org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer(1e-15, 1e-15);
            for (double size : new double[] {0.05, 0.005, 0.0005}) {
                org.apache.commons.math3.optim.PointValuePair p = opt.optimize(
                        new org.apache.commons.math3.optim.MaxEval(20000),
                        new org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction(v -> gap(a, ta, b, tb,
                                Math.sin(v[0]) * Math.cos(v[1]), Math.sin(v[0]) * Math.sin(v[1]), Math.cos(v[0]))),
                        org.apache.commons.math3.optim.nonlinear.scalar.GoalType.MAXIMIZE,
                        new org.apache.commons.math3.optim.InitialGuess(start),
                        new org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex(
                                new double[] {size, size}));
                if (p.getValue() > best) {
                    best = p.getValue();
                    start = p.getPoint();
                }
            }
            bx = Math.sin(start[0]) * Math.cos(start[1]);
            by = Math.sin(start[0]) * Math.sin(start[1]);
            bz = Math.cos(start[0]);
        }
        dir[0] = bx;
        dir[1] = by;
        dir[2] = bz;
        return best;
    }
}
