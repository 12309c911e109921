package dev.sinew.reactions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.reactions.getup.GetUpChoice;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.reactions.getup.GetUpSettings;
import dev.sinew.reactions.getup.PoseClass;
import dev.sinew.reactions.hit.AppliedHit;
import dev.sinew.reactions.hit.Hit;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The character's state machine, its events, hit stop and determinism, on the test rig. */
class CharacterTest {
    /** Records every event as a line. */
    static final class Log implements CharacterListener {
        final List<String> lines = new ArrayList<>();
        final List<GetUpChoice> choices = new ArrayList<>();
        final List<AppliedHit> hits = new ArrayList<>();

        @Override
        public void stateChanged(Character c, CharacterState from, CharacterState to, long tick, String reason) {
            lines.add(from + ">" + to + ":" + reason);
        }

        @Override
        public void hit(Character c, AppliedHit hit) {
            hits.add(hit);
            lines.add("hit");
        }

        @Override
        public void getUpStarted(Character c, GetUpChoice choice, long tick) {
            choices.add(choice);
        }

        @Override
        public void hitStop(Character c, boolean started, long tick) {
            lines.add(started ? "stop" : "go");
        }
    }

    static Log listen(Character c) {
        Log log = new Log();
        c.addListener(log);
        return log;
    }

    static Hit chestHit(Character c, double magnitude, boolean critical, long seed) {
        int chest = c.torsoAxes().chest();
        Vector3d p = c.ragdoll().world().position(c.ragdoll().body(chest), new Vector3d());
        return Hit.at(chest, p, new Vector3d(0, 0, 1), magnitude, critical, seed);
    }

    /** Knocked down from behind, the character falls limp, settles, gets up along the face-down clip and tracks again. */
    @Test
    void knockedDownItGetsUpAgain() {
        World w = TestRig.world();
        Character c = TestRig.character(w, CharacterSettings.defaults());
        Log log = listen(c);
        for (int i = 0; i < 30; i++) {
            TestRig.tick(c);
        }
        c.hit(chestHit(c, 100, false, 1));
        int ticks = 0;
        while (!log.lines.contains("GETTING_UP>ACTIVE:stood up") && ticks++ < 60 * 15) {
            TestRig.tick(c);
        }
        assertEquals(List.of("hit", "ACTIVE>LIMP:knock-down hit", "LIMP>DOWN:settled", "DOWN>GETTING_UP:get up: down",
                "GETTING_UP>ACTIVE:stood up"), log.lines);
        assertEquals(PoseClass.FACE_DOWN, log.choices.get(0).poseClass());
        for (int i = 0; i < 60; i++) {
            TestRig.tick(c);
        }
        assertTrue(c.driver().report().meanErrorDeg() < 3, "tracking again: " + c.driver().report().meanErrorDeg() + "°");
        assertTrue(w.position(c.ragdoll().body(0), new Vector3d()).y > 0.8, "standing");
    }

    /**
     * A character whose skeleton no get-up clip is for (given {@link GetUpLibrary#none()}) falls and
     * settles like any other, then lies still: a get-up needs a clip, so it stays down, and asking it
     * to get up does nothing.
     */
    @Test
    void withNoGetUpClipsItStaysDown() {
        World w = TestRig.world();
        Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
        dev.sinew.rig.Pose pose = TestRig.groundedPose(r);
        PoseDriver driver = new PoseDriver(r, DriveProfile.named("default"));
        driver.setRootDrive(dev.sinew.drives.RootDrive.standard(r));
        driver.capture(pose);
        Character c = new Character(driver, GetUpLibrary.none(), CharacterSettings.defaults(), pose);
        c.activate();
        Log log = listen(c);
        c.hit(chestHit(c, 100, false, 1));
        for (int i = 0; i < 60 * 15; i++) {
            TestRig.tick(c);
        }
        assertEquals(List.of("hit", "ACTIVE>LIMP:knock-down hit", "LIMP>DOWN:settled"), log.lines);
        c.getUp();
        TestRig.tick(c);
        assertEquals(CharacterState.DOWN, c.state());
        assertTrue(w.position(r.body(0), new Vector3d()).y < 0.4, "lying");
    }

    /**
     * On the first tick of a get-up the drives aim every body within a degree of where it lies (the
     * clip is blended in from the physics pose); with no blend the same get-up starts with a jump of
     * tens of degrees. This is what popDeg in the knockdown-getup scene measures.
     */
    @Test
    void theGetUpStartsFromThePhysicsPose() {
        assertTrue(popAtGetUpStart(GetUpSettings.defaults()) < 1);
        assertTrue(popAtGetUpStart(GetUpSettings.defaults().withBlend(0)) > 20);
    }

