package dev.sinew.solver;

import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.state.WorldState;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A swing-twist joint's runtime controls, from {@link World#swingTwist(JointHandle)}: a drive with
 * separate swing and twist gains, its limits, its frames and angles now, besides everything a
 * {@link JointView} offers. Angles are those of {@link SwingTwist} between the two joint frames.
 */
public final class SwingTwistJointView extends JointView {
    SwingTwistJointView(WorldState state, JointHandle handle) {
        super(state, handle);
    }

    /**
     * A swing/twist drive instead of a slerp drive: the same spring toward the drive target, with
     * separate gains and torque limits for turning about the joint's twist axis and for swinging
     * across it. Gains in the frequency or acceleration form are relative to the inertia about the
     * twist axis and the mean inertia across it. {@code null} for both removes the drive.
     *
     * @throws InvalidArgumentException if only one of the two is null
     */
    public void setDrive(DriveSettings swing, DriveSettings twist) {
        state.checkUnlocked("set a drive");
        state.jointControl.setSwingTwistDrive(slot(), handle, swing, twist);
    }

    /** The joint's limits, rad. */
    public SwingTwistLimits limits() {
        SwingTwistLimitPart p = state.jointControl.swingTwist(slot(), handle);
        return new SwingTwistLimits(p.swingY, p.swingZ, p.twistMin, p.twistMax);
    }

    /**
     * The world orientation now of the joint's frame on body A ({@code onA}) or B: its x axis is
     * the twist axis; the swing cone is about A's.
     */
    public Quaterniond frame(boolean onA, Quaterniond dest) {
        int j = slot();
        return state.jointControl.swingTwistFrame(j, state.jointControl.swingTwist(j, handle), onA, dest);
    }

    /** The angles now, dest = (twist, swingY, swingZ) rad, of {@link #relativeOrientation} as {@link SwingTwist#decompose} splits it. */
    public Vector3d angles(Vector3d dest) {
        return SwingTwist.decompose(relativeOrientation(new Quaterniond()), dest);
    }
}
