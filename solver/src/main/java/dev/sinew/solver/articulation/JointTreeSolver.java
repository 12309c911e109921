package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.SlerpDrivePart;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.joint.Joints;
import java.util.Arrays;

/**
 * Exact solve of the joints of tree-shaped systems (chains, ragdolls) in linear time, after
 * Baraff, "Linear-Time Dynamics using Lagrange Multipliers" (SIGGRAPH 1996). The bodies and
 * joints of a component form a tree; the system
 * <pre>
 *   [ M   Jᵀ ] [ Δv ]   [     0      ]
 *   [ J   0  ] [ μ  ] = [ −(J v + b) ]        λ = −μ
 * </pre>
 * (M the bodies' 6×6 mass blocks, J the joints' 3×6 blocks on their bodies, b the position
 * bias) is factored block by block with the leaves first, which creates no fill-in, and solved
 * with one pass down and one up. Sequential solving moves a heavy weight's load up a chain of
 * light links by a fraction per sweep; this gives every joint the exact impulse in one pass, so
 * the joints are rigid (no compliance) and only their drift is corrected, at the joint softness's
 * bias rate. Components with a loop are left to the sequential solve.
 */
public final class JointTreeSolver extends TreeSystem {
    public JointTreeSolver(Bodies bodies, Joints joints, SolverContext ctx) {
        super(bodies, joints, ctx);
    }

    /**
     * Projection after the position update (post-stabilization, Cline and Pai, "Post-stabilization
     * for rigid body simulation with contact and constraints", 2003), once per substep: first the
     * passed limits, then the arcs of fast-turning anchors ({@link Tuning#ANCHOR_PASSES} solves). Each is
     * the tree system solved exactly, its solution applied to positions and orientations, not
     * velocities (Δx = M⁻¹·Jᵀ·λ with J·M⁻¹·Jᵀ·λ = −C). Returns true if anything moved.
     * <p>Limits: every tree joint's point rows held (right-hand side 0) and its passed limit rows
     * asked to close (−C). Velocity rows are linear: a limb sliding fast along a curved cone follows
     * their tangent out of it by (ω·h)²/(2·radius) every substep, which the soft bias only pulls back
     * over several substeps (19° in the swing-cone scene). A row the projection would pull on is left
     * out and the solve repeated.
     * <p>Anchors: see {@link #anchorTarget}.
     */
    public boolean project() {
        if (nodeCount == 0) {
            return false;
        }
        boolean moved = projectPass(false);
        for (int pass = 0; pass < Tuning.ANCHOR_PASSES && projectPass(true); pass++) {
            moved = true;
        }
        return moved;
    }

