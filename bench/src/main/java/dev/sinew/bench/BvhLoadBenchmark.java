package dev.sinew.bench;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import java.util.List;
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
 * Parsing a 1 MB BVH file once warm: the CMU walk (131_01, 716 KB) with its motion repeated to
 * 1,491 frames (1.07 MB of text), parsed from memory into a skeleton and a clip. The bar is
 * well under 100 ms. {@code read} from disk adds the file read.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BvhLoadBenchmark {
    private String text;

    @Setup(Level.Trial)
    public void setUp() {
        List<String> lines = Mocap.text("cmu/131_01.bvh").lines().toList();
        int framesLine = 0;
        while (!lines.get(framesLine).startsWith("Frames:")) {
            framesLine++;
        }
        List<String> header = lines.subList(0, framesLine);
        List<String> motion = lines.subList(framesLine + 2, lines.size());
        int frames = motion.size() * 3 / 2;
        StringBuilder b = new StringBuilder();
        header.forEach(l -> b.append(l).append('\n'));
        b.append("Frames: ").append(frames).append('\n').append(lines.get(framesLine + 1)).append('\n');
        for (int i = 0; i < frames; i++) {
            b.append(motion.get(i % motion.size())).append('\n');
        }
        text = b.toString();
        if (text.length() < 1_000_000) {
            throw new IllegalStateException("benchmark text is only " + text.length() + " bytes");
        }
    }

    @Benchmark
    public Object parse() {
        return BvhImporter.parse(text, "131_01x1.5.bvh", BvhImporter.CMU_UNIT).clip();
    }
}
