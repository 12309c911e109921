package dev.sinew.reactions.hit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Hits as impulses at a point, checked against momentum: an impulse J at point p changes the
 * ragdoll's total linear momentum by exactly J and the struck body's angular velocity by
 * I⁻¹·((p − c) × J) (its world inertia I, its centre of mass c), before any step.
 */
class ImpactsTest {
    final World world = new World(WorldSettings.defaults().withGravity(new Vector3d()));
    final Ragdoll ragdoll = TestRig.ragdoll(world, TestRig.standing(), 0, 0);
    final Impacts impacts = new Impacts(ragdoll, HitSettings.defaults());

    Vector3d momentum() {
        Vector3d p = new Vector3d();
        Vector3d v = new Vector3d();
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            p.fma(world.body(ragdoll.body(i)).mass(), world.linearVelocity(ragdoll.body(i), v));
        }
        return p;
    }

    @Test
    void anOffCentreHitPushesAndTurnsByTheClosedForm() {
        int chest = ragdoll.bodyIndex("chest");
        Vector3d c = world.centerOfMass(ragdoll.body(chest), new Vector3d());
        Vector3d point = new Vector3d(c).add(0.1, 0.08, 0.05);
        AppliedHit a = impacts.apply(Hit.at(chest, point, new Vector3d(0, 0, -1), 20, false, 0), 0);
        assertEquals(20, a.impulse(), 1e-12);
        assertFalse(a.capped());
        Vector3d j = new Vector3d(0, 0, -20);
        Vector3d dp = momentum();
        assertEquals(0, dp.distance(j), 1e-9, "momentum change " + dp);
        Matrix3d inv = world.body(ragdoll.body(chest)).inertiaInBodySpace(new Matrix3d());
        Matrix3d r = new Matrix3d().set(world.orientation(ragdoll.body(chest), new Quaterniond()));
        Matrix3d worldInertia = new Matrix3d(r).mul(inv).mul(new Matrix3d(r).transpose());
        Vector3d expected = worldInertia.invert().transform(new Vector3d(point).sub(c).cross(j));
        Vector3d w = world.angularVelocity(ragdoll.body(chest), new Vector3d());
        assertEquals(0, w.distance(expected), 1e-9 * expected.length(), "angular velocity " + w + ", expected " + expected);
    }

    /**
     * The region scale and both caps: 100 N·s on the chest (scale 1) is cut to the per-hit cap of
     * 30; a second hit on it in the same tick only gets what the per-body cap of 45 leaves (15);
     * the next tick starts afresh; 40 N·s on a hand (scale 0.25) gives 10, uncut.
     */
    @Test
    void regionScaleAndCaps() {
        int chest = ragdoll.bodyIndex("chest");
        Vector3d p = world.position(ragdoll.body(chest), new Vector3d());
        Vector3d x = new Vector3d(1, 0, 0);
        AppliedHit first = impacts.apply(Hit.at(chest, p, x, 100, false, 0), 5);
        assertEquals(30, first.impulse());
        assertTrue(first.capped());
        assertTrue(first.knockDown(), "100 N·s asked is a knock-down (threshold 80), whatever was applied");
        AppliedHit second = impacts.apply(Hit.at(chest, p, x, 20, false, 0), 5);
        assertEquals(15, second.impulse(), 1e-12);
        assertTrue(second.capped());
        assertEquals(45, impacts.largestPerBodyTick(), 1e-12);
        assertEquals(0, momentum().distance(new Vector3d(45, 0, 0)), 1e-9);
        assertEquals(20, impacts.apply(Hit.at(chest, p, x, 20, false, 0), 6).impulse(), 1e-12);
        int hand = ragdoll.bodyIndex("hand.L");
        AppliedHit h = impacts.apply(Hit.at(hand, world.position(ragdoll.body(hand), new Vector3d()), x, 40, false, 0), 7);
        assertEquals(10, h.impulse(), 1e-12);
        assertFalse(h.capped());
        assertFalse(h.knockDown());
    }

    @Test
    void aRayHitStrikesTheFirstBodyWhereItEnters() {
        int chest = ragdoll.bodyIndex("chest");
        Vector3d c = world.position(ragdoll.body(chest), new Vector3d());
        AppliedHit a = impacts.apply(Hit.ray(new Vector3d(c).add(0, 0, 2), new Vector3d(0, 0, -1), 10, false, 0), 0);
        assertEquals(chest, a.body());
        assertTrue(a.point().z() > c.z && a.point().z() < c.z + 0.2, "entered at the chest's front: " + a.point());
        assertNull(impacts.apply(Hit.ray(new Vector3d(5, 1, 5), new Vector3d(0, 0, 1), 10, false, 0), 1), "a miss");
    }

    @Test
    void badHitsAreRefusedByName() {
        assertEquals("point", assertThrows(InvalidArgumentException.class,
                () -> Hit.at(0, new Vector3d(Double.NaN, 0, 0), new Vector3d(1, 0, 0), 1, false, 0)).parameter());
        assertEquals("direction", assertThrows(InvalidArgumentException.class,
                () -> Hit.at(0, new Vector3d(), new Vector3d(), 1, false, 0)).parameter());
        assertEquals("magnitude", assertThrows(InvalidArgumentException.class,
                () -> Hit.at(0, new Vector3d(), new Vector3d(1, 0, 0), -1, false, 0)).parameter());
        assertEquals("body", assertThrows(InvalidArgumentException.class,
                () -> Hit.at(-1, new Vector3d(), new Vector3d(1, 0, 0), 1, false, 0)).parameter());
        assertEquals("tick", assertThrows(InvalidArgumentException.class,
                () -> Hit.at(0, new Vector3d(), new Vector3d(1, 0, 0), 1, false, 0).atTick(-5)).parameter());
        assertEquals("hit.body", assertThrows(InvalidArgumentException.class,
                () -> impacts.apply(Hit.at(99, new Vector3d(), new Vector3d(1, 0, 0), 1, false, 0), 0)).parameter());
        assertEquals("regionScale.hand", assertThrows(InvalidArgumentException.class, () -> {
            java.util.Map<String, Double> s = new java.util.HashMap<>(HitSettings.defaults().regionScale());
            s.put("hand", 0.0);
            HitSettings d = HitSettings.defaults();
            new HitSettings(s, d.maxHitImpulse(), d.maxBodyImpulsePerTick(), d.knockDownImpulse(), d.normal(), d.critical(), 0, 0);
        }).parameter());
        // a hit's direction is a unit vector, from the attacker toward the point
        Hit h = Hit.fromAttacker(0, new Vector3d(1, 1, 1), new Vector3d(1, 1, 4), 5, false, 0);
        assertEquals(0, h.direction().distance(new Vector3d(0, 0, -1)), 1e-15);
    }
}
