package dev.sinew.scenes.check;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterListener;
import dev.sinew.reactions.CharacterSettings;
import dev.sinew.reactions.CharacterState;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.rig.Ragdoll;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Progress;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.reactions.ReactingCharacter;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.joml.Vector3d;

/**
 * The soak run: a crowd of reacting characters in a row, {@value #SPACING} m apart, each dealt a
 * random event every {@value #MIN_GAP} to {@value #MAX_GAP} s (seeded): a normal hit (12–60 N·s at
 * a random body from a random side), a critical one, a knock-down, a throw (knocked down and
 * launched 2–4 m/s sideways and 3–5 m/s up), or, lying down, the order to get up now; for as many
 * wall-clock minutes as asked, with the detectors on. A character down for
 * {@value #GIVE_UP} s without standing again is a failure (and knocked down again to carry on).
 * The heap in use is sampled just after a full garbage collection at the start, every
 * {@value #HEAP_EVERY} s of wall-clock time and at the end; it must not grow by more than
 * {@value #MAX_HEAP_GROWTH_PCT} % from the first sample to the last. A ragdoll without get-up
 * clips for its skeleton is only hit (it could not stand again).
 */
public final class Soak implements CharacterListener {
    static final int CHARACTERS = 4;
    static final double SPACING = 2.5;
    static final double MIN_GAP = 1.5;
    static final double MAX_GAP = 4;
    static final double GIVE_UP = 30;
    static final double HEAP_EVERY = 30;
    static final double MAX_HEAP_GROWTH_PCT = 10;

    private final World world = new World();
    private final SceneInputs files;
    private final List<ReactingCharacter> crowd = new ArrayList<>();
    private final SplittableRandom random;
    private final double[] next;
    private final double[] downSince;
    private final Map<String, Integer> events = new LinkedHashMap<>();
    private final Disturbance disturbance = new Disturbance();
    private int failures;

    private Soak(SceneInputs files, long seed) {
        this.files = files;
        SceneKit.ground(world, Material.DEFAULT);
        SceneOptions o = new SceneOptions(Double.NaN, 1, seed, 0, files);
        for (int k = 0; k < CHARACTERS; k++) {
            ReactingCharacter c = new ReactingCharacter(world, k * SPACING, 0, o, CharacterSettings.defaults());
            c.character.addListener(this);
            c.character.addListener(disturbance);
            crowd.add(c);
        }
        random = new SplittableRandom(seed);
        next = new double[CHARACTERS];
        downSince = new double[CHARACTERS];
        for (int k = 0; k < CHARACTERS; k++) {
            next[k] = 1 + random.nextDouble() * (MAX_GAP - MIN_GAP);
            downSince[k] = -1;
        }
        for (String e : new String[] {"hits", "criticalHits", "knockDowns", "throws", "getUpsAsked", "stoodUp"}) {
            events.put(e, 0);
        }
    }

    @Override
    public void stateChanged(Character c, CharacterState from, CharacterState to, long tick, String reason) {
        if (from == CharacterState.GETTING_UP && to == CharacterState.ACTIVE) {
            events.merge("stoodUp", 1, Integer::sum);
        }
    }

    /**
     * Runs the soak for {@code minutes} of wall-clock time.
     *
     * @param progress where to draw a progress bar (null: none)
     */
    public static SoakResult run(SceneInputs files, double minutes, long seed, PrintStream progress) {
        return new Soak(files, seed).run(minutes, progress);
    }

