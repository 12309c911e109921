package dev.sinew.scenes.check;

import dev.sinew.reactions.Character;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.SceneRunner;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One scene instance stepped tick by tick with the detectors watching: what a scenario is made of
 * (two of them side by side for the comparisons). Bodies are named after the ragdoll definition
 * (the scenes build their ragdolls one after another, so the k-th run of n dynamic bodies is
 * ragdoll k), joints after the bodies they join.
 */
final class SceneRun {
    final Scene scene;
    final SceneOptions options;
    final SceneInstance instance;
    final World world;
    final WorldProbe probe;
    final WorldProbe.Names names;
    final Detectors detectors = new Detectors();
    final ScenarioResult.Charted series = ScenarioResult.Charted.empty();
    private final Phases phases;
    private final Disturbance disturbance = new Disturbance();
    private double startEnergy = Double.NaN;
    private long ticks;

    SceneRun(Scene scene, SceneOptions options, Phases phases) {
        this.scene = scene;
        this.options = options;
        this.phases = phases;
        instance = SceneRunner.create(scene, options);
        world = instance.world();
        names = names(world, options.ragdoll("cmu-humanoid"));
        probe = new WorldProbe(world, names);
        Character c = instance.character();
        if (c != null) {
            c.addListener(disturbance);
        }
    }

    /** Runs tick {@code t}: the scene before, the step, the scene after, then the detectors. */
    void tick(long t) {
        instance.beforeStep(t);
        world.step();
        instance.afterStep(t);
        TickSample s = probe.read(t);
        s.disturbed = disturbance.take();
        s.passive = phases.passive(instance, s.time);
        s.rest = phases.rest(instance, s.time);
        detectors.observe(s);
        if (Double.isNaN(startEnergy)) {
            startEnergy = s.energy;
        }
        series.trackingErrorDeg().add(s.time, instance.driver() == null ? Double.NaN : instance.driver().report().meanErrorDeg());
        series.jointSeparation().add(s.time, s.jointSeparation);
        series.energy().add(s.time, s.mass > 0 ? (s.energy - startEnergy) / s.mass : 0);
        ticks++;
    }

    /**
     * The result: the scene's metrics and checks, then the detectors', and {@code extra} checks
     * (a comparison's) after them.
     */
    ScenarioResult result(String name, String what, List<Finding> extra, List<String> notes) {
        List<CheckLine> checks = new ArrayList<>();
        for (CheckResult c : instance.checks()) {
            checks.add(CheckLine.scene(c));
        }
        for (Finding f : detectors.findings()) {
            checks.add(CheckLine.detector(f));
        }
        for (Finding f : extra) {
            checks.add(CheckLine.detector(f));
        }
        boolean pass = checks.stream().allMatch(CheckLine::pass);
        double dt = world.settings().tickSeconds();
        return new ScenarioResult(name, what, scene.name(), Math.round(1 / dt * 1e6) / 1e6, options.seed(), ticks * dt, ticks,
                world.bodyCount(), world.stateHashHex(), instance.metrics(), detectors.metrics(), checks, notes, pass, series);
    }

    /** Names: "NAME" for one ragdoll's bodies, "k/NAME" for the k-th of several; else "body i". */
    static WorldProbe.Names names(World world, RagdollDefinition def) {
        List<BodyHandle> dynamic = new ArrayList<>();
        for (BodyHandle h : world.bodyHandles()) {
            if (world.body(h).type() == BodyType.DYNAMIC) {
                dynamic.add(h);
            }
        }
        int per = def.bodies().size();
        boolean ragdolls = !dynamic.isEmpty() && dynamic.size() % per == 0;
        Map<BodyHandle, String> byHandle = new HashMap<>();
        for (int i = 0; i < dynamic.size(); i++) {
            String n = ragdolls ? def.bodies().get(i % per).name() : "body " + i;
            byHandle.put(dynamic.get(i), ragdolls && dynamic.size() > per ? (i / per) + "/" + n : n);
        }
        return new WorldProbe.Names() {
            @Override
            public String body(BodyHandle h) {
                String n = byHandle.get(h);
                return n == null ? "kinematic body" : n;
            }

            @Override
            public String joint(JointHandle h) {
                return body(world.joint(h).bodyA()) + "–" + body(world.joint(h).bodyB());
            }
        };
    }
}
