package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.LinearAxesPart;
import dev.sinew.solver.shape.Box;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The 6-DOF joint's linear rows against central finite differences of their constraint function
 * C_k = d·n_k (d the anchor separation, n_k axis k of A's joint frame), at random poses, frames,
 * anchors and velocities of two free bodies: J·v = n·(v_B − v_A) + (r_B × n)·ω_B − ((r_A + d) × n)·ω_A
 * must equal dC/dt, which also checks the (d × n) term that makes the axis turn with A.
 */
class LinearAxesPartTest {
    @Test
    void rowsMatchFiniteDifferencesOfTheConstraint() {
        Random r = new Random(11);
        for (int trial = 0; trial < 50; trial++) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).orientation(rot(r))
                    .position(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                    .collider(Collider.of(new Box(0.2, 0.3, 0.4))).build());
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).orientation(rot(r))
                    .position(2 + r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                    .collider(Collider.of(new Box(0.3, 0.1, 0.2))).build());
            Vector3d va = gauss(r);
            Vector3d vb = gauss(r);
            Vector3d wa = gauss(r);
            Vector3d wb = gauss(r);
            Quaterniond frame = rot(r);
            LinearAxesPart part = new LinearAxesPart();
            for (int i = 0; i < 4; i++) {
                part.frameA[i] = i == 0 ? frame.x : i == 1 ? frame.y : i == 2 ? frame.z : frame.w;
            }
            double[] la = {r.nextGaussian() * 0.3, r.nextGaussian() * 0.3, r.nextGaussian() * 0.3};
            double[] lb = {r.nextGaussian() * 0.3, r.nextGaussian() * 0.3, r.nextGaussian() * 0.3};
            int sa = a.index();
            int sb = b.index();
            // analytic J·v from the rows
            Bodies bodies = w.state.bodies;
            w.body(a).setLinearVelocity(va);
            w.body(b).setLinearVelocity(vb);
            w.body(a).setAngularVelocity(wa);
            w.body(b).setAngularVelocity(wb);
            part.prepare(bodies, sa, sb, la, lb, 1.0 / 240);
            double[] jv = new double[3];
            for (int k = 0; k < 3; k++) {
                jv[k] = part.rows[k].velocity(bodies, sa, sb);
            }
            // C at poses advanced by ±ε along the velocities
            double eps = 1e-6;
            double[] plus = constraint(w, part, a, b, va, vb, wa, wb, eps, la, lb);
            double[] minus = constraint(w, part, a, b, va, vb, wa, wb, -eps, la, lb);
            for (int k = 0; k < 3; k++) {
                double fd = (plus[k] - minus[k]) / (2 * eps);
                assertEquals(fd, jv[k], 1e-6 * (1 + Math.abs(fd)), "trial " + trial + " axis " + k);
            }
        }
    }

    /** C_k with both bodies moved by their velocities over time t (rotations by exp(ω t)). */
    private static double[] constraint(World w, LinearAxesPart part, BodyHandle a, BodyHandle b, Vector3d va, Vector3d vb,
            Vector3d wa, Vector3d wb, double t, double[] la, double[] lb) {
        WorldSnapshot start = w.snapshot();
        move(w, a, va, wa, t);
        move(w, b, vb, wb, t);
        part.prepare(w.state.bodies, a.index(), b.index(), la, lb, 1.0 / 240);
        double[] c = part.c.clone();
        w.restore(start);
        return c;
    }

    private static void move(World w, BodyHandle h, Vector3d v, Vector3d om, double t) {
        Quaterniond q = w.orientation(h, new Quaterniond());
        Quaterniond dq = new Quaterniond().fromAxisAngleRad(om.x / om.length(), om.y / om.length(), om.z / om.length(),
                om.length() * t);
        // turn about the centre of mass (the bodies' origins are their centres of mass here)
        w.body(h).setTransform(w.position(h, new Vector3d()).fma(t, v), dq.mul(q, new Quaterniond()).normalize());
    }

    private static Quaterniond rot(Random r) {
        return new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
    }

    private static Vector3d gauss(Random r) {
        return new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
    }
}
