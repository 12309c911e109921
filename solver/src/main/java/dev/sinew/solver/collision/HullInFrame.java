package dev.sinew.solver.collision;

import dev.sinew.solver.math.Transform;
import dev.sinew.solver.shape.ConvexHull;

/**
 * A hull's vertices and face planes carried into another frame by a transform: the form both
 * hull colliders test against. Scratch storage, one per collider; grows, then allocates nothing.
 */
final class HullInFrame {
    /** x, y, z per vertex. */
    double[] v = new double[3 * 16];
    /** nx, ny, nz, d per face: n·x = d on the face, n outward. */
    double[] p = new double[4 * 16];

    void load(ConvexHull h, Transform t) {
        int nv = h.vertexCount();
        int nf = h.faceCount();
        if (v.length < 3 * nv) {
            v = new double[3 * nv];
        }
        if (p.length < 4 * nf) {
            p = new double[4 * nf];
        }
        for (int i = 0; i < nv; i++) {
            double x = h.vertex(i, 0);
            double y = h.vertex(i, 1);
            double z = h.vertex(i, 2);
            v[3 * i] = t.pointX(x, y, z);
            v[3 * i + 1] = t.pointY(x, y, z);
            v[3 * i + 2] = t.pointZ(x, y, z);
        }
        for (int f = 0; f < nf; f++) {
            double x = h.plane(f, 0);
            double y = h.plane(f, 1);
            double z = h.plane(f, 2);
            double nx = t.vectorX(x, y, z);
            double ny = t.vectorY(x, y, z);
            double nz = t.vectorZ(x, y, z);
            p[4 * f] = nx;
            p[4 * f + 1] = ny;
            p[4 * f + 2] = nz;
            p[4 * f + 3] = h.plane(f, 3) + nx * t.px + ny * t.py + nz * t.pz;
        }
    }
}
