package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A bad body is contained in the step that finds it and never reaches another island. */
class FaultContainmentTest {
    /** Two stacks of boxes 10 m apart on one ground; returns the handles, stack A first. */
    static List<BodyHandle> twoStacks(World w) {
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        List<BodyHandle> out = new ArrayList<>();
        for (int s = 0; s < 2; s++) {
            for (int k = 0; k < 4; k++) {
                out.add(w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(10 * s, 0.25 + 0.5 * k, 0.01 * k)
                        .collider(Collider.of(new Box(0.25, 0.25, 0.25))).build()));
            }
        }
        return out;
    }

    static long hash(World w, List<BodyHandle> bodies) {
        long h = 17;
        Vector3d v = new Vector3d();
        for (BodyHandle b : bodies) {
            for (Vector3d x : new Vector3d[] {w.position(b, v), w.linearVelocity(b, new Vector3d()), w.angularVelocity(b, new Vector3d())}) {
                h = 31 * h + Double.doubleToRawLongBits(x.x);
                h = 31 * h + Double.doubleToRawLongBits(x.y);
                h = 31 * h + Double.doubleToRawLongBits(x.z);
            }
        }
        return h;
    }

    @Test
    void aNanBodyIsResetAtRestAndTheOtherStackIsBitIdenticalToARunWithoutIt() {
        World faulty = new World();
        World control = new World();
        List<BodyHandle> a = twoStacks(faulty);
        List<BodyHandle> c = twoStacks(control);
        BodyHandle victim = a.get(2);
        for (int t = 0; t < 300; t++) {
            if (t == 100) {
                Vector3d before = faulty.position(victim, new Vector3d());
                faulty.debug().injectFault(victim);
                faulty.step();
                control.step();
                assertEquals(1, faulty.faultEvents().count());
                assertEquals(victim, faulty.faultEvents().body(0));
                assertEquals(FaultEvents.Cause.NOT_FINITE, faulty.faultEvents().cause(0));
                assertFalse(faulty.faultEvents().removed(0));
                // reset at rest before the tick: one tick of gravity at most moved it
                Vector3d after = faulty.position(victim, new Vector3d());
                assertTrue(after.isFinite());
                assertTrue(after.distance(before) < 0.01, before + " -> " + after);
            } else {
                faulty.step();
                control.step();
                assertEquals(0, faulty.faultEvents().count(), "tick " + t);
            }
            assertEquals(hash(control, c.subList(4, 8)), hash(faulty, a.subList(4, 8)), "stack B at tick " + t);
            for (BodyHandle b : a) {
                assertTrue(faulty.position(b, new Vector3d()).isFinite() && faulty.linearVelocity(b, new Vector3d()).isFinite());
            }
        }
        assertEquals(1, faulty.faultEvents().total());
    }

    @Test
    void aBodyLeavingTheWorldBoundIsPutBackOrRemovedAsTheSettingSays() {
        for (FaultPolicy policy : FaultPolicy.values()) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withFaults(50, policy));
            BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(45, 0, 0).linearVelocity(600, 0, 0)
                    .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
            w.step(); // 45 + 600/60 = 55 > 50
            assertEquals(1, w.faultEvents().count(), policy.toString());
            assertEquals(FaultEvents.Cause.OUT_OF_BOUNDS, w.faultEvents().cause(0));
            if (policy == FaultPolicy.REMOVE) {
                assertTrue(w.faultEvents().removed(0));
                assertFalse(w.isValid(b));
            } else {
                assertEquals(45, w.position(b, new Vector3d()).x, 1e-12);
                assertEquals(0, w.linearVelocity(b, new Vector3d()).length());
            }
        }
    }

    @Test
    void aListenerThatThrowsLeavesTheWorldAsItWasBeforeTheStep() {
        World w = new World();
        World control = new World();
        twoStacks(w);
        twoStacks(control);
        for (int t = 0; t < 30; t++) {
            w.step();
            control.step();
        }
        long before = w.stateHash();
        long stepsBefore = w.stepCount();
        StepListener boom = world -> {
            throw new IllegalStateException("listener failed");
        };
        w.addStepListener(boom);
        assertThrows(IllegalStateException.class, w::step);
        assertEquals(before, w.stateHash());
        assertEquals(stepsBefore, w.stepCount());
        // and it goes on exactly as a world that never had the listener
        w.removeStepListener(boom);
        for (int t = 0; t < 60; t++) {
            w.step();
            control.step();
            assertEquals(control.stateHash(), w.stateHash(), "tick " + t);
        }
    }
}
