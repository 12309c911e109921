package dev.sinew.bench;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.scenes.rig.RagdollPileScene;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One tick of the ragdoll-pile scene's world ({@code ragdolls} limp CMU ragdolls, 16 bodies each,
 * dropped in a staggered pile) once the pile has come to rest, 10 s after its last ragdoll landed
 * (the pile of 1,000 is dropped from up to 500 m), with sleeping off so that every tick does the
 * full work (with sleeping on, the pile falls asleep within seconds and a tick costs
 * almost nothing). With {@code drives} every ragdoll holds the pose it was dropped in through the
 * {@code default} drive profile (an angular drive on every joint, updated each tick). Run with
 * {@code -prof gc}; {@code -p ragdolls=10,100,1000} (1,000 takes minutes to set up),
 * {@code -p threads=1,2} for the step on the world's pool of 2 threads.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RagdollPileBenchmark {
    @Param({"10", "100"})
    public int ragdolls;

    /** Every joint driven toward the drop pose ({@code default} profile), or limp. */
    @Param({"false", "true"})
    public boolean drives;

    /** Threads the step runs on (the world's pool; the results are the same bits for any count). */
    @Param({"1"})
    public int threads;

    private World world;
    private final List<PoseDriver> drivers = new ArrayList<>();

    @TearDown(Level.Trial)
    public void tearDown() {
        world.close();
    }

    @Setup(Level.Trial)
    public void setUp() {
        world = new World(WorldSettings.defaults().withSleep(false).withThreads(threads));
        List<Ragdoll> pile = RagdollPileScene.build(world, ragdolls, 1);
        if (drives) {
            DriveProfile profile = DriveProfile.named("default");
            for (Ragdoll r : pile) {
                PoseDriver d = new PoseDriver(r, profile);
                d.capture(r.readPose(new Pose(r.mapper().skeleton())));
                drivers.add(d);
            }
        }
        // at rest: until the last ragdoll has landed, then 10 s more
        WorldSettings settings = world.settings();
        double landed = RagdollPileScene.landingSeconds(ragdolls, settings.gravity().length());
        int ticks = (int) Math.ceil((landed + 10) / settings.tickSeconds());
        for (int i = 0; i < ticks; i++) {
            step();
        }
    }

    @Benchmark
    public long step() {
        for (int i = 0; i < drivers.size(); i++) {
            drivers.get(i).update();
        }
        world.step();
        return world.stepCount();
    }
}
