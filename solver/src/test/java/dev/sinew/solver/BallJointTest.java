package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.articulation.JointTreeSolver;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Ball joints: holding, momentum, collision filtering and rejected settings. */
class BallJointTest {

    /**
     * A chain of 10 light links holding a weight 100 times heavier, hanging from a static hook:
     * a tree, so its joints are solved exactly (JointTreeSolver) and hold without stretching. A
     * sequential soft solve stretches each joint by K·F/ω² at rest (here 0.7 mm per joint under
     * the weight, about 1 cm in all) and much more while moving.
     */
    @Test
    void hangingChainWithAHeavyWeightHoldsExactly() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 5, 0).build());
        BodyHandle last = hook;
        for (int i = 0; i < 10; i++) {
            BodyHandle link = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 5 - 0.3 * (i + 0.5), 0)
                    .mass(1).collider(Collider.of(new Capsule(0.1, 0.04))).build());
            w.createJoint(BallJointSettings.of(last, i == 0 ? new Vector3d() : new Vector3d(0, -0.15, 0), link,
                    new Vector3d(0, 0.15, 0)));
            last = link;
        }
        BodyHandle weight = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 5 - 3 - 0.2, 0).mass(100)
                .collider(Collider.of(new Sphere(0.2))).build());
        w.createJoint(BallJointSettings.of(last, new Vector3d(0, -0.15, 0), weight, new Vector3d(0, 0.2, 0)));
        for (int i = 0; i < 240; i++) {
            w.step();
        }
        assertTrue(w.debug().maxJointSeparation() < 1e-9, "joint error " + w.debug().maxJointSeparation());
        assertEquals(5 - 3 - 0.2, Worlds.pos(w, weight).y, 1e-9);
        assertTrue(w.linearVelocity(weight, new Vector3d()).length() < 1e-9, "at rest");
        assertEquals(11, w.jointCount());
    }

    /**
     * A rod spinning about a pivot at its end, no gravity. The velocity step moves the joint's
     * anchor along the tangent while the rod turns it on an arc, d·(ω·h)²/2 off per substep
     * (1.6 mm at 30 rad/s, 6.3 mm at 60, with d = 0.2 m and h = 1/240 s); without the projection of
     * those arcs the joint opened by 4.9 and 15.4 mm. Exactly, the anchor stays on the pivot: it
     * must stay within the projection's gap of 0.5 mm, and the spin may only lose energy.
     */
    @Test
    void rodSpinningFastAboutItsPivotKeepsItsJointClosed() {
        for (double spin : new double[] {30, 60}) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
            BodyHandle pivot = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 1, 0).build());
            double d = 0.2;
            BodyHandle rod = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(d, 1, 0).mass(1)
                    .collider(Collider.of(new dev.sinew.solver.shape.Box(d, 0.02, 0.02))).build());
            w.createJoint(BallJointSettings.of(pivot, new Vector3d(), rod, new Vector3d(-d, 0, 0)));
            w.body(rod).setLinearVelocity(new Vector3d(0, spin * d, 0));
            w.body(rod).setAngularVelocity(new Vector3d(0, 0, spin));
            double worst = 0;
            for (int i = 0; i < 60; i++) {
                w.step();
                worst = Math.max(worst, w.debug().maxJointSeparation());
                Vector3d p = Worlds.pos(w, rod);
                assertEquals(d, p.distance(0, 1, 0), 5e-4 + 1e-9, "centre off the circle at " + spin + " rad/s");
            }
            assertTrue(worst <= Tuning.MAX_ANCHOR_GAP + 1e-9, spin + " rad/s: joint opened " + worst + " m");
            double after = w.angularVelocity(rod, new Vector3d()).length();
            assertTrue(after <= spin * (1 + 1e-9), spin + " rad/s became " + after);
        }
    }

    /**
     * 40 links of 1 kg under a 1000 kg weight, swinging: each light link swings across the chain
     * under the weight's pull at about 490 rad/s, past what an explicit substep of 1/240 s can
     * follow (ω·h ≈ 2), and without the tension inertia of the tree solve the chain flew apart
     * (1,445 % stretch in the chain scene). It must keep its joints closed, and the swinging
     * system must not gain energy (the soft step may only lose it).
     */
    @Test
    void swingingChainUnderAThousandTimesItsLinkMassStaysTogether() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 12, 0).build());
        BodyHandle last = hook;
        java.util.List<BodyHandle> links = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            BodyHandle link = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 12 - 0.25 * (i + 0.5), 0)
                    .mass(1).collider(Collider.of(new Capsule(0.095, 0.03))).build());
            w.createJoint(BallJointSettings.of(last, i == 0 ? new Vector3d() : new Vector3d(0, -0.125, 0), link,
                    new Vector3d(0, 0.125, 0)));
            links.add(link);
            last = link;
        }
        BodyHandle weight = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 12 - 10 - 0.2, 0)
                .mass(1000).collider(Collider.of(new Sphere(0.2))).build());
        w.createJoint(BallJointSettings.of(last, new Vector3d(0, -0.125, 0), weight, new Vector3d(0, 0.2, 0)));
        links.add(weight);
        w.body(weight).setLinearVelocity(new Vector3d(3, 0, 1));
        double e0 = energy(w, links);
        double worst = 0;
        for (int i = 0; i < 300; i++) {
            w.step();
            worst = Math.max(worst, w.debug().maxJointSeparation());
        }
        assertTrue(worst < 1e-3, "largest joint opening " + worst + " m");
        double e1 = energy(w, links);
        assertTrue(e1 <= e0 * (1 + 1e-3), "energy " + e0 + " J -> " + e1 + " J");
        assertTrue(e1 >= e0 * 0.9, "energy " + e0 + " J -> " + e1 + " J");
    }

    /** Kinetic (linear and angular) plus potential energy, J. */
    private static double energy(World w, java.util.List<BodyHandle> bodies) {
        double e = 0;
        Vector3d v = new Vector3d();
        for (BodyHandle h : bodies) {
            double m = w.body(h).mass();
            e += 0.5 * m * w.linearVelocity(h, v).lengthSquared() + m * 9.81 * Worlds.pos(w, h).y;
            // angular: ½ ωᵀ I ω in body space
            org.joml.Quaterniond q = w.orientation(h, new org.joml.Quaterniond());
            Vector3d om = q.transformInverse(w.angularVelocity(h, new Vector3d()));
            e += 0.5 * om.dot(w.body(h).inertiaInBodySpace(new org.joml.Matrix3d()).transform(new Vector3d(om)));
        }
        return e;
    }

    /**
     * A soft point: a 2 kg sphere hanging from a static hook on a point spring of stiffness k
     * comes to rest m·g/k below the hook (Hooke's law), for a soft and a very stiff spring alike
     * (the spring is implicit), and 0, 0 makes the point rigid again.
     */
    @Test
    void pointSpringSagsByHookesLaw() {
        for (double k : new double[] {200, 1e9}) {
            World w = new World(WorldSettings.defaults().withSleep(false));
            BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 5, 0).build());
            BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 5, 0).mass(2)
                    .collider(Collider.of(new Sphere(0.1))).build());
            JointHandle j = w.createJoint(BallJointSettings.of(hook, new Vector3d(), ball, new Vector3d()));
            w.joint(j).setPointSpring(k, 2 * Math.sqrt(k * 2));
            for (int i = 0; i < 600; i++) {
                w.step();
            }
            assertEquals(5 - 2 * 9.81 / k, Worlds.pos(w, ball).y, 1e-6 + 1e-6 * 2 * 9.81 / k, "k = " + k);
            w.joint(j).setPointSpring(0, 0);
            for (int i = 0; i < 120; i++) {
                w.step();
            }
            assertTrue(w.joint(j).separation() < 1e-4, "rigid again: " + w.joint(j).separation());
        }
        World w = new World();
        BodyHandle hook = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle ball = Worlds.sphere(w, 0, 0, 0, 0.1, Material.DEFAULT);
        JointHandle j = w.createJoint(BallJointSettings.of(hook, new Vector3d(), ball, new Vector3d()));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> w.joint(j).setPointSpring(-1, 0));
        assertEquals("stiffness", e.parameter());
    }

    @Test
    void jointedBodiesDoNotCollideUnlessAsked() {
        World w = new World();
        BodyHandle a = Worlds.sphere(w, 0, 2, 0, 0.3, Material.DEFAULT);
        BodyHandle b = Worlds.sphere(w, 0.4, 2, 0, 0.3, Material.DEFAULT);
        w.createJoint(BallJointSettings.of(a, new Vector3d(0.2, 0, 0), b, new Vector3d(-0.2, 0, 0)));
        w.step();
        assertEquals(0, w.debug().pairCount(), "overlapping spheres on a joint are not paired");
        World w2 = new World();
        BodyHandle c = Worlds.sphere(w2, 0, 2, 0, 0.3, Material.DEFAULT);
        BodyHandle d = Worlds.sphere(w2, 0.4, 2, 0, 0.3, Material.DEFAULT);
        w2.createJoint(new BallJointSettings(c, d, new Vector3d(0.2, 0, 0), new Vector3d(-0.2, 0, 0), true));
        w2.step();
        assertEquals(1, w2.debug().pairCount());
    }

    @Test
    void freeJointedPairConservesLinearMomentum() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, 0).linearVelocity(1, 2, 0)
                .angularVelocity(0, 0, 3).collider(Collider.of(new Sphere(0.2))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0).linearVelocity(-1, 0, 0.5)
                .collider(Collider.of(new Sphere(0.3))).build());
        w.createJoint(BallJointSettings.of(a, new Vector3d(0.5, 0, 0), b, new Vector3d(-0.5, 0, 0)));
        Vector3d p0 = new Vector3d(w.linearVelocity(a, new Vector3d()).mul(w.body(a).mass()))
                .add(w.linearVelocity(b, new Vector3d()).mul(w.body(b).mass()));
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        Vector3d p1 = new Vector3d(w.linearVelocity(a, new Vector3d()).mul(w.body(a).mass()))
                .add(w.linearVelocity(b, new Vector3d()).mul(w.body(b).mass()));
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
                foreign, new Vector3d())));
        // The foreign handle names slot 0, which is a live body here too: the world identity decides.
        assertEquals(a.index(), foreign.index());
        assertThrows(StaleHandleException.class, () -> w.position(foreign, new Vector3d()));
        assertEquals(hash, w.stateHash());
        assertEquals(0, w.jointCount());
        JointHandle j = w.createJoint(BallJointSettings.of(a, new Vector3d(), s1, new Vector3d()));
        w.destroyJoint(j);
        assertThrows(StaleHandleException.class, () -> w.destroyJoint(j));
    }
}
