package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.solver.constraint.AngleConstraintPart;
import dev.sinew.solver.constraint.HingeAnglePart;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.shape.Box;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The angular parts' Jacobians against central finite differences of their constraint functions,
 * at random orientations where the constraint holds (C = 0: the Jacobians are the small-error forms
 * their headers give, exact there) and random angular velocities:
 * <ul>
 *   <li>angle part: C = 2·vec(q_B·conj(q_A·q_target)), J·v = ω_B − ω_A;</li>
 *   <li>slerp drive: C = rotation vector of the same difference, J·v = ω_B − ω_A;</li>
 *   <li>hinge part: C_i = b_i·a_B, J·v = u_i·(ω_A − ω_B).</li>
 * </ul>
 * and the swing-twist limit rows (twist θ and cone C = r − φ), whose Jacobians are exact
 * everywhere, at random orientations, frames and cone half-angles.
 */
class AngularPartsTest {
    private World w;
    private BodyHandle a;
    private BodyHandle b;

    private static Quaterniond randomRotation(Random r) {
        return new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
    }

    private void setUp(long seed, Quaterniond qb) {
        Random r = new Random(seed);
        w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        Quaterniond qa = randomRotation(r);
        a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).orientation(qa)
                .angularVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                .collider(Collider.of(new Box(0.2, 0.3, 0.4))).build());
        b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(2, 0, 0).orientation(qb == null ? qa : qb)
                .angularVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                .collider(Collider.of(new Box(0.3, 0.1, 0.2))).build());
    }

    /** Turns a body by ω·t: q = exp(ω t / 2)·q. */
    private void advance(BodyHandle h, double t) {
        Vector3d om = w.angularVelocity(h, new Vector3d());
        Quaterniond q = w.orientation(h, new Quaterniond());
        Quaterniond dq = new Quaterniond().fromAxisAngleRad(om.x / om.length(), om.y / om.length(), om.z / om.length(),
                om.length() * t);
        w.body(h).setTransform(w.position(h, new Vector3d()), dq.mul(q, new Quaterniond()).normalize());
    }

    private interface Constraint {
        void eval(double[] out);
    }

    private double[] centralDifference(Constraint c, int n) {
        double eps = 1e-6;
        WorldSnapshot start = w.snapshot();
        double[] plus = new double[n];
        double[] minus = new double[n];
        advance(a, eps);
        advance(b, eps);
        c.eval(plus);
        w.restore(start);
        advance(a, -eps);
        advance(b, -eps);
        c.eval(minus);
        w.restore(start);
        double[] fd = new double[n];
        for (int i = 0; i < n; i++) {
            fd[i] = (plus[i] - minus[i]) / (2 * eps);
        }
        return fd;
    }

    private double[] relativeSpin() {
        Vector3d d = w.angularVelocity(b, new Vector3d()).sub(w.angularVelocity(a, new Vector3d()));
        return new double[] {d.x, d.y, d.z};
    }

    @Property(tries = 50, seed = "515151")
    void anglePartJacobianMatchesFiniteDifferences(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(~seed);
        setUp(seed, randomRotation(r));
        Quaterniond qa = w.orientation(a, new Quaterniond());
        Quaterniond target = new Quaterniond(qa).conjugate().mul(w.orientation(b, new Quaterniond()));
        double[] t = {target.x, target.y, target.z, target.w};
        double[] fd = centralDifference(out -> AngleConstraintPart.error(w.state.bodies, a.index(), b.index(), t, 0, out), 3);
        double[] jv = relativeSpin();
        for (int i = 0; i < 3; i++) {
            assertEquals(fd[i], jv[i], 1e-6, "row " + i);
        }
    }

    @Property(tries = 50, seed = "616161")
    void slerpDriveJacobianMatchesFiniteDifferences(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(~seed);
        setUp(seed, randomRotation(r));
        SlerpDrivePart d = new SlerpDrivePart();
        Quaterniond target = w.orientation(a, new Quaterniond()).conjugate().mul(w.orientation(b, new Quaterniond()));
        d.data[SlerpDrivePart.TARGET] = target.x;
        d.data[SlerpDrivePart.TARGET + 1] = target.y;
        d.data[SlerpDrivePart.TARGET + 2] = target.z;
        d.data[SlerpDrivePart.TARGET + 3] = target.w;
        double[] fd = centralDifference(out -> {
            d.rotationError(w.state.bodies, a.index(), b.index(), SlerpDrivePart.TARGET);
            System.arraycopy(d.data, SlerpDrivePart.ERROR, out, 0, 3);
        }, 3);
        double[] jv = relativeSpin();
        for (int i = 0; i < 3; i++) {
            assertEquals(fd[i], jv[i], 1e-6, "row " + i);
        }
    }

    @Property(tries = 50, seed = "717171")
    void hingePartJacobianMatchesFiniteDifferences(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(~seed);
        setUp(seed, null);
        // Axes that are parallel in the world: a random axis in A's frame, the same axis in B's frame
        // after B is given a random turn about it.
        Vector3d axisA = new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        Quaterniond qa = w.orientation(a, new Quaterniond());
        Vector3d worldAxis = qa.transform(new Vector3d(axisA));
        Quaterniond qb = new Quaterniond().fromAxisAngleRad(worldAxis, 2 * Math.PI * r.nextDouble()).mul(qa);
        w.body(b).setTransform(w.position(b, new Vector3d()), qb);
        Vector3d axisB = new Quaterniond(qb).conjugate().transform(new Vector3d(worldAxis));
        HingeAnglePart h = new HingeAnglePart(axisA, axisB, qa, qb);
        double[] c0 = new double[2];
        h.error(w.state.bodies, a.index(), b.index(), c0);
        assertEquals(0, Math.hypot(c0[0], c0[1]), 1e-12, "the constraint holds where it is differentiated");
        double[] fd = centralDifference(out -> h.error(w.state.bodies, a.index(), b.index(), out), 2);
        double[] jv = new double[2];
        h.velocityError(w.state.bodies, a.index(), b.index(), jv);
        for (int i = 0; i < 2; i++) {
            assertEquals(fd[i], jv[i], 1e-6, "row " + i);
        }
    }

    @Property(tries = 100, seed = "818181")
    void swingTwistRowsMatchFiniteDifferences(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(~seed);
        setUp(seed, randomRotation(r));
        SwingTwistLimitPart p = new SwingTwistLimitPart();
        Quaterniond fa = randomRotation(r);
        Quaterniond fb = randomRotation(r);
        p.frameA[0] = fa.x;
        p.frameA[1] = fa.y;
        p.frameA[2] = fa.z;
        p.frameA[3] = fa.w;
        p.frameB[0] = fb.x;
        p.frameB[1] = fb.y;
        p.frameB[2] = fb.z;
        p.frameB[3] = fb.w;
        p.swingY = 0.1 + 2.5 * r.nextDouble();
        p.swingZ = 0.1 + 2.5 * r.nextDouble();
        int ia = a.index();
        int ib = b.index();
        double[] fd = centralDifference(out -> {
            p.evaluate(w.state.bodies, ia, ib);
            out[0] = p.twist;
            out[1] = p.coneError;
        }, 2);
        p.evaluate(w.state.bodies, ia, ib);
        assertEquals(fd[0], p.twistLower.velocity(w.state.bodies, ia, ib), 1e-5 * (1 + Math.abs(fd[0])), "twist");
        assertEquals(-fd[0], p.twistUpper.velocity(w.state.bodies, ia, ib), 1e-5 * (1 + Math.abs(fd[0])), "twist upper");
        assertEquals(fd[1], p.cone.velocity(w.state.bodies, ia, ib), 1e-5 * (1 + Math.abs(fd[1])), "cone");
    }
}
