package dev.sinew.bench;

import dev.sinew.scenes.rig.RagdollPileScene;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One tick of the ragdoll-pile scene's world ({@code ragdolls} limp CMU ragdolls, 16 bodies each,
 * dropped in a staggered pile) once the pile has come to rest, with sleeping off so that every
 * tick does the full work (with sleeping on, the pile falls asleep within seconds and a tick costs
 * almost nothing). Run with {@code -prof gc}; {@code -p ragdolls=10} or {@code 100}.
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

    private World world;

    @Setup(Level.Trial)
    public void setUp() {
        world = new World(WorldSettings.defaults().withSleep(false));
        RagdollPileScene.build(world, ragdolls, 1);
        for (int i = 0; i < 600; i++) {
            world.step();
        }
    }

    @Benchmark
    public long step() {
        world.step();
        return world.stepCount();
    }
}
