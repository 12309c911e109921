package dev.sinew.rig.mirror;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.Synthetic;
import dev.sinew.solver.InvalidArgumentException;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The mirror against what a reflection must give: a pose that is its own mirror image comes back
 * unchanged, every bone of a mirrored pose sits where the reflection x → −x puts its partner, and
 * mirroring twice is the identity.
 */
class MirrorTest {
    private final Skeleton s = Synthetic.biped();
    private final Mirror mirror = Mirror.of(s, "x");

    @Test
    void pairsBonesByName() {
        assertEquals(s.index("RightHip"), mirror.partner(s.index("LeftHip")));
        assertEquals(s.index("LeftAnkle"), mirror.partner(s.index("RightAnkle")));
        assertEquals(s.index("rhand"), mirror.partner(s.index("lhand")));
        assertEquals(s.index("lowerback"), mirror.partner(s.index("lowerback")), "l… with no r… partner stays itself");
        assertEquals(s.index("Head"), mirror.partner(s.index("Head")));
    }

    /**
     * A symmetric pose: the spine bends forward (about x, which the reflection keeps), and each
     * left bone turns as the mirror image of its right partner, (x, y, z, w) ↔ (x, −y, −z, w).
     */
    @Test
    void symmetricPoseIsItsOwnMirror() {
        Pose p = new Pose(s);
        p.setRootTranslation(new Vector3d(0, 0.95, 0.3));
        p.setLocalRotation(s.index("lowerback"), new Quaterniond().rotateX(0.3));
        p.setLocalRotation(s.index("Chest"), new Quaterniond().rotateX(-0.2));
        String[][] pairs = {{"LeftHip", "RightHip"}, {"LeftKnee", "RightKnee"}, {"LeftShoulder", "RightShoulder"}, {"lhand", "rhand"}};
        Quaterniond[] left = {new Quaterniond().rotateXYZ(0.4, 0.2, -0.3), new Quaterniond().rotateX(0.7),
            new Quaterniond().rotateZYX(0.9, -0.4, 0.1), new Quaterniond().rotateXYZ(-0.2, 0.6, 0.3)};
        for (int i = 0; i < pairs.length; i++) {
            Quaterniond l = left[i];
            p.setLocalRotation(s.index(pairs[i][0]), l);
            p.setLocalRotation(s.index(pairs[i][1]), new Quaterniond(l.x, -l.y, -l.z, l.w));
        }
        Pose m = mirror.apply(p, new Pose(s));
        Quaterniond a = new Quaterniond();
        Quaterniond b = new Quaterniond();
        for (int bone = 0; bone < s.boneCount(); bone++) {
            assertEquals(0, Rotations.angle(p.localRotation(bone, a), m.localRotation(bone, b)), 1e-12, s.name(bone));
        }
        assertEquals(0, p.rootTranslation(new Vector3d()).distance(m.rootTranslation(new Vector3d())), 1e-15);
    }

    @Test
    void mirroredBonesSitWhereTheReflectionPutsTheirPartners() {
        Pose p = Synthetic.clip("walk", s, 1, 30, Synthetic.walk(0.2, -0.5, 0.7, 1.2, 1)).frame(13, new Pose(s));
        p.setLocalRotation(s.index("LeftShoulder"), new Quaterniond().rotateXYZ(0.3, -0.8, 0.5));
        Pose m = mirror.apply(p, new Pose(s));
        p.evaluate();
        m.evaluate();
        Vector3d a = new Vector3d();
        Vector3d b = new Vector3d();
        Quaterniond qa = new Quaterniond();
        Quaterniond qb = new Quaterniond();
        for (int bone = 0; bone < s.boneCount(); bone++) {
            p.modelPosition(mirror.partner(bone), a);
            m.modelPosition(bone, b);
            assertEquals(0, b.distance(-a.x, a.y, a.z), 1e-12, s.name(bone) + " position");
            // the model rotation is M·R·M: (x, y, z, w) → (x, −y, −z, w)
            p.modelRotation(mirror.partner(bone), qa);
            m.modelRotation(bone, qb);
            assertEquals(0, Rotations.angle(new Quaterniond(qa.x, -qa.y, -qa.z, qa.w), qb), 1e-12, s.name(bone) + " rotation");
        }
    }

    @Test
    void mirroringTwiceGivesTheClipBack() {
        Clip walk = Synthetic.clip("walk", s, 1, 30, Synthetic.walk(0.3, 0, -0.4, 1, 1.2));
        Clip twice = mirror.apply(mirror.apply(walk));
        Pose a = new Pose(s);
        Pose b = new Pose(s);
        Quaterniond qa = new Quaterniond();
        Quaterniond qb = new Quaterniond();
        for (int f = 0; f < walk.frameCount(); f++) {
            walk.frame(f, a);
            twice.frame(f, b);
            for (int bone = 0; bone < s.boneCount(); bone++) {
                assertEquals(0, Rotations.angle(a.localRotation(bone, qa), b.localRotation(bone, qb)), 1e-12);
            }
            assertEquals(0, a.rootTranslation(new Vector3d()).distance(b.rootTranslation(new Vector3d())), 1e-15);
        }
        assertTrue(twice.name().endsWith("mirrored mirrored"));
    }

    @Test
    void givenPairsMustBeMutualAndExist() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> Mirror.of(s, "x", Map.of("LeftHip", "RightHip", "RightHip", "Head")));
        assertTrue(e.getMessage().contains("paired twice"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> Mirror.of(s, "x", Map.of("LeftHip", "NoSuchBone")));
        assertThrows(InvalidArgumentException.class, () -> Mirror.of(s, "w"));
    }
}
