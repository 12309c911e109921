package dev.sinew.scenes.check;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.Progress;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.drives.StandScene;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.solver.WorldSettings;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The battery {@code sinew check} runs against a ragdoll definition, a clip and a drive profile:
 * drop and rest, a pile of 10, stand, track the clip, 10 hits, a critical hit, knock-down and
 * get-up, high gain (the profile × 10), at each tick rate asked; then 10 hits at 30 Hz ticks, far
 * from the origin, and determinism. Scenarios run on a fixed pool of worker threads, one per
 * core; each runs on one thread from start to end, so its results do not depend on which, and
 * the results come back in the battery's order whatever order they finish in.
 */
public final class Battery {
    /** Ragdolls in the pile (the quick battery's: {@value #QUICK_PILE}). */
    static final int PILE = 10;
    static final int QUICK_PILE = 4;
    /**
     * Seconds the pile's spawn overlaps take to push apart (at the contacts' 3 m/s for a few
     * centimetres, with room), before which its energy is not judged.
     */
    static final double PILE_SPAWN = 0.25;
    /** The high-gain scenario's gain factor. */
    static final double HIGH_GAIN = 10;

    private Battery() {
    }

    /** The scenarios, in the report's order. */
    public static List<Scenario> scenarios(CheckOptions o) {
        SceneInputs files = o.inputs();
        // the limp scenes take the ragdoll and its clip; a profile would make their ragdolls active
        SceneInputs limp = new SceneInputs(files.clip(), files.ragdoll(), null);
        boolean q = o.quick();
        List<Scenario> out = new ArrayList<>();
        boolean suffix = !o.ticksPerSecond().equals(List.of(60.0));
        for (double hz : o.ticksPerSecond()) {
            String at = suffix ? "@" + hz(hz) + "Hz" : "";
            SceneOptions base = options(files, hz);
            out.add(new SceneScenario("drop-and-rest" + at, "the limp ragdoll dropped from 1 m (and one that may not sleep)",
                    scene("ragdoll-drop"), base.withInputs(limp), q ? 9 : 10, Phases.limp(RagdollDropScene.SETTLE)));
            for (int seed = 1; seed <= o.seeds(); seed++) {
                int n = q ? QUICK_PILE : PILE;
                out.add(new SceneScenario("pile-of-" + n + at + (o.seeds() > 1 ? " seed " + seed : ""), n
                        + " limp ragdolls dropped in a staggered pile, seed " + seed, scene("ragdoll-pile"),
                        base.withInputs(limp).withCount(n).withSeed(seed), 10, Phases.limpFrom(PILE_SPAWN, Double.POSITIVE_INFINITY)));
            }
            out.add(new SceneScenario("stand" + at, "holding the clip's first frame with the drives and the root drive",
                    scene("stand"), base, q ? 6 : 30, Phases.holding(StandScene.SETTLE)));
            out.add(new SceneScenario("track" + at, "tracking the clip (and one without the root drive, which may fall)",
                    scene("track-walk"), base, trackSeconds(files), Phases.ACTIVE));
            out.add(new SceneScenario("10-hits" + at, "10 normal hits on different bodies, from different sides",
                    scene("hit-reaction"), base, scene("hit-reaction").defaultSeconds(), Phases.REACTING));
            out.add(new SceneScenario("critical-hit" + at, "a critical hit on the right forearm: weakening held, then recovered",
                    scene("critical-hit"), base, scene("critical-hit").defaultSeconds(), Phases.REACTING));
            out.add(new SceneScenario("knock-down-and-get-up" + at, q ? "a knock-down and the get-up after it"
                    : "three knock-downs, each followed by the get-up the character chooses", scene("knockdown-getup"),
                    q ? base.withCount(1) : base, q ? 16 : scene("knockdown-getup").defaultSeconds(), Phases.REACTING));
            DriveProfile strong = ProfileScale.times(base.driveProfile("default"), HIGH_GAIN);
            out.add(new SceneScenario("high-gain" + at, "standing with every gain and torque limit of the profile × "
                    + hz(HIGH_GAIN), scene("stand"), base.withInputs(new SceneInputs(files.clip(), files.ragdoll(),
                            new SceneInputs.Profile(strong, null, null))), q ? 6 : 10, Phases.holding(StandScene.SETTLE)));
        }
        SceneOptions at60 = options(files, 60);
        if (!o.ticksPerSecond().contains(30.0)) { // else the battery at 30 Hz has just run them
            out.add(new SceneScenario("10-hits@30Hz", "10 normal hits with 30 Hz ticks", scene("hit-reaction"), options(files, 30),
                    scene("hit-reaction").defaultSeconds(), Phases.REACTING));
        }
        Scene compared = q ? scene("critical-hit") : scene("hit-reaction");
        out.add(new FarFromOrigin("far-from-origin", compared, at60, compared.defaultSeconds()));
        out.add(new Determinism("determinism", compared, at60, compared.defaultSeconds()));
        return out;
    }

    /** Options at a tick rate (4 substeps a tick, as the default world). */
    static SceneOptions options(SceneInputs files, double hz) {
        WorldSettings w = WorldSettings.defaults();
        return new SceneOptions(Double.NaN, 1, 1, 0, files).withWorld(hz == 60 ? null : w.withTick(1 / hz, w.substeps()));
    }

    /** The clip's length and half a second (the scene's 8.5 s for the shipped walk). */
    static double trackSeconds(SceneInputs files) {
        return files.clip() == null ? scene("track-walk").defaultSeconds() : files.clip().bvh().clip().duration() + 0.5;
    }

    static String hz(double hz) {
        return hz == Math.rint(hz) ? String.valueOf((long) hz) : String.format(Locale.ROOT, "%g", hz);
    }

    private static Scene scene(String name) {
        return SceneCatalog.get(name);
    }

    /** The ragdoll definition the battery builds (the user's, or the shipped CMU one). */
    static RagdollDefinition ragdoll(SceneInputs files) {
        return files.ragdoll() == null ? dev.sinew.rig.Profiles.ragdoll("cmu-humanoid") : files.ragdoll().definition();
    }

    /**
     * Runs the scenarios on {@code workers} threads, drawing one progress bar for all on
     * {@code progress} (null: none), and returns their results in the scenarios' order.
     */
    public static List<ScenarioResult> run(List<Scenario> scenarios, int workers, PrintStream progress) {
        long total = scenarios.stream().mapToLong(Scenario::ticks).sum();
        Progress bar = new Progress("check", total, progress);
        long[] done = {0};
        Runnable tick = () -> {
            synchronized (done) {
                bar.update(++done[0]);
            }
        };
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(workers, scenarios.size())), r -> {
            Thread t = new Thread(r, "sinew-check-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            // the longest first, so that no long one starts last on an otherwise idle machine
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < scenarios.size(); i++) {
                order.add(i);
            }
            order.sort(Comparator.comparingLong((Integer i) -> -scenarios.get(i).ticks()).thenComparing(i -> i));
            List<Future<ScenarioResult>> futures = new ArrayList<>(scenarios.size());
            for (int i = 0; i < scenarios.size(); i++) {
                futures.add(null);
            }
            for (int i : order) {
                Scenario s = scenarios.get(i);
                futures.set(i, pool.submit(() -> s.run(tick)));
            }
            List<ScenarioResult> results = new ArrayList<>();
            for (Future<ScenarioResult> f : futures) {
                results.add(f.get());
            }
            bar.done();
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
        }
    }
}
