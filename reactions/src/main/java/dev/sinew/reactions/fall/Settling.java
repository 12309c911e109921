package dev.sinew.reactions.fall;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.World;
import org.joml.Vector3d;

/**
 * Whether a fallen ragdoll has come to rest: every body's linear speed below
 * {@code maxLinearSpeed} and angular speed below {@code maxAngularSpeed}, continuously for
 * {@code seconds}. Allocates nothing after construction.
 */
public final class Settling {
    private final Ragdoll ragdoll;
    private final World world;
    private final Vector3d v = new Vector3d();
    private double still;

    public Settling(Ragdoll ragdoll) {
        this.ragdoll = ragdoll;
        this.world = ragdoll.world();
    }

    /** Starts timing again (the body is moving). */
    public void reset() {
        still = 0;
    }

    /**
     * After a tick of {@code dt} s: whether the ragdoll has now been still for at least
     * {@code seconds}.
     */
    public boolean update(double dt, double maxLinearSpeed, double maxAngularSpeed, double seconds) {
        double lin = 0;
        double ang = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            lin = Math.max(lin, world.linearVelocity(ragdoll.body(i), v).length());
            ang = Math.max(ang, world.angularVelocity(ragdoll.body(i), v).length());
        }
        still = lin < maxLinearSpeed && ang < maxAngularSpeed ? still + dt : 0;
        return still >= seconds;
    }

    /** How long the ragdoll has been still, s. */
    public double stillSeconds() {
        return still;
    }
}
