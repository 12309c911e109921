package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Ball joints: holding, momentum, collision filtering and rejected settings. */
class BallJointTest {

    /**
     * A chain of 10 equal links hanging from a static hook comes to rest with each soft joint
     * stretched by its steady-state deflection. In steady state a soft row's bias balances its
     * compliance, C = −K·λ/(h·ω²), and λ = F·h, so the stretch is K·F/ω²: K = 1/m at the hook
     * (one moving link), 2/m between links, F the weight of the links below. The largest stretch
     * is at the first link joint, 2·9·g/ω², and the bottom link hangs
     * (10 + 2·(9 + 8 + … + 1))·g/ω² = 100·g/ω² below the rigid geometry, with ω = 2π·60 rad/s.
     */
    @Test
    void hangingChainStretchesByTheSoftJointDeflection() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 5, 0).build());
        BodyHandle last = hook;
        for (int i = 0; i < 10; i++) {
            BodyHandle link = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 5 - 0.3 * (i + 0.5), 0)
                    .collider(Collider.of(new Capsule(0.1, 0.04))).build());
            w.createJoint(BallJointSettings.of(last, i == 0 ? new Vector3d() : new Vector3d(0, -0.15, 0), link,
                    new Vector3d(0, 0.15, 0)));
            last = link;
        }
        for (int i = 0; i < 240; i++) {
            w.step();
        }
        double omega = 2 * Math.PI * 2 * w.settings().contactHertz();
        double unit = 9.81 / (omega * omega);
        assertEquals(18 * unit, w.maxJointSeparation(), 0.02 * 18 * unit, "largest joint stretch");
        assertEquals(5 - 0.3 * 9.5 - 100 * unit, Worlds.pos(w, last).y, 0.02 * 100 * unit, "bottom link");
        assertTrue(w.linearVelocity(last, new Vector3d()).length() < 1e-4, "at rest");
        assertEquals(10, w.jointCount());
    }

    @Test
    void jointedBodiesDoNotCollideUnlessAsked() {
        World w = new World();
        BodyHandle a = Worlds.sphere(w, 0, 2, 0, 0.3, Material.DEFAULT);
        BodyHandle b = Worlds.sphere(w, 0.4, 2, 0, 0.3, Material.DEFAULT);
        w.createJoint(BallJointSettings.of(a, new Vector3d(0.2, 0, 0), b, new Vector3d(-0.2, 0, 0)));
        w.step();
        assertEquals(0, w.pairCount(), "overlapping spheres on a joint are not paired");
        World w2 = new World();
        BodyHandle c = Worlds.sphere(w2, 0, 2, 0, 0.3, Material.DEFAULT);
        BodyHandle d = Worlds.sphere(w2, 0.4, 2, 0, 0.3, Material.DEFAULT);
        w2.createJoint(new BallJointSettings(c, d, new Vector3d(0.2, 0, 0), new Vector3d(-0.2, 0, 0), true));
        w2.step();
        assertEquals(1, w2.pairCount());
    }

    @Test
    void freeJointedPairConservesLinearMomentum() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, 0).linearVelocity(1, 2, 0)
                .angularVelocity(0, 0, 3).collider(Collider.of(new Sphere(0.2))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0).linearVelocity(-1, 0, 0.5)
                .collider(Collider.of(new Sphere(0.3))).build());
        w.createJoint(BallJointSettings.of(a, new Vector3d(0.5, 0, 0), b, new Vector3d(-0.5, 0, 0)));
        Vector3d p0 = new Vector3d(w.linearVelocity(a, new Vector3d()).mul(w.mass(a)))
                .add(w.linearVelocity(b, new Vector3d()).mul(w.mass(b)));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        Vector3d p1 = new Vector3d(w.linearVelocity(a, new Vector3d()).mul(w.mass(a)))
                .add(w.linearVelocity(b, new Vector3d()).mul(w.mass(b)));
        assertTrue(p1.distance(p0) < 1e-9 * p0.length(), p0 + " vs " + p1);
    }

    @Test
    void badSettingsAreRejected() {
        World w = new World();
        BodyHandle a = Worlds.sphere(w, 0, 0, 0, 0.2, Material.DEFAULT);
        BodyHandle s1 = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle s2 = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        long hash = w.stateHash();
        assertThrows(InvalidArgumentException.class, () -> BallJointSettings.of(a, new Vector3d(), a, new Vector3d()));
        assertThrows(InvalidArgumentException.class,
                () -> BallJointSettings.of(a, new Vector3d(Double.NaN, 0, 0), s1, new Vector3d()));
        assertThrows(InvalidArgumentException.class, () -> w.createJoint(BallJointSettings.of(s1, new Vector3d(), s2,
                new Vector3d())));
        World other = new World();
        BodyHandle foreign = Worlds.sphere(other, 0, 0, 0, 0.2, Material.DEFAULT);
        BodyHandle gone = Worlds.sphere(w, 1, 0, 0, 0.2, Material.DEFAULT);
        w.destroyBody(gone);
        hash = w.stateHash();
        assertThrows(StaleHandleException.class, () -> w.createJoint(BallJointSettings.of(a, new Vector3d(), gone,
                new Vector3d())));
        assertThrows(StaleHandleException.class, () -> w.createJoint(BallJointSettings.of(a, new Vector3d(),
                new BodyHandle(foreign.index() + 7, 0), new Vector3d())));
        assertEquals(hash, w.stateHash());
        assertEquals(0, w.jointCount());
        JointHandle j = w.createJoint(BallJointSettings.of(a, new Vector3d(), s1, new Vector3d()));
        w.destroyJoint(j);
        assertThrows(StaleHandleException.class, () -> w.destroyJoint(j));
    }
}
