package dev.sinew.bench;

import dev.sinew.rig.Mocap;
import dev.sinew.rig.match.FeatureGroup;
import dev.sinew.rig.match.FeatureIndex;
import dev.sinew.rig.match.MatchDatabase;
import dev.sinew.rig.match.MatchSettings;
import dev.sinew.rig.match.SearchResult;
import dev.sinew.scenes.layers.ShippedData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
 * One motion-matching search over a database of every shipped clip, whole and mirrored (the
 * locomotion database's settings, its clip list replaced by all of {@code cmu/}): brute force
 * against the box-bounded search, which returns the same frame. Queries are database frames'
 * features moved by a little noise (what a running character asks), 1,024 of them in turn, with
 * the frame after each as the continuing frame.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MotionSearchBenchmark {
    static final int QUERIES = 1024;
    private FeatureIndex index;
    private double[][] queries;
    private int[] continuing;
    private final SearchResult result = new SearchResult();
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        MatchSettings locomotion = ShippedData.motion("cmu-locomotion");
        List<MatchSettings.Source> all = new ArrayList<>();
        for (String clip : Mocap.names()) {
            all.add(new MatchSettings.Source(clip, false, null, null));
            all.add(new MatchSettings.Source(clip, true, null, null));
        }
        MatchSettings every = new MatchSettings("every shipped clip", all, locomotion.hips(), locomotion.leftFoot(),
                locomotion.rightFoot(), locomotion.hipsForward(), locomotion.mirrorAxis(), locomotion.frameRate(),
                locomotion.horizonsSeconds(), locomotion.facingWindowSeconds(), locomotion.despikeDegreesPerSecond(),
                locomotion.restBones(), locomotion.weights(), locomotion.search(), locomotion.controller());
        MatchDatabase db = MatchDatabase.build(every, ShippedData.CLIP_SOURCE);
        index = db.index();
        Random r = new Random(19);
        int dims = FeatureGroup.dimensions();
        queries = new double[QUERIES][dims];
        continuing = new int[QUERIES];
        double[] raw = new double[dims];
        for (int i = 0; i < QUERIES; i++) {
            int f = r.nextInt(db.frames());
            db.features(f, raw);
            for (int d = 0; d < dims; d++) {
                raw[d] += 0.05 * r.nextGaussian();
            }
            index.normalize(raw, queries[i]);
            continuing[i] = Math.min(db.frames() - 1, f + 1);
        }
        System.err.printf("database: %d clips, %d frames, %d searchable%n", db.clipCount(), db.frames(), index.searchableCount());
    }

    @Benchmark
    public int bruteForce() {
        int i = next++ & (QUERIES - 1);
        return index.searchBruteForce(queries[i], continuing[i], 0.5, result).frame;
    }

    @Benchmark
    public int accelerated() {
        int i = next++ & (QUERIES - 1);
        return index.search(queries[i], continuing[i], 0.5, result).frame;
    }
}
