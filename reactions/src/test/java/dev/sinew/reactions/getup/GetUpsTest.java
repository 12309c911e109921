package dev.sinew.reactions.getup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Choosing a get-up for a lying body, and playing it placed and blended in from the physics pose. */
class GetUpsTest {
    /** Two face-down clips: arms at rest, or the left arm raised forward 90° (about the shoulder's x). */
    static GetUpLibrary twoFaceDown() {
        Skeleton s = TestRig.standing().skeleton();
        return GetUpLibrary.parse("""
                [ {"clip": "plain", "startClass": "faceDown", "frames": [0, 60]},
                  {"clip": "arm", "startClass": "faceDown", "frames": [0, 60]},
                  {"clip": "up", "startClass": "faceUp", "frames": [0, 60]} ]""", "two.json", clip -> switch (clip) {
                case "plain" -> TestRig.getUp(TestRig.FACE_DOWN, "plain.bvh");
                case "up" -> TestRig.getUp(TestRig.FACE_UP, "up.bvh");
                default -> BvhImporter.parse(TestRig.bvh(61, f -> new double[] {0, 0.12, 0, 0, 0, 90},
                        (bone, f) -> s.name(bone).equals("LeftShoulder") ? new double[] {0, 0, -90} : null), "arm.bvh", 1);
            });
    }

    /** Puts the ragdoll in clip c's first frame, turned about +Y by {@code yaw} and moved by {@code shift}. */
    static void lieAs(Ragdoll r, GetUpLibrary lib, int c, double yaw, Vector3d shift) {
        Skeleton s = r.mapper().skeleton();
        Pose p = new Retarget(lib.clip(c), s, lib.entries().get(c).mirror()).sample(0, new Pose(s));
        p.setLocalRotation(0, new Quaterniond().rotateY(yaw).mul(p.localRotation(0, new Quaterniond())));
        p.setRootTranslation(new Quaterniond().rotateY(yaw).transform(p.rootTranslation(new Vector3d())).add(shift));
        r.setPose(p);
    }

    @Test
    void choosesTheNearestFirstPoseWhateverTheHeading() {
        GetUpLibrary lib = twoFaceDown();
        Ragdoll r = TestRig.ragdollForTests();
        GetUps g = new GetUps(lib, r, new TorsoAxes(r, new Vector3d(0, 0, 1)));
        for (double yaw : new double[] {0, 1.3, -2.9}) {
            lieAs(r, lib, 1, yaw, new Vector3d(3, 0, -2));
            GetUpChoice arm = g.choose();
            assertEquals(1, arm.entry(), "yaw " + yaw);
            assertEquals(PoseClass.FACE_DOWN, arm.poseClass());
            assertTrue(arm.distance() < 1e-6, "the same pose, turned: distance " + arm.distance());
            lieAs(r, lib, 0, yaw, new Vector3d());
            assertEquals(0, g.choose().entry());
            lieAs(r, lib, 2, yaw, new Vector3d());
            assertEquals(2, g.choose().entry(), "face up takes the face-up clip, however near the others' arms");
        }
    }

    /** Without a clip for the body's class the nearest of all is taken, and the choice says it starts elsewhere. */
    @Test
    void withoutAClipOfItsClassTheNearestOfAll() {
        GetUpLibrary lib = twoFaceDown();
        Ragdoll r = TestRig.ragdollForTests();
        GetUps g = new GetUps(lib, r, new TorsoAxes(r, new Vector3d(0, 0, 1)));
        lieAs(r, TestRig.library(), 2, 0.4, new Vector3d());
        GetUpChoice c = g.choose();
        assertEquals(PoseClass.SIDE_RIGHT, c.poseClass());
        assertTrue(c.startClass() != c.poseClass());
    }

    /**
     * At τ = 0 the played pose is the physics pose (every body's target within 1e-6° of where it
     * is: no pop); from the end of the blend on it is the placed clip, whose first frame lies on
     * the body's root (horizontally) with the clip's floor on the ground height given, turned by the
     * difference of the two lying headings.
     */
    @Test
    void startsFromThePhysicsPoseAndIsPlacedOnTheGround() {
        World w = TestRig.world();
        Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
        GetUpLibrary lib = TestRig.library();
        TorsoAxes axes = new TorsoAxes(r, new Vector3d(0, 0, 1));
        GetUps g = new GetUps(lib, r, axes);
        Skeleton s = r.mapper().skeleton();
        // lying face down, head toward −X, 2 m away, arms as the standing pose has them
        Pose lying = TestRig.groundedPose(r);
        lying.setLocalRotation(0, new Quaterniond().rotateY(-Math.PI / 2).rotateX(Math.PI / 2));
        lying.setRootTranslation(new Vector3d(2, 0.13, 1));
        r.setPose(lying);
        GetUpChoice choice = g.choose();
        assertEquals(PoseClass.FACE_DOWN, choice.poseClass());
        assertEquals(-90, Math.toDegrees(choice.heading()), 1e-6);
        Pose physics = r.readPose(new Pose(s).set(lying));
        GetUpMotion m = new GetUpMotion(g, s);
        m.start(choice, physics, 0.01, 0.5);
        Pose out = m.sample(0, new Pose(s));
        int n = r.bodyCount();
        Vector3d[] pos = new Vector3d[n];
        Quaterniond[] rot = new Quaterniond[n];
        for (int i = 0; i < n; i++) {
            pos[i] = new Vector3d();
            rot[i] = new Quaterniond();
        }
        r.mapper().bodyTargets(out, pos, rot);
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < n; i++) {
            double deg = Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(rot[i].dot(w.orientation(r.body(i), q))))));
            assertTrue(deg < 1e-6, r.bodyName(i) + " off by " + deg + "°");
        }
        // the placed first frame: root over the body's root, at the ground plus the clip's root height, facing as the body lies
        Pose first = m.placed(0, new Pose(s));
        assertEquals(2, first.rootTranslation(new Vector3d()).x, 1e-9);
        assertEquals(1, first.rootTranslation(new Vector3d()).z, 1e-9);
        assertEquals(0.01 + 0.12 * new Retarget(lib.clip(0), s, false).rootScale(), first.rootTranslation(new Vector3d()).y, 1e-9);
        r.mapper().bodyTargets(first, pos, rot);
        assertEquals(-90, Math.toDegrees(axes.lyingHeading(rot[axes.pelvis()], rot[axes.chest()])), 1e-6);
        // past the blend: the placed clip itself
        Pose late = m.sample(0.5, new Pose(s));
        Pose placed = m.placed(0.5, new Pose(s));
        for (int b = 0; b < s.boneCount(); b++) {
            assertTrue(late.localRotation(b, new Quaterniond()).equals(placed.localRotation(b, new Quaterniond()), 1e-12));
        }
        assertEquals(m.duration(), 75.0 / 30, 1e-12);
    }
}
