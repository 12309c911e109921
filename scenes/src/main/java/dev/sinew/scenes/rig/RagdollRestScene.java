package dev.sinew.scenes.rig;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Does a limp ragdoll come to rest and sleep on any ground, from any landing? The limp CMU ragdoll
 * ({@code profiles/ragdolls/cmu-humanoid.json}, sleep allowed) is dropped from
 * {@value #LANDINGS} landings — a frame of the walk to pose it from, a yaw and the height of its
 * lowest bone, drawn from {@code --seed} ({@link #landings}) — onto each {@link RestGround}
 * (plane, box, heightfield, mesh, all flat at y = 0): 96 cases, each alone in its own world,
 * watched for 8 s after its drop ({@link RestWatch} defines rested
 * and slept). Beside them, in the world the sandbox shows, a pile of {@value #PILE} ragdolls
 * ({@link RagdollPileScene#pile}) dropped on the box ground.
 *
 * <p>Metrics: {@code restedCases}, {@code sleptCases}, {@code worstRestAngularSpeed} (rad/s, the
 * largest angular speed of any body of any case after 5 s), {@code maxJointSeparation} (m, over
 * every tick of every case), {@code belowGround} (cases in which a body's lowest point was ever
 * more than 5 mm under the ground, as in {@code ragdoll-drop}), {@code awakeAfter10s} (the pile's
 * bodies still awake 10 s after its drop); the first five per ground kind as well
 * ({@code restedCasesPlane}, … {@code belowGroundMesh}); the cases that did not rest or sleep
 * ({@code notRested}, {@code notSlept}: "ground case"), and {@code landings} (case i's frame, yaw
 * in rad and lift in m). A metric the run was too short for is NaN. {@code --clip} and
 * {@code --ragdoll} drop the user's ragdoll posed from frames of their clip.
 */
public final class RagdollRestScene implements Scene {
    /** Landings per ground kind. */
    static final int LANDINGS = 24;
    /** Ragdolls in the pile on the box ground. */
    static final int PILE = 10;
    /** Seconds after its drop at which the pile's awake bodies are counted. */
    static final double PILE_SECONDS = 10;
    /** How far under the ground surface a body's lowest point may go, m (as in ragdoll-drop). */
    static final double BELOW = 0.005;

    @Override
    public String name() {
        return "ragdoll-rest";
    }

    @Override
    public String category() {
        return "rig";
    }

    @Override
    public String description() {
        return "the limp CMU ragdoll dropped 24 ways onto a plane, a box, a heightfield and a mesh, and a pile of 10"
                + " on the box: every case rests and sleeps";
    }

    @Override
    public double defaultSeconds() {
        return PILE_SECONDS;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.SEED, SceneOption.CLIP, SceneOption.RAGDOLL);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    /**
     * One way to drop the ragdoll.
     *
     * @param frame the clip's frame the ragdoll is posed from (0-based)
     * @param yaw   turn about the vertical (+Y) axis, rad
     * @param lift  height of the lowest bone above the ground at the drop, m
     */
    public record Landing(int frame, double yaw, double lift) {
    }

    /**
     * {@code count} landings drawn from {@code seed}: a frame uniform over the clip's
     * {@code frames}, a yaw uniform in [0, 2π) and a lift uniform in [0.2, 1.5) m.
     */
    public static List<Landing> landings(long seed, int count, int frames) {
        Random r = new Random(seed);
        List<Landing> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Landing(r.nextInt(frames), 2 * Math.PI * r.nextDouble(), 0.2 + 1.3 * r.nextDouble()));
        }
        return out;
    }

    /** One ragdoll dropped on one ground in a world of its own, and what it did. */
    static final class Case {
        final RestGround ground;
        final int index;
        final World world = new World();
        final Ragdoll ragdoll;
        final RestWatch watch;
        boolean below;
        double maxSeparation;

        Case(RestGround ground, int index, Landing landing, BvhImporter.Bvh clip, RagdollDefinition def) {
            this.ground = ground;
            this.index = index;
            ground.create(world);
            ragdoll = RagdollDropScene.drop(world, clip, def, landing.frame(), 0, 0, landing.lift(), landing.yaw(), true);
            List<BodyHandle> bodies = new ArrayList<>();
            for (int i = 0; i < ragdoll.bodyCount(); i++) {
                bodies.add(ragdoll.body(i));
            }
            watch = new RestWatch(world, bodies);
        }

        /** Steps the case's world once, to {@code t} seconds after its drop, and watches it. */
        void step(double t) {
            world.step();
            watch.observe(t);
            maxSeparation = Math.max(maxSeparation, world.debug().maxJointSeparation());
            for (int i = 0; i < ragdoll.bodyCount() && !below; i++) {
                below = RagdollDropScene.lowestPoint(world, ragdoll, i) < -BELOW;
            }
        }

        String label() {
            return ground.label().toLowerCase(Locale.ROOT) + " " + index;
        }
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<Ragdoll> pile;
        final List<Landing> landings;
        final List<Case> cases = new ArrayList<>();
        final double dt;
        final long caseTicks;
        final long pileTick;
        double awakeAfter10s = Double.NaN;
        long ticks;

        Instance(SceneOptions options) {
            BvhImporter.Bvh clip = options.clip("cmu/131_01.bvh");
            RagdollDefinition def = options.ragdoll("cmu-humanoid");
            RestGround.BOX.create(world);
            pile = RagdollPileScene.pile(world, clip, def, PILE, options.seed());
            landings = landings(options.seed(), LANDINGS, clip.clip().frameCount());
            for (RestGround g : RestGround.values()) {
                for (int i = 0; i < landings.size(); i++) {
                    cases.add(new Case(g, i, landings.get(i), clip, def));
                }
            }
            dt = world.settings().tickSeconds();
            caseTicks = Math.round(RestWatch.SLEEP_WITHIN / dt);
            pileTick = Math.round(PILE_SECONDS / dt);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public BodyHandle focus() {
            return pile.get(0).body(0);
        }

        @Override
        public void afterStep(long tick) {
            ticks = tick + 1;
            if (ticks <= caseTicks) {
                for (Case c : cases) {
                    c.step(ticks * dt);
                }
            }
            if (ticks == pileTick) {
                int awake = 0;
                for (Ragdoll r : pile) {
                    for (int i = 0; i < r.bodyCount(); i++) {
                        awake += world.isAwake(r.body(i)) ? 1 : 0;
                    }
                }
                awakeAfter10s = awake;
            }
        }

        /** True when the cases have been watched for their whole {@link RestWatch#SLEEP_WITHIN} s. */
        boolean casesDone() {
            return ticks >= caseTicks;
        }

        /** What the cases on one ground (or on every ground) did. */
        record Tally(int rested, int slept, int below, double worstRestAngularSpeed, double maxJointSeparation) {
        }

        /** Over the cases on {@code ground}, or every case when it is null. */
        Tally tally(RestGround ground) {
            int rested = 0;
            int slept = 0;
            int below = 0;
            double worst = 0;
            double separation = 0;
            for (Case c : cases) {
                if (ground == null || c.ground == ground) {
                    rested += c.watch.rested() ? 1 : 0;
                    slept += c.watch.slept() ? 1 : 0;
                    below += c.below ? 1 : 0;
                    worst = Math.max(worst, c.watch.restAngularSpeed());
                    separation = Math.max(separation, c.maxSeparation);
                }
            }
            return new Tally(rested, slept, below, worst, separation);
        }

        /** A count the cases' whole watch decides: NaN (null in the report) until they have run it. */
        Object decided(int count) {
            return casesDone() ? (Object) count : (Object) Double.NaN;
        }

        double decidedValue(int count) {
            return casesDone() ? count : Double.NaN;
        }

        List<String> failed(boolean rest) {
            List<String> out = new ArrayList<>();
            for (Case c : cases) {
                if (casesDone() && !(rest ? c.watch.rested() : c.watch.slept())) {
                    out.add(c.label());
                }
            }
            return out;
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            Tally all = tally(null);
            m.put("cases", cases.size());
            m.put("restedCases", decided(all.rested()));
            m.put("sleptCases", decided(all.slept()));
            m.put("worstRestAngularSpeed", casesDone() ? all.worstRestAngularSpeed() : Double.NaN);
            m.put("maxJointSeparation", all.maxJointSeparation());
            m.put("belowGround", all.below());
            m.put("awakeAfter10s", Double.isNaN(awakeAfter10s) ? (Object) Double.NaN : (Object) (int) awakeAfter10s);
            for (RestGround g : RestGround.values()) {
                Tally t = tally(g);
                m.put("restedCases" + g.label(), decided(t.rested()));
                m.put("sleptCases" + g.label(), decided(t.slept()));
                m.put("worstRestAngularSpeed" + g.label(), casesDone() ? t.worstRestAngularSpeed() : Double.NaN);
                m.put("maxJointSeparation" + g.label(), t.maxJointSeparation());
                m.put("belowGround" + g.label(), t.below());
            }
            m.put("notRested", failed(true));
            m.put("notSlept", failed(false));
            List<Map<String, Object>> l = new ArrayList<>();
            for (Landing x : landings) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("frame", x.frame());
                e.put("yaw", x.yaw());
                e.put("lift", x.lift());
                l.add(e);
            }
            m.put("landings", l);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            Tally all = tally(null);
            return List.of(CheckResult.equalTo("restedCases", decidedValue(all.rested()), cases.size()),
                    CheckResult.equalTo("sleptCases", decidedValue(all.slept()), cases.size()),
                    CheckResult.lessThan("maxJointSeparation", all.maxJointSeparation(), 0.001),
                    CheckResult.equalTo("belowGround", all.below(), 0),
                    CheckResult.equalTo("awakeAfter10s", awakeAfter10s, 0));
        }
    }
}
