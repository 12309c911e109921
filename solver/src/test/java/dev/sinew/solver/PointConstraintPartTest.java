package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.solver.constraint.PointConstraintPart;
import dev.sinew.solver.shape.Box;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The point part's Jacobian against finite differences of its constraint function:
 * C(x) = (c_B + R_B·a_B) − (c_A + R_A·a_A), differentiated by moving both bodies along their
 * velocities for a small time (central difference), must equal J·v = Ċ as the part computes it.
 */
class PointConstraintPartTest {
    private static Vector3d c(World w, BodyHandle a, BodyHandle b, Vector3d la, Vector3d lb) {
        Vector3d pa = w.orientation(a, new Quaterniond()).transform(new Vector3d(la)).add(w.centerOfMass(a, new Vector3d()));
        Vector3d pb = w.orientation(b, new Quaterniond()).transform(new Vector3d(lb)).add(w.centerOfMass(b, new Vector3d()));
        return pb.sub(pa);
    }

    /** Moves a body by t along its velocities: c += v t, q = exp(ω t / 2) q. */
    private static void advance(World w, BodyHandle h, double t) {
        Vector3d v = w.linearVelocity(h, new Vector3d());
        Vector3d om = w.angularVelocity(h, new Vector3d());
        Quaterniond q = w.orientation(h, new Quaterniond());
        double angle = om.length() * t;
        Quaterniond dq = angle == 0 ? new Quaterniond()
                : new Quaterniond().fromAxisAngleRad(om.x / om.length(), om.y / om.length(), om.z / om.length(), angle);
        Quaterniond q1 = dq.mul(q, new Quaterniond()).normalize();
        Vector3d com = w.centerOfMass(h, new Vector3d()).fma(t, v);
        // setTransform takes the origin; the boxes here have their centre of mass at the origin.
        w.body(h).setTransform(com, q1);
    }

    @Property(tries = 50, seed = "424242")
    void jacobianMatchesFiniteDifferences(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Random r = new Random(seed);
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        Quaterniond qa = new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        Quaterniond qb = new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(r.nextGaussian(), r.nextGaussian(), 0)
                .orientation(qa).linearVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                .angularVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).collider(Collider.of(Box.cube(0.2)))
                .build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(r.nextGaussian(), 0, r.nextGaussian())
                .orientation(qb).linearVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian())
                .angularVelocity(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).collider(Collider.of(Box.cube(0.3)))
                .build());
        Vector3d la = new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).mul(0.4);
        Vector3d lb = new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).mul(0.4);
        PointConstraintPart part = new PointConstraintPart();
        w.state.bodies.updateWorldInertia(a.index());
        w.state.bodies.updateWorldInertia(b.index());
        part.prepare(w.state.bodies, a.index(), b.index(), new double[] {la.x, la.y, la.z}, new double[] {lb.x, lb.y, lb.z});
        double[] jv = new double[3];
        part.velocityError(w.state.bodies, a.index(), b.index(), jv);
        double eps = 1e-6;
        WorldSnapshot start = w.snapshot();
        advance(w, a, eps);
        advance(w, b, eps);
        Vector3d plus = c(w, a, b, la, lb);
        w.restore(start);
        advance(w, a, -eps);
        advance(w, b, -eps);
        Vector3d minus = c(w, a, b, la, lb);
        Vector3d fd = plus.sub(minus).div(2 * eps);
        assertEquals(fd.x, jv[0], 1e-7 * (1 + fd.length()));
        assertEquals(fd.y, jv[1], 1e-7 * (1 + fd.length()));
        assertEquals(fd.z, jv[2], 1e-7 * (1 + fd.length()));
    }
}
