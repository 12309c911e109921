package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Clip sampling against JOML's slerp, wrapping, root motion, and a pose evaluated by hand. */
class ClipTest {
    /** Three frames at 4 Hz: the root walks along x and z, the joint turns about z by 10°, 350°, 30°. */
    static final String TEXT = String.join("\n",
            "HIERARCHY", "ROOT r", "{", "OFFSET 0 0 0", "CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation",
            "JOINT j", "{", "OFFSET 0 1 0", "CHANNELS 3 Zrotation Yrotation Xrotation", "End Site", "{", "OFFSET 0 1 0", "}",
            "}", "}", "MOTION", "Frames: 3", "Frame Time: 0.25",
            "0 1 0 0 0 0 10 20 0",
            "2 1 1 0 0 0 350 20 0",
            "4 1 4 0 0 0 30 0 0", "");

    private final Clip clip = BvhImporter.parse(TEXT, "t.bvh", 1).clip();
    private final Pose pose = new Pose(clip.skeleton());

    private Quaterniond frameRotation(int f) {
        return clip.frame(f, new Pose(clip.skeleton())).localRotation(1, new Quaterniond());
    }

    @Test
    void samplesSlerpBetweenFramesOnTheShortestPath() {
        assertEquals(0.5, clip.duration(), 1e-15);
        for (double a : new double[] {0.1, 0.5, 0.9}) {
            clip.sample(0.25 * a, Clip.Wrap.CLAMP, pose);
            Quaterniond expected = frameRotation(0).slerp(frameRotation(1), a, new Quaterniond());
            Quaterniond got = pose.localRotation(1, new Quaterniond());
            assertEquals(1, Math.abs(expected.dot(got)), 1e-12, "slerp at " + a);
            assertEquals(2 * a, pose.rootTranslation(new Vector3d()).x, 1e-12, "root lerp");
        }
        // 10° → 350° about z is a 20° turn through 0°, not 340° the long way: halfway is 0° about z
        clip.sample(0.125, Clip.Wrap.CLAMP, pose);
        Quaterniond mid = pose.localRotation(1, new Quaterniond());
        Quaterniond noZ = new Quaterniond().rotateY(Math.toRadians(20));
        assertEquals(1, Math.abs(mid.dot(noZ)), 1e-12, "shortest path");
    }

    @Test
    void clampsAndLoops() {
        Quaterniond a = clip.sample(-3, Clip.Wrap.CLAMP, pose).localRotation(1, new Quaterniond());
        assertEquals(1, Math.abs(a.dot(frameRotation(0))), 1e-15);
        Quaterniond b = clip.sample(7, Clip.Wrap.CLAMP, pose).localRotation(1, new Quaterniond());
        assertEquals(1, Math.abs(b.dot(frameRotation(2))), 1e-15);
        Quaterniond c = clip.sample(0.1 + 3 * clip.duration(), Clip.Wrap.LOOP, pose).localRotation(1, new Quaterniond());
        Quaterniond d = clip.sample(0.1, Clip.Wrap.LOOP, pose).localRotation(1, new Quaterniond());
        assertEquals(1, Math.abs(c.dot(d)), 1e-12);
    }

    @Test
    void rootMotionIsItsOwnTrack() {
        // t = 0.375 s is frame 1.5: halfway from (2, 1) to (4, 4) in x, z, less frame 0's (0, 0)
        Vector3d m = clip.rootMotion(0.375, Clip.Wrap.CLAMP, new Vector3d());
        assertEquals(3, m.x, 1e-12);
        assertEquals(2.5, m.z, 1e-12);
        assertEquals(0, m.y, 0);
        // two whole loops travel twice the clip's (4, 4), plus a quarter of frame 0 → 1's (2, 1)
        Vector3d loop = clip.rootMotion(2 * clip.duration() + 0.0625, Clip.Wrap.LOOP, new Vector3d());
        assertEquals(2 * 4 + 0.5, loop.x, 1e-12);
        assertEquals(2 * 4 + 0.25, loop.z, 1e-12);
        clip.sampleInPlace(0.375, Clip.Wrap.CLAMP, pose);
        Vector3d root = pose.rootTranslation(new Vector3d());
        assertEquals(0, root.x, 0);
        assertEquals(1, root.y, 1e-12);
        assertEquals(0, root.z, 0);
    }

    /** A two-bone arm turned 90° at the shoulder (about z) and 90° at the elbow (about z), by hand. */
    @Test
    void poseEvaluatesForwardKinematics() {
        Skeleton s = Skeleton.builder().add("shoulder", -1, new Vector3d(0, 1, 0))
                .add("elbow", 0, new Vector3d(1, 0, 0)).add("hand", 1, new Vector3d(1, 0, 0)).build();
        Pose p = new Pose(s);
        p.setLocalRotation(0, new Quaterniond().rotateZ(Math.PI / 2));
        p.setLocalRotation(1, new Quaterniond().rotateZ(Math.PI / 2));
        p.evaluate();
        // shoulder at (0, 1, 0); elbow at shoulder + Rz(90)(1,0,0) = (0, 2, 0); hand at elbow + Rz(180)(1,0,0) = (−1, 2, 0)
        assertTrue(p.modelPosition(1, new Vector3d()).distance(0, 2, 0) < 1e-15);
        assertTrue(p.modelPosition(2, new Vector3d()).distance(-1, 2, 0) < 1e-15);
    }

