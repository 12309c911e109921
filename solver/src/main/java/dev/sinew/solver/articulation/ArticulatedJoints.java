package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.FrictionPart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Mat3;
import dev.sinew.solver.math.Quaternions;
import java.util.Arrays;

/**
 * The rows of the articulations' joints besides the joints themselves, which the reduced
 * coordinates keep closed: joint friction and the swing-twist limits, solved by Gauss–Seidel with
 * each joint node's exact self-response (the whole tree moving), and the position projection of
 * passed limits in joint space, with the lift that keeps a projection from pushing a tree into the
 * ground.
 */
final class ArticulatedJoints {
    private final Articulations arts;
    private final Bodies b;
    private final Joints joints;

    ArticulatedJoints(Articulations arts, Bodies bodies, Joints joints, ArticulatedGround ground) {
        this.arts = arts;
        this.b = bodies;
        this.joints = joints;
        this.ground = ground;
    }

    /** The trees' ground pairs, which a projection may not push deeper. */
    private final ArticulatedGround ground;

    /** +1 if link l is its joint's body B (its node's rate is ω_B − ω_A), −1 if it is body A. */
    private double sign(Articulation a, int l) {
        return joints.bodyB[a.linkJoint[l]] == a.body[l] ? 1 : -1;
    }

    private final double[] rate = new double[3];
    private final double[] dk = new double[3];

    // A substep's rows are read and written in each articulation's flat row data (per link, ROW
    // doubles and a flags word) rather than in the joints' part objects, which lie apart in memory:
    // a tick's first warm start fills it from the parts, the later ones keep what the relax left
    // there, and the tick's last flush writes the impulses back.
    /** Doubles per link in {@link ArticulationTree#rowData}. */
    static final int ROW = 34;
    /** The joint's sign (+1: the link is body B), then friction's maxTorque and impulse (3). */
    private static final int SIGN = 0;
    private static final int MAX_TORQUE = 1;
    private static final int FRICTION = 2;
    /** Three limit rows (twist lower, twist upper, cone), LIMIT_ROW each: j (3), K·j (3), j·K·j, impulse, C. */
    private static final int LIMITS = 5;
    private static final int LIMIT_ROW = 9;
    /** The limits' spring (when active): bias rate and softness. */
    private static final int SPRING_BIAS = 32;
    private static final int SPRING_INV_D = 33;
    /** Flags per link: has friction, has swing-twist limits, twist rows on, cone row on, spring on. */
    private static final int HAS_FRICTION = 1;
    private static final int HAS_LIMITS = 2;
    private static final int TWIST_ON = 4;
    private static final int CONE_ON = 8;
    private static final int SPRING_ON = 16;

    /**
     * Warm start of the rows (limits, friction) of articulations [from, to) with their impulses from
     * the last substep; call after the free step. In a tick's first substep the row data is filled
     * from the joints' parts; in the others it holds what the last relax measured at the pose the
     * substep starts from, and the impulses it left, so only each limit row's K·j and j·K·j are new
     * (the free step refactored the tree) and the parts, which lie apart in memory, are not read.
     */
    void warmStart(int from, int to) {
        for (int i = from; i < to; i++) {
            arts.evaluatedAt[i] = arts.crossStamp;
            Articulation a = arts.list[i];
            a.nodeResponses();
            if (arts.relaxedAt[i] == arts.lastSubstepStamp) {
                for (int l = 0; l < a.linkCount; l++) {
                    if ((a.rowFlags[l] & HAS_LIMITS) != 0) {
                        respond(a.rowData, ROW * l, a.nodeResponse, 9 * a.linkNode[l]);
                    }
                }
            } else {
                writeBack(i);
                fill(a);
            }
            applyImpulses(a);
            a.rowsDirty = true;
        }
    }

