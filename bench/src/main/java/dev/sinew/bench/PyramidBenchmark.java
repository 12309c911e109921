package dev.sinew.bench;

import dev.sinew.scenes.solver.PyramidScene;
import dev.sinew.solver.World;
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
 * One tick of the 20-layer, 210-box pyramid. {@code awake=true} keeps the pyramid from sleeping
 * (the solver's full cost every tick); {@code awake=false} is the default world, which sleeps
 * after about two seconds. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes
 * allocated per tick, which must be about 0 in steady state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PyramidBenchmark {
    @Param({"true"})
    public boolean awake;

    private World world;

    @Setup(Level.Trial)
    public void setUp() {
        world = new World(dev.sinew.solver.WorldSettings.defaults().withSleep(!awake));
        PyramidScene.build(world);
        // Settle first so the measurement is the steady state, not the first contacts.
        for (int i = 0; i < 120; i++) {
            world.step();
        }
    }

    @Benchmark
    public long step() {
        world.step();
        return world.stepCount();
    }
}
