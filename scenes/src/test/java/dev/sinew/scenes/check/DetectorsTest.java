package dev.sinew.scenes.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.scenes.CheckResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each detector against hand-made signals: one it must fire on, one just like it it must let
 * pass. A tick is a sample filled by hand, as the probe would fill it from a world.
 */
class DetectorsTest {
    static final double DT = 1.0 / 60;

    /** Two bodies at rest on the ground; {@code change} alters tick k's sample. */
    static List<Finding> feed(Detector d, int ticks, TickChange change) {
        TickSample s = new TickSample(new String[] {"torso", "hand"});
        s.extent[0] = 0.3;
        s.extent[1] = 0.1;
        for (int k = 0; k < ticks; k++) {
            s.tick = k;
            s.time = (k + 1) * DT;
            for (int i = 0; i < 2; i++) {
                s.dynamic[i] = true;
                s.lowest[i] = 0;
                for (int c = 0; c < 3; c++) {
                    s.velocity[3 * i + c] = 0;
                    s.angularVelocity[3 * i + c] = 0;
                }
            }
            s.jointSeparation = 0.001;
            s.limitOvershootDeg = 0;
            s.limitOvershootJoint = "torso–hand";
            s.energy = 100;
            s.mass = 10;
            s.nonFinite = false;
            s.disturbed = false;
            s.passive = false;
            s.rest = false;
            change.at(k, s);
            d.observe(s);
        }
        return d.findings();
    }

    interface TickChange {
        void at(int k, TickSample s);
    }

    static CheckResult only(List<Finding> f) {
        assertEquals(1, f.size(), f.toString());
        return f.get(0).check();
    }

    static Map<String, Object> metrics(Detector d) {
        Map<String, Object> m = new LinkedHashMap<>();
        d.metrics(m);
        return m;
    }

    /**
     * A body falling freely gains g·dt = 0.16 m/s a tick: no spike; a body at rest knocked to
     * 30 m/s in one tick with nothing moving: a spike; the same knock on a tick the scenario
     * disturbed (a hit's), or with the other body already moving at 10 m/s (it may have hit it):
     * none.
     */
    @Test
    void velocitySpikes() {
        TickChange falling = (k, s) -> s.velocity[1] = -9.81 * DT * k;
        assertTrue(only(feed(new VelocitySpikes(25, 4), 60, falling)).pass());

        TickChange knocked = (k, s) -> s.velocity[0] = k >= 30 ? 30 : 0;
        VelocitySpikes d = new VelocitySpikes(25, 4);
        CheckResult c = only(feed(d, 60, knocked));
        assertFalse(c.pass());
        assertEquals(1, c.value(), "one tick jumped");
        assertEquals(30.0, (double) metrics(d).get("maxPointVelocityJump"), 1e-12);
        assertTrue(d.findings().get(0).where().startsWith("first: torso at 0.52 s, 30.0 m/s"), d.findings().get(0).where());

        TickChange hit = (k, s) -> {
            s.velocity[0] = k >= 30 ? 30 : 0;
            s.disturbed = k == 30;
        };
        assertTrue(only(feed(new VelocitySpikes(25, 4), 60, hit)).pass());

        TickChange struck = (k, s) -> {
            s.velocity[3] = 10;
            s.velocity[0] = k >= 30 ? 30 : 0;
        };
        assertTrue(only(feed(new VelocitySpikes(25, 4), 60, struck)).pass(), "30 m/s is less than 4 × 10 m/s");
    }

    /** A hand (reaching 0.1 m) spun up by 300 rad/s in a tick moves its tip by 30 m/s: a spike; by 100 rad/s, 10 m/s: none. */
    @Test
    void velocitySpikesJudgeSpinsByThePointsTheyMove() {
        TickChange whip = (k, s) -> s.angularVelocity[3 + 2] = k >= 10 ? 300 : 0;
        VelocitySpikes d = new VelocitySpikes(25, 4);
        assertFalse(only(feed(d, 20, whip)).pass());
        assertEquals(30, (double) metrics(d).get("maxPointVelocityJump"), 1e-9);
        TickChange flick = (k, s) -> s.angularVelocity[3 + 2] = k >= 10 ? 100 : 0;
        assertTrue(only(feed(new VelocitySpikes(25, 4), 20, flick)).pass());
        TickChange nan = (k, s) -> s.velocity[0] = k == 10 ? Double.NaN : 0;
        assertFalse(only(feed(new VelocitySpikes(25, 4), 20, nan)).pass(), "a velocity that is not a number is a spike");
    }

    @Test
    void jointSeparation() {
        TickChange opens = (k, s) -> s.jointSeparation = k == 40 ? 0.006 : 0.001;
        CheckResult c = only(feed(new JointSeparation(0.005), 60, opens));
        assertFalse(c.pass());
        assertEquals(0.006, c.value());
        TickChange holds = (k, s) -> s.jointSeparation = k == 40 ? 0.004 : 0.001;
        assertTrue(only(feed(new JointSeparation(0.005), 60, holds)).pass());
    }

