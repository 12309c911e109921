package dev.sinew.reactions.getup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Classification of constructed poses. The test skeleton stands at rest facing +Z with +X its
 * left, so a whole-body turn says how it lies: R_x(+90°) puts its front down (face down), R_x(−90°)
 * its back, R_z(+90°) its left side up (it lies on its right side), R_z(−90°) its right side up.
 * Each is also turned about +Y by any heading, which must not matter.
 */
class TorsoAxesTest {
    final Ragdoll ragdoll = TestRig.ragdollForTests();
    final TorsoAxes axes = new TorsoAxes(ragdoll, new Vector3d(0, 0, 1));
    final Pose pose = new Pose(ragdoll.mapper().skeleton());
    final Vector3d[] pos = new Vector3d[ragdoll.bodyCount()];
    final Quaterniond[] rot = new Quaterniond[ragdoll.bodyCount()];

    TorsoAxesTest() {
        for (int i = 0; i < pos.length; i++) {
            pos[i] = new Vector3d();
            rot[i] = new Quaterniond();
        }
    }

    /** The class of the rest pose turned as a whole by {@code root} (and optionally the chest by {@code chest} more). */
    PoseClass classOf(Quaterniond root, Quaterniond chest) {
        pose.set(new Pose(ragdoll.mapper().skeleton()));
        pose.setLocalRotation(0, root);
        if (chest != null) {
            pose.setLocalRotation(ragdoll.mapper().skeleton().find("Chest"), chest);
        }
        ragdoll.mapper().bodyTargets(pose, pos, rot);
        return axes.classify(rot[axes.pelvis()], rot[axes.chest()]);
    }

    static Quaterniond turn(double headingDeg, Quaterniond q) {
        return new Quaterniond().rotateY(Math.toRadians(headingDeg)).mul(q);
    }

    @Test
    void lyingFlatInEveryHeading() {
        for (double heading = -180; heading < 180; heading += 30) {
            assertEquals(PoseClass.FACE_DOWN, classOf(turn(heading, new Quaterniond().rotateX(Math.toRadians(90))), null));
            assertEquals(PoseClass.FACE_UP, classOf(turn(heading, new Quaterniond().rotateX(Math.toRadians(-90))), null));
            assertEquals(PoseClass.SIDE_RIGHT, classOf(turn(heading, new Quaterniond().rotateZ(Math.toRadians(90))), null));
            assertEquals(PoseClass.SIDE_LEFT, classOf(turn(heading, new Quaterniond().rotateZ(Math.toRadians(-90))), null));
        }
    }

    /** Half-way rolls: 40° from face down toward the side is still face down, 50° is on the side. */
    @Test
    void rolledPartWay() {
        Quaterniond down = new Quaterniond().rotateX(Math.toRadians(90));
        // rolling about the body's long axis (world +Z once face down): the left side comes up
        assertEquals(PoseClass.FACE_DOWN, classOf(new Quaterniond().rotateZ(Math.toRadians(40)).mul(down), null));
        assertEquals(PoseClass.SIDE_RIGHT, classOf(new Quaterniond().rotateZ(Math.toRadians(50)).mul(down), null));
        assertEquals(PoseClass.SIDE_LEFT, classOf(new Quaterniond().rotateZ(Math.toRadians(-50)).mul(down), null));
    }

    /**
     * Nearly vertical torsos are classed by the way they lean, as they would fall: standing 5°
     * forward is face down, 5° back face up, 5° onto the right side side-right; upside down (on its
     * head) likewise; exactly vertical with no lean at all counts as face up.
     */
    @Test
    void nearlyVerticalAndUpsideDown() {
        assertEquals(PoseClass.FACE_DOWN, classOf(new Quaterniond().rotateX(Math.toRadians(5)), null));
        assertEquals(PoseClass.FACE_UP, classOf(new Quaterniond().rotateX(Math.toRadians(-5)), null));
        assertEquals(PoseClass.SIDE_RIGHT, classOf(new Quaterniond().rotateZ(Math.toRadians(5)), null));
        assertEquals(PoseClass.SIDE_LEFT, classOf(new Quaterniond().rotateZ(Math.toRadians(-5)), null));
        assertEquals(PoseClass.FACE_UP, classOf(new Quaterniond(), null));
        // on its head: R_x(180°) turns the front to −Z; 5° more tips the front down, 5° less up
        assertEquals(PoseClass.FACE_DOWN, classOf(new Quaterniond().rotateX(Math.toRadians(175)), null));
        assertEquals(PoseClass.FACE_UP, classOf(new Quaterniond().rotateX(Math.toRadians(185)), null));
        assertEquals(PoseClass.FACE_UP, classOf(new Quaterniond().rotateX(Math.PI), null));
        // on its head, tipped sideways: R_z(175°) leaves the left side pointing 5° up (toward −X and
        // up), so it topples onto its right side; R_z(185°) onto its left
        assertEquals(PoseClass.SIDE_RIGHT, classOf(new Quaterniond().rotateZ(Math.toRadians(175)), null));
        assertEquals(PoseClass.SIDE_LEFT, classOf(new Quaterniond().rotateZ(Math.toRadians(185)), null));
    }

