package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
