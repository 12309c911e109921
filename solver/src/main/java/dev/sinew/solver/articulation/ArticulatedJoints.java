package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AxisConstraintPart;
import dev.sinew.solver.constraint.FrictionPart;
import dev.sinew.solver.constraint.SoftCoefficients;
import dev.sinew.solver.constraint.SwingTwistLimitPart;
import dev.sinew.solver.joint.Joints;
import dev.sinew.solver.math.Quaternions;

/**
 * The rows of the articulations' joints besides the joints themselves, which the reduced
 * coordinates keep closed: joint friction and the swing-twist limits, solved by Gauss–Seidel with
 * each joint node's exact self-response (the whole tree moving), and the measure of the limits
 * the position projection ({@link ArticulatedProjection}) and the rows read.
 */
final class ArticulatedJoints {
    private final Articulations arts;
    private final Bodies b;
    private final Joints joints;

    ArticulatedJoints(Articulations arts, Bodies bodies, Joints joints, ArticulatedGround ground) {
        this.arts = arts;
        this.b = bodies;
        this.joints = joints;
        this.projection = new ArticulatedProjection(arts, bodies, ground, this);
    }

    private final double[] rate = new double[3];
    private final double[] dk = new double[3];

    // A substep's rows are read and written in each articulation's flat row data (per link, ROW
    // doubles and a flags word) rather than in the joints' part objects, which lie apart in memory:
    // a tick's first warm start fills it from the parts (the limits' geometry with it, from which
    // the substeps measure the limits), the later ones keep what the relax left there, and the
    // tick's last flush writes the impulses back.
    /** Doubles per link in {@link ArticulationTree#rowData}. */
    static final int ROW = 47;
    /** The joint's sign (+1: the link is body B), then friction's maxTorque and impulse (3). */
    static final int SIGN = 0;
    private static final int MAX_TORQUE = 1;
    private static final int FRICTION = 2;
    /** Three limit rows (twist lower, twist upper, cone), LIMIT_ROW each: j (3), K·j (3), j·K·j, impulse, C. */
    static final int LIMITS = 5;
    static final int LIMIT_ROW = 9;
    /** The limits' spring (when active): bias rate and softness. */
    private static final int SPRING_BIAS = 32;
    private static final int SPRING_INV_D = 33;
    /**
     * The limits' geometry, copied from the part with the impulses: the joint frames in A's and
     * B's body frames (x, y, z, w each), the swing half-angles and the twist range (rad), and 1 when
     * the limits' spring is on; the substeps measure the limits from it ({@link #measure}).
     */
    private static final int FRAME_A = 34;
    private static final int FRAME_B = 38;
    private static final int SWING_Y = 42;
    private static final int SWING_Z = 43;
    private static final int TWIST_MIN = 44;
    private static final int TWIST_MAX = 45;
    static final int SPRING = 46;
    /** Flags per link: has friction, has swing-twist limits, twist rows on, cone row on, spring on. */
    private static final int HAS_FRICTION = 1;
    static final int HAS_LIMITS = 2;
    static final int TWIST_ON = 4;
    static final int CONE_ON = 8;
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
            a.jointsSettled = false;
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
            d[o + SIGN] = a.side(joints, l);
            if (fr != null) {
                d[o + MAX_TORQUE] = fr.maxTorque;
                d[o + FRICTION] = fr.impulse[0];
                d[o + FRICTION + 1] = fr.impulse[1];
                d[o + FRICTION + 2] = fr.impulse[2];
            }
            if (st != null) {
                geometry(st, d, o);
                a.rowFlags[l] = measure(a, l, o, f);
                // a row whose angle is undefined now keeps the j the part last measured (its flag is off)
                if (measured[SwingTwistLimitPart.TWIST_VALID] == 0) {
                    System.arraycopy(st.twistLower.jB, 0, d, o + LIMITS, 3);
                    System.arraycopy(st.twistUpper.jB, 0, d, o + LIMITS + LIMIT_ROW, 3);
                }
                if (measured[SwingTwistLimitPart.CONE_VALID] == 0) {
                    System.arraycopy(st.cone.jB, 0, d, o + LIMITS + 2 * LIMIT_ROW, 3);
                }
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

    /** The limits' geometry and spring into the row data at o. */
    private static void geometry(SwingTwistLimitPart st, double[] d, int o) {
        System.arraycopy(st.frameA, 0, d, o + FRAME_A, 4);
        System.arraycopy(st.frameB, 0, d, o + FRAME_B, 4);
        d[o + SWING_Y] = st.swingY;
        d[o + SWING_Z] = st.swingZ;
        d[o + TWIST_MIN] = st.twistMin;
        d[o + TWIST_MAX] = st.twistMax;
        d[o + SPRING] = st.spring.active ? 1 : 0;
        d[o + SPRING_BIAS] = st.spring.biasRate;
        d[o + SPRING_INV_D] = st.spring.invD;
    }

    private final double[] qa = new double[4];
    private final double[] qb = new double[4];
    private final double[] measured = new double[SwingTwistLimitPart.MEASURE];

    /**
     * Measures link l's limits at the pose now ({@link SwingTwistLimitPart#measure}, from the
     * geometry in its row data at o) into its rows' j and C; returns the link's flags (its
     * {@code flags}' friction and limits, and which rows are on). Impulses, K·j and j·K·j
     * ({@link #respond}) are left alone.
     */
    int measure(Articulation a, int l, int o, int flags) {
        double[] d = a.rowData;
        int j = a.linkJoint[l];
        Quaternions.mul(b.rot, 4 * joints.bodyA[j], d, o + FRAME_A, qa);
        Quaternions.mul(b.rot, 4 * joints.bodyB[j], d, o + FRAME_B, qb);
        double[] m = measured;
        SwingTwistLimitPart.measure(qa, qb, d[o + SWING_Y], d[o + SWING_Z], m, 0);
        int lo = o + LIMITS;
        int uo = lo + LIMIT_ROW;
        int co = uo + LIMIT_ROW;
        double twist = m[SwingTwistLimitPart.TWIST];
        boolean twistValid = m[SwingTwistLimitPart.TWIST_VALID] != 0;
        boolean coneValid = m[SwingTwistLimitPart.CONE_VALID] != 0;
        if (twistValid) {
            int t = SwingTwistLimitPart.TWIST_J;
            for (int e = 0; e < 3; e++) {
                d[lo + e] = m[t + e];
                d[uo + e] = -m[t + e];
            }
        }
        if (coneValid) {
            System.arraycopy(m, SwingTwistLimitPart.CONE_J, d, co, 3);
        }
        d[lo + 8] = twist - d[o + TWIST_MIN];
        d[uo + 8] = d[o + TWIST_MAX] - twist;
        d[co + 8] = m[SwingTwistLimitPart.CONE_ERROR];
        int f = flags & (HAS_FRICTION | HAS_LIMITS);
        if (SwingTwistLimitPart.twistLimited(d[o + TWIST_MIN], d[o + TWIST_MAX]) && twistValid) {
            f |= TWIST_ON;
        }
        if (SwingTwistLimitPart.coneLimited(d[o + SWING_Y], d[o + SWING_Z]) && coneValid) {
            f |= CONE_ON;
        }
        if (d[o + SPRING] != 0) {
            f |= SPRING_ON;
        }
        return f;
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
     * j·(±q̇) on its joint's node. A biased pass leaves out a tree whose rows are settled and that
     * nothing has moved much since ({@link #SETTLED_RATE}).
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
            if (soft != null && a.jointsSettled && a.reach <= REACH) {
                continue; // its last pass moved no rate by SETTLED_RATE, and nothing has moved it much since
            }
            a.rowsDirty = true;
            double[] d = a.rowData;
            int[] flags = a.rowFlags;
            double moved = 0;
            for (int l = 0; l < a.linkCount; l++) {
                int f = flags[l];
                if (f == 0) {
                    continue;
                }
                int o = ROW * l;
                int node = a.linkNode[l];
                double sign = d[o + SIGN];
                signedRate(a, node, sign);
                double r0 = rate[0];
                double r1 = rate[1];
                double r2 = rate[2];
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
                        // a settled projection measured this pose into the row data already
                        if (!(measured && (f & SPRING_ON) == 0)) {
                            f = measure(a, l, o, f);
                        }
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
                moved = Math.max(moved, Math.max(Math.abs(rate[0] - r0),
                        Math.max(Math.abs(rate[1] - r1), Math.abs(rate[2] - r2))));
            }
            a.jointsSettled = moved < SETTLED_RATE;
            a.touched = false;
            a.reach = 0;
        }
    }

    /**
     * A pass over a tree's rows that changes no joint's rate by more than this, rad/s, settles them:
     * its later biased passes of the substep are left out until impulses from elsewhere (contacts,
     * its ground block) move the tree by more than {@link #REACH}, and the friction pass after the
     * relax until any impulse reaches it (friction has the last word on a held joint), for they
     * would change its rates by about as little again. 10⁻⁴ rad/s turns a limb's tip half a metre
     * away by 2·10⁻⁷ m over a substep of 1/240 s; bodies count as at rest below 0.05 rad/s.
     */
    static final double SETTLED_RATE = 1e-4;

    /**
     * Impulses from elsewhere whose summed √(2·ΔE) stays below this, √J, leave a settled tree
     * settled (ΔE: the kinetic energy each would give the tree alone). Given wholly to a joint whose
     * motion has the inertia {@link #REACH_INERTIA}, they would change its rate by at most
     * {@link #SETTLED_RATE}; a hand turning on its wrist has about that inertia, a thigh more.
     */
    static final double REACH = SETTLED_RATE * Math.sqrt(ArticulatedJoints.REACH_INERTIA);

    /** The inertia that sets {@link #REACH}, kg·m². */
    static final double REACH_INERTIA = 1e-3;

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
     * their place before the contacts. A tree whose relax pass settled its rows and that no impulse
     * has reached since is left out ({@link #SETTLED_RATE}).
     */
    void solveFriction(double h, int from, int to) {
        for (int i = from; i < to; i++) {
            Articulation a = arts.list[i];
            if (a.jointsSettled && !a.touched) {
                continue; // the relax's pass over its rows moved no rate by SETTLED_RATE, and nothing has since
            }
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

    private final ArticulatedProjection projection;

    /** The position projection of articulations [from, to) (see {@link ArticulatedProjection}). */
    void project(int from, int to) {
        projection.project(from, to);
    }
}
