package dev.sinew.bench;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One tick of {@code ragdolls} CMU ragdolls tracking the CMU walk with the {@code default} profile
 * and the root drive, on a 3 m grid: sampling the clip, the pose driver's update and the world's
 * step. The walk (8.3 s) runs on from 1 s into the clip; past its end the characters hold the final
 * pose. Run with {@code -prof gc}; {@code -p ragdolls=100} is the figure.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TrackWalkBenchmark {
    @Param({"100"})
    public int ragdolls;

    private World world;
    private final List<ActiveCharacter> characters = new ArrayList<>();
    private double time;

    @Setup(Level.Trial)
    public void setUp() {
        world = new World();
        world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        RagdollDefinition def = Profiles.ragdoll("cmu-humanoid");
        DriveProfile profile = DriveProfile.named("default");
        int side = (int) Math.ceil(Math.sqrt(ragdolls));
        for (int i = 0; i < ragdolls; i++) {
            characters.add(new ActiveCharacter(world, walk, def, profile, 3 * (i % side), 3 * (i / side), true, true));
        }
        // Past the ticks where the contact pools and solver arrays grow to their largest (the
        // first ~190 of the walk, measured): what is measured is the steady state.
        for (int i = 0; i < 300; i++) {
            step();
        }
    }

    @Benchmark
    public long step() {
        time += world.settings().tickSeconds();
        for (ActiveCharacter c : characters) {
            c.update(time);
        }
        world.step();
        return world.stepCount();
    }
}