    @Test
    void limitOvershoot() {
        TickChange past = (k, s) -> s.limitOvershootDeg = k == 12 ? 6 : 0;
        LimitOvershoot d = new LimitOvershoot(5);
        assertFalse(only(feed(d, 30, past)).pass());
        assertTrue(d.findings().get(0).where().startsWith("torso–hand at 0.22"), d.findings().get(0).where());
        TickChange soft = (k, s) -> s.limitOvershootDeg = k == 12 ? 3 : 0;
        assertTrue(only(feed(new LimitOvershoot(5), 30, soft)).pass());
    }

    /**
     * Passive (limp, lying): energy falls as the bodies land, then rises 0.3 J/kg with nothing
     * driving them: growth. The same rise while driven is no concern of this detector, nor a rise
     * that only makes up for an earlier fall in another passive stretch; a plain fall passes.
     */
    @Test
    void passiveEnergyGrowth() {
        TickChange grows = (k, s) -> {
            s.passive = true;
            s.energy = k < 20 ? 100 - k : k < 40 ? 80 : 80 + 3 * (k - 40) / 20.0;
        };
        PassiveEnergy d = new PassiveEnergy(0.2);
        CheckResult c = only(feed(d, 60, grows));
        assertFalse(c.pass());
        assertEquals(0.3 - 0.015, c.value(), 1e-12, "(83 − 80) J over 10 kg, at the last tick");

        TickChange driven = (k, s) -> s.energy = k < 20 ? 100 - k : 80 + 3 * (k - 20) / 20.0;
        assertTrue(feed(new PassiveEnergy(0.2), 60, driven).isEmpty(), "never passive: nothing to check");

        TickChange twoStretches = (k, s) -> {
            s.passive = k < 20 || k >= 40;
            s.energy = k < 20 ? 100 - k : k < 40 ? 81 + (k - 20) : 100 - 0.1 * (k - 40);
        };
        assertTrue(only(feed(new PassiveEnergy(0.2), 60, twoStretches)).pass(), "each stretch is judged from its own start");

        TickChange falls = (k, s) -> {
            s.passive = true;
            s.energy = 100 - k;
        };
        assertTrue(only(feed(new PassiveEnergy(0.2), 60, falls)).pass());
    }

    @Test
    void nonFinite() {
        NonFinite d = new NonFinite();
        CheckResult c = only(feed(d, 30, (k, s) -> s.nonFinite = k == 7 || k == 8));
        assertFalse(c.pass());
        assertEquals(2, c.value());
        assertTrue(only(feed(new NonFinite(), 30, (k, s) -> { })).pass());
    }

    /** The hand 6 mm under the floor: below; 4 mm (a hard landing's contact overlap): not. */
    @Test
    void belowGround() {
        BelowGround d = new BelowGround(0.005);
        CheckResult c = only(feed(d, 30, (k, s) -> s.lowest[1] = k == 5 ? -0.006 : 0));
        assertFalse(c.pass());
        assertEquals(1, c.value());
        assertEquals(0.006, (double) metrics(d).get("deepestUnderGround"), 1e-15);
        assertTrue(only(feed(new BelowGround(0.005), 30, (k, s) -> s.lowest[1] = k == 5 ? -0.004 : 0)).pass());
    }

    /** At rest, a hand trembling at 0.02 m/s: jitter; at 0.005 m/s: still; trembling before the rest begins: not judged. */
    @Test
    void restJitter() {
        TickChange trembles = (k, s) -> {
            s.rest = k >= 30;
            s.velocity[3] = 0.02 * (k % 2 == 0 ? 1 : -1);
        };
        List<Finding> f = feed(new RestJitter(0.01, 0.05), 60, trembles);
        assertFalse(f.get(0).check().pass(), "linear speed at rest");
        assertTrue(f.get(1).check().pass(), "no spin");
        TickChange still = (k, s) -> {
            s.rest = k >= 30;
            s.velocity[3] = k < 30 ? 1 : 0.005;
        };
        assertTrue(feed(new RestJitter(0.01, 0.05), 60, still).stream().allMatch(x -> x.check().pass()));
        assertTrue(feed(new RestJitter(0.01, 0.05), 60, (k, s) -> s.velocity[3] = 1).isEmpty(), "never at rest: nothing to check");
    }

    /** The series keeps at most its capacity, and keeps every peak: the largest value of each merged stretch. */
    @Test
    void seriesKeepPeaks() {
        Series s = new Series();
        int n = 10 * Series.CAPACITY + 7;
        for (int k = 0; k < n; k++) {
            s.add(k, k == 3333 ? 50 : Math.sin(k));
        }
        assertTrue(s.values().length <= Series.CAPACITY);
        double max = 0;
        for (double v : s.values()) {
            max = Math.max(max, v);
        }
        assertEquals(50, max);
        double[] t = s.times();
        assertEquals(n - 1, t[t.length - 1], "the last point ends at the last tick");
    }
}