    /** Articulation a's row data from its joints' parts: signs, friction, the limits measured now, impulses. */
    private void fill(Articulation a) {
        if (a.rowData.length < ROW * a.linkCount) {
            a.rowData = new double[ROW * a.body.length];
            a.rowFlags = new int[a.body.length];
        }
        double[] d = a.rowData;
        for (int l = 0; l < a.linkCount; l++) {
            int j = a.linkJoint[l];
            FrictionPart fr = j < 0 ? null : joints.friction[j];
            SwingTwistLimitPart st = j < 0 ? null : joints.swingTwist[j];
            int o = ROW * l;
            int f = (fr != null ? HAS_FRICTION : 0) | (st != null ? HAS_LIMITS : 0);
            a.rowFlags[l] = f;
            if (f == 0) {
                continue;
            }
            d[o + SIGN] = sign(a, l);
            if (fr != null) {
                d[o + MAX_TORQUE] = fr.maxTorque;
                d[o + FRICTION] = fr.impulse[0];
                d[o + FRICTION + 1] = fr.impulse[1];
                d[o + FRICTION + 2] = fr.impulse[2];
            }
            if (st != null) {
                st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
                a.rowFlags[l] = measured(st, d, o, f);
                respond(d, o, a.nodeResponse, 9 * a.linkNode[l]);
                d[o + LIMITS + 7] = st.twistLower.impulse;
                d[o + LIMITS + LIMIT_ROW + 7] = st.twistUpper.impulse;
                d[o + LIMITS + 2 * LIMIT_ROW + 7] = st.cone.impulse;
            }
        }
    }

    /** Applies each link's friction and limit impulses in the row data to its node (the warm start). */
    private void applyImpulses(Articulation a) {
        double[] d = a.rowData;
        for (int l = 0; l < a.linkCount; l++) {
            int f = a.rowFlags[l];
            if (f == 0) {
                continue;
            }
            int o = ROW * l;
            double gx = 0;
            double gy = 0;
            double gz = 0;
            if ((f & HAS_FRICTION) != 0) {
                gx += d[o + FRICTION];
                gy += d[o + FRICTION + 1];
                gz += d[o + FRICTION + 2];
            }
            if ((f & HAS_LIMITS) != 0) {
                int lo = o + LIMITS;
                int uo = lo + LIMIT_ROW;
                int co = uo + LIMIT_ROW;
                gx += d[lo + 7] * d[lo] + d[uo + 7] * d[uo] + d[co + 7] * d[co];
                gy += d[lo + 7] * d[lo + 1] + d[uo + 7] * d[uo + 1] + d[co + 7] * d[co + 1];
                gz += d[lo + 7] * d[lo + 2] + d[uo + 7] * d[uo + 2] + d[co + 7] * d[co + 2];
            }
            if (gx != 0 || gy != 0 || gz != 0) {
                double sign = d[o + SIGN];
                a.applyNode(a.linkNode[l], sign * gx, sign * gy, sign * gz);
            }
        }
    }

    /** The link's three limit rows' K·j and j·K·j (its row data at o) for the node response K at k[ko..]. */
    private static void respond(double[] d, int o, double[] k, int ko) {
        respondRow(d, o + LIMITS, k, ko);
        respondRow(d, o + LIMITS + LIMIT_ROW, k, ko);
        respondRow(d, o + LIMITS + 2 * LIMIT_ROW, k, ko);
    }

    /**
     * A limit row's K·j and j·K·j (row data at ro), K the node's self-response this substep (its
     * change of relative angular velocity, rad/s, per angular impulse on it, N·m·s; world axes) at
     * k[ko..]: (rad/s)/(N·m·s), and the row's inverse effective mass in the same unit.
     */
    private static void respondRow(double[] d, int ro, double[] k, int ko) {
        double jx = d[ro];
        double jy = d[ro + 1];
        double jz = d[ro + 2];
        double tx = k[ko] * jx + k[ko + 1] * jy + k[ko + 2] * jz;
        double ty = k[ko + 3] * jx + k[ko + 4] * jy + k[ko + 5] * jz;
        double tz = k[ko + 6] * jx + k[ko + 7] * jy + k[ko + 8] * jz;
        d[ro + 3] = tx;
        d[ro + 4] = ty;
        d[ro + 5] = tz;
        d[ro + 6] = jx * tx + jy * ty + jz * tz;
    }

    /**
     * Copies what the limits' last measure gave (each row's j and C, which rows are on, the spring)
     * into the row data at o; returns the link's flags. Impulses, K·j and j·K·j ({@link #respond})
     * are left alone.
     */
    private static int measured(SwingTwistLimitPart st, double[] d, int o, int flags) {
        int f = flags & (HAS_FRICTION | HAS_LIMITS);
        copyRow(st.twistLower, st.twist - st.twistMin, d, o + LIMITS);
        copyRow(st.twistUpper, st.twistMax - st.twist, d, o + LIMITS + LIMIT_ROW);
        copyRow(st.cone, st.coneError, d, o + LIMITS + 2 * LIMIT_ROW);
        if (st.twistLimited() && st.twistValid()) {
            f |= TWIST_ON;
        }
        if (st.coneLimited() && st.coneValid) {
            f |= CONE_ON;
        }
        if (st.spring.active) {
            f |= SPRING_ON;
            d[o + SPRING_BIAS] = st.spring.biasRate;
            d[o + SPRING_INV_D] = st.spring.invD;
        }
        return f;
    }

