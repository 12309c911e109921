package dev.sinew.solver;

import dev.sinew.solver.constraint.HingeAnglePart;
import dev.sinew.solver.state.WorldState;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A hinge's runtime controls, from {@link World#hinge(JointHandle)}: its limits and axis motor
 * (set at creation by {@link HingeJointSettings}, changeable here) and its angle now, besides
 * everything a {@link JointView} offers. The angle is 0 in the pose the hinge was created in,
 * positive turning B about the axis (right-handed, A's axis).
 */
public final class HingeJointView extends JointView {
    HingeJointView(WorldState state, JointHandle handle) {
        super(state, handle);
    }

    /**
     * Limits the angle to [lower, upper] rad, each in [−π, π]. The limit is approached
     * speculatively (never passed within a substep) and pushed out softly if passed.
     */
    public void setLimits(double lower, double upper) {
        state.checkUnlocked("set hinge limits");
        state.jointControl.setHingeLimits(slot(), handle, lower, upper);
    }

    /**
     * Runs the axis motor: B's speed about the axis relative to A is driven toward {@code speed}
     * rad/s with at most {@code maxTorque} N·m. maxTorque 0 turns the motor off.
     */
    public void setMotor(double speed, double maxTorque) {
        state.checkUnlocked("set a hinge motor");
        state.jointControl.setHingeMotor(slot(), handle, speed, maxTorque);
    }

    /** The angle now, rad in (−π, π]. */
    public double angle() {
        int j = slot();
        return state.jointControl.hinge(j, handle).angle(state.bodies, state.joints.bodyA[j],
                state.joints.bodyB[j]);
    }

    /** The hinge's axis, reference directions and limits now (world), for tools and debug drawing. */
    public HingeState state() {
        int j = slot();
        HingeAnglePart p = state.jointControl.hinge(j, handle);
        Quaterniond qa = state.bodyControl.orientation(state.joints.bodyA[j], new Quaterniond());
        Quaterniond qb = state.bodyControl.orientation(state.joints.bodyB[j], new Quaterniond());
        return new HingeState(qa.transform(new Vector3d(p.axisA[0], p.axisA[1], p.axisA[2])),
                qa.transform(new Vector3d(p.refA[0], p.refA[1], p.refA[2])),
                qb.transform(new Vector3d(p.refB[0], p.refB[1], p.refB[2])), p.limited,
                p.limited ? p.lower : -Math.PI, p.limited ? p.upper : Math.PI);
    }
}
