package dev.sinew.solver.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Internals;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.constraint.Tuning;
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
            for (int i = 0; i < w.debug().sweepCount(); i++) {
                Vector3d from = new Vector3d();
                Vector3d to = new Vector3d();
                if (w.debug().sweep(i, from, to)) {
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

    /**
     * The sweep's time of impact against closed forms: a body whose core (the largest sphere in
     * its shape) travels a straight path from x = −5 to x = +5 toward a wall whose near face is at
     * x = 0 is put back where the core touches the face, x = −r_core, less the slop along the path.
     */
    @Test
    void theSweepStopsEachShapesCoreAtTheAnalyticTimeOfImpact() {
        dev.sinew.solver.shape.Shape[] shapes = {new Sphere(0.3), new Box(0.5, 0.2, 0.3),
            new dev.sinew.solver.shape.Capsule(0.4, 0.15)};
        double[] cores = {0.3, 0.2, 0.15};
        for (int k = 0; k < shapes.length; k++) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            w.createBody(BodySettings.builder(BodyType.STATIC).position(1, 0, 0).collider(Collider.of(new Box(1, 2, 2))).build());
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(5, 0.3, 0.1)
                    .collider(Collider.of(shapes[k])).build());
            int i = b.index();
            // the tick went from (−5, 0.3, 0.1) to (5, 0.3, 0.1)
            Internals.state(w).bodies.prevPos[3 * i] = -5;
            Internals.state(w).bodies.prevPos[3 * i + 1] = 0.3;
            Internals.state(w).bodies.prevPos[3 * i + 2] = 0.1;
            int moved = sweep(w);
            assertTrue(moved == 1, shapes[k] + ": moved " + moved);
            double x = w.position(b, new Vector3d()).x;
            org.junit.jupiter.api.Assertions.assertEquals(-cores[k] - 0.001, x, 2 * Tuning.SWEEP_TOLERANCE, shapes[k].toString());
        }
    }

    /**
     * Against a moving body the sweep takes the relative path: a dynamic box whose near face moved
     * from x = −1 to x = 0 over the tick, and a core of radius r going from x = −5 to x = +5, meet
     * when −5 + 10·t + r = −1 + t, t = (4 − r)/9; the swept body goes back to that fraction of its
     * motion, less the slop along the relative path (9 m).
     */
    @Test
    void againstAMovingBodyTheTimeOfImpactIsTheRelativeOne() {
        dev.sinew.solver.shape.Shape[] shapes = {new Sphere(0.3), new Box(0.5, 0.2, 0.3),
            new dev.sinew.solver.shape.Capsule(0.4, 0.15)};
        double[] cores = {0.3, 0.2, 0.15};
        for (int k = 0; k < shapes.length; k++) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            BodyHandle wall = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0)
                    .collider(Collider.of(new Box(1, 2, 2))).build());
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(5, 0.3, 0.1)
                    .collider(Collider.of(shapes[k])).build());
            setPrevious(w, wall, 0, 0, 0);
            setPrevious(w, b, -5, 0.3, 0.1);
            int moved = sweep(w);
            assertEquals(1, moved, shapes[k] + ": bodies moved back");
            double t = (4 - cores[k]) / 9 - 0.001 / 9;
            assertEquals(-5 + 10 * t, w.position(b, new Vector3d()).x, 2 * Tuning.SWEEP_TOLERANCE, shapes[k].toString());
            assertEquals(1, w.position(wall, new Vector3d()).x, 0, "the target stays");
        }
    }

    /**
     * An articulation goes back as one: two spheres joined by a ball joint crossing a wall in one
     * tick are both put back to the first one's time of impact, and the joint is not pulled apart.
     */
    @Test
    void jointedBodiesMoveBackTogether() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        w.createBody(BodySettings.builder(BodyType.STATIC).position(1, 0, 0).collider(Collider.of(new Box(1, 3, 3))).build());
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(5, 0.3, 0.1)
                .collider(Collider.of(new Sphere(0.3))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(4.5, 0.3, 1.1)
                .collider(Collider.of(new Sphere(0.3))).build());
        w.createJoint(BallJointSettings.of(a, new Vector3d(-0.25, 0, 0.5), b, new Vector3d(0.25, 0, -0.5)));
        setPrevious(w, a, -5, 0.3, 0.1);
        setPrevious(w, b, -5.5, 0.3, 1.1);
        double before = w.debug().maxJointSeparation();
        assertEquals(2, sweep(w));
        // the leading sphere's core touches the wall's face (x = 0) at t = (5 − 0.3)/10
        double t = 0.47 - 0.001 / 10;
        assertEquals(-5 + 10 * t, w.position(a, new Vector3d()).x, 2 * Tuning.SWEEP_TOLERANCE);
        assertEquals(-5.5 + 10 * t, w.position(b, new Vector3d()).x, 2 * Tuning.SWEEP_TOLERANCE);
        assertEquals(before, w.debug().maxJointSeparation(), 1e-12, "joint held together");
    }

    /**
     * A body that moved less than its core radius is left to its contacts, unless flagged a
     * bullet: a 0.3 m sphere from x = −0.5 to −0.2 against a wall at x = 0 ends 0.1 m into it;
     * as a bullet it goes back to where its core touches (x = −0.3), less the slop.
     */
    @Test
    void aBulletIsSweptWheneverItMoves() {
        for (boolean bullet : new boolean[] {false, true}) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            w.createBody(BodySettings.builder(BodyType.STATIC).position(1, 0, 0).collider(Collider.of(new Box(1, 2, 2))).build());
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-0.2, 0, 0).bullet(bullet)
                    .collider(Collider.of(new Sphere(0.3))).build());
            setPrevious(w, b, -0.5, 0, 0);
            int moved = sweep(w);
            assertEquals(bullet ? 1 : 0, moved);
            assertEquals(bullet ? -0.301 : -0.2, w.position(b, new Vector3d()).x, 2 * Tuning.SWEEP_TOLERANCE);
        }
    }

    /** Puts the body's start-of-tick pose at (x, y, z) with its present orientation. */
    private static void setPrevious(World w, BodyHandle h, double x, double y, double z) {
        int i = h.index();
        Internals.state(w).bodies.prevPos[3 * i] = x;
        Internals.state(w).bodies.prevPos[3 * i + 1] = y;
        Internals.state(w).bodies.prevPos[3 * i + 2] = z;
        System.arraycopy(Internals.state(w).bodies.rot, 4 * i, Internals.state(w).bodies.prevRot, 4 * i, 4);
    }

    /** Runs the time-of-impact sweep on w as the end of a tick would (its context from the world's settings). */
    private static int sweep(World w) {
        TickContext ctx = new TickContext(Internals.state(w).counters);
        ctx.begin(Internals.state(w));
        return new Continuous().run(Internals.state(w), ctx);
    }
}