    private static void copyRow(AxisConstraintPart row, double c, double[] d, int ro) {
        d[ro] = row.jB[0];
        d[ro + 1] = row.jB[1];
        d[ro + 2] = row.jB[2];
        d[ro + 8] = c;
    }

    /**
     * Writes the impulses of the rows of articulation t back into its joints' parts, if newer: at
     * the tick's end, before the parts are read again mid-tick (a warm start that fills the rows
     * afresh), and when the articulations are let go (the maximal solvers warm-start from the parts).
     * Between ticks they are read by the next tick's first warm start, snapshots and the joints' views.
     */
    void writeBack(int t) {
        Articulation a = arts.list[t];
        if (!a.rowsDirty) {
            return;
        }
        a.rowsDirty = false;
        double[] d = a.rowData;
        for (int l = 0; l < a.linkCount; l++) {
            int f = a.rowFlags[l];
            if (f == 0) {
                continue;
            }
            int j = a.linkJoint[l];
            int o = ROW * l;
            if ((f & HAS_FRICTION) != 0) {
                double[] imp = joints.friction[j].impulse;
                imp[0] = d[o + FRICTION];
                imp[1] = d[o + FRICTION + 1];
                imp[2] = d[o + FRICTION + 2];
            }
            if ((f & HAS_LIMITS) != 0) {
                SwingTwistLimitPart st = joints.swingTwist[j];
                st.twistLower.impulse = d[o + LIMITS + 7];
                st.twistUpper.impulse = d[o + LIMITS + LIMIT_ROW + 7];
                st.cone.impulse = d[o + LIMITS + 2 * LIMIT_ROW + 7];
            }
        }
    }

    /**
     * One Gauss–Seidel pass over the articulated joints' rows, each with the exact self-response of
     * its node (the whole tree moving): joint friction (a zero-speed angular motor whose impulse is
     * held within maxTorque·h), then the swing-twist limits (speculative while apart, pushed out with
     * {@code soft} once passed; {@code soft} null is the relax pass). A row's Ċ = j·(ω_B − ω_A) =
     * j·(±q̇) on its joint's node.
     */
    void solve(SoftCoefficients soft, double h, int from, int to) {
        for (int i = from; i < to; i++) {
            // the limits' rows depend on the orientations alone: measured once per pose
            boolean fresh = arts.evaluatedAt[i] == arts.crossStamp;
            arts.evaluatedAt[i] = arts.crossStamp;
            boolean measured = arts.projectedNow[i] && arts.settled[i];
            arts.projectedNow[i] = false;
            if (soft == null && !fresh) {
                arts.relaxedAt[i] = arts.crossStamp;
            }
            Articulation a = arts.list[i];
            a.rowsDirty = true;
            double[] d = a.rowData;
            int[] flags = a.rowFlags;
            for (int l = 0; l < a.linkCount; l++) {
                int f = flags[l];
                if (f == 0) {
                    continue;
                }
                int o = ROW * l;
                int node = a.linkNode[l];
                double sign = d[o + SIGN];
                signedRate(a, node, sign);
                int ko = 9 * node;
                double gx = 0;
                double gy = 0;
                double gz = 0;
                if ((f & HAS_FRICTION) != 0) {
                    friction(d, o, a, ko, h);
                    gx += dk[0];
                    gy += dk[1];
                    gz += dk[2];
                }
                if ((f & HAS_LIMITS) != 0) {
                    if (!fresh) {
                        int j = a.linkJoint[l];
                        SwingTwistLimitPart st = joints.swingTwist[j];
                        if (!(measured && !st.spring.active)) {
                            st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
                        }
                        f = measured(st, d, o, f);
                        respond(d, o, a.nodeResponse, ko);
                        flags[l] = f;
                    }
                    boolean spring = (f & SPRING_ON) != 0;
                    int lo = o + LIMITS;
                    if ((f & TWIST_ON) != 0) {
                        gx += limit(d, lo, soft, spring, o, h);
                        gy += dk[1];
                        gz += dk[2];
                        gx += limit(d, lo + LIMIT_ROW, soft, spring, o, h);
                        gy += dk[1];
                        gz += dk[2];
                    } else {
                        d[lo + 7] = 0;
                        d[lo + LIMIT_ROW + 7] = 0;
                    }
                    if ((f & CONE_ON) != 0) {
                        gx += limit(d, lo + 2 * LIMIT_ROW, soft, spring, o, h);
                        gy += dk[1];
                        gz += dk[2];
                    } else {
                        d[lo + 2 * LIMIT_ROW + 7] = 0;
                    }
                }
                if (gx != 0 || gy != 0 || gz != 0) {
                    a.applyNode(node, sign * gx, sign * gy, sign * gz);
                }
            }
        }
    }

