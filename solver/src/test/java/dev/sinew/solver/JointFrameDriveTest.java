package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.shape.Box;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A drive target given in the joint's frames: for a single body on a swing-twist joint to a static
 * body, with the joint frame in the static body turned 90° and the one in the driven body turned
 * otherwise, the drive settles B where the frames' convention puts it: q_B = q_A·F_A·q_J·conj(F_B)
 * (the class doc of {@link JointView}). The same target given in body frames lands elsewhere, so
 * the test sees the difference.
 */
class JointFrameDriveTest {
    private static final Quaterniond FRAME_A = new Quaterniond().rotateZ(Math.PI / 2);
    private static final Quaterniond FRAME_B = new Quaterniond().rotateX(Math.PI / 2).rotateY(0.3);

    /** B's orientation after 3 s of a stiff drive toward {@code target}, in joint frames or body frames. */
    private static Quaterniond settle(Quaterniondc target, boolean jointFrames) {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()));
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.STATIC).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).mass(2)
                .collider(Collider.of(new Box(0.3, 0.1, 0.2))).build());
        JointHandle j = w.createJoint(SwingTwistJointSettings.of(a, new Vector3d(), FRAME_A, b, new Vector3d(), FRAME_B));
        JointView drive = w.joint(j);
        drive.setDrive(DriveSettings.frequency(4, 1, Double.POSITIVE_INFINITY));
        if (jointFrames) {
            drive.setDriveTargetInJointFrame(target);
        } else {
            drive.setDriveTarget(target);
        }
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        return w.orientation(b, new Quaterniond());
    }

    private static double angle(Quaterniondc p, Quaterniondc q) {
        double dot = Math.abs(p.x() * q.x() + p.y() * q.y() + p.z() * q.z() + p.w() * q.w());
        return 2 * Math.acos(Math.min(1, dot));
    }

    @Test
    void aJointFrameTargetIsReachedInTheJointFramesConvention() {
        Quaterniond target = new Quaterniond().rotateX(0.6).rotateY(0.4); // twist then swing, joint frames
        Quaterniond expected = new Quaterniond(FRAME_A).mul(target).mul(new Quaterniond(FRAME_B).conjugate());
        Quaterniond reached = settle(target, true);
        assertTrue(angle(reached, expected) < 1e-6, "off the joint-frame target by " + angle(reached, expected) + " rad");
        Quaterniond asBodyTarget = settle(target, false);
        assertTrue(angle(asBodyTarget, expected) > 0.5, "the frames are not aligned, so the conventions differ");
        assertTrue(angle(asBodyTarget, target) < 1e-6, "a body-frame target is conj(q_A)·q_B");
    }
}
