package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import org.joml.Quaterniond;
import org.joml.Vector3d;

import org.junit.jupiter.api.Test;

/**
 * A limb knocked into the ground by a blow within the tick ended it centimetres deep: its pair with
 * the ground had no contact point when the tick began (it was 5 cm above), and its core sphere,
 * swept at the tick's end, stayed above the surface, so neither the speculative contact nor the
 * time-of-impact sweep stopped it (in a pile of 100 ragdolls, 13 hands and feet went 1–7 cm under
 * for a tick). Here a heavy bar spinning at 40 rad/s swings the hanging link it holds by a ball
 * joint down into the ground in one tick; the link's lowest corner must stay within 4 mm of the
 * surface (Tuning.DEEP_ENTRY), where without the deep-entry hold it ends
 * 2.9 cm under (3.6 mm with it).
 */
class DeepEntryTest {

    @Test
    void aLimbSwungIntoTheGroundWithinATickIsHeldAtItsSurface() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BodyHandle bar = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.25, 0)
                .angularVelocity(0, 0, -40).collider(Collider.of(new Box(0.15, 0.03, 0.03))).mass(20).build());
        BodyHandle link = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.15, 0.15, 0)
                .collider(Collider.of(new Box(0.02, 0.1, 0.02))).mass(1).build());
        w.createJoint(BallJointSettings.of(bar, new Vector3d(0.15, 0, 0), link, new Vector3d(0, 0.1, 0)));
        double lowest = Double.POSITIVE_INFINITY;
        for (int t = 0; t < 10; t++) {
            w.step();
            lowest = Math.min(lowest, lowestCorner(w, link, 0.02, 0.1, 0.02));
        }
        // the hold bisects the articulation's put-back (joints closed) until the entry is no deeper
        // than Tuning.DEEP_ENTRY; after that tick the contact, whose pair now has points, holds it
        assertTrue(lowest >= -Tuning.DEEP_ENTRY, "the link's lowest corner went " + lowest + " m under the ground");
        assertTrue(lowest < 0.01, "the link should have reached the ground, lowest " + lowest);
    }

    private static double lowestCorner(World w, BodyHandle h, double hx, double hy, double hz) {
        Vector3d c = w.position(h, new Vector3d());
        Quaterniond q = w.orientation(h, new Quaterniond());
        double low = Double.POSITIVE_INFINITY;
        Vector3d p = new Vector3d();
        for (int s = 0; s < 8; s++) {
            p.set((s & 1) == 0 ? -hx : hx, (s & 2) == 0 ? -hy : hy, (s & 4) == 0 ? -hz : hz);
            q.transform(p).add(c);
            low = Math.min(low, p.y);
        }
        return low;
    }
}