    /** {@link #rate} = the joint's rate ω_B − ω_A: its node's velocity now, times the node's sign. */
    private void signedRate(Articulation a, int node, double sign) {
        a.nodeVelocity(node, rate);
        rate[0] *= sign;
        rate[1] *= sign;
        rate[2] *= sign;
    }

    /**
     * A last pass over the joints' friction rows alone, after the relax's contacts and ground
     * blocks. The relax leaves the velocity the next substep starts from; solved before the
     * contacts only, the friction rows were undone by them: the relax's contact impulses on a
     * forearm squeezed between two bodies swung the limp hand on its wrist, every substep, 0.2 rad/s
     * one way and then the other, and a resting pile of 10 ragdolls kept 144 of its 160 bodies awake.
     * Friction has the last word on the joints' rates within its torque bound (at most
     * maxTorque·h more per row), so it cannot push a body into what it rests on; the limits keep
     * their place before the contacts.
     */
    void solveFriction(double h, int from, int to) {
        for (int i = from; i < to; i++) {
            Articulation a = arts.list[i];
            a.rowsDirty = true;
            double[] d = a.rowData;
            for (int l = 0; l < a.linkCount; l++) {
                if ((a.rowFlags[l] & HAS_FRICTION) == 0) {
                    continue;
                }
                int o = ROW * l;
                int node = a.linkNode[l];
                double sign = d[o + SIGN];
                signedRate(a, node, sign);
                friction(d, o, a, 9 * node, h);
                if (dk[0] != 0 || dk[1] != 0 || dk[2] != 0) {
                    a.applyNode(node, sign * dk[0], sign * dk[1], sign * dk[2]);
                }
            }
        }
    }

    /**
     * One solve of a joint's friction row (its row data at o) on the node whose response starts at
     * {@code ko}: a zero-speed angular motor, its impulse held within maxTorque·h; the impulse
     * change into {@link #dk}, and {@link #rate} updated.
     */
    private void friction(double[] d, int o, Articulation a, int ko, double h) {
        double[] kInv = a.nodeResponseInv;
        int fo = o + FRICTION;
        double ix = d[fo];
        double iy = d[fo + 1];
        double iz = d[fo + 2];
        double nx = ix - (kInv[ko] * rate[0] + kInv[ko + 1] * rate[1] + kInv[ko + 2] * rate[2]);
        double ny = iy - (kInv[ko + 3] * rate[0] + kInv[ko + 4] * rate[1] + kInv[ko + 5] * rate[2]);
        double nz = iz - (kInv[ko + 6] * rate[0] + kInv[ko + 7] * rate[1] + kInv[ko + 8] * rate[2]);
        double max = d[o + MAX_TORQUE] * h;
        double len2 = nx * nx + ny * ny + nz * nz;
        if (!(len2 < FRICTION_INSIDE * (max * max))) {
            double len = Math.sqrt(len2);
            double sc = len > max ? max / len * (1 - 1e-15) : 1;
            nx *= sc;
            ny *= sc;
            nz *= sc;
        }
        double dx = nx - ix;
        double dy = ny - iy;
        double dz = nz - iz;
        d[fo] = nx;
        d[fo + 1] = ny;
        d[fo + 2] = nz;
        addRate(a.nodeResponse, ko, dx, dy, dz);
        dk[0] = dx;
        dk[1] = dy;
        dk[2] = dz;
    }