    /** Pelvis and chest vote together: a pelvis face down with the chest twisted 60° toward its side stays face down; 120°, on the side. */
    @Test
    void twistedTorsoVotesWithBothBodies() {
        Quaterniond down = new Quaterniond().rotateX(Math.toRadians(90));
        // a twist about the spine (the bone's own +Y) of the chest relative to the pelvis
        assertEquals(PoseClass.FACE_DOWN, classOf(down, new Quaterniond().rotateY(Math.toRadians(60))));
        assertEquals(PoseClass.FACE_DOWN, classOf(down, new Quaterniond().rotateY(Math.toRadians(-60))));
        // 120°: the summed front axis is 30° below horizontal, the summed left axis 60° from it: a side,
        // one way for each direction of twist
        PoseClass a = classOf(down, new Quaterniond().rotateY(Math.toRadians(120)));
        PoseClass b = classOf(down, new Quaterniond().rotateY(Math.toRadians(-120)));
        assertEquals(java.util.Set.of(PoseClass.SIDE_LEFT, PoseClass.SIDE_RIGHT), java.util.Set.of(a, b));
    }

    @Test
    void headings() {
        // standing turned 30° about +Y faces 30°; lying face down head toward +X: lying heading 90°
        Quaterniond q = new Quaterniond().rotateY(Math.toRadians(30));
        classOf(q, null);
        assertEquals(30, Math.toDegrees(axes.facingHeading(rot[axes.pelvis()], rot[axes.chest()])), 1e-9);
        classOf(new Quaterniond().rotateY(Math.toRadians(90)).rotateX(Math.toRadians(90)), null);
        assertEquals(90, Math.toDegrees(axes.lyingHeading(rot[axes.pelvis()], rot[axes.chest()])), 1e-9);
        // face up, head toward −Z: heading ±180°; face down flat, the facing falls back to the head's direction
        classOf(new Quaterniond().rotateX(Math.toRadians(-90)), null);
        assertEquals(180, Math.abs(Math.toDegrees(axes.lyingHeading(rot[axes.pelvis()], rot[axes.chest()]))), 1e-9);
        classOf(new Quaterniond().rotateX(Math.toRadians(90)), null);
        assertEquals(0, Math.toDegrees(axes.facingHeading(rot[axes.pelvis()], rot[axes.chest()])), 1e-9);
    }

    /** A limp body dropped flat on its front or back comes to rest classed as it landed (physics, not construction, places it). */
    @Test
    void droppedBodiesRestInTheirClass() {
        for (double roll : new double[] {90, -90}) {
            World w = TestRig.world();
            Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
            Pose p = TestRig.groundedPose(r);
            p.setLocalRotation(0, new Quaterniond().rotateX(Math.toRadians(roll)).mul(p.localRotation(0, new Quaterniond())));
            p.setRootTranslation(new Vector3d(0, 0.4, 0));
            r.setPose(p);
            for (int i = 0; i < 180; i++) {
                w.step();
            }
            TorsoAxes a = new TorsoAxes(r, new Vector3d(0, 0, 1));
            Quaterniond pelvis = w.orientation(r.body(a.pelvis()), new Quaterniond());
            Quaterniond chest = w.orientation(r.body(a.chest()), new Quaterniond());
            assertEquals(roll > 0 ? PoseClass.FACE_DOWN : PoseClass.FACE_UP, a.classify(pelvis, chest));
        }
    }
}