    private SoakResult run(double minutes, PrintStream progress) {
        WorldProbe probe = new WorldProbe(world, SceneRun.names(world, Battery.ragdoll(files)));
        Detectors detectors = new Detectors();
        ScenarioResult.Charted series = ScenarioResult.Charted.empty();
        double dt = world.settings().tickSeconds();
        long start = System.nanoTime();
        double wallLimit = minutes * 60;
        Progress bar = new Progress("soak", Math.round(wallLimit), progress);
        List<SoakResult.HeapSample> heap = new ArrayList<>();
        double startEnergy = Double.NaN;
        double nextHeap = 0;
        long tick = 0;
        boolean canGetUp = crowd.get(0).canGetUp();
        while (true) {
            double wall = (System.nanoTime() - start) * 1e-9;
            if (wall >= nextHeap && tick >= Math.round(5 / dt)) {
                heap.add(new SoakResult.HeapSample(wall, tick * dt, heapAfterGc()));
                nextHeap = wall + HEAP_EVERY;
            }
            if (wall >= wallLimit) {
                break;
            }
            double t = tick * dt;
            for (int k = 0; k < CHARACTERS; k++) {
                if (t >= next[k]) {
                    event(k, canGetUp);
                    next[k] = t + MIN_GAP + random.nextDouble() * (MAX_GAP - MIN_GAP);
                }
                crowd.get(k).character.beforeStep();
            }
            world.step();
            for (int k = 0; k < CHARACTERS; k++) {
                crowd.get(k).character.afterStep();
                watch(k, (tick + 1) * dt, canGetUp);
            }
            TickSample s = probe.read(tick);
            s.disturbed = disturbance.take();
            detectors.observe(s);
            if (Double.isNaN(startEnergy)) {
                startEnergy = s.energy;
            }
            series.trackingErrorDeg().add(s.time, crowd.get(0).meanErrorDeg());
            series.jointSeparation().add(s.time, s.jointSeparation);
            series.energy().add(s.time, (s.energy - startEnergy) / s.mass);
            bar.update(Math.round(wall));
            tick++;
        }
        heap.add(new SoakResult.HeapSample((System.nanoTime() - start) * 1e-9, tick * dt, heapAfterGc()));
        bar.done();
        double first = heap.get(0).heapMb();
        double last = heap.get(heap.size() - 1).heapMb();
        double growth = 100 * (last / first - 1);
        List<CheckLine> checks = new ArrayList<>();
        checks.add(CheckLine.detector(Finding.of(CheckResult.equalTo("failures", failures, 0))));
        for (Finding f : detectors.findings()) {
            checks.add(CheckLine.detector(f));
        }
        checks.add(CheckLine.detector(Finding.of(CheckResult.atMost("heapGrowthPct", growth, MAX_HEAP_GROWTH_PCT))));
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("failures", failures);
        metrics.putAll(events);
        metrics.put("heapGrowthPct", growth);
        List<String> notes = new ArrayList<>();
        if (!canGetUp) {
            notes.add("hits only: " + crowd.get(0).whyNoGetUp());
        }
        notes.add(String.format(Locale.ROOT, "%.1f wall-clock minutes on this machine: how much was simulated depends on its"
                + " speed", (System.nanoTime() - start) / 60e9));
        boolean pass = checks.stream().allMatch(CheckLine::pass);
        ScenarioResult r = new ScenarioResult("soak", String.format(Locale.ROOT, "%d characters dealt random hits, throws,"
                + " knock-downs and get-ups", CHARACTERS), "", Math.round(1 / dt * 1e6) / 1e6, 0, tick * dt, tick,
                world.bodyCount(), world.stateHashHex(), metrics, detectors.metrics(), checks, notes, pass, series);
        return new SoakResult(r, (System.nanoTime() - start) / 60e9, CHARACTERS, events, heap, first, last, growth);
    }

    /** Deals character k its next event. */
    private void event(int k, boolean canGetUp) {
        ReactingCharacter rc = crowd.get(k);
        Character c = rc.character;
        CharacterState s = c.state();
        if (s == CharacterState.DOWN) {
            c.getUp();
            events.merge("getUpsAsked", 1, Integer::sum);
            return;
        }
        if (s == CharacterState.LIMP || s == CharacterState.GETTING_UP) {
            return; // let it land, or get up
        }
        double roll = random.nextDouble();
        Ragdoll r = rc.ragdoll();
        if (!canGetUp || roll < 0.5) {
            boolean critical = canGetUp && roll > 0.4;
            int body = random.nextInt(r.bodyCount());
            double yaw = 2 * Math.PI * random.nextDouble();
            Vector3d point = world.position(r.body(body), new Vector3d());
            c.hit(Hit.at(body, point, new Vector3d(Math.sin(yaw), 0, Math.cos(yaw)), 12 + 48 * random.nextDouble(), critical,
                    random.nextLong()));
            events.merge(critical ? "criticalHits" : "hits", 1, Integer::sum);
        } else if (roll < 0.75) {
            c.knockDown();
            events.merge("knockDowns", 1, Integer::sum);
        } else {
            c.knockDown();
            double yaw = 2 * Math.PI * random.nextDouble();
            double side = 2 + 2 * random.nextDouble();
            Vector3d dv = new Vector3d(side * Math.sin(yaw), 3 + 2 * random.nextDouble(), side * Math.cos(yaw));
            for (int i = 0; i < r.bodyCount(); i++) {
                world.body(r.body(i)).applyLinearImpulse(new Vector3d(dv).mul(world.body(r.body(i)).mass()));
            }
            disturbance.mark();
            events.merge("throws", 1, Integer::sum);
        }
    }

    /** Counts a character down too long as a failure, and knocks it down again to carry on. */
    private void watch(int k, double t, boolean canGetUp) {
        ReactingCharacter rc = crowd.get(k);
        CharacterState s = rc.character.state();
        boolean standing = s == CharacterState.ACTIVE && rc.meanErrorDeg() < ReactingCharacter.TRACKING_DEG && rc.pelvisHeight() > 0.8;
        if (standing || s == CharacterState.STAGGERED) {
            downSince[k] = -1;
            return;
        }
        if (s == CharacterState.LIMP || s == CharacterState.DOWN || s == CharacterState.GETTING_UP) {
            if (downSince[k] < 0) {
                downSince[k] = t;
            } else if (canGetUp && t - downSince[k] > GIVE_UP) {
                failures++;
                downSince[k] = t;
                rc.character.knockDown();
            }
        }
    }

    /** The heap in use after a full garbage collection, MB. */
    static double heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }
}
