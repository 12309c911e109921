package dev.sinew.solver.constraint;

/**
 * What the solvers of one tick share, set once at its start from the world's settings: the
 * substep, the soft coefficients of contacts and joints, the caps, gravity, and the counters of
 * limits that acted. The contact, joint and tree solvers read it; the tick's stages see it as
 * part of their {@code TickContext}. Nothing is copied out of it into solver fields.
 */
public class SolverContext {
    /** Substeps per tick. */
    public int substeps;
    /** The substep h = tick / substeps, s, and 1/h. */
    public double h;
    public double invH;
    /** Contact softness between two dynamic bodies, at the contact frequency capped at a quarter of the substep rate. */
    public final SoftCoefficients contactSoft = new SoftCoefficients();
    /** Contact softness against a body that does not move: twice the frequency, as in Box2D v3. */
    public final SoftCoefficients staticContactSoft = new SoftCoefficients();
    /** The capped contact spring's angular frequency, rad/s (dynamic pairs), and its damping ratio. */
    public double contactOmega;
    public double contactZeta;
    /** Joint drift correction: the world's joint frequency capped at a quarter of the substep rate. */
    public final SoftCoefficients jointSoft = new SoftCoefficients();
    /** Overlap held rigidly without push-out, m. */
    public double linearSlop;
    /** Largest push-out speed, m/s. */
    public double maxPushOutSpeed;
    /** Approach speed below which contacts do not bounce, m/s. */
    public double restitutionThreshold;
    /** World gravity, m/s². */
    public double gravityX;
    public double gravityY;
    public double gravityZ;
    /** Largest normal impulse of one contact point in one solve, N·s (+∞: none). */
    public double maxContactImpulse;
    /** True while some body has a per-tick contact impulse budget. */
    public boolean bodyImpulseCaps;
    /** Limits that acted in this step (the world's counters). */
    public final SolverCounters counters;

    public SolverContext(SolverCounters counters) {
        this.counters = counters;
    }

    /** Takes another context's values (not its counters): a task's own copy of the tick's context. */
    public void copyFrom(SolverContext o) {
        substeps = o.substeps;
        h = o.h;
        invH = o.invH;
        contactSoft.copyFrom(o.contactSoft);
        staticContactSoft.copyFrom(o.staticContactSoft);
        contactOmega = o.contactOmega;
        contactZeta = o.contactZeta;
        jointSoft.copyFrom(o.jointSoft);
        linearSlop = o.linearSlop;
        maxPushOutSpeed = o.maxPushOutSpeed;
        restitutionThreshold = o.restitutionThreshold;
        gravityX = o.gravityX;
        gravityY = o.gravityY;
        gravityZ = o.gravityZ;
        maxContactImpulse = o.maxContactImpulse;
        bodyImpulseCaps = o.bodyImpulseCaps;
    }
}
