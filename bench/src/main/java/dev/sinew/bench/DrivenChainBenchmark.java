package dev.sinew.bench;

import dev.sinew.scenes.joints.DrivenChain;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One tick of a 100-link capsule chain on swing-twist joints with cone and twist limits, every
 * joint with a slerp drive whose target is set every tick and bends the chain past its limits
 * (see {@link DrivenChain}). Run with {@code -prof gc}: B/op is the steady-state allocation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DrivenChainBenchmark {
    static final int LINKS = 100;

    private DrivenChain chain;

    @Setup(Level.Trial)
    public void setUp() {
        chain = new DrivenChain(new World(WorldSettings.defaults().withSleep(false)), LINKS);
        for (int i = 0; i < 120; i++) {
            step();
        }
    }

    @Benchmark
    public long step() {
        chain.drive();
        chain.world().step();
        return chain.world().stepCount();
    }
}
