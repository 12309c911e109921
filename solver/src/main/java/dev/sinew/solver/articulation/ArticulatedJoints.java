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

    ArticulatedJoints(Articulations arts, Bodies bodies, Joints joints) {
        this.arts = arts;
        this.b = bodies;
        this.joints = joints;
    }

    /** +1 if link l is its joint's body B (its node's rate is ω_B − ω_A), −1 if it is body A. */
    private double sign(Articulation a, int l) {
        return joints.bodyB[a.linkJoint[l]] == a.body[l] ? 1 : -1;
    }

    private boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }

    private final double[] rate = new double[3];
    private final double[] dk = new double[3];

    /**
     * Warm start of the articulated joints' rows (limits, friction) with their impulses from the last
     * substep; call after {@link #freeStep}.
     */
    void warmStart() {
        for (int i = 0; i < arts.count; i++) {
            Articulation a = arts.list[i];
            for (int l = 0; l < a.linkCount; l++) {
                int j = a.linkJoint[l];
                if (j < 0 || joints.friction[j] == null && joints.swingTwist[j] == null) {
                    continue;
                }
                a.nodeResponse(a.linkNode[l]);
                double gx = 0;
                double gy = 0;
                double gz = 0;
                FrictionPart fr = joints.friction[j];
                if (fr != null) {
                    gx += fr.impulse[0];
                    gy += fr.impulse[1];
                    gz += fr.impulse[2];
                }
                SwingTwistLimitPart st = joints.swingTwist[j];
                if (st != null) {
                    st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
                    gx += st.twistLower.impulse * st.twistLower.jB[0] + st.twistUpper.impulse * st.twistUpper.jB[0]
                            + st.cone.impulse * st.cone.jB[0];
                    gy += st.twistLower.impulse * st.twistLower.jB[1] + st.twistUpper.impulse * st.twistUpper.jB[1]
                            + st.cone.impulse * st.cone.jB[1];
                    gz += st.twistLower.impulse * st.twistLower.jB[2] + st.twistUpper.impulse * st.twistUpper.jB[2]
                            + st.cone.impulse * st.cone.jB[2];
                }
                if (gx != 0 || gy != 0 || gz != 0) {
                    double sign = sign(a, l);
                    a.applyNode(a.linkNode[l], sign * gx, sign * gy, sign * gz);
                }
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
    void solve(SoftCoefficients soft, double h) {
        for (int i = 0; i < arts.count; i++) {
            Articulation a = arts.list[i];
            for (int l = 0; l < a.linkCount; l++) {
                int j = a.linkJoint[l];
                if (j < 0) {
                    continue;
                }
                FrictionPart fr = joints.friction[j];
                SwingTwistLimitPart st = joints.swingTwist[j];
                if (fr == null && st == null) {
                    continue;
                }
                int node = a.linkNode[l];
                double sign = sign(a, l);
                a.nodeVelocity(node, rate);
                rate[0] *= sign;
                rate[1] *= sign;
                rate[2] *= sign;
                double[] k = a.nodeResponse;
                int ko = 9 * node;
                double gx = 0;
                double gy = 0;
                double gz = 0;
                if (fr != null) {
                    Mat3.invert(slice(k, ko), kInv);
                    double nx = fr.impulse[0] - (kInv[0] * rate[0] + kInv[1] * rate[1] + kInv[2] * rate[2]);
                    double ny = fr.impulse[1] - (kInv[3] * rate[0] + kInv[4] * rate[1] + kInv[5] * rate[2]);
                    double nz = fr.impulse[2] - (kInv[6] * rate[0] + kInv[7] * rate[1] + kInv[8] * rate[2]);
                    double max = fr.maxTorque * h;
                    double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                    double sc = len > max ? max / len * (1 - 1e-15) : 1;
                    nx *= sc;
                    ny *= sc;
                    nz *= sc;
                    double dx = nx - fr.impulse[0];
                    double dy = ny - fr.impulse[1];
                    double dz = nz - fr.impulse[2];
                    fr.impulse[0] = nx;
                    fr.impulse[1] = ny;
                    fr.impulse[2] = nz;
                    addRate(k, ko, dx, dy, dz);
                    gx += dx;
                    gy += dy;
                    gz += dz;
                }
                if (st != null) {
                    st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
                    SoftCoefficients spring = st.spring.active ? st.spring : null;
                    if (st.twistLimited() && st.twistValid()) {
                        gx += limit(st.twistLower, st.twist - st.twistMin, k, ko, soft, spring, h, 0);
                        gy += dk[1];
                        gz += dk[2];
                        gx += limit(st.twistUpper, st.twistMax - st.twist, k, ko, soft, spring, h, 0);
                        gy += dk[1];
                        gz += dk[2];
                    } else {
                        st.twistLower.impulse = 0;
                        st.twistUpper.impulse = 0;
                    }
                    if (st.coneLimited() && st.coneValid) {
                        gx += limit(st.cone, st.coneError, k, ko, soft, spring, h, 0);
                        gy += dk[1];
                        gz += dk[2];
                    } else {
                        st.cone.impulse = 0;
                    }
                }
                if (gx != 0 || gy != 0 || gz != 0) {
                    a.applyNode(node, sign * gx, sign * gy, sign * gz);
                }
            }
        }
    }

    private final double[] kInv = new double[9];
    private final double[] k9 = new double[9];

    private double[] slice(double[] m, int o) {
        System.arraycopy(m, o, k9, 0, 9);
        return k9;
    }

    /** rate += K·(x, y, z): the node's own velocity change for an impulse on it. */
    private void addRate(double[] k, int o, double x, double y, double z) {
        rate[0] += k[o] * x + k[o + 1] * y + k[o + 2] * z;
        rate[1] += k[o + 3] * x + k[o + 4] * y + k[o + 5] * z;
        rate[2] += k[o + 6] * x + k[o + 7] * y + k[o + 8] * z;
    }

    /**
     * One solve of a limit row C ≥ 0 along j = row.jB against the node's self-response, as
     * {@link AxisConstraintPart#solveLimit} does for two free bodies; returns the impulse change
     * along j (x; y and z in {@link #dk}) and updates {@link #rate}.
     */
    private double limit(AxisConstraintPart row, double c, double[] k, int ko, SoftCoefficients soft, SoftCoefficients spring,
            double h, int unused) {
        double[] jv = row.jB;
        double tx = k[ko] * jv[0] + k[ko + 1] * jv[1] + k[ko + 2] * jv[2];
        double ty = k[ko + 3] * jv[0] + k[ko + 4] * jv[1] + k[ko + 5] * jv[2];
        double tz = k[ko + 6] * jv[0] + k[ko + 7] * jv[1] + k[ko + 8] * jv[2];
        double kk = jv[0] * tx + jv[1] * ty + jv[2] * tz;
        dk[0] = 0;
        dk[1] = 0;
        dk[2] = 0;
        if (!(kk > 0)) {
            return 0;
        }
        double cdot = jv[0] * rate[0] + jv[1] * rate[1] + jv[2] * rate[2];
        double next;
        double impulse = row.impulse;
        if (spring != null) {
            if (soft == null) {
                return 0;
            }
            next = c >= 0 ? 0 : Math.max(0, impulse - (cdot + spring.biasRate * c + spring.invD * impulse) / (kk + spring.invD));
        } else {
            double bias = 0;
            double massScale = 1;
            double impulseScale = 0;
            if (c > 0) {
                bias = c / h;
            }
            // once passed, the row only stops the joint from going further (Ċ ≥ 0): the position
            // projection after the position update closes it, without the speed a soft push-out
            // would give a limb thrown far past its limit
            next = Math.max(0, impulse - massScale * (cdot + bias) / kk - impulseScale * impulse);
        }
        double d = next - impulse;
        row.impulse = next;
        rate[0] += d * tx;
        rate[1] += d * ty;
        rate[2] += d * tz;
        dk[1] = d * jv[1];
        dk[2] = d * jv[2];
        return d * jv[0];
    }

    /**
     * Position projection of the articulated joints' passed limits, after the position update:
     * each rigid limit row passed by more than {@link SwingTwistLimitPart#PROJECTION_SLOP} asks for
     * the displacement impulse −C/K along its row (K its node's self-response), and the tree moves by
     * their joint response, turning the links about their joints and the free root as the masses
     * share it, at most {@link JointTreeSolver#MAX_PROJECTION_TURN} per link. Velocities are left to
     * the relax pass. Two passes: closing the cone can push the twist past its range.
     */
    void project() {
        for (int pass = 0; pass < PROJECTION_PASSES; pass++) {
            boolean any = false;
            for (int i = 0; i < arts.count; i++) {
                Articulation a = arts.list[i];
                for (int l = 0; l < a.linkCount; l++) {
                    int j = a.linkJoint[l];
                    SwingTwistLimitPart st = j < 0 ? null : joints.swingTwist[j];
                    if (st == null || st.spring.active) {
                        continue;
                    }
                    st.evaluate(b, joints.bodyA[j], joints.bodyB[j]);
                    // the rows passed, or within NEAR of their limit (so that closing one does not
                    // push another past), solved together: K·λ = −C, λ ≥ 0 (projected Gauss–Seidel
                    // on at most three rows)
                    int n = 0;
                    boolean passed = false;
                    double slop = Tuning.PROJECTION_SLOP;
                    if (st.twistLimited() && st.twistValid()) {
                        boolean lower = st.twist - st.twistMin < st.twistMax - st.twist;
                        double c = lower ? st.twist - st.twistMin : st.twistMax - st.twist;
                        if (c < NEAR) {
                            projRow[n] = lower ? st.twistLower : st.twistUpper;
                            projC[n++] = c;
                            passed |= c < -slop;
                        }
                    }
                    if (st.coneLimited() && st.coneValid && st.coneError < NEAR) {
                        projRow[n] = st.cone;
                        projC[n++] = st.coneError;
                        passed |= st.coneError < -slop;
                    }
                    if (!passed) {
                        continue;
                    }
                    int node = a.linkNode[l];
                    double[] k = a.nodeResponse;
                    int ko = 9 * node;
                    for (int r = 0; r < n; r++) {
                        double[] jr = projRow[r].jB;
                        double tx = k[ko] * jr[0] + k[ko + 1] * jr[1] + k[ko + 2] * jr[2];
                        double ty = k[ko + 3] * jr[0] + k[ko + 4] * jr[1] + k[ko + 5] * jr[2];
                        double tz = k[ko + 6] * jr[0] + k[ko + 7] * jr[1] + k[ko + 8] * jr[2];
                        for (int q = 0; q < n; q++) {
                            double[] jq = projRow[q].jB;
                            projK[3 * q + r] = jq[0] * tx + jq[1] * ty + jq[2] * tz;
                        }
                        projL[r] = 0;
                    }
                    for (int sweep = 0; sweep < 12; sweep++) {
                        for (int r = 0; r < n; r++) {
                            double krr = projK[3 * r + r];
                            if (!(krr > 0)) {
                                continue;
                            }
                            double w = projC[r];
                            for (int q = 0; q < n; q++) {
                                w += projK[3 * r + q] * projL[q];
                            }
                            projL[r] = Math.max(0, projL[r] - w / krr);
                        }
                    }
                    double gx = 0;
                    double gy = 0;
                    double gz = 0;
                    for (int r = 0; r < n; r++) {
                        double[] jr = projRow[r].jB;
                        gx += projL[r] * jr[0];
                        gy += projL[r] * jr[1];
                        gz += projL[r] * jr[2];
                    }
                    if (gx != 0 || gy != 0 || gz != 0) {
                        double sign = sign(a, l);
                        a.displaceNode(node, sign * gx, sign * gy, sign * gz);
                        any = true;
                    }
                }
                if (a.pendingDisplacement()) {
                    liftAfterProjection(i, true);
                    a.applyDisplacement(b, Tuning.MAX_PROJECTION_TURN);
                    liftAfterProjection(i, false);
                }
            }
            if (!any) {
                return;
            }
        }
    }

    /** This tick's pairs of an articulated body against one that does not move, grouped by articulation. */
    private ContactPair[] groundPairs = new ContactPair[16];
    private int[] groundStart = new int[5];
    private double[] groundSep = new double[16 * ContactPair.N];

    /** Groups the pairs to solve that hold an articulated body against a non-moving one, by articulation (stable). */
    void groupGround(ContactPair[] pairs, int n) {
        if (groundStart.length < arts.count + 2) {
            groundStart = new int[2 * arts.count + 2];
        }
        Arrays.fill(groundStart, 0, arts.count + 2, 0);
        int total = 0;
        for (int i = 0; i < n; i++) {
            int t = groundTree(pairs[i]);
            if (t >= 0) {
                groundStart[t + 2]++;
                total++;
            }
        }
        if (groundPairs.length < total) {
            groundPairs = new ContactPair[2 * total];
            groundSep = new double[2 * total * ContactPair.N];
        }
        for (int t = 0; t < arts.count; t++) {
            groundStart[t + 2] += groundStart[t + 1];
        }
        for (int i = 0; i < n; i++) {
            int t = groundTree(pairs[i]);
            if (t >= 0) {
                groundPairs[groundStart[t + 1]++] = pairs[i];
            }
        }
    }

    private int groundTree(ContactPair p) {
        boolean movingA = moving(p.bodyA);
        boolean movingB = moving(p.bodyB);
        if (movingA == movingB) {
            return -1;
        }
        int body = movingA ? p.bodyA : p.bodyB;
        return arts.articulated(body) ? arts.artOf[body] : -1;
    }

    /**
     * Keeps a projection of articulation t from pushing its bodies into what does not move: the
     * projection turns links about their joints but knows nothing of contacts, so an ankle closing its
     * limit as the body lands puts the foot into the ground. A free root is lifted, rigidly (joints
     * stay closed), by what the deepened points ask: per axis the largest deficit·n (deficit: how far
     * a point ends up deeper than it was, or past touching if it was apart), so against the ground no
     * point gets deeper; against normals that disagree the lifts partly cancel.
     */
    private void liftAfterProjection(int t, boolean before) {
        int from = groundStart[t];
        int to = groundStart[t + 1];
        if (from == to) {
            return;
        }
        double upX = 0;
        double upY = 0;
        double upZ = 0;
        double downX = 0;
        double downY = 0;
        double downZ = 0;
        for (int pi = from; pi < to; pi++) {
            ContactPair c = groundPairs[pi];
            double sign = moving(c.bodyB) ? 1 : -1;
            for (int k = 0; k < c.pointCount; k++) {
                double sep = c.separationNow(b, k);
                int o = ContactPair.N * pi + k;
                if (before) {
                    groundSep[o] = sep;
                    continue;
                }
                double deficit = Math.max(groundSep[o], 0) - sep;
                if (deficit > 0) {
                    double nx = sign * c.nx;
                    double ny = sign * c.ny;
                    double nz = sign * c.nz;
                    upX = Math.max(upX, deficit * nx);
                    upY = Math.max(upY, deficit * ny);
                    upZ = Math.max(upZ, deficit * nz);
                    downX = Math.min(downX, deficit * nx);
                    downY = Math.min(downY, deficit * ny);
                    downZ = Math.min(downZ, deficit * nz);
                }
            }
        }
        if (before) {
            return;
        }
        double mx = upX + downX;
        double my = upY + downY;
        double mz = upZ + downZ;
        Articulation a = arts.list[t];
        if (a.base >= 0 || (mx == 0 && my == 0 && mz == 0)) {
            return;
        }
        int root = a.body[0];
        b.pos[3 * root] += mx;
        b.pos[3 * root + 1] += my;
        b.pos[3 * root + 2] += mz;
        a.pose(b);
    }

    /** Projection passes per substep at most (a pass re-measures the limits the last one moved). */
    private static final int PROJECTION_PASSES = 3;
    /** Rows this close to their limit (rad) join a joint's projection, so that closing another does not push them past. */
    private static final double NEAR = 0.02;
    private final AxisConstraintPart[] projRow = new AxisConstraintPart[3];
    private final double[] projC = new double[3];
    private final double[] projK = new double[9];
    private final double[] projL = new double[3];

    /** −C/K for a passed row with gradient row.jB against the node's self-response K. */
    private static double push(AxisConstraintPart row, double c, double[] k, int ko) {
        double[] jv = row.jB;
        double kk = jv[0] * (k[ko] * jv[0] + k[ko + 1] * jv[1] + k[ko + 2] * jv[2])
                + jv[1] * (k[ko + 3] * jv[0] + k[ko + 4] * jv[1] + k[ko + 5] * jv[2])
                + jv[2] * (k[ko + 6] * jv[0] + k[ko + 7] * jv[1] + k[ko + 8] * jv[2]);
        return kk > 0 ? -c / kk : 0;
    }
}
