package dev.sinew.bench;

import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Capsule;
import java.util.concurrent.TimeUnit;
import org.joml.Quaterniond;
import org.joml.Vector3d;
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
 * One tick of a 100-link capsule chain on ball joints, every joint with a slerp drive (5 Hz,
 * critically damped, 200 N·m limit) whose target bends the chain into a slowly turning curl, so
 * the drives work every tick. Issue 3 asks for this with swing-twist joints; until those exist
 * the chain uses ball joints, which carry the same drive. Run with {@code -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DrivenChainBenchmark {
    static final int LINKS = 100;

    private World world;
    private final JointHandle[] joints = new JointHandle[LINKS];
    private final Quaterniond target = new Quaterniond();
    private final Vector3d noSpin = new Vector3d();

    @Setup(Level.Trial)
    public void setUp() {
        world = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle last = world.createBody(BodySettings.builder(BodyType.STATIC).position(0, 20, 0).build());
        for (int i = 0; i < LINKS; i++) {
            BodyHandle link = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(0.2 * i + 0.1, 20, 0).orientation(new Quaterniond().rotateZ(Math.PI / 2)).mass(1)
                    .collider(Collider.of(new Capsule(0.06, 0.04))).build());
            joints[i] = world.createJoint(BallJointSettings.of(last, i == 0 ? new Vector3d() : new Vector3d(0, -0.1, 0),
                    link, new Vector3d(0, 0.1, 0)));
            world.setDrive(joints[i], DriveSettings.frequency(5, 1, 200));
            last = link;
        }
        for (int i = 0; i < 120; i++) {
            step();
        }
    }

    @Benchmark
    public long step() {
        double phase = 0.01 * world.stepCount();
        for (int i = 0; i < LINKS; i++) {
            target.identity().rotateZ(0.05 * Math.sin(phase + 0.1 * i));
            world.setDriveTarget(joints[i], target, noSpin);
        }
        world.step();
        return world.stepCount();
    }
}
