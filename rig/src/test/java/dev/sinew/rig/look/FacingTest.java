package dev.sinew.rig.look;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The aim is measured against the character's facing, not the root bone. The skeleton here is a
 * mesh modelled facing +X and turned −90° in its root (as an engine's mesh component often is):
 * the character faces +Z, its root bone's heading is −90°. A target straight ahead must give a
 * zero delta; measured against the root bone it would be +90° (the head turned right at start).
 */
class FacingTest {
    /** Root turned −90° about +Y, then a chest, neck and head modelled in the mesh's own frame (up +Y). */
    static Skeleton offsetMesh() {
        return Skeleton.builder().add("Root", -1, new Vector3d(0, 0.9, 0), Rotations.yawRotation(Math.toRadians(-90), new Quaterniond()))
                .add("Chest", 0, new Vector3d(0, 0.4, 0)).add("Neck", 1, new Vector3d(0, 0.25, 0))
                .add("Head", 2, new Vector3d(0, 0.12, 0)).build();
    }

    @Test
    void meshOffsetGivesNoDeltaWhenFacingTheTarget() {
        Pose pose = new Pose(offsetMesh());
        Vector3d head = pose.evaluate().modelPosition(3, new Vector3d());
        Quaterniond root = pose.modelRotation(0, new Quaterniond());
        assertEquals(-90, Math.toDegrees(Rotations.headingYaw(root, 0, 0, 1)), 1e-9, "the root bone's heading");
        LookAt look = new LookAt(pose.skeleton(), LookTestRig.settings());
        look.setFacing(0).setMotion(0, true, false, false).setTarget(new Vector3d(head).add(0, 0, 3));
        look.update(1.0 / 60, pose);
        assertEquals(0, look.targetYaw(), 1e-12, "against the facing");
        assertEquals(0, look.targetPitch(), 1e-12);
        Vector3d d = LookAt.aimDelta(new Vector3d(0, 0, 3), Rotations.headingYaw(root, 0, 0, 1), new Vector3d());
        assertEquals(90, Math.toDegrees(d.x), 1e-9, "what measuring against the root bone would give");
    }

    @Test
    void turnedCharacterLooksAlongItsFacing() {
        double facing = Math.toRadians(40);
        Pose pose = new Pose(offsetMesh());
        pose.setLocalRotation(0, Rotations.yawRotation(facing - Math.toRadians(90), new Quaterniond()));
        Vector3d head = pose.evaluate().modelPosition(3, new Vector3d());
        LookAt look = new LookAt(pose.skeleton(), LookTestRig.settings());
        look.setFacing(facing).setMotion(0, true, false, false)
                .setTarget(new Vector3d(head).add(3 * Math.sin(facing), 0, 3 * Math.cos(facing)));
        look.update(1.0 / 60, pose);
        assertEquals(0, look.targetYaw(), 1e-12);
    }

    /**
     * A target 30° to the character's left, level with the eyes: once the look has settled, the
     * chain's yaw shares (0.2, 0.3, 0.5) about the vertical compose to exactly 30°, so the head,
     * which faced +Z, faces 30°: its forward axis (the mesh's +X) turned by Ry(30°).
     */
    @Test
    void chainTurnsTheHeadOntoTheTarget() {
        Pose rest = new Pose(offsetMesh());
        Vector3d head = rest.evaluate().modelPosition(3, new Vector3d());
        LookAt look = new LookAt(rest.skeleton(), LookTestRig.settings());
        look.setFacing(0).setMotion(0, true, false, false).setTarget(ShortestYawTest.at(head, 30));
        Pose pose = new Pose(rest.skeleton());
        for (int i = 0; i < 300; i++) {
            pose.set(rest);
            look.update(1.0 / 60, pose);
            look.apply(pose);
        }
        assertEquals(1, look.weight(), 0);
        Quaterniond q = pose.evaluate().modelRotation(3, new Quaterniond());
        assertEquals(30, Math.toDegrees(Rotations.headingYaw(q, 1, 0, 0)), 1e-9);
        assertEquals(0, pose.modelPosition(3, new Vector3d()).distance(head), 1e-12, "the head turns about the vertical: it stays put");
    }
}
