package dev.sinew.reactions.getup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.Skeleton;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Get-up clips as data: the JSON list, its errors, and mirroring a clip left for right. */
class GetUpLibraryTest {
    static BvhImporter.Bvh source(String clip) {
        return TestRig.getUp(TestRig.FACE_DOWN, clip + ".bvh");
    }

    @Test
    void readsTheListWithDefaultsForNameAndMirror() {
        GetUpLibrary lib = TestRig.library();
        assertEquals(4, lib.size());
        assertEquals(PoseClass.FACE_DOWN, lib.entries().get(0).startClass());
        assertEquals("down", lib.entries().get(0).name());
        assertEquals("right (mirrored)", lib.entries().get(3).name());
        assertTrue(lib.entries().get(3).mirror());
        assertEquals(75, lib.entries().get(1).lastFrame());
    }

    /**
     * The fixed list of shipped libraries is the repository's {@code profiles/getup} folder (a file
     * added there and not to the list would never be found), and each ships as it is in git.
     */
    @Test
    void shippedNamesAreTheFilesOfProfilesGetup() throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Path.of("../profiles/getup");
        List<String> files;
        try (java.util.stream.Stream<java.nio.file.Path> all = java.nio.file.Files.list(dir)) {
            files = all.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".json"))
                    .map(f -> f.substring(0, f.length() - 5)).sorted().toList();
        }
        assertEquals(files, GetUpLibrary.shippedNames());
        for (String name : files) {
            assertEquals(java.nio.file.Files.readString(dir.resolve(name + ".json")), GetUpLibrary.shippedText(name));
        }
        assertEquals("get-up library", assertThrows(dev.sinew.solver.InvalidArgumentException.class,
                () -> GetUpLibrary.named("nope")).parameter());
    }

    /**
     * The shipped CMU get-ups (140_01 face down, 140_08 face up, 140_03 on its right side and
     * mirrored on its left), fitted to the CMU ragdoll on the walk's skeleton: each first frame lies
     * in the class the library gives it, read from its own pelvis and chest (a mismatch is refused).
     */
    @Test
    void theShippedCmuGetUpsStartInTheirClasses() {
        GetUpLibrary lib = GetUpLibrary.named("cmu");
        BvhImporter.Bvh walk = dev.sinew.rig.Mocap.read("cmu/131_01.bvh");
        Ragdoll r = Ragdoll.build(TestRig.world(), walk.skeleton(), dev.sinew.rig.Profiles.ragdoll("cmu-humanoid"),
                walk.clip().frame(0, new Pose(walk.skeleton())), false);
        GetUps g = new GetUps(lib, r, new TorsoAxes(r, new Vector3d(0, 0, 1)));
        assertEquals(List.of(PoseClass.FACE_DOWN, PoseClass.FACE_UP, PoseClass.SIDE_RIGHT, PoseClass.SIDE_LEFT),
                java.util.stream.IntStream.range(0, lib.size()).mapToObj(g::startClass).toList());
        assertEquals(List.of("140_01_30fps.bvh", "140_08_30fps.bvh", "140_03_30fps.bvh", "140_03_30fps.bvh (mirrored)"),
                lib.entries().stream().map(GetUpLibrary.Entry::name).toList());
    }

    @Test
    void errorsNameTheFileTheEntryAndTheField() {
        assertMessage("{\"clip\": \"a\"}", "expected a list");
        assertMessage("[]", "lists no get-up clips");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"prone\", \"frames\": [0, 10]}]", "$[0].startClass: prone");
        assertMessage("[{\"startClass\": \"faceDown\", \"frames\": [0, 10]}]", "$[0].clip");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [0, 10]},"
                + " {\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [5, 900]}]", "$[1].frames: [5, 900]");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [10, 10]}]", "0 <= first < last < 76");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [0]}]", "$[0].frames: must be [first, last]");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [0, 10], \"speed\": 2}]", "speed");
        assertMessage("[{\"clip\": \"a\", \"startClass\": \"faceDown\", \"frames\": [0, 10]", "lib.json");
    }

    static void assertMessage(String json, String part) {
        FormatException e = assertThrows(FormatException.class, () -> GetUpLibrary.parse(json, "lib.json", GetUpLibraryTest::source));
        assertTrue(e.getMessage().startsWith("lib.json:"), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    /** A clip registered with a start class its first frame does not lie in is refused when a character fits the library. */
    @Test
    void aStartClassTheFirstFrameDoesNotLieInIsRefused() {
        GetUpLibrary lib = GetUpLibrary.parse("[{\"clip\": \"a\", \"startClass\": \"faceUp\", \"frames\": [0, 75]}]", "lib.json",
                GetUpLibraryTest::source);
        Ragdoll r = TestRig.ragdollForTests();
        FormatException e = assertThrows(FormatException.class,
                () -> new GetUps(lib, r, new TorsoAxes(r, new Vector3d(0, 0, 1))));
        assertTrue(e.getMessage().contains("lies faceDown") && e.getMessage().contains("startClass faceUp"), e.getMessage());
    }

    @Test
    void mirrorPartners() {
        assertEquals("RightHip", Retarget.partner("LeftHip"));
        assertEquals("LeftToe", Retarget.partner("RightToe"));
        assertEquals("RHipJoint", Retarget.partner("LHipJoint"));
        assertEquals("LFingers", Retarget.partner("RFingers"));
        assertEquals("rhand", Retarget.partner("lhand"));
        assertEquals("thigh.R", Retarget.partner("thigh.L"));
        assertEquals("arm_L", Retarget.partner("arm_R"));
        assertNull(Retarget.partner("Hips"));
        assertNull(Retarget.partner("Chest"));
    }

    /**
     * Played mirrored on a left-right symmetric skeleton, a clip's every joint lands where the
     * original's partner joint is, reflected in the x = 0 plane: a pure geometric check of the
     * reflected rotations (x, −y, −z, w) and root (−x, y, z).
     */
    @Test
    void mirroredClipIsTheReflectionOfTheOriginal() {
        Skeleton s = TestRig.standing().skeleton();
        String text = TestRig.bvh(2, f -> new double[] {0.3, 0.9, -0.2, 20, -35, 50}, (bone, f) -> switch (s.name(bone)) {
            case "LeftShoulder" -> new double[] {70, 10, -20};
            case "LeftElbow" -> new double[] {0, 0, 60};
            case "RightHip" -> new double[] {-15, 5, 40};
            case "Chest" -> new double[] {10, 25, 5};
            default -> null;
        });
        BvhImporter.Bvh clip = BvhImporter.parse(text, "m.bvh", 1);
        Pose plain = new Retarget(clip.clip(), s, false).sample(0, new Pose(s)).evaluate();
        Pose mirrored = new Retarget(clip.clip(), s, true).sample(0, new Pose(s)).evaluate();
        Vector3d a = new Vector3d();
        Vector3d b = new Vector3d();
        for (int bone = 0; bone < s.boneCount(); bone++) {
            String partner = Retarget.partner(s.name(bone));
            int other = partner != null && s.find(partner) >= 0 ? s.find(partner) : bone;
            plain.modelPosition(other, a);
            mirrored.modelPosition(bone, b);
            assertEquals(-a.x, b.x, 1e-9, s.name(bone));
            assertEquals(a.y, b.y, 1e-9, s.name(bone));
            assertEquals(a.z, b.z, 1e-9, s.name(bone));
        }
        // and a rotation is reflected, not just moved: the mirrored chest's x axis is the original's reflected and negated
        Quaterniond qa = plain.modelRotation(s.find("Chest"), new Quaterniond());
        Quaterniond qb = mirrored.modelRotation(s.find("Chest"), new Quaterniond());
        Vector3d ya = qa.transform(new Vector3d(0, 1, 0));
        Vector3d yb = qb.transform(new Vector3d(0, 1, 0));
        assertEquals(-ya.x, yb.x, 1e-12);
        assertEquals(ya.y, yb.y, 1e-12);
        assertEquals(ya.z, yb.z, 1e-12);
    }
}
