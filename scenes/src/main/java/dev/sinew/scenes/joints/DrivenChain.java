package dev.sinew.scenes.joints;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.DriveSettings;
import dev.sinew.solver.JointView;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Capsule;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A horizontal chain of capsule links (1 kg, 0.2 m) hanging from a static anchor on swing-twist
 * joints (cone 30° × 45°, twist ±20°), every joint with a slerp drive (5 Hz, critically damped,
 * 200 N·m limit) whose target, set every tick by {@link #drive}, bends the chain into a turning
 * curl that reaches past the cone, so drives, target clamping, limits and their projection all
 * work every tick. The workload of the driven-chain benchmark and of the allocation test.
 */
public final class DrivenChain {
    /** Distance between a link's two joint points, m. */
    public static final double LINK = 0.2;
    private final World world;
    private final JointView[] joints;
    private final Quaterniond target = new Quaterniond();
    private final Quaterniond[] frameA;
    private final Quaterniond frameBInverse;
    private final Vector3d noSpin = new Vector3d();

    public DrivenChain(World world, int links) {
        this.world = world;
        this.joints = new JointView[links];
        this.frameA = new Quaterniond[links];
        // Each link's capsule axis is its local y; the joint's twist axis runs down the chain (−y).
        Quaterniond linkOrientation = new Quaterniond().rotateZ(Math.PI / 2);
        Quaterniond frameInLink = SwingTwistJointSettings.frame(new Vector3d(0, -1, 0), new Vector3d(1, 0, 0));
        Quaterniond frameInAnchor = new Quaterniond(linkOrientation).mul(frameInLink);
        frameBInverse = new Quaterniond(frameInLink).conjugate();
        BodyHandle last = world.createBody(BodySettings.builder(BodyType.STATIC).position(0, 20, 0).build());
        for (int i = 0; i < links; i++) {
            BodyHandle link = world.createBody(BodySettings.builder(BodyType.DYNAMIC)
                    .position(LINK * i + LINK / 2, 20, 0).orientation(linkOrientation).mass(1)
                    .collider(Collider.of(new Capsule(0.06, 0.04))).build());
            joints[i] = world.joint(world.createJoint(SwingTwistJointSettings.of(last,
                    i == 0 ? new Vector3d() : new Vector3d(0, -LINK / 2, 0), i == 0 ? frameInAnchor : frameInLink,
                    link, new Vector3d(0, LINK / 2, 0), frameInLink)
                    .withSwing(Math.toRadians(30), Math.toRadians(45)).withTwist(Math.toRadians(-20), Math.toRadians(20))));
            frameA[i] = i == 0 ? frameInAnchor : frameInLink;
            joints[i].setDrive(DriveSettings.frequency(5, 1, 200));
            last = link;
        }
    }

    public World world() {
        return world;
    }

    /** Sets every drive's target for the current tick (allocation-free). */
    public void drive() {
        double phase = 0.01 * world.stepCount();
        for (int i = 0; i < joints.length; i++) {
            // in the joints' frames the twist axis is x; bend about z (up to 40°, past the cone's 45°
            // only with the twist), twist up to 30° (past the ±20° range)
            double s = Math.sin(phase + 0.1 * i);
            // joint frame J → bodies: conj(q_A)·q_B = f_A·J·conj(f_B)
            target.identity().rotateZ(Math.toRadians(40) * s).rotateX(Math.toRadians(30) * s)
                    .premul(frameA[i]).mul(frameBInverse);
            joints[i].setDriveTarget(target, noSpin);
        }
    }
}