    /** A 30 fps joint turning 2° per frame about z, with frames 10–12 replaced by a 90° glitch, or with no glitch. */
    static Clip turning(boolean glitch, double degreesPerFrame) {
        StringBuilder b = new StringBuilder(String.join("\n", "HIERARCHY", "ROOT r", "{", "OFFSET 0 0 0",
                "CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation", "JOINT j", "{", "OFFSET 0 1 0",
                "CHANNELS 3 Zrotation Yrotation Xrotation", "End Site", "{", "OFFSET 0 1 0", "}", "}", "}", "MOTION",
                "Frames: 30", "Frame Time: 0.0333333", ""));
        for (int f = 0; f < 30; f++) {
            double z = degreesPerFrame * f + (glitch && f >= 10 && f <= 12 ? 90 : 0);
            b.append("0 1 0 0 0 0 ").append(z).append(" 0 0\n");
        }
        return BvhImporter.parse(b.toString(), "turn.bvh", 1).clip();
    }

    /**
     * A glitch (a joint thrown 90° off for three frames and back, 2,700°/s) is bridged by the slerp
     * between the good frames around it, which for a steady 2° per frame turn is the turn itself;
     * every other frame and a clip without a glitch are left exactly as they were.
     */
    @Test
    void spikesAreBridgedAndTheRestKept() {
        Clip clean = turning(false, 2);
        Clip.Despiked fixed = turning(true, 2).withoutSpikes(1000);
        assertEquals(3, fixed.repairedFrames()[1], "frames 10-12 of the joint");
        assertEquals(0, fixed.repairedFrames()[0]);
        Pose a = new Pose(clean.skeleton());
        Pose c = new Pose(fixed.clip().skeleton());
        for (int f = 0; f < 30; f++) {
            Quaterniond want = clean.frame(f, a).localRotation(1, new Quaterniond());
            Quaterniond got = fixed.clip().frame(f, c).localRotation(1, new Quaterniond());
            assertEquals(1, Math.abs(want.dot(got)), 1e-9, "frame " + f);
        }
        assertEquals(0, clean.withoutSpikes(1000).total(), "nothing to repair");
    }

    /** Motion past the limit for longer than {@link Clip#MAX_SPIKE_SECONDS} is real: kept. */
    @Test
    void sustainedFastMotionIsKept() {
        Clip fast = turning(false, 5); // 150°/s for a whole second, against a 100°/s limit
        Clip.Despiked d = fast.withoutSpikes(100);
        assertEquals(0, d.total());
        assertEquals(0, countChanged(fast, d.clip()), "no frame changed");
    }

    private static int countChanged(Clip a, Clip b) {
        int n = 0;
        Pose pa = new Pose(a.skeleton());
        Pose pb = new Pose(a.skeleton());
        for (int f = 0; f < a.frameCount(); f++) {
            double d = Math.abs(a.frame(f, pa).localRotation(1, new Quaterniond())
                    .dot(b.frame(f, pb).localRotation(1, new Quaterniond())));
            n += d < 1 - 1e-12 ? 1 : 0;
        }
        return n;
    }

    /** Back and forth: continuous at both ends, period twice the duration. */
    @Test
    void pingPongPlaysBackAndForth() {
        Quaterniond at = new Quaterniond();
        Quaterniond back = new Quaterniond();
        clip.sample(0.1, Clip.Wrap.CLAMP, pose).localRotation(1, at);
        clip.sample(2 * clip.duration() - 0.1, Clip.Wrap.PING_PONG, pose).localRotation(1, back);
        assertEquals(1, Math.abs(at.dot(back)), 1e-12);
        clip.sample(2 * clip.duration() + 0.1, Clip.Wrap.PING_PONG, pose).localRotation(1, back);
        assertEquals(1, Math.abs(at.dot(back)), 1e-12);
    }

    /** Sampling some bones leaves the others as they were. */
    @Test
    void sampleBonesTouchesOnlyThoseBones() {
        Pose p = new Pose(clip.skeleton());
        Quaterniond marker = new Quaterniond().rotateY(1);
        p.setLocalRotation(0, marker);
        clip.sampleBones(0.3, Clip.Wrap.CLAMP, new int[] {1}, false, p);
        assertEquals(1, Math.abs(p.localRotation(0, new Quaterniond()).dot(marker)), 1e-15);
        assertEquals(1, Math.abs(p.localRotation(1, new Quaterniond()).dot(clip.sample(0.3, Clip.Wrap.CLAMP, pose)
                .localRotation(1, new Quaterniond()))), 1e-15);
    }

    @Test
    void retargetMatchesBonesByName() {
        Skeleton other = Skeleton.builder().add("j", -1, new Vector3d()).add("extra", 0, new Vector3d(0, 1, 0))
                .add("r", 1, new Vector3d()).build();
        Clip moved = clip.retarget(other);
        Pose p = moved.sample(0.3, Clip.Wrap.CLAMP, new Pose(other));
        clip.sample(0.3, Clip.Wrap.CLAMP, pose);
        assertEquals(1, Math.abs(p.localRotation(0, new Quaterniond()).dot(pose.localRotation(1, new Quaterniond()))), 1e-15);
        assertEquals(1, Math.abs(p.localRotation(1, new Quaterniond()).w), 0, "a bone the clip lacks keeps its rest");
    }

    @Test
    void clipFromArraysChecksLengths() {
        Skeleton sk = clip.skeleton();
        assertThrows(dev.sinew.solver.InvalidArgumentException.class, () -> Clip.of("x", sk, 30, new double[7], new double[3]));
        assertThrows(dev.sinew.solver.InvalidArgumentException.class, () -> Clip.of("x", sk, 30, new double[8], new double[3]));
        assertThrows(dev.sinew.solver.InvalidArgumentException.class, () -> Clip.of("x", sk, 0, new double[] {0, 0, 0, 1, 0, 0, 0, 1},
                new double[3]));
    }
}