    /** A friction impulse whose square is below this fraction of the bound's square is within it. */
    private static final double FRICTION_INSIDE = 1 - 1e-9;

    /** rate += K·(x, y, z): the node's own velocity change for an impulse on it. */
    private void addRate(double[] k, int o, double x, double y, double z) {
        rate[0] += k[o] * x + k[o + 1] * y + k[o + 2] * z;
        rate[1] += k[o + 3] * x + k[o + 4] * y + k[o + 5] * z;
        rate[2] += k[o + 6] * x + k[o + 7] * y + k[o + 8] * z;
    }

    /**
     * One solve of a limit row C ≥ 0 (its row data at ro: j, K·j, j·K·j, impulse, C) against the
     * node's self-response, as {@link AxisConstraintPart#solveLimit} does for two free bodies, with
     * the link's spring (row data at o) when {@code spring}; returns the impulse change along j (x;
     * y and z in {@link #dk}) and updates {@link #rate}.
     */
    private double limit(double[] d, int ro, SoftCoefficients soft, boolean spring, int o, double h) {
        double jx = d[ro];
        double jy = d[ro + 1];
        double jz = d[ro + 2];
        double tx = d[ro + 3];
        double ty = d[ro + 4];
        double tz = d[ro + 5];
        double kk = d[ro + 6];
        double c = d[ro + 8];
        dk[0] = 0;
        dk[1] = 0;
        dk[2] = 0;
        if (!(kk > 0)) {
            return 0;
        }
        double cdot = jx * rate[0] + jy * rate[1] + jz * rate[2];
        double next;
        double impulse = d[ro + 7];
        if (spring) {
            if (soft == null) {
                return 0;
            }
            double biasRate = d[o + SPRING_BIAS];
            double invD = d[o + SPRING_INV_D];
            next = c >= 0 ? 0 : Math.max(0, impulse - (cdot + biasRate * c + invD * impulse) / (kk + invD));
        } else {
            double bias = 0;
            double massScale = 1;
            double impulseScale = 0;
            if (c > 0) {
                bias = c / h;
            }
            if (impulse == 0 && cdot + bias >= 0) {
                return 0; // a row at rest that the rate does not close: its impulse stays zero
            }
            // once passed, the row only stops the joint from going further (Ċ ≥ 0): the position
            // projection after the position update closes it, without the speed a soft push-out
            // would give a limb thrown far past its limit
            next = Math.max(0, impulse - massScale * (cdot + bias) / kk - impulseScale * impulse);
        }
        double dd = next - impulse;
        d[ro + 7] = next;
        rate[0] += dd * tx;
        rate[1] += dd * ty;
        rate[2] += dd * tz;
        dk[1] = dd * jy;
        dk[2] = dd * jz;
        return dd * jx;
    }

    /**
     * Position projection of the articulated joints' passed limits, after the position update, with
     * the tree's ground contacts held. The velocity rows are linear: a limb sliding fast along a
     * curved cone follows their tangent out of it by (ω·h)²/(2·radius) every substep. So the rows
     * passed by more than {@link Tuning#PROJECTION_SLOP} (and those within {@link #NEAR} of their
     * limit, so that closing one does not push another past) ask for the displacement Δq = A⁻¹·Jᵀ·λ
     * with C + J·Δq ≥ 0, λ ≥ 0; and the tree's points on or near the ground (sep below
     * {@link #GROUND_NEAR}) join as rows that may not end deeper than they are (or past touching if
     * apart): sep + J·Δq ≥ min(sep, 0). Without them a projection closing an ankle's limit as the
     * body lands puts the foot into the ground; lifting the whole tree afterwards kept the feet out
     * but pumped energy in (a resting ragdoll never came to rest in 2 of 24 drops). Solved by
     * projected Gauss–Seidel on the rows' coupling K_rs = J_r·A⁻¹·J_sᵀ, at most
     * {@link Tuning#MAX_PROJECTION_TURN} per link. Velocities are left to the relax pass. Two passes:
     * closing the cone can push the twist past its range. Articulations [from, to), each with its
     * own passes (a pass over a tree with no limit passed changes nothing, so the trees are
     * independent); a tree its last pass left in place keeps the limits that pass measured for the
     * relax.
     */
    void project(int from, int to) {
        for (int t = from; t < to; t++) {
            boolean moved = true;
            for (int pass = 0; pass < PROJECTION_PASSES && moved; pass++) {
                moved = project(t);
            }
            arts.settled[t] = !moved;
            arts.projectedNow[t] = true;
        }
    }

