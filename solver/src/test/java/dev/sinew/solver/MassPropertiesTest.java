package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.ConvexHull;
import dev.sinew.solver.shape.MassProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Mass properties against closed forms and an independent Monte Carlo integration. */
class MassPropertiesTest {

    @Test
    void cubeHullEqualsTheBoxClosedForm() {
        Box box = new Box(0.3, 0.5, 0.7);
        MassProperties exact = box.massProperties(800);
        MassProperties hull = box.hull().massProperties(800);
        double m = 800 * 0.6 * 1.0 * 1.4;
        assertEquals(m, exact.mass(), 1e-9);
        assertEquals(m, hull.mass(), 1e-9);
        assertEquals(m / 12 * (1.0 + 1.96), hull.inertia().m00(), 1e-9);
        assertEquals(m / 12 * (0.36 + 1.96), hull.inertia().m11(), 1e-9);
        assertEquals(m / 12 * (0.36 + 1.0), hull.inertia().m22(), 1e-9);
        assertEquals(0, hull.inertia().m01(), 1e-9);
        assertEquals(0, hull.center().length(), 1e-12);
    }

    /** Inside test for Monte Carlo: x is inside when it is behind every face plane. */
    private static boolean inside(ConvexHull h, double x, double y, double z) {
        for (int f = 0; f < h.faceCount(); f++) {
            if (h.plane(f, 0) * x + h.plane(f, 1) * y + h.plane(f, 2) * z > h.plane(f, 3)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void randomHullMatchesMonteCarlo() {
        Random r = new Random(42);
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            pts.add(new Vector3d(r.nextGaussian() * 0.5 + 0.2, r.nextGaussian() * 0.3, r.nextGaussian() * 0.4 - 0.1));
        }
        ConvexHull h = ConvexHull.of(pts);
        MassProperties mp = h.massProperties(1000);
        double[] lo = {1e9, 1e9, 1e9};
        double[] hi = {-1e9, -1e9, -1e9};
        for (int i = 0; i < h.vertexCount(); i++) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], h.vertex(i, a));
                hi[a] = Math.max(hi[a], h.vertex(i, a));
            }
        }
        double boxVolume = (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
        int n = 2_000_000;
        int in = 0;
        double sx = 0;
        double sy = 0;
        double sz = 0;
        double[] pts3 = new double[3 * n];
        Random s = new Random(7);
        for (int i = 0; i < n; i++) {
            double x = lo[0] + s.nextDouble() * (hi[0] - lo[0]);
            double y = lo[1] + s.nextDouble() * (hi[1] - lo[1]);
            double z = lo[2] + s.nextDouble() * (hi[2] - lo[2]);
            if (inside(h, x, y, z)) {
                pts3[3 * in] = x;
                pts3[3 * in + 1] = y;
                pts3[3 * in + 2] = z;
                in++;
                sx += x;
                sy += y;
                sz += z;
            }
        }
        double volume = boxVolume * in / n;
        Vector3d com = new Vector3d(sx / in, sy / in, sz / in);
        double ixx = 0;
        double iyy = 0;
        double ixy = 0;
        for (int i = 0; i < in; i++) {
            double x = pts3[3 * i] - com.x;
            double y = pts3[3 * i + 1] - com.y;
            double z = pts3[3 * i + 2] - com.z;
            ixx += y * y + z * z;
            iyy += x * x + z * z;
            ixy -= x * y;
        }
        double mass = 1000 * volume;
        // Monte Carlo errors scale as 1/sqrt(points inside); 1 % is several standard deviations here.
        assertEquals(mass, mp.mass(), 0.01 * mass);
        assertEquals(com.x, mp.center().x(), 0.01);
        assertEquals(com.y, mp.center().y(), 0.01);
        assertEquals(com.z, mp.center().z(), 0.01);
        Matrix3d inertia = new Matrix3d(mp.inertia());
        assertEquals(mass * ixx / in, inertia.m00, 0.02 * inertia.m00);
        assertEquals(mass * iyy / in, inertia.m11, 0.02 * inertia.m11);
        assertEquals(mass * ixy / in, inertia.m10, 0.02 * Math.max(inertia.m00, inertia.m11));
    }

    @Test
    void capsuleMatchesNumericalIntegration() {
        Capsule c = new Capsule(0.4, 0.15);
        MassProperties mp = c.massProperties(1000);
        // Integrate slices along y: each slice is a disc of radius ρ(y) with mass dm = ρ_d π ρ² dy,
        // I_yy += dm ρ²/2 and I_xx += dm (ρ²/4 + y²).
        int n = 400_000;
        double top = 0.4 + 0.15;
        double dy = 2 * top / n;
        double m = 0;
        double iyy = 0;
        double ixx = 0;
        for (int i = 0; i < n; i++) {
            double y = -top + (i + 0.5) * dy;
            double ay = Math.abs(y);
            double rho2 = ay <= 0.4 ? 0.15 * 0.15 : 0.15 * 0.15 - (ay - 0.4) * (ay - 0.4);
            if (rho2 <= 0) {
                continue;
            }
            double dm = 1000 * Math.PI * rho2 * dy;
            m += dm;
            iyy += dm * rho2 / 2;
            ixx += dm * (rho2 / 4 + y * y);
        }
        assertEquals(m, mp.mass(), 1e-6 * m);
        assertEquals(iyy, mp.inertia().m11(), 1e-6 * iyy);
        assertEquals(ixx, mp.inertia().m00(), 1e-6 * ixx);
    }

    @Test
    void bodyMassFromOffsetCollidersUsesTheParallelAxisTheorem() {
        World w = new World();
        Box cube = Box.cube(0.5);
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                .collider(Collider.of(cube).at(new Vector3d(1, 0, 0), new org.joml.Quaterniond()))
                .collider(Collider.of(cube).at(new Vector3d(-1, 0, 0), new org.joml.Quaterniond())).build());
        double m1 = 1000;
        assertEquals(2 * m1, w.body(b).mass(), 1e-9);
        Matrix3d i = w.body(b).inertiaInBodySpace(new Matrix3d());
        assertEquals(2 * m1 / 6, i.m00, 1e-9);
        assertEquals(2 * (m1 / 6 + m1 * 1), i.m11, 1e-9);
        assertEquals(2 * (m1 / 6 + m1 * 1), i.m22, 1e-9);
    }
}
