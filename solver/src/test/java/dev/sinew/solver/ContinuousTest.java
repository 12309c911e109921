package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The time-of-impact sweep catches what speculative contacts cannot: a body sent off mid-tick. */
class ContinuousTest {
    /**
     * A ball at rest is hit by a heavy ball at 300 m/s and sent toward a 0.1 m wall 2 m away, which
     * it had no pair with at the start of the tick (its bounds did not reach it): without the
     * sweep it is through the wall before the tick ends (it moves 3.75 m in the tick's last three
     * substeps).
     */
    @Test
    void aBallKnockedTowardAWallItHadNoPairWithDoesNotPassIt() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        w.createBody(BodySettings.builder(BodyType.STATIC).position(0, 0, 2.05).collider(Collider.of(new Box(1, 1, 0.05))).build());
        BodyHandle target = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, 0)
                .collider(Collider.of(new Sphere(0.1))).build());
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0, -1.5).linearVelocity(0, 0, 300).mass(1000)
                .collider(Collider.of(new Sphere(0.1))).build());
        double farthest = Double.NEGATIVE_INFINITY;
        int hits = 0;
        for (int t = 0; t < 60; t++) {
            w.step();
            farthest = Math.max(farthest, w.position(target, new Vector3d()).z);
            for (int i = 0; i < w.sweepCount(); i++) {
                Vector3d from = new Vector3d();
                Vector3d to = new Vector3d();
                if (w.sweep(i, from, to)) {
                    hits++;
                    assertTrue(to.z < 2 - 0.1 + 0.01 && from.z < to.z, from + " -> " + to);
                }
            }
        }
        assertTrue(hits >= 1, "the sweep that stopped it is reported");
        assertTrue(farthest < 2 - 0.1 + 0.01, "the ball reached z = " + farthest + " (wall's near face at 2)");
    }

    @Test
    void theCoreOfEachShapeIsTheLargestSphereInsideIt() {
        assertTrue(Continuous.innerRadius(new Sphere(0.3)) == 0.3);
        assertTrue(Continuous.innerRadius(new Box(0.5, 0.2, 0.4)) == 0.2);
        assertTrue(Continuous.innerRadius(new dev.sinew.solver.shape.Capsule(1, 0.25)) == 0.25);
    }
}
