package dev.sinew.solver;

/**
 * An implicit spring-damper that makes a joint part soft (stable at any stiffness): on a joint's
 * point its units are N/m and N·s/m, on angular limits N·m/rad and N·m·s/rad, and a 6-DOF joint's
 * limited linear axes take the same numbers as N/m and N·s/m. {@link #RIGID} (0, 0) is no spring:
 * the part is rigid.
 *
 * @param stiffness ≥ 0, finite
 * @param damping   ≥ 0, finite
 */
public record JointSpring(double stiffness, double damping) {
    /** No spring: the part is rigid. */
    public static final JointSpring RIGID = new JointSpring(0, 0);

    public JointSpring {
        Check.nonNegative("stiffness", stiffness);
        Check.nonNegative("damping", damping);
    }

    /** True for {@link #RIGID}. */
    public boolean isRigid() {
        return stiffness == 0 && damping == 0;
    }
}
