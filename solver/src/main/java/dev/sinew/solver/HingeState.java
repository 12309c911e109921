package dev.sinew.solver;

import org.joml.Vector3dc;

/**
 * A hinge as it stands now, for tools and debug drawing (world frame): {@link HingeJointView#state()}.
 *
 * @param axis       the hinge axis on body A, unit
 * @param referenceA body A's zero direction, ⟂ axis, unit: the angle is measured from it about the axis
 * @param referenceB body B's reference direction, unit (at angle θ from referenceA)
 * @param limited    whether the hinge has limits
 * @param lower      lowest angle, rad (−π when not limited)
 * @param upper      highest angle, rad (π when not limited)
 */
public record HingeState(Vector3dc axis, Vector3dc referenceA, Vector3dc referenceB, boolean limited, double lower,
        double upper) {
}