    /**
     * Projection passes per substep at most (a pass re-measures the limits the last one moved; it
     * runs only while a limit is still passed). A landing ragdoll's knee, shin on the ground and
     * the body coming down on it, was left 29° past its cone for three ticks with 3 passes of 16
     * sweeps, 2.3° with 3 of 32, 1.7° with 8 of 32 and 0.01° with 12 of 32; the resting 10-ragdoll
     * pile costs the same either way.
     */
    private static final int PROJECTION_PASSES = 12;
    /** Rows this close to their limit (rad) join a joint's projection, so that closing another does not push them past. */
    private static final double NEAR = 0.02;
    /** Ground points closer than this (m) join a projection, held from going deeper. */
    private static final double GROUND_NEAR = 0.01;
    /**
     * Ground points deeper than this (m) are projected back to it. The soft contact rows let a point
     * sink while its spring takes an impact; with the joints closed exactly the whole landing tree's
     * momentum reaches the foot or hand that lands, and a corner turning at 20 rad/s went 6 mm deep
     * in one tick; a capsule foot spun at 72 rad/s between other ragdolls' limbs and the ground went
     * 5.1 mm deep with this at 3 mm. One and a half times the contact slop, so resting contacts are
     * left to the springs.
     */
    static final double GROUND_DEEP = 0.0015;

    private double[] rowW = new double[64];
    private double[] rowZ = new double[64];
    private double[] rowC = new double[8];
    private double[] rowK = new double[64];
    private double[] rowL = new double[8];
    private double[] rowG = new double[16];
    private int rows;

    /** One projection of articulation t; true if it moved. */
    private boolean project(int t) {
        Articulation a = arts.list[t];
        int n3 = 3 * a.nodeCount;
        rows = 0;
        boolean passed = false;
        double slop = Tuning.PROJECTION_SLOP;
        for (int l = 0; l < a.linkCount; l++) {
            int j = a.linkJoint[l];
            SwingTwistLimitPart st = j < 0 ? null : joints.swingTwist[j];
            if (st == null || st.spring.active) {
                continue;
            }
            st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
            double sign = sign(a, l);
            int node = a.linkNode[l];
            if (st.twistLimited() && st.twistValid()) {
                boolean lower = st.twist - st.twistMin < st.twistMax - st.twist;
                double c = lower ? st.twist - st.twistMin : st.twistMax - st.twist;
                if (c < NEAR) {
                    limitRow(a, node, lower ? st.twistLower : st.twistUpper, sign, c);
                    passed |= c < -slop;
                }
            }
            if (st.coneLimited() && st.coneValid && st.coneError < NEAR) {
                limitRow(a, node, st.cone, sign, st.coneError);
                passed |= st.coneError < -slop;
            }
        }
        for (int pi = ground.start(t); pi < ground.start(t + 1) && !passed; pi++) {
            ContactPair c = ground.pair(pi);
            for (int k = 0; k < c.pointCount && !passed; k++) {
                passed = c.separationNow(b, k) < -GROUND_DEEP;
            }
        }
        if (!passed) {
            return false;
        }
        for (int pi = ground.start(t); pi < ground.start(t + 1); pi++) {
            ContactPair c = ground.pair(pi);
            boolean onB = b.solverInvMass(c.bodyB) > 0;
            int body = onB ? c.bodyB : c.bodyA;
            double sign = onB ? 1 : -1;
            for (int k = 0; k < c.pointCount; k++) {
                double sep = c.separationNow(b, k);
                if (sep < GROUND_NEAR) {
                    groundRow(a, body, c, k, sign, sep < -GROUND_DEEP ? sep + GROUND_DEEP : Math.max(sep, 0));
                }
            }
        }
        // coupling K_rs = w_r·D⁻¹·w_s, then projected Gauss–Seidel on K·λ + C ≥ 0, λ ≥ 0
        int r = rows;
        if (rowK.length < r * r) {
            rowK = new double[2 * r * r];
        }
        for (int q = 0; q < r; q++) {
            int qo = q * n3;
            for (int node = 0; node < a.nodeCount; node++) {
                Mat3.mulVec(a.dinv, 9 * node, rowW, qo + 3 * node, rowZ, qo + 3 * node);
            }
        }
        for (int q = 0; q < r; q++) {
            for (int s2 = q; s2 < r; s2++) {
                double acc = 0;
                int qo = q * n3;
                int so = s2 * n3;
                for (int e = 0; e < n3; e++) {
                    acc += rowW[qo + e] * rowZ[so + e];
                }
                rowK[q * r + s2] = acc;
                rowK[s2 * r + q] = acc;
            }
            rowL[q] = 0;
        }
        for (int sweep = 0; sweep < PROJECTION_SWEEPS; sweep++) {
            for (int q = 0; q < r; q++) {
                double kqq = rowK[q * r + q];
                if (!(kqq > 0)) {
                    continue;
                }
                double w = rowC[q];
                for (int s2 = 0; s2 < r; s2++) {
                    w += rowK[q * r + s2] * rowL[s2];
                }
                rowL[q] = Math.max(0, rowL[q] - w / kqq);
            }
        }
        boolean moved = false;
        for (int q = 0; q < r; q++) {
            if (rowL[q] != 0) {
                a.addDisplacement(rowW, q * n3, rowL[q]);
                moved = true;
            }
        }
        if (!moved) {
            return false;
        }
        a.applyDisplacement(b, Tuning.MAX_PROJECTION_TURN);
        return true;
    }

