package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Ground contacts of jointed bodies solved with the joints, and bodies kept from colliding. */
class TreeContactTest {

    /**
     * A 1 kg foot under a 60 kg body on a ball joint, dropped from 0.5 m: the foot lands first and
     * must stop the body's momentum through the joint. Solved with the foot's own mass before the
     * joint, the joint then pushed the body's momentum back into the foot and the foot into the
     * ground by 7.6 cm; with the articulated contact rows it stays within the contact slop.
     */
    @Test
    void aLightFootUnderAHeavyBodyStaysOnTheGround() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BodyHandle foot = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.55, 0).mass(1)
                .collider(Collider.of(new Box(0.1, 0.05, 0.05))).build());
        BodyHandle body = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.95, 0).mass(60)
                .collider(Collider.of(new Sphere(0.3))).build());
        w.createJoint(BallJointSettings.of(foot, new Vector3d(0, 0.1, 0), body, new Vector3d(0, -0.3, 0)));
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 120; i++) {
            w.step();
            lowest = Math.min(lowest, Worlds.pos(w, foot).y - 0.05);
        }
        assertTrue(lowest > -0.005, "the foot went " + (-lowest) + " m into the ground");
        assertTrue(w.debug().maxJointSeparation() < 1e-3, "joint open by " + w.debug().maxJointSeparation());
    }

    @Test
    void bodiesToldNotToCollidePassThroughEachOther() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle a = Worlds.sphere(w, 0, 0, 0, 0.3, Material.DEFAULT);
        BodyHandle b = Worlds.sphere(w, 0.4, 0, 0, 0.3, Material.DEFAULT);
        w.setCollision(a, b, false);
        w.step();
        assertEquals(0, w.debug().pairCount());
        w.setCollision(a, b, true);
        w.step();
        assertEquals(1, w.debug().pairCount());
    }
}
