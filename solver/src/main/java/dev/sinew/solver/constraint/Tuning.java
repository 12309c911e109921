package dev.sinew.solver.constraint;

/**
 * The solver's tuning constants in one place, each with the reason for its value: a derivation,
 * or the measurement that set it (scene and figure, stated once). Settings a user may change live
 * in {@code WorldSettings}; these are the solver's own choices.
 */
public final class Tuning {
    private Tuning() {
    }

    // ---------------------------------------------------------------- contacts

    /**
     * Gauss–Seidel passes over the contacts in each substep's biased solve, before the joints: one
     * pass leaves a large pile's load path half-converged (tumbler seeds 1–3, deepest overlap 35–45
     * mm after one pass, 21–25 after two, 17–19 after three and after four). Only the contacts are
     * repeated: repeating the joints too left the dropped ragdoll turning at 0.3–0.5 rad/s after 5 s.
     */
    public static final int CONTACT_PASSES = 3;

    /**
     * Margin, m/s, by which a pair of an articulated body with no impulse must be apart (its
     * closing speed, from the velocities last written to the body arrays, below its gap over the
     * substep by at least this) for a solver pass to pass it by without computing its bodies'
     * exact velocities. It covers the change the other rows of the same pass can make to those
     * velocities; at 240 substeps a second it asks for about 2 mm of gap at rest.
     */
    public static final double APART_MARGIN = 0.5;

    /**
     * Margin, m/s, as {@link #APART_MARGIN}, by which such a pair must be apart when a substep's
     * passes (or its relax pass) begin for all of them to pass it by: twice the margin of one pass.
     */
    public static final double SUBSTEP_APART_MARGIN = 2 * APART_MARGIN;

    /**
     * Largest change of any of a pair's impulses (normal, tangent, twist), N·s, for which a biased
     * pass calls the pair quiet: the substep's further biased passes pass it by. A body resting on
     * it takes about m·g·h (0.4 N·s for 10 kg at 240 substeps a second) each substep; a pair still
     * being solved changes by far more than this, a resting one by round-off.
     */
    public static final double QUIET_IMPULSE = 1e-9;

    /**
     * Largest change of any of a pair's impulses, as a fraction of the sum of its normal impulses,
     * for which a biased pass also calls the pair quiet. In the driven 100-ragdoll pile a loaded
     * pair's impulses change from one pass to the next by 10⁻⁸ to 10⁻⁵ of its load (most by about
     * 10⁻⁷), as much in the third pass as in the first: the level is set by the rows solved between
     * the passes (the trees' joint rows and ground blocks), so solving such a pair again only
     * moves it by as little again. At 3·10⁻⁶ the pile's second and third passes solved about 300
     * pairs a tick each instead of about 1,900, and every scene's metrics stayed or improved (the
     * tumbler's deepest overlap 15.1 mm instead of 17.6). At 10⁻⁵ one of ragdoll-rest's 96 cases
     * still turned at 0.05 rad/s after 5 s (none turns at 3·10⁻⁶); at 10⁻⁴ the pile settled less
     * (more pairs, and fewer quiet).
     */
    public static final double QUIET_FRACTION = 3e-6;

    /**
     * Overlap past the slop (m) at which a contact row's spring, at the contact frequency, holds
     * its load; a row holding more is stiffened (see {@link #LOAD_EXPONENT}). 2.5 mm keeps a body
     * resting under its own weight far below it (a unit cube's corner row at about 3 %).
     */
    public static final double LOADED_SINK = 0.0025;

    /**
     * Exponent p of the loaded-row stiffening ω_row = ω·(F/F₀)^p, so a row's overlap grows as
     * F^(1 − 2p). 0.38 took the tumbler's deepest overlap from 63 to 16 mm; 0.5 holds every load
     * at one depth and leaves a row no stiffness against shifting its load to its neighbours (the
     * 20-box stack toppled).
     */
    public static final double LOAD_EXPONENT = 0.38;

    /** Tangential speed above which a friction patch's first direction follows the slip, m/s: 1 cm/s, above solver noise. */
    public static final double SLIP_SPEED = 0.01;

    /** Projected Gauss–Seidel sweeps over a manifold's normal rows when no exact active set fits (nearly degenerate points). */
    public static final int BLOCK_ITERATIONS = 16;

    /**
     * Metres a body's rotation may sweep in one substep before its pairs are recollided between
     * substeps: 5 mm, a quarter of the default speculative distance (a box at 20 rad/s turns 19°
     * in a tick and brings other features into contact).
     */
    public static final double FAST_ROTATION_SWEEP = 0.005;

    /**
     * Radians any link of an articulation may turn after its contact rows' masses were computed
     * (at the tick's start) before they are computed again in a substep, from the pose then. A
     * ragdoll landing at 76 m/s among others lying in a 1,000-pile folded at 200-700 rad/s within
     * its tick; with its tick-start masses the relax of the third substep sent it off at 600 m/s.
     * A walk turns its limbs by about 0.15 rad a tick.
     */
    public static final double RESPONSE_TURN = 0.3;

    /**
     * Radians any link of an articulation may have turned since its mass matrix was factored for a
     * substep's free step to keep that factor (refined once against the pose now) instead of
     * factoring again; the first substep of a tick always factors. A free tree of seven links
     * tumbling without gravity (each link at 0.3 rad/s an axis, 4 substeps, 2 s): its angular
     * momentum drifted 0.23 % factoring every substep and 0.16 % keeping the factor with the
     * refinement, 2.5 % keeping it without; at 3 rad/s an axis it turns more than this in every
     * substep and factors each. A resting pile keeps the factor through the tick; a walk turns its
     * limbs by about 0.15 rad a tick and keeps it in about one substep of five.
     */
    public static final double FACTOR_TURN = 0.01;

