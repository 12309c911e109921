package dev.sinew.viewer;

import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.Terrain;

/**
 * Triangle meshes as interleaved (position, normal) floats, six per vertex, three vertices per
 * triangle, counter-clockwise seen from outside. Unit shapes: the cube spans [−½, ½]³, the
 * sphere has radius 1, the open cylinder radius 1 and y ∈ [−1, 1] (a capsule is a cylinder and
 * two spheres).
 */
final class Meshes {
    private Meshes() {
    }

    static float[] cube() {
        float[] out = new float[6 * 6 * 6];
        int o = 0;
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                // face normal n = sign·e_axis; in-face axes u, v with u × v = n
                int ua = (axis + 1) % 3;
                int va = (axis + 2) % 3;
                float[][] corners = new float[4][];
                double[][] uv = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
                for (int k = 0; k < 4; k++) {
                    float[] p = new float[3];
                    p[axis] = 0.5f * sign;
                    p[ua] = (float) (0.5 * uv[k][0]);
                    p[va] = (float) (0.5 * uv[k][1] * sign);
                    corners[k] = p;
                }
                float[] n = new float[3];
                n[axis] = sign;
                int[] tri = {0, 1, 2, 0, 2, 3};
                for (int t : tri) {
                    o = put(out, o, corners[t], n);
                }
            }
        }
        return out;
    }

    static float[] sphere(int stacks, int slices) {
        float[] out = new float[stacks * slices * 6 * 6];
        int o = 0;
        for (int i = 0; i < stacks; i++) {
            double t0 = Math.PI * i / stacks;
            double t1 = Math.PI * (i + 1) / stacks;
            for (int j = 0; j < slices; j++) {
                double p0 = 2 * Math.PI * j / slices;
                double p1 = 2 * Math.PI * (j + 1) / slices;
                float[] a = spherePoint(t0, p0);
                float[] b = spherePoint(t1, p0);
                float[] c = spherePoint(t1, p1);
                float[] d = spherePoint(t0, p1);
                o = put(out, o, a, a);
                o = put(out, o, b, b);
                o = put(out, o, c, c);
                o = put(out, o, a, a);
                o = put(out, o, c, c);
                o = put(out, o, d, d);
            }
        }
        return out;
    }

    private static float[] spherePoint(double theta, double phi) {
        return new float[] {(float) (Math.sin(theta) * Math.sin(phi)), (float) Math.cos(theta),
            (float) (Math.sin(theta) * Math.cos(phi))};
    }

    static float[] cylinder(int slices) {
        float[] out = new float[slices * 6 * 6];
        int o = 0;
        for (int j = 0; j < slices; j++) {
            double p0 = 2 * Math.PI * j / slices;
            double p1 = 2 * Math.PI * (j + 1) / slices;
            float[] n0 = {(float) Math.sin(p0), 0, (float) Math.cos(p0)};
            float[] n1 = {(float) Math.sin(p1), 0, (float) Math.cos(p1)};
            float[] a = {n0[0], -1, n0[2]};
            float[] b = {n1[0], -1, n1[2]};
            float[] c = {n1[0], 1, n1[2]};
            float[] d = {n0[0], 1, n0[2]};
            o = put(out, o, a, n0);
            o = put(out, o, b, n1);
            o = put(out, o, c, n1);
            o = put(out, o, a, n0);
            o = put(out, o, c, n1);
            o = put(out, o, d, n0);
        }
        return out;
    }

    /** A hull's faces as triangle fans, flat-shaded with the face normals. */
    static float[] hull(ConvexHull h) {
        int tris = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            tris += h.faceSize(f) - 2;
        }
        float[] out = new float[tris * 3 * 6];
        int o = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            float[] n = {(float) h.plane(f, 0), (float) h.plane(f, 1), (float) h.plane(f, 2)};
            int start = h.faceStart(f);
            float[] first = vertex(h, h.faceVertex(start));
            for (int k = 1; k + 1 < h.faceSize(f); k++) {
                float[] b = vertex(h, h.faceVertex(start + k));
                float[] c = vertex(h, h.faceVertex(start + k + 1));
                // keep the winding counter-clockwise about the outward normal
                float cx = (b[1] - first[1]) * (c[2] - first[2]) - (b[2] - first[2]) * (c[1] - first[1]);
                float cy = (b[2] - first[2]) * (c[0] - first[0]) - (b[0] - first[0]) * (c[2] - first[2]);
                float cz = (b[0] - first[0]) * (c[1] - first[1]) - (b[1] - first[1]) * (c[0] - first[0]);
                boolean flip = cx * n[0] + cy * n[1] + cz * n[2] < 0;
                o = put(out, o, first, n);
                o = put(out, o, flip ? c : b, n);
                o = put(out, o, flip ? b : c, n);
            }
        }
        return out;
    }

    /** Every triangle of a heightfield or triangle mesh, each with its face normal (faceted shading). */
    static float[] terrain(Terrain t) {
        float[] out = new float[t.triangleCount() * 3 * 6];
        double[] c = new double[9];
        double[] unit = new double[3];
        int o = 0;
        for (int id = 0; id < t.triangleIdLimit(); id++) {
            if (!t.hasTriangle(id)) {
                continue;
            }
            t.triangle(id, c, 0);
            Terrain.normal(c, 0, unit);
            float[] n = {(float) unit[0], (float) unit[1], (float) unit[2]};
            for (int k = 0; k < 3; k++) {
                o = put(out, o, new float[] {(float) c[3 * k], (float) c[3 * k + 1], (float) c[3 * k + 2]}, n);
            }
        }
        return out;
    }

    private static float[] vertex(ConvexHull h, int v) {
        return new float[] {(float) h.vertex(v, 0), (float) h.vertex(v, 1), (float) h.vertex(v, 2)};
    }

    private static int put(float[] out, int o, float[] p, float[] n) {
        out[o] = p[0];
        out[o + 1] = p[1];
        out[o + 2] = p[2];
        out[o + 3] = n[0];
        out[o + 4] = n[1];
        out[o + 5] = n[2];
        return o + 6;
    }
}
