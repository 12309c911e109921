package dev.sinew.bench;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.scenes.rig.RagdollPileScene;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.WorldSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
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
 *
 * <p>With {@code -Dsinew.bench.pileCache=DIR} (passed to the forks with {@code -jvmArgsAppend}) a
 * settled pile is saved in DIR as a snapshot and later runs of the same benchmarks jar restore it
 * instead of settling again: the pile of 1,000 takes about half an hour to settle on one thread. A
 * snapshot is used only by the jar that wrote it (its name carries the jar's checksum), so a build
 * with other arithmetic settles its own pile. With {@code -Dsinew.bench.pileSnapshot=FILE} every
 * build restores that one snapshot instead (it must be of the same pile: a file from the cache),
 * for two builds compared in turn on the same pile ({@link StepInTurn}).
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
    public void setUp() throws IOException {
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
        String given = System.getProperty(SNAPSHOT_PROPERTY);
        if (given != null && !given.isEmpty()) {
            restore(Path.of(given), true);
            return;
        }
        Path cached = cacheFile();
        if (cached != null && restore(cached, false)) {
            return;
        }
        // at rest: until the last ragdoll has landed, then 10 s more
        WorldSettings settings = world.settings();
        double landed = RagdollPileScene.landingSeconds(ragdolls, settings.gravity().length());
        int ticks = (int) Math.ceil((landed + 10) / settings.tickSeconds());
        for (int i = 0; i < ticks; i++) {
            step();
        }
        if (cached != null) {
            save(cached);
        }
    }

    /**
     * The system property naming one settled pile's snapshot (a file the cache saved) that this
     * benchmark restores whatever build it is: two builds stepped in turn on the very same pile.
     */
    public static final String SNAPSHOT_PROPERTY = "sinew.bench.pileSnapshot";

    /** The system property naming the directory of settled piles. */
    public static final String CACHE_PROPERTY = "sinew.bench.pileCache";

    /**
     * Where this pile's settled snapshot is kept, or null when no cache is asked for or the
     * benchmarks do not run from a jar (classes in a directory have no single checksum).
     */
    private Path cacheFile() throws IOException {
        String dir = System.getProperty(CACHE_PROPERTY);
        if (dir == null || dir.isEmpty()) {
            return null;
        }
        CodeSource source = RagdollPileBenchmark.class.getProtectionDomain().getCodeSource();
        Path jar;
        try {
            jar = source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            jar = null;
        }
        if (jar == null || !Files.isRegularFile(jar)) {
            System.out.println("pile cache: the benchmarks do not run from a jar, so the pile is settled afresh");
            return null;
        }
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(jar)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
            }
        }
        return Path.of(dir).resolve(String.format("ragdoll-pile-%d-%s-%08x.snapshot", ragdolls,
                drives ? "driven" : "limp", crc.getValue()));
    }

    /**
     * True when the pile was restored from the snapshot at {@code file}; when {@code required}, a
     * missing file or another world's snapshot is an error rather than a reason to settle afresh.
     */
    private boolean restore(Path file, boolean required) throws IOException {
        if (!Files.isRegularFile(file)) {
            if (required) {
                throw new IllegalArgumentException(SNAPSHOT_PROPERTY + ": no such file: " + file);
            }
            return false;
        }
        try {
            world.restore(WorldSnapshot.fromBytes(Files.readAllBytes(file)));
        } catch (InvalidArgumentException e) {
            if (required) {
                throw new IllegalArgumentException(SNAPSHOT_PROPERTY + ": " + file + " is not a snapshot of the pile of "
                        + ragdolls + " ragdolls (" + e.getMessage() + ")");
            }
            System.out.println("pile cache: " + file + " is not this pile's snapshot (" + e.getMessage()
                    + "), so the pile is settled afresh");
            return false;
        }
        // the drivers as after a tick (each turns its target into a rate from the tick before),
        // so that the restored pile steps on exactly as the settled one would have; what they
        // set now is input the next tick sets again
        for (int i = 0; i < drivers.size(); i++) {
            drivers.get(i).update();
        }
        System.out.println((required ? SNAPSHOT_PROPERTY : "pile cache") + ": restored the settled pile from " + file);
        return true;
    }

    /** Writes the settled pile's snapshot to {@code file} (whole or not at all). */
    private void save(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "pile", ".part");
        try {
            Files.write(tmp, world.snapshot().toBytes());
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        System.out.println("pile cache: saved the settled pile to " + file);
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
