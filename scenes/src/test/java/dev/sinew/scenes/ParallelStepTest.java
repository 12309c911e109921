package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.scenes.rig.RagdollPileScene;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.TaskRunner;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The step's results do not depend on the threads it runs on: the driven 20-ragdoll pile, with
 * continuous-collision bullets shot into it and a fault injected, stepped side by side on 1, 2, 3
 * and 4 threads of the world's pool and on an engine-style job system (tasks run on a fork-join
 * pool in reverse order), must have the same state hash after every one of 600 ticks. The golden
 * hash of the last tick catches an accidental change of the solve order; it changes only on
 * purpose, with the reason in the commit.
 */
class ParallelStepTest {
    static final String GOLDEN = "a7be9ae92732fbe6";

    /** One pile: its world, its pose drivers. */
    static final class Pile {
        final World world;
        final List<Ragdoll> ragdolls;
        final List<PoseDriver> drivers = new ArrayList<>();

        Pile(WorldSettings settings) {
            world = new World(settings.withSleep(true));
            ragdolls = RagdollPileScene.build(world, 20, 1);
            DriveProfile profile = DriveProfile.named("default");
            for (Ragdoll r : ragdolls) {
                PoseDriver d = new PoseDriver(r, profile);
                d.capture(r.readPose(new Pose(r.mapper().skeleton())));
                drivers.add(d);
            }
        }

        void tick(long t) {
            if (t % 100 == 50) {
                // a 3 cm ball at 60 m/s (it crosses itself 16 times a tick) thrown into the pile
                double a = 0.7 * t;
                BodyHandle bullet = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                        .position(4 * Math.cos(a), 1.0, 4 * Math.sin(a))
                        .linearVelocity(-60 * Math.cos(a), -2, -60 * Math.sin(a)).bullet(true)
                        .collider(Collider.of(new Sphere(0.03))).mass(0.2).build());
                assertTrue(world.isValid(bullet));
            }
            if (t == 300) {
                world.debug().injectFault(ragdolls.get(3).body(5));
            }
            for (PoseDriver d : drivers) {
                d.update();
            }
            world.step();
        }
    }

    /** An engine's job system as the README shows it: runs the tasks on its own threads, here in reverse order. */
    static final class ReverseJobs implements TaskRunner {
        final ForkJoinPool pool = new ForkJoinPool(3);
        final ForkJoinTask<?>[] jobs = new ForkJoinTask<?>[12];

        @Override
        public int parallelism() {
            return 3;
        }

        @Override
        public void run(int count, IntConsumer task) {
            for (int i = count - 1; i >= 0; i--) {
                int index = i;
                jobs[i] = pool.submit(() -> task.accept(index));
            }
            for (int i = 0; i < count; i++) {
                jobs[i].join();
            }
        }
    }

    @Test
    void samePileBitsOnOneToFourThreadsEveryTick() {
        WorldSettings s = WorldSettings.defaults();
        Pile[] piles = {new Pile(s), new Pile(s.withThreads(2)), new Pile(s.withThreads(3)), new Pile(s.withThreads(4)),
            new Pile(s)};
        ReverseJobs jobs = new ReverseJobs();
        piles[4].world.setTaskRunner(jobs);
        try {
            for (long t = 0; t < 600; t++) {
                for (Pile p : piles) {
                    p.tick(t);
                }
                long h = piles[0].world.stateHash();
                for (int k = 1; k < piles.length; k++) {
                    assertEquals(h, piles[k].world.stateHash(), "tick " + t + ", pile " + k);
                }
            }
            assertTrue(piles[0].world.faultEvents().total() >= 1, "the fault was contained");
            assertEquals(GOLDEN, piles[0].world.stateHashHex(), "the pile's state after 600 ticks");
        } finally {
            for (Pile p : piles) {
                p.world.close();
            }
            jobs.pool.shutdown();
        }
    }
}