    static double popAtGetUpStart(GetUpSettings g) {
        World w = TestRig.world();
        Character c = TestRig.character(w, CharacterSettings.defaults().withGetUp(g));
        c.knockDown();
        while (c.state() != CharacterState.GETTING_UP) {
            TestRig.tick(c);
        }
        c.beforeStep();
        double worst = 0;
        Quaterniond q = new Quaterniond();
        Quaterniond t = new Quaterniond();
        for (int i = 0; i < c.ragdoll().bodyCount(); i++) {
            w.orientation(c.ragdoll().body(i), q);
            c.driver().targetOrientation(i, t);
            worst = Math.max(worst, Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(q.dot(t))))));
        }
        return worst;
    }

    @Test
    void aHitOnAnAnimatedCharacterActivatesItAndItRecovers() {
        World w = TestRig.world();
        Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
        PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
        d.setRootDrive(dev.sinew.drives.RootDrive.standard(r));
        Character c = new Character(d, TestRig.library(), CharacterSettings.defaults(), TestRig.groundedPose(r));
        Log log = listen(c);
        assertEquals(CharacterState.ANIMATED, c.state());
        assertTrue(d.isKinematic(0));
        for (int i = 0; i < 10; i++) {
            TestRig.tick(c);
        }
        c.hit(chestHit(c, 20, true, 3));
        for (int i = 0; i < 5; i++) {
            TestRig.tick(c);
        }
        // a critical hit holds the body hit at 0.25 and its neighbours in between
        assertEquals(0.25, d.strength(c.torsoAxes().chest()), 1e-15);
        assertEquals(0.5, d.strength(r.bodyIndex("head")), 1e-15);
        assertEquals(1, d.strength(r.bodyIndex("shin.L")));
        for (int i = 0; i < 55; i++) {
            TestRig.tick(c);
        }
        assertEquals(List.of("ANIMATED>ACTIVE:activated", "hit", "ACTIVE>STAGGERED:critical hit", "STAGGERED>ACTIVE:recovered"),
                log.lines);
        assertTrue(!d.isKinematic(0));
        assertEquals(1, d.strength(c.torsoAxes().chest()));
    }

    /**
     * An animation that bends the character back far enough to carry its centre of mass past its
     * heels (checked first on the pose itself, against the margin) makes it fall: the root drive holds
     * the pelvis where the animation puts it, the centre of mass stays out, and after the threshold
     * time balance counts as lost. Standing straight, it never does.
     */
    @Test
    void anAnimationLeaningPastTheFeetLosesBalance() {
        World w = TestRig.world();
        Character c = TestRig.character(w, CharacterSettings.defaults());
        Log log = listen(c);
        for (int i = 0; i < 120; i++) {
            TestRig.tick(c);
        }
        assertEquals(List.of(), log.lines, "standing straight it keeps its balance");
        dev.sinew.rig.Pose lean = TestRig.groundedPose(c.ragdoll());
        dev.sinew.rig.Skeleton s = lean.skeleton();
        // R_x(−80°) turns the spine's +Y toward −Z: bent back, away from the way it faces
        lean.setLocalRotation(s.find("lowerback"), new Quaterniond().rotateX(Math.toRadians(-80)));
        World probe = TestRig.world();
        Ragdoll r = TestRig.ragdoll(probe, TestRig.standing(), 0, 0);
        r.setPose(lean);
        double out = new dev.sinew.reactions.fall.Balance(r).comOutside();
        assertTrue(out > c.settings().falls().balanceMargin() + 0.02, "the pose itself is out of balance by " + out + " m");
        c.setAnimationPose(lean);
        for (int i = 0; i < 120 && c.state() != CharacterState.LIMP; i++) {
            TestRig.tick(c);
        }
        assertEquals(List.of("ACTIVE>LIMP:balance lost"), log.lines);
    }

    /** A hit given a tick lands on exactly that tick, not before. */
    @Test
    void aHitLandsOnItsTick() {
        World w = TestRig.world();
        Character c = TestRig.character(w, CharacterSettings.defaults());
        Log log = listen(c);
        c.hit(chestHit(c, 10, false, 0).atTick(w.stepCount() + 6));
        for (int i = 0; i < 6; i++) {
            TestRig.tick(c);
        }
        assertTrue(log.hits.isEmpty());
        TestRig.tick(c);
        assertEquals(1, log.hits.size());
        assertEquals(w.stepCount() - 1, log.hits.get(0).tick());
    }

    /**
     * Hit stop: for its length the animation side is told to pause and the drive targets hold still
     * while the bodies move on under the blow; then both go on.
     */
    @Test
    void hitStopPausesTheAnimationNotThePhysics() {
        World w = TestRig.world();
        CharacterSettings s = CharacterSettings.defaults();
        Character c = TestRig.character(w, s.withHits(s.hits().withHitStop(0.1)));
        Log log = listen(c);
        TestRig.tick(c);
        c.hit(chestHit(c, 20, false, 0));
        c.beforeStep();
        assertEquals(0, c.animationTimeScale());
        Quaterniond held = c.driver().targetOrientation(3, new Quaterniond());
        Vector3d before = w.position(c.ragdoll().body(c.torsoAxes().chest()), new Vector3d());
        w.step();
        c.afterStep();
        for (int i = 0; i < 4; i++) {
            TestRig.tick(c);
            assertEquals(0, c.animationTimeScale());
            assertTrue(held.equals(c.driver().targetOrientation(3, new Quaterniond()), 0));
        }
        assertTrue(w.position(c.ragdoll().body(c.torsoAxes().chest()), new Vector3d()).distance(before) > 1e-3, "physics ran on");
        for (int i = 0; i < 3; i++) {
            TestRig.tick(c);
        }
        assertEquals(1, c.animationTimeScale());
        assertEquals(List.of("hit", "stop", "ACTIVE>STAGGERED:hit", "go"), log.lines.subList(0, 4));
    }

    /**
     * The same hit applied to two characters built the same way in two worlds (the second built
     * only after the first has run, and its hit rebuilt from the first's fields, as a client would
     * receive it) ends in the same state hash; without the hit, or with another seed once the
     * seed matters (weakening jitter on), it does not.
     */
    @Test
    void theSameHitInTwoWorldsGivesTheSameStateHash() {
        CharacterSettings s = CharacterSettings.defaults();
        CharacterSettings jittery = s.withHits(s.hits().withJitter(0.3));
        Hit[] sent = new Hit[1];
        long a = run(jittery, c -> sent[0] = chestHit(c, 40, true, 99));
        Hit h = sent[0];
        long b = run(jittery, c -> new Hit(h.body(), new Vector3d(h.point()), new Vector3d(h.direction()), h.magnitude(),
                h.critical(), h.seed(), h.tick()));
        assertEquals(a, b);
        assertNotEquals(a, run(jittery, c -> null));
        assertNotEquals(a, run(jittery, c -> chestHit(c, 40, true, 100)));
        // ray hits resolve the same way in both worlds too
        long ray1 = run(s, c -> Hit.ray(new Vector3d(0, 1.3, -2), new Vector3d(0, 0, 1), 25, false, 5));
        long ray2 = run(s, c -> Hit.ray(new Vector3d(0, 1.3, -2), new Vector3d(0, 0, 1), 25, false, 5));
        assertEquals(ray1, ray2);
    }

    static long run(CharacterSettings s, java.util.function.Function<Character, Hit> hit) {
        World w = TestRig.world();
        Character c = TestRig.character(w, s);
        for (int i = 0; i < 120; i++) {
            if (i == 20) {
                Hit h = hit.apply(c);
                if (h != null) {
                    c.hit(h);
                }
            }
            TestRig.tick(c);
        }
        return w.stateHash();
    }

    /**
     * Standing and tracking, a character's tick (its before and after hooks; the world's step is
     * counted by the solver's own test) allocates nothing: the JVM's per-thread allocation counter,
     * quietest of three 100-tick windows after 300 ticks of warm-up.
     */
    @Test
    void aStandingCharacterAllocatesNothingPerTick() {
        World w = TestRig.world();
        Character c = TestRig.character(w, CharacterSettings.defaults());
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 300; i++) {
            TestRig.tick(c);
        }
        long tid = Thread.currentThread().getId();
        long quietest = Long.MAX_VALUE;
        for (int window = 0; window < 3; window++) {
            long total = 0;
            for (int i = 0; i < 100; i++) {
                long before = mx.getThreadAllocatedBytes(tid);
                c.beforeStep();
                total += mx.getThreadAllocatedBytes(tid) - before;
                w.step();
                before = mx.getThreadAllocatedBytes(tid);
                c.afterStep();
                total += mx.getThreadAllocatedBytes(tid) - before;
            }
            quietest = Math.min(quietest, total);
        }
        assertEquals(CharacterState.ACTIVE, c.state());
        assertEquals(0, quietest, "bytes allocated by the character's hooks over 100 ticks");
    }

    @Test
    void badUseIsRefusedByName() {
        World w = TestRig.world();
        Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
        PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> new Character(d, TestRig.library(), CharacterSettings.defaults(), TestRig.groundedPose(r)));
        assertEquals("driver", e.parameter());
        Character c = TestRig.character(TestRig.world(), CharacterSettings.defaults());
        assertEquals("hit.body", assertThrows(InvalidArgumentException.class,
                () -> c.hit(Hit.at(40, new Vector3d(), new Vector3d(1, 0, 0), 1, false, 0))).parameter());
        assertEquals("hit", assertThrows(InvalidArgumentException.class, () -> c.hit(null)).parameter());
    }
}