    /**
     * Most contact points with non-moving bodies of one joint tree taken into its articulated
     * contact solve: a ragdoll lying flat has up to ~64 ground points (16 bodies, 4 each); at 64
     * the ragdoll-strike scene's wall contacts fell out and limbs passed a 1 cm wall, at 128 none
     * passes.
     */
    public static final int MAX_TREE_CONTACTS = 128;

    /** Projected Gauss–Seidel sweeps over a tree's contact rows (a small dense system). */
    public static final int TREE_CONTACT_SWEEPS = 30;

    // ---------------------------------------------------------------- joint trees

    /**
     * A tree with a joint pulled further apart than this (m) is left to the soft sequential solve
     * for the tick: the exact solve corrects drift at a capped speed (uncapped, a 1000 kg weight
     * whipping a chain of 1 kg links diverged), the soft one pulls a torn chain back quickly.
     */
    public static final double MAX_TREE_ERROR = 0.2;

    /**
     * Largest drift-correction speed of the exact tree solve, m/s: the default maximum push-out
     * speed (fixed; it does not follow {@code WorldSettings.maxPushOutSpeed}).
     */
    public static final double TREE_MAX_BIAS = 3;

    /** Re-solves of a tree after dropping rows (active set) at most per solve. */
    public static final int MAX_ACTIVE_SET_PASSES = 4;

    /**
     * Projections of a tree's passed limits per substep: closing the cone can push the twist past
     * its range; one pass left the swing-cone scene's twist 1.5° out, two leave 0.006°, a third
     * cost the 100-link driven chain 8.5 instead of 6.3 ms a step.
     */
    public static final int TREE_LIMIT_PROJECTIONS = 2;

    /**
     * Anchor solves per projection: the step is linear and capped at {@link #MAX_PROJECTION_TURN},
     * so a foot turning at hundreds of rad/s needs more than one (ragdoll-pile seed 1: one solve
     * left a 30 mm opening at the tick a foot reached 386 rad/s, three 1.4 mm).
     */
    public static final int ANCHOR_PASSES = 3;

    /** Rad per substep (ω·h) from which a joint's anchor arcs are projected: below it the arc's sag (ω·h)²·r/2 is under 0.13 % of r. */
    public static final double ARC_SPIN = 0.05;

    /**
     * The largest anchor error (m) a projected anchor is left with: the linear step's own error is
     * kept up to this, so that the soft bias, not the projection, closes a joint's usual load sag.
     */
    public static final double MAX_ANCHOR_GAP = 5e-4;

    /** Anchor moves smaller than this (m) are not worth a solve. */
    public static final double ANCHOR_TOLERANCE = 1e-5;

    /**
     * The largest turn (rad) a projection may give a body in one substep: the projection is
     * linear, and a limb thrown far past its limit got a step so large that the error grew (a
     * 100-ragdoll pile went from a 0.3 m joint error to 8.8 m in one tick).
     */
    public static final double MAX_PROJECTION_TURN = 0.2;

    /**
     * Ratio of h²·(f·r) to a body's inertia across the lever (its swing's (ω·h)² under the joint's
     * pull) below which no tension inertia is added: the explicit step is stable there (ω·h ≤ 0.7);
     * with the full term a ragdoll resting on the ground (ratio about 0.2 at its feet) jittered at
     * 0.5 m/s.
     */
    public static final double TENSION_FREE = 0.5;

    // ---------------------------------------------------------------- joints

    /**
     * The share of its torque limit a saturated drive plans to brake with, keeping the rest for
     * what else turns the joint (drive-gains scene: braking with all of it overshot the elbow by
     * 2.1°, with 0.8 by 0.5°, with 0.5 by 0.2°).
     */
    public static final double BRAKING_SHARE = 0.5;

    /**
     * How far (rad) a limit may be passed before the position projection takes it: 0.006°, far
     * below what the limit checks measure, and enough that the projection's own second-order
     * residue does not ask for another pass.
     */
    public static final double PROJECTION_SLOP = 1e-4;

    /**
     * Swing-twist rows this close to their limit (rad) are offered to the tree solve even when the
     * current velocities would not reach it (a 1 kg limb pushed with 70 N·m against a 0.4 × 0.8 rad
     * cone: offering only the rows about to pass left 4.0° of violation, this margin 1.2°).
     */
    public static final double NEAR_LIMIT = 0.1;

    /** Projections of a sequentially solved joint's passed limits per substep at most (the cone and the twist push each other out). */
    public static final int LIMIT_PROJECTION_PASSES = 3;

    // ---------------------------------------------------------------- continuous collision

    /** A time-of-impact sweep stops this close to the surface, m: a tenth of the default linear slop. */
    public static final double SWEEP_TOLERANCE = 1e-4;

    /** Conservative-advancement steps of one sweep at most (each advances by the distance to the target). */
    public static final int SWEEP_ADVANCES = 32;

    /**
     * Metres deeper than which a jointed body may not newly end a tick in static geometry: its
     * articulation is put back to where it enters no deeper than the slop. Under the 5 mm at which
     * the ragdoll scenes count a body below the ground; above what a landing limb sinks with its
     * speculative contact (which the pile's resting bodies keep under 0.5 mm).
     */
    public static final double DEEP_ENTRY = 0.004;

    /** Bisection steps for the fraction of a tick's motion at which a deep entry began: 2⁻¹² of it. */
    public static final int DEEP_ENTRY_BISECTIONS = 12;

    /** Sine of the smallest angle into a surface that a sweep counts as a hit (about 12°; shallower is left to the contact). */
    public static final double SWEEP_GRAZING = 0.2;
}