    /** Projected Gauss–Seidel sweeps over a projection's rows. */
    private static final int PROJECTION_SWEEPS = 32;

    /** Room for one more row of articulation a's projection (3 per node each). */
    private int newRow(Articulation a) {
        int n3 = 3 * a.nodeCount;
        int r = rows++;
        if (rowW.length < (r + 1) * n3) {
            rowW = Arrays.copyOf(rowW, 2 * (r + 1) * n3);
            rowZ = Arrays.copyOf(rowZ, 2 * (r + 1) * n3);
        }
        if (rowC.length <= r) {
            rowC = Arrays.copyOf(rowC, 2 * (r + 1));
            rowL = Arrays.copyOf(rowL, 2 * (r + 1));
        }
        if (rowG.length < n3) {
            rowG = new double[n3];
        }
        Arrays.fill(rowW, r * n3, (r + 1) * n3, 0);
        return r;
    }

    /** A limit row: gradient ±row.jB on the node, error c (rad). */
    private void limitRow(Articulation a, int node, AxisConstraintPart row, double sign, double c) {
        int r = newRow(a);
        int d = a.depth[node];
        int ao = a.ancOff[node];
        for (int idx = 0; idx < d; idx++) {
            int i = a.anc[ao + idx];
            rowG[3 * i] = 0;
            rowG[3 * i + 1] = 0;
            rowG[3 * i + 2] = 0;
        }
        rowG[3 * node] = sign * row.jB[0];
        rowG[3 * node + 1] = sign * row.jB[1];
        rowG[3 * node + 2] = sign * row.jB[2];
        sweep(a, node, r);
        rowC[r] = c;
    }

    /** A ground row: unit push along the normal into the body at point k, room c (m; negative: pushed out by −c). */
    private void groundRow(Articulation a, int body, ContactPair c, int k, double sign, double room) {
        int r = newRow(a);
        int l = arts.linkOf[body];
        int o = 3 * k;
        int local = (sign > 0 ? ContactPair.LOCAL_B : ContactPair.LOCAL_A) + o;
        double x = b.pos[3 * body] + Quaternions.rotX(b.rot, body, c.d, local);
        double y = b.pos[3 * body + 1] + Quaternions.rotY(b.rot, body, c.d, local);
        double z = b.pos[3 * body + 2] + Quaternions.rotZ(b.rot, body, c.d, local);
        a.pathImpulse(l, sign * c.nx, sign * c.ny, sign * c.nz, x, y, z, 0, 0, 0, rowG);
        sweep(a, a.linkNode[l], r);
        rowC[r] = room;
    }

    /** Row r's swept vector w_r = L⁻ᵀ·g from rowG on node's path. */
    private void sweep(Articulation a, int node, int r) {
        int n3 = 3 * a.nodeCount;
        if (scratch.length < n3) {
            scratch = new double[n3];
        }
        Arrays.fill(scratch, 0, n3, 0);
        a.scatter(node, rowG, scratch);
        System.arraycopy(scratch, 0, rowW, r * n3, n3);
    }

    private double[] scratch = new double[16];
}
