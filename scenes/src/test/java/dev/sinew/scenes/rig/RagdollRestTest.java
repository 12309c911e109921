package dev.sinew.scenes.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Mocap;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bookkeeping of {@code ragdoll-rest} on hand-made worlds: what its grounds are, when a body
 * has rested and slept ({@link RestWatch}), and what a run too short to decide reports.
 */
class RagdollRestTest {
    private static final double TICK = 1.0 / 60;
    private static final int WATCH_TICKS = (int) Math.round(RestWatch.SLEEP_WITHIN / TICK);

    /** Watches {@code bodies} of {@code w} for the whole watch, calling {@code before} with each tick's start time. */
    private static RestWatch watch(World w, List<BodyHandle> bodies, java.util.function.DoubleConsumer before) {
        RestWatch watch = new RestWatch(w, bodies);
        for (int tick = 0; tick < WATCH_TICKS; tick++) {
            before.accept(tick * TICK);
            w.step();
            watch.observe((tick + 1) * TICK);
        }
        return watch;
    }

    /**
     * A 0.3 m box set down 1 mm over each ground comes to rest and sleeps, and rests on its
     * surface: its bottom ends within 2 mm of y = 0 (the contact's slop, 1 mm, plus the soft
     * contact's g/ω² sag), which is where every ground's surface must be.
     */
    @ParameterizedTest
    @EnumSource(RestGround.class)
    void aBoxSetDownOnEachGroundRestsAndSleeps(RestGround ground) {
        World w = new World();
        ground.create(w);
        BodyHandle box = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0.3, 0.151, -0.2)
                .collider(Collider.of(new Box(0.15, 0.15, 0.15))).build());
        RestWatch watch = watch(w, List.of(box), t -> { });
        assertTrue(watch.rested(), ground + ": rested");
        assertTrue(watch.slept(), ground + ": slept");
        assertTrue(watch.asleepAt() > 0 && watch.asleepAt() <= 1, ground + ": asleep within 1 s, at " + watch.asleepAt());
        assertEquals(0, watch.restAngularSpeed(), 1e-12, ground + ": asleep bodies do not turn after 5 s");
        double bottom = w.position(box, new Vector3d()).y - 0.15;
        assertEquals(0, bottom, 2e-3, ground + ": the box's bottom is on the surface");
    }

    /**
     * Without gravity a sphere keeps its spin (no torque, no damping): at 0.1 rad/s, twice the
     * limit, it never rests nor sleeps and its largest spin after 5 s is that spin; at 0.04 rad/s,
     * under both the rest and the sleep limit, it rests at once and sleeps after the world's time
     * to sleep.
     */
    @Test
    void aSpinOverTheLimitIsNotRest() {
        for (double spin : new double[] {0.1, 0.04}) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).angularVelocity(0, spin, 0)
                    .collider(Collider.of(new Sphere(0.1))).build());
            RestWatch watch = watch(w, List.of(ball), t -> { });
            boolean over = spin > RestWatch.ANGULAR;
            assertEquals(!over, watch.rested(), "rested at " + spin + " rad/s");
            assertEquals(!over, watch.slept(), "slept at " + spin + " rad/s");
            assertEquals(over ? spin : 0, watch.restAngularSpeed(), 1e-12, "largest spin after 5 s");
        }
    }

    /**
     * Rest lasts from its start to the end of the watch: a still sphere (no gravity, sleep
     * forbidden) turned at 1 rad/s from t0 to t1 has rested only when t1 is at most 5 s (still
     * from 4 s or 2 s on: rested; from 5.5 s or never again: not), and being still for its first
     * 2 s does not count when it turns after.
     */
    @Test
    void restMustLastFromWithinFiveSecondsToTheEnd() {
        double[][] spells = {{3, 4}, {3, 5.5}, {0, 2}, {0.5, 7}, {2.02, 8}};
        boolean[] rested = {true, false, true, false, false};
        for (int k = 0; k < spells.length; k++) {
            double from = spells[k][0];
            double to = spells[k][1];
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
            BodyHandle ball = w.createBody(BodySettings.builder(BodyType.DYNAMIC).allowSleep(false)
                    .collider(Collider.of(new Sphere(0.1))).build());
            Vector3d spin = new Vector3d();
            RestWatch watch = watch(w, List.of(ball), t -> w.body(ball).setAngularVelocity(
                    spin.set(0, t >= from - 1e-9 && t < to - 1e-9 ? 1 : 0, 0)));
            assertEquals(rested[k], watch.rested(), "turning from " + from + " s to " + to + " s");
            assertFalse(watch.slept(), "sleep forbidden");
        }
    }

    /** Every ground kind has its metric suffix, and the landings come from the seed alone. */
    @Test
    void landingsAreTheSeedsAndInRange() {
        List<RagdollRestScene.Landing> a = RagdollRestScene.landings(7, 24, 500);
        assertEquals(a, RagdollRestScene.landings(7, 24, 500), "the same seed, the same landings");
        assertFalse(a.equals(RagdollRestScene.landings(8, 24, 500)), "another seed, other landings");
        for (RagdollRestScene.Landing l : a) {
            assertTrue(l.frame() >= 0 && l.frame() < 500, "frame " + l.frame());
            assertTrue(l.yaw() >= 0 && l.yaw() < 2 * Math.PI, "yaw " + l.yaw());
            assertTrue(l.lift() >= 0.2 && l.lift() < 1.5, "lift " + l.lift());
        }
        assertEquals(List.of("Plane", "Box", "Heightfield", "Mesh"),
                java.util.Arrays.stream(RestGround.values()).map(RestGround::label).toList());
    }

    /**
     * A run shorter than the cases' 8 s watch cannot decide rest or sleep, nor one shorter than
     * 10 s the pile's: those metrics are NaN (null in the report) and their checks fail; what it
     * did see in 0.1 s of falling (nothing under the ground, no joint apart) passes.
     */
    @Test
    void aShortRunDecidesNothingAboutRest() {
        RagdollRestScene.Instance inst = (RagdollRestScene.Instance) new RagdollRestScene()
                .create(SceneOptions.defaults().withSeconds(0.1));
        for (int tick = 0; tick < 6; tick++) {
            inst.world().step();
            inst.afterStep(tick);
        }
        Map<String, Object> m = inst.metrics();
        assertEquals(96, m.get("cases"));
        assertTrue(((Double) m.get("restedCases")).isNaN());
        assertTrue(((Double) m.get("sleptCases")).isNaN());
        assertTrue(((Double) m.get("awakeAfter10s")).isNaN());
        assertEquals(0, m.get("belowGround"));
        assertEquals(List.of(), m.get("notRested"));
        for (CheckResult c : inst.checks()) {
            boolean decided = c.name().equals("belowGround") || c.name().equals("maxJointSeparation");
            assertEquals(decided, c.pass(), c.name() + " after 0.1 s");
        }
    }

    /** 24 cases on each ground, each alone in its world: its ground and one ragdoll, posed from the seed's landings. */
    @Test
    void everyCaseIsOneRagdollAloneOnOneGround() {
        RagdollRestScene.Instance inst = (RagdollRestScene.Instance) new RagdollRestScene().create(SceneOptions.defaults());
        int frames = Mocap.read("cmu/131_01.bvh").clip().frameCount();
        assertEquals(RagdollRestScene.landings(1, 24, frames), inst.landings);
        for (RestGround g : RestGround.values()) {
            assertEquals(24, inst.cases.stream().filter(c -> c.ground == g).count(), g + " cases");
        }
        for (RagdollRestScene.Case c : inst.cases) {
            assertEquals(1 + c.ragdoll.bodyCount(), c.world.bodyCount(), c.label() + ": its ground and its ragdoll");
        }
        assertEquals(1 + 10 * inst.cases.get(0).ragdoll.bodyCount(), inst.world().bodyCount(), "the pile's world");
    }
}
