package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Caps hold and say when they act. */
class CapsTest {
    /** Random bodies thrown at each other and the ground: no capped body is ever faster than its caps. */
    @Property(tries = 20)
    void speedCapsAreNeverExceeded(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
            @ForAll @DoubleRange(min = 0.5, max = 20) double maxLinear, @ForAll @DoubleRange(min = 0.5, max = 30) double maxAngular) {
        Random rnd = new Random(seed);
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        List<BodyHandle> bodies = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(rnd.nextDouble() * 4 - 2, 0.5 + rnd.nextDouble() * 3, rnd.nextDouble() * 4 - 2)
                    .linearVelocity(rnd.nextGaussian() * 30, rnd.nextGaussian() * 30, rnd.nextGaussian() * 30)
                    .angularVelocity(rnd.nextGaussian() * 40, rnd.nextGaussian() * 40, rnd.nextGaussian() * 40)
                    .collider(Collider.of(i % 2 == 0 ? new Sphere(0.2) : new Box(0.2, 0.1, 0.3))).build());
            w.body(b).setSpeedCaps(maxLinear, maxAngular);
            bodies.add(b);
        }
        int capped = 0;
        Vector3d v = new Vector3d();
        for (int t = 0; t < 120; t++) {
            w.step();
            capped += w.solverLimits().speedCapped();
            for (BodyHandle b : bodies) {
                assertTrue(w.linearVelocity(b, v).length() <= maxLinear * (1 + 1e-12), "linear " + v.length());
                assertTrue(w.angularVelocity(b, v).length() <= maxAngular * (1 + 1e-12), "angular " + v.length());
            }
        }
        assertTrue(capped > 0, "the caps acted and were counted");
    }

    /** A heavy box on a light one: each point's impulse in a solve stays within the cap, and the cap is reported. */
    @Property(tries = 10)
    void contactImpulseCapIsNeverExceeded(@ForAll @DoubleRange(min = 0.5, max = 20) double cap) {
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.5, 0).collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1.5, 0).mass(300).collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
        w.setMaxContactImpulse(cap);
        int capped = 0;
        for (int t = 0; t < 30; t++) {
            w.step();
            capped += w.solverLimits().contactImpulseCapped();
            for (int i = 0; i < w.state.contacts.pairCount; i++) {
                ContactPair p = w.state.contacts.pairs[i];
                for (int k = 0; k < p.pointCount; k++) {
                    assertTrue(p.normalImpulse(k) <= cap * (1 + 1e-12), "impulse " + p.normalImpulse(k) + " over " + cap);
                }
            }
        }
        // 300 kg needs 300·9.81/60/4 ≈ 12 N·s per point and substep to rest; a smaller cap must act
        if (cap < 10) {
            assertTrue(capped > 0, "the cap acted and was counted");
        }
    }

    /**
     * A 1 kg box under a 300 kg one on the ground, the light box's contacts capped per tick: the
     * normal impulse its contacts give it in a tick (both its contacts, all substeps, as the relax
     * passes leave it) never exceeds the cap, and the cap says when it acts.
     */
    @Property(tries = 10)
    void aBodysContactImpulsePerTickStaysWithinItsCap(@ForAll @DoubleRange(min = 1, max = 200) double cap) {
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BodyHandle light = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.5, 0).mass(1)
                .collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1.5, 0).mass(300).collider(Collider.of(new Box(0.5, 0.5, 0.5))).build());
        w.body(light).setMaxContactImpulsePerStep(cap);
        int capped = 0;
        for (int t = 0; t < 40; t++) {
            w.step();
            capped += w.solverLimits().bodyImpulseCapped();
            double total = 0;
            for (int i = 0; i < w.state.contacts.pairCount; i++) {
                ContactPair p = w.state.contacts.pairs[i];
                if (p.bodyA == light.index() || p.bodyB == light.index()) {
                    for (int k = 0; k < p.pointCount; k++) {
                        total += p.totalNormalImpulse(k);
                    }
                }
            }
            assertTrue(total <= cap * (1 + 1e-9), "tick " + t + ": " + total + " N·s over the cap " + cap);
        }
        // resting needs (301 + 300)·9.81/60 ≈ 98 N·s a tick through the light box's two contacts
        if (cap < 90) {
            assertTrue(capped > 0, "the cap acted and was counted");
        }
    }

    @Test
    void anImpulseWithACapIsCutToItAndReportedInTheNextStep() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(2).collider(Collider.of(new Sphere(0.5))).build());
        double applied = w.body(b).applyImpulseAtPoint(new Vector3d(30, 0, 40), new Vector3d(0, 0, 0), 10);
        assertEquals(10, applied, 0);
        assertEquals(5, w.linearVelocity(b, new Vector3d()).length(), 1e-12); // 10 N·s on 2 kg
        assertEquals(0.6 * 5, w.linearVelocity(b, new Vector3d()).x, 1e-12); // direction kept
        w.step();
        assertEquals(1, w.solverLimits().appliedImpulseCapped());
        w.step();
        assertEquals(0, w.solverLimits().appliedImpulseCapped());
        assertEquals(50, w.body(b).applyImpulseAtPoint(new Vector3d(30, 0, 40), new Vector3d(), 100), 1e-12);
        long h = w.stateHash();
        assertThrows(InvalidArgumentException.class, () -> w.body(b).applyImpulseAtPoint(new Vector3d(1, 0, 0), new Vector3d(), -1));
        assertThrows(InvalidArgumentException.class, () -> w.body(b).setSpeedCaps(0, 1));
        assertThrows(InvalidArgumentException.class, () -> w.setMaxContactImpulse(Double.NaN));
        assertEquals(h, w.stateHash());
    }

    /** One tick of a force off the centre of mass: Δv = F·dt/m and Δω = I⁻¹·(r × F)·dt. */
    @Test
    void aForceAtAPointPushesAndTurnsAsItsTorqueSays() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).collider(Collider.of(new Box(0.5, 0.25, 0.25))).build());
        Vector3d f = new Vector3d(0, 6, 0);
        Vector3d point = new Vector3d(0.5, 0, 0);
        w.body(b).applyForceAtPoint(f, point);
        w.step();
        double dt = w.settings().tickSeconds();
        double m = w.body(b).mass();
        assertEquals(6 * dt / m, w.linearVelocity(b, new Vector3d()).y, 1e-12);
        Matrix3d inertia = w.body(b).inertiaInBodySpace(new Matrix3d());
        // r × F = (0.5, 0, 0) × (0, 6, 0) = (0, 0, 3) about z; the first tick turns the body only a little
        Vector3d omega = w.angularVelocity(b, new Vector3d());
        assertEquals(3 * dt / inertia.m22, omega.z, 1e-6);
    }
}
