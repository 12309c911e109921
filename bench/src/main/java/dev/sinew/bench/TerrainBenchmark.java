package dev.sinew.bench;

import dev.sinew.scenes.ccd.TerrainScene;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.HeightField;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Quaterniond;
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
 * One tick of 100 boxes and capsules resting on flat ground (sleep off), the ground being a plane,
 * a 65 × 65 heightfield (0.5 m cells) or a 3,200-triangle mesh (0.75 m cells): the same contacts,
 * so the ratio of the times is the cost of terrain against a plane. With {@code -prof gc},
 * {@code gc.alloc.rate.norm} must be about 0.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TerrainBenchmark {
    @Param({"plane", "heightfield", "mesh"})
    public String ground;

    private World world;

    @Setup(Level.Trial)
    public void setUp() {
        world = new World(WorldSettings.defaults().withSleep(false));
        Shape g = switch (ground) {
            case "plane" -> Plane.ground();
            case "heightfield" -> HeightField.sample(65, 65, 0.5, 0.5, (x, z) -> 0);
            default -> TerrainScene.gridMesh(40, 40, 0.75, 0, 0, (x, z) -> 0);
        };
        world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(g, Material.DEFAULT)).build());
        Random rnd = new Random(5);
        for (int i = 0; i < 100; i++) {
            Shape s = i % 2 == 0 ? new Box(0.2, 0.15, 0.25) : new Capsule(0.3, 0.15);
            double x = 2 + 26 * rnd.nextDouble();
            double z = 2 + 26 * rnd.nextDouble();
            world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(x, 0.6, z)
                    .orientation(new Quaterniond().rotateY(6.28 * rnd.nextDouble()))
                    .collider(Collider.of(s, Material.DEFAULT)).build());
        }
        // settle first: the measurement is resting contact, not the landing
        for (int i = 0; i < 180; i++) {
            world.step();
        }
    }

    @Benchmark
    public long step() {
        world.step();
        return world.stepCount();
    }
}