    /** One projection of the passed limits ({@code anchors} false) or of the anchor arcs. */
    private boolean projectPass(boolean anchors) {
        anchorPass = anchors;
        boolean work = false;
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                limitRows[i] = anchors ? 0 : joints.passedLimitRows(b, ref[i], rows[i], rowBias[i]);
                driveRows[i] = false;
                size[i] = JOINT + limitRows[i];
                if (anchors) {
                    anchorTarget(i, ref[i]);
                }
                work |= anchors ? anchorToMove(i) : limitRows[i] > 0;
            }
        }
        if (!work) {
            return false;
        }
        for (int t = 0; t < compCount; t++) {
            int from = compStart[t];
            int to = compStart[t + 1];
            if (!hasProjectionWork(from, to)) {
                // nothing to close in this tree: its bodies do not move
                for (int i = from; i < to; i++) {
                    Arrays.fill(x[i], 0, MAX_ROWS, 0);
                }
                continue;
            }
            for (int pass = 0; ; pass++) {
                if (!factorAndSolve(0, true, from, to)) {
                    return false;
                }
                if (anchors || pass == Tuning.MAX_ACTIVE_SET_PASSES || !dropPullingProjectionRows(from, to)) {
                    break;
                }
            }
            limitStep(from, to);
            contacts.projectContacts(t, from, to);
        }
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 0) {
                displace(ref[i], x[i]);
            }
        }
        return true;
    }


    private boolean hasProjectionWork(int from, int to) {
        for (int i = from; i < to; i++) {
            if (kind[i] == 1 && (anchorPass ? anchorToMove(i) : limitRows[i] > 0)) {
                return true;
            }
        }
        return false;
    }

    private final double[] jointVelocity = new double[3];
    /** The substep of the last {@link #predictAnchors}, s. */
    private double predictedStep;

    /**
     * Records every tree joint's anchor error as the velocity step means it to be after the
     * position update that follows, C + h·Ċ, for {@link #anchorTarget}.
     */
    public void predictAnchors(double h) {
        predictedStep = h;
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                jointRhs(ref[i], 0, jointVelocity); // −Ċ, and C into err
                predicted[3 * i] = err[0] - h * jointVelocity[0];
                predicted[3 * i + 1] = err[1] - h * jointVelocity[1];
                predicted[3 * i + 2] = err[2] - h * jointVelocity[2];
            }
        }
    }

    /**
     * The anchor projection's right-hand side for joint node i (joint j), m, into
     * {@code anchorMove[3i..3i+2]}: target minus the anchor error now, or 0 where nothing is
     * projected. Computed once per anchor pass, before its solves.
     * <p>The velocity step is linear: it moves each anchor along ω × r, while the body turns it on
     * an arc, (ω·h)²·|r|/2 off that tangent. A foot or hand turning at 50–500 rad/s (ω·h of 0.2–2 at
     * 240 substeps a second) thus opened its joint by millimetres to centimetres per substep, 95–98 %
     * of all joint opening in the ragdoll scenes; more substeps did not help (8 substeps: 4.2 mm,
     * a foot then reached 150 rad/s). So the anchors of a joint whose faster body turns at least
     * {@link Tuning#ARC_SPIN} rad per substep are projected to where the linear step meant them to be,
     * C + h·Ċ, shortened to at most {@link Tuning#MAX_ANCHOR_GAP}.
     * <p>Below that spin nothing is projected. Moving positions without the velocities dissipates
     * energy: a rod spinning about a pivot at 30 rad/s keeps 51 % of its spin after 1 s with the
     * projection (86 % without). At ω·h under 0.05 the arc is under 0.13 % of the lever and the
     * soft bias closes it, so slow motion keeps its dynamics: the drive on an off-centre joint in
     * SlerpDriveTest followed its closed form within 0.22° without, and was 1.3–1.5° off with
     * every joint projected.
     */
    private void anchorTarget(int i, int j) {
        double[] out = anchorMove;
        int o = 3 * i;
        out[o] = 0;
        out[o + 1] = 0;
        out[o + 2] = 0;
        if (joints.pointSpring[j] != null || spinPerSubstep(j) < Tuning.ARC_SPIN) {
            return;
        }
        joints.error(b, j, err);
        double px = predicted[3 * i];
        double py = predicted[3 * i + 1];
        double pz = predicted[3 * i + 2];
        double len = Math.sqrt(px * px + py * py + pz * pz);
        double k = len > Tuning.MAX_ANCHOR_GAP ? Tuning.MAX_ANCHOR_GAP / len : 1;
        out[o] = k * px - err[0];
        out[o + 1] = k * py - err[1];
        out[o + 2] = k * pz - err[2];
    }

    /** True if joint node i's anchors are to be moved by more than {@link Tuning#ANCHOR_TOLERANCE}. */
    private boolean anchorToMove(int i) {
        double[] m = anchorMove;
        int o = 3 * i;
        return m[o] * m[o] + m[o + 1] * m[o + 1] + m[o + 2] * m[o + 2] > Tuning.ANCHOR_TOLERANCE * Tuning.ANCHOR_TOLERANCE;
    }

    /** The faster of joint j's bodies' turns in one substep, rad. */
    private double spinPerSubstep(int j) {
        return predictedStep * Math.max(Contacts.length(b.angVel, joints.bodyA[j]), Contacts.length(b.angVel, joints.bodyB[j]));
    }

    /** Scales tree [from, to)'s displacements down so that no body turns by more than {@link Tuning#MAX_PROJECTION_TURN}. */
    private void limitStep(int from, int to) {
        double worst = 0;
        for (int i = from; i < to; i++) {
            if (kind[i] == 0) {
                worst = Math.max(worst, Math.sqrt(x[i][3] * x[i][3] + x[i][4] * x[i][4] + x[i][5] * x[i][5]));
            }
        }
        if (worst > Tuning.MAX_PROJECTION_TURN) {
            double k = Tuning.MAX_PROJECTION_TURN / worst;
            for (int i = from; i < to; i++) {
                if (kind[i] == 0) {
                    for (int r = 0; r < BODY; r++) {
                        x[i][r] *= k;
                    }
                }
            }
        }
    }

    private boolean dropPullingProjectionRows(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1) {
                continue;
            }
            int keep = JOINT;
            for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                if (-x[i][r] < 0) {
                    changed = true;
                } else {
                    rows[i][keep - JOINT] = rows[i][r - JOINT];
                    rowBias[i][keep - JOINT] = rowBias[i][r - JOINT];
                    keep++;
                }
            }
            limitRows[i] = keep - JOINT;
            size[i] = keep;
        }
        return changed;
    }

    /** Moves a body by (Δx, Δθ) = d[0..5]: position += Δx, q ← normalize(q + ½·(0, Δθ)⊗q). */
    private void displace(int body, double[] dv) {
        b.pos[3 * body] += dv[0];
        b.pos[3 * body + 1] += dv[1];
        b.pos[3 * body + 2] += dv[2];
        b.turn(body, dv[3], dv[4], dv[5]);
    }

    /**
     * One exact solve of every tree joint. {@code biasRate} (1/s) scales the position error into
     * the velocity target; 0 is the rigid relax pass. With {@code drives} (the biased pass) every
     * tree joint's slerp drive joins its block as three soft rows: the diagonal gets −Γ, the
     * drive's compliance, and the right-hand side −(Ċ + b·C + Γ·λ), which is the implicit spring
     * of {@link SlerpDrivePart} with the exact effective mass of the whole articulated tree, so a
     * drive of any stiffness moves a chain as one. A drive whose impulse comes out above its torque
     * limit is clamped to it, applied as a fixed impulse, and the block solved again without it.
     */
    public void solve(double biasRate, boolean drives) {
        if (nodeCount == 0) {
            return;
        }
        biasedPass = drives;
        // A joint node is its 3 point rows, the limit rows its joint asks for, and its drive's rows.
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 1) {
                int k = joints.treeRows(b, ref[i], biasRate, rows[i], rowBias[i], 0);
                SlerpDrivePart drive = joints.drive[ref[i]];
                limitRows[i] = k;
                driveRows[i] = drives && drive != null && drive.active;
                size[i] = JOINT + k + (driveRows[i] ? 3 : 0);
            }
        }
        // Active set: a limit row that would have to pull (accumulated λ < 0) leaves the block with
        // λ = 0, a drive over its limit leaves it clamped, and the solve is repeated without them.
        // Trees are independent: each is solved again only for its own changes.
        for (int t = 0; t < compCount; t++) {
            int from = compStart[t];
            int to = compStart[t + 1];
            for (int pass = 0; ; pass++) {
                if (!factorAndSolve(biasRate, false, from, to)) {
                    abandon();
                    return;
                }
                boolean last = pass == Tuning.MAX_ACTIVE_SET_PASSES;
                if (last ? !clampDrives(from, to) : !revise(from, to)) {
                    break;
                }
                if (last) {
                    // the torque limit holds whatever the active set: one more solve without the
                    // clamped drives
                    if (!factorAndSolve(biasRate, false, from, to)) {
                        abandon();
                        return;
                    }
                    break;
                }
            }
        }
        apply();
    }

    /**
     * A singular block: this tick's joints go to the sequential solve, and the ground contacts the
     * trees took go back to the contact solver (else nobody would solve their normal rows).
     */
    private void abandon() {
        nodeCount = 0;
        compCount = 0;
        Arrays.fill(joints.inTree, false);
        contacts.release();
    }

    /**
     * Takes out of the blocks the limit rows whose accumulated impulse the solution would make
     * negative and the drives it would take past their torque limit; true if any.
     */
    private boolean revise(int from, int to) {
        // Limit rows first: a drive's impulse in a solution where limit rows pull is not the one it
        // needs once they let go. Clamping both at once gave a stiff wrist drive, pressed against
        // its twist limit and cone, its full torque as a fixed impulse on a 0.5 kg hand (545 rad/s
        // in one substep) while both limits let go.
        return reviseLimits(from, to) || clampDrives(from, to);
    }

    /** Clamps the drives whose impulse the solution takes past their torque limit; true if any. */
    private boolean clampDrives(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1 || !driveRows[i]) {
                continue;
            }
            int o = JOINT + limitRows[i];
            SlerpDrivePart drive = joints.drive[ref[i]];
            if (drive.clampInTree(b, joints.bodyA[ref[i]], joints.bodyB[ref[i]], x[i][o], x[i][o + 1], x[i][o + 2])) {
                driveRows[i] = false;
                size[i] = JOINT + limitRows[i];
                changed = true;
            }
        }
        return changed;
    }

    /** Takes out the limit rows whose accumulated impulse the solution would make negative; true if any. */
    private boolean reviseLimits(int from, int to) {
        boolean changed = false;
        for (int i = from; i < to; i++) {
            if (kind[i] != 1) {
                continue;
            }
            int ba = joints.bodyA[ref[i]];
            int bb = joints.bodyB[ref[i]];
            int keep = JOINT;
            for (int r = JOINT; r < JOINT + limitRows[i]; r++) {
                AxisConstraintPart row = rows[i][r - JOINT];
                if (row.impulse - x[i][r] < 0) {
                    // Inactive in the exact solution: its warm-start impulse is taken back (the
                    // next pass sees the velocities without it) and the sequential pass leaves it.
                    if (row.impulse != 0) {
                        row.apply(b, ba, bb, -row.impulse);
                        row.impulse = 0;
                    }
                    changed = true;
                } else {
                    rows[i][keep - JOINT] = row;
                    rowBias[i][keep - JOINT] = rowBias[i][r - JOINT];
                    keep++;
                }
            }
            if (keep - JOINT != limitRows[i]) {
                // the drive's rows follow the limit rows: move its right-hand side along
                limitRows[i] = keep - JOINT;
                size[i] = keep + (driveRows[i] ? 3 : 0);
            }
        }
        return changed;
    }

    /**
     * Warm start of the tree joints' point rows, with the implicit part of their geometric
     * stiffness. A joint pulling with force f at lever r gives its body the torque r × f, which
     * turns with the body: dτ/dθ = [f]ₓ[r]ₓ = r·fᵀ − (f·r)·I. Under tension (f·r > 0) that is a
     * restoring stiffness (f·r) across r, and a light link between a heavy weight and its anchor
     * swings across the chain at ω = √(f·r / I): a 1 kg link under a 1000 kg weight at about
     * 490 rad/s, past the explicit limit ω·h < 2 at 240 substeps a second, and the hanging chain
     * flew apart (1,445 % stretch). Integrating that stiffness implicitly, as Tournier et al.,
     * "Stable Constrained Dynamics" (SIGGRAPH 2015) do, adds G = h²·(f·r)·(1 − r̂·r̂ᵀ) to the body's
     * angular mass in this tick's solves: it acts only across the lever and only while the joint
     * pulls, and it is stable at any tension. The force is the joint's impulse from the last
     * substep over h. The warm-start impulses go through the same mass (I + G), so the exact solve
     * that follows sees velocities it can project consistently; through I alone the two disagree
     * and the light links spun up until the chain blew apart.
     */
    public void warmStart() {
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] == 0) {
                Arrays.fill(tension[i], 0);
                Arrays.fill(wrench[i], 0);
            }
        }
        // Every (joint, body) incidence once: a joint with its parent body, a body with its parent
        // joint (a root joint to a fixed body has no parent; its moving body is its child).
        for (int i = 0; i < nodeCount; i++) {
            int p = parent[i];
            if (p >= 0) {
                addIncidence(kind[i] == 1 ? ref[i] : ref[p], kind[i] == 1 ? p : i);
            }
        }
        for (int i = 0; i < nodeCount; i++) {
            if (kind[i] != 0) {
                continue;
            }
            int body = ref[i];
            double[] w = wrench[i];
            double invMass = b.invMass[body];
            b.linVel[3 * body] += invMass * w[0];
            b.linVel[3 * body + 1] += invMass * w[1];
            b.linVel[3 * body + 2] += invMass * w[2];
            // (I + G)⁻¹·τ with I = (world inverse inertia)⁻¹
            System.arraycopy(b.invInertiaWorld, 9 * body, t36, 0, 9);
            invert(t36, u36, 3);
            double[] g = tension[i];
            for (int k = 0; k < 9; k++) {
                u36[k] += g[k];
            }
            invert(u36, t36, 3);
            for (int r = 0; r < 3; r++) {
                b.angVel[3 * body + r] += t36[3 * r] * w[3] + t36[3 * r + 1] * w[4] + t36[3 * r + 2] * w[5];
            }
        }
    }

    /** Adds joint j's warm-start impulse and tension inertia on the body of node {@code node}. */
    private void addIncidence(int j, int node) {
        int body = ref[node];
        anchors(j);
        double[] imp = joints.point[j].impulse;
        boolean onB = joints.bodyB[j] == body;
        double[] r = onB ? rb : ra;
        double sign = onB ? 1 : -1;
        double px = sign * imp[0];
        double py = sign * imp[1];
        double pz = sign * imp[2];
        double[] w = wrench[node];
        w[0] += px;
        w[1] += py;
        w[2] += pz;
        w[3] += r[1] * pz - r[2] * py;
        w[4] += r[2] * px - r[0] * pz;
        w[5] += r[0] * py - r[1] * px;
        double pull = (px * r[0] + py * r[1] + pz * r[2]) / ctx.h; // f·r, N·m
        double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        if (!(pull > 0) || r2 == 0) {
            return;
        }
        // The body's own inertia across the lever, the mean of its two moments about axes ⊥ r.
        System.arraycopy(b.invInertiaWorld, 9 * body, t36, 0, 9);
        invert(t36, u36, 3);
        double along = 0;
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                along += r[row] * u36[3 * row + col] * r[col];
            }
        }
        double across = 0.5 * (u36[0] + u36[4] + u36[8] - along / r2);
        double k = ctx.h * ctx.h * pull - Tuning.TENSION_FREE * across;
        if (k <= 0) {
            return;
        }
        double[] g = tension[node];
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                g[3 * row + col] += (row == col ? k : 0) - k * r[row] * r[col] / r2;
            }
        }
    }

    /** The ground contacts of this tick's trees, solved with the articulated effective mass. */
    public final TreeContacts contacts = new TreeContacts(this);

    /** See {@link TreeContacts#markArticulated}. */
    public void markArticulated(ContactPair[] pairs, int count) {
        contacts.markArticulated(pairs, count);
    }

    /** See {@link TreeContacts#solveContacts}. */
    public void solveContacts(ContactSolver cs, double invH, boolean useBias) {
        contacts.solveContacts(cs, invH, useBias);
    }
}
