package dev.sinew.solver;

import java.util.Arrays;
import org.joml.Vector3dc;

/**
 * One fixed tick of a world, stage by stage (World's Javadoc lists them): bounds and pairs,
 * narrowphase, preparation, the substeps of the soft solver, restitution, sleep, islands and
 * events. It owns the solver's per-tick scratch (the list of pairs to solve) and works on the
 * world's arrays in place.
 */
final class Stepper {
    private final World world;
    private final Bodies bodies;
    private final Colliders colliders;
    private final Contacts contacts;
    private final BroadPhase broadPhase;
    private final ContactEvents events;
    private final ContactSolver contactSolver;
    final Continuous continuous = new Continuous();
    private final Islands islands = new Islands();
    private final SoftCoefficients jointSoft = new SoftCoefficients();
    private final LimitProjection limitProjection = new LimitProjection();
    private final JointTreeSolver jointTree;
    /** Damping ratio of the joints' soft position correction. */
    static final double JOINT_DAMPING_RATIO = 2;
    /**
     * Gauss–Seidel passes over the contacts in each substep's biased solve, before the joints.
     * One pass leaves a large pile's load path half-converged: in the tumbler, with loaded rows
     * stiffened (exponent 0.35 in that comparison), the deepest overlap over seeds 1–3 was 35–45 mm
     * after one pass, 21–25 mm after two, 17–19 mm after three and 17–19 mm after four; without the
     * stiffening three passes changed nothing (47–63 mm). Repeating the joint block as well left the
     * dropped ragdoll restless (0.3–0.5 rad/s after 5 s), so only the contacts are repeated.
     */
    static final int CONTACT_PASSES = 3;
    private ContactPair[] solveList = new ContactPair[64];
    private int solveCount;
    private final IslandBlockSolver islandSolver;
    // Solve order (see buildItems): the pairs grouped by island, and the items over them.
    private ContactPair[] ordered = new ContactPair[64];
    private int[] itemStart = new int[65];
    private int[] itemBlock = new int[64];
    private int itemCount;
    private int[] parent = new int[64];
    private int[] groupOf = new int[64];
    private int[] groupRows = new int[64];
    private int[] groupPairs = new int[64];
    private int[] groupFill = new int[64];
    private int[] pairGroup = new int[64];

    Stepper(World world, Contacts contacts, BroadPhase broadPhase, ContactEvents events) {
        this.world = world;
        this.bodies = world.bodies;
        this.colliders = world.colliders;
        this.contacts = contacts;
        this.broadPhase = broadPhase;
        this.events = events;
        this.contactSolver = new ContactSolver(bodies);
        this.islandSolver = new IslandBlockSolver(bodies, contactSolver);
        this.jointTree = new JointTreeSolver(bodies, world.joints);
    }

    void runTick() {
        WorldSettings s = world.settings();
        double dt = s.tickSeconds();
        int n = s.substeps();
        double h = dt / n;
        double invH = 1 / h;
        Bodies b = bodies;
        events.clear();
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i]) {
                System.arraycopy(b.pos, 3 * i, b.prevPos, 3 * i, 3);
                System.arraycopy(b.rot, 4 * i, b.prevRot, 4 * i, 4);
            }
        }
        // 1. Bounds of moving bodies.
        for (int k = 0; k < colliders.high; k++) {
            if (colliders.alive[k] && !colliders.isPlane[k] && isMoving(colliders.body[k])) {
                contacts.refitBounds(k, false);
            }
        }
        broadPhase.findPairs(colliders, b, world.joints);
        contacts.mergePairs(broadPhase, events);
        // 2. Narrowphase.
        for (int i = 0; i < contacts.pairCount; i++) {
            ContactPair p = contacts.pairs[i];
            if (isMoving(p.bodyA) || isMoving(p.bodyB)) {
                contacts.updateManifold(p, dt, true);
            }
        }
        // 3. Prepare.
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i] && b.type[i] == Bodies.DYNAMIC && b.awake[i]) {
                b.updateWorldInertia(i);
            }
        }
        solveCount = 0;
        for (int i = 0; i < contacts.pairCount; i++) {
            for (ContactPair p = contacts.pairs[i]; p != null; p = p.nextPatch) {
                if (p.pointCount > 0 && (awakeDynamic(p.bodyA) || awakeDynamic(p.bodyB))) {
                    if (solveCount == solveList.length) {
                        solveList = Arrays.copyOf(solveList, 2 * solveCount);
                    }
                    solveList[solveCount++] = p;
                }
            }
        }
        ContactSolver cs = contactSolver;
        cs.slop = s.linearSlop();
        cs.maxPushOut = s.maxPushOutSpeed();
        cs.restitutionThreshold = s.restitutionThreshold();
        cs.maxImpulse = world.maxContactImpulse;
        cs.bodyCaps = world.bodyImpulseCaps > 0;
        cs.limits = world.limits;
        cs.gx = s.gravity().x();
        cs.gy = s.gravity().y();
        cs.gz = s.gravity().z();
        cs.setSoftness(s.contactHertz(), s.contactDampingRatio(), h);
        for (int i = 0; i < solveCount; i++) {
            cs.prepare(solveList[i]);
        }
        buildItems();
        Joints joints = world.joints;
        // Joints are stiffer than contacts (twice the contact frequency, capped at a quarter of the
        // substep rate, damping ratio 2), the proportions Box2D v3 uses for its soft joints.
        jointSoft.setFrequency(Math.min(2 * s.contactHertz(), 0.25 * invH), JOINT_DAMPING_RATIO, h);
        joints.prepare(b, h);
        jointTree.build();
        jointTree.markArticulated(solveList, solveCount);
        world.limits.treeContactsLeftOut += jointTree.contacts.limitsLeftOut;
        jointTree.substep = h;
        // 4. Substeps.
        for (int sub = 0; sub < n; sub++) {
            if (sub > 0 && refreshFastPairs(h * (n - sub))) {
                buildItems();
            }
            integrateVelocities(h);
            cs.beginBodyCaps(n);
            joints.aimDrives(h * (n - sub));
            joints.warmStart(b, jointTree);
            jointTree.warmStart();
            for (int i = 0; i < solveCount; i++) {
                cs.warmStart(solveList[i]);
            }
            for (int pass = 0; pass < CONTACT_PASSES; pass++) {
                solveItems(invH, true);
            }
            joints.solveDrives(b, jointTree);
            jointTree.solve(jointSoft.biasRate, true);
            jointTree.solveContacts(cs, invH, true);
            joints.solve(b, jointSoft, jointTree);
            jointTree.predictAnchors(h);
            integratePositions(h);
            // Closing the cone can push the twist past its range: one more projection if a limit is
            // still passed. Measured: one pass left the swing-cone scene's twist 1.5° out, two
            // leave 0.006°; a third cost the 100-link driven chain 8.5 instead of 6.3 ms a step.
            for (int pass = 0; pass < 2 && jointTree.project(); pass++) {
                // repeat
            }
            limitProjection.project(b, joints, jointTree);
            solveItems(invH, false);
            // Joints get the last word in the relax pass: a chain's links must not be pulled
            // apart by the contacts they make with each other.
            jointTree.solve(0, false);
            jointTree.solveContacts(cs, invH, false);
            joints.solve(b, null, jointTree);
        }
        // 5. Restitution and impulses.
        for (int i = 0; i < solveCount; i++) {
            cs.restitution(solveList[i], h);
        }
        for (int i = 0; i < solveCount; i++) {
            cs.storeImpulses(solveList[i]);
        }
        // Speed caps hold at the end of the tick too (the relax and restitution passes come after
        // the last position update).
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i] && b.type[i] == Bodies.DYNAMIC && b.awake[i]
                    && (capSpeed(b.linVel, 3 * i, b.maxLinearSpeed[i]) | capSpeed(b.angVel, 3 * i, b.maxAngularSpeed[i]))) {
                world.limits.speedCapped++;
            }
        }
        // 6. Time-of-impact sweep of the bodies that moved farther than their core in the tick.
        world.limits.sweptBack += continuous.run(world, s.linearSlop());
        // 7. Sleep, islands, events.
        finishTick(s, dt);
    }

    /**
     * A manifold is computed once per tick with a fixed normal and fixed points. A body spinning
     * fast turns other features into its neighbour within the tick (a box at 20 rad/s turns 19°),
     * so pairs whose bodies' rotation sweeps more than {@link #FAST_ROTATION_SWEEP} in a substep
     * are recollided between substeps, keeping their impulses by feature id.
     */
    private boolean refreshFastPairs(double remaining) {
        boolean any = false;
        double h = world.settings().tickSeconds() / world.settings().substeps();
        for (int i = 0; i < solveCount; i++) {
            ContactPair p = solveList[i];
            double sweep = h * (Contacts.length(bodies.angVel, p.bodyA) * colliders.maxRadius[p.colliderA]
                    + Contacts.length(bodies.angVel, p.bodyB) * colliders.maxRadius[p.colliderB]);
            if (sweep <= FAST_ROTATION_SWEEP || p.owner != null) {
                continue; // a terrain pair's further patches are recollided with its first
            }
            contacts.updateColliderPose(p.colliderA);
            contacts.updateColliderPose(p.colliderB);
            contacts.updateManifold(p, remaining, false);
            for (ContactPair q = p; q != null; q = q.nextPatch) {
                if (q.pointCount > 0) {
                    contactSolver.prepare(q, false);
                }
            }
            any = true;
        }
        return any;
    }

    /**
     * Groups the pairs to solve into the solve order: islands of two or more manifolds with at
     * most {@value BlockLcp#MAX} points in all are solved as a block; all other manifolds one
     * by one. Islands come in the order of their first pair and keep the pairs' key order inside,
     * so the order is a function of the pair list alone.
     */
    private void buildItems() {
        int n = solveCount;
        if (ordered.length < n) {
            ordered = new ContactPair[solveList.length];
            itemStart = new int[solveList.length + 1];
            itemBlock = new int[solveList.length];
        }
        int cap = bodies.capacity;
        if (parent.length < cap) {
            parent = new int[cap];
            groupOf = new int[cap];
            groupRows = new int[cap];
            groupPairs = new int[cap];
            groupFill = new int[cap];
            pairGroup = new int[cap];
        }
        for (int i = 0; i < n; i++) {
            ContactPair p = solveList[i];
            parent[p.bodyA] = p.bodyA;
            parent[p.bodyB] = p.bodyB;
            groupOf[p.bodyA] = -1;
            groupOf[p.bodyB] = -1;
        }
        for (int i = 0; i < n; i++) {
            ContactPair p = solveList[i];
            if (awakeDynamic(p.bodyA) && awakeDynamic(p.bodyB)) {
                int ra = find(p.bodyA);
                int rb = find(p.bodyB);
                if (ra != rb) {
                    parent[Math.max(ra, rb)] = Math.min(ra, rb);
                }
            }
        }
        int groups = 0;
        if (pairGroup.length < n) {
            pairGroup = new int[Math.max(n, 2 * pairGroup.length)];
        }
        for (int i = 0; i < n; i++) {
            ContactPair p = solveList[i];
            int root = find(awakeDynamic(p.bodyA) ? p.bodyA : p.bodyB);
            if (groupOf[root] < 0) {
                groupOf[root] = groups;
                groupRows[groups] = 0;
                groupPairs[groups] = 0;
                groups++;
            }
            int g = groupOf[root];
            pairGroup[i] = g;
            groupRows[g] += p.pointCount;
            groupPairs[g]++;
        }
        // Counting sort of the pairs by group, stable.
        int at = 0;
        for (int g = 0; g < groups; g++) {
            groupFill[g] = at;
            at += groupPairs[g];
        }
        for (int i = 0; i < n; i++) {
            ordered[groupFill[pairGroup[i]]++] = solveList[i];
        }
        itemCount = 0;
        int blocks = 0;
        at = 0;
        for (int g = 0; g < groups; g++) {
            int count = groupPairs[g];
            if (count >= 2 && groupRows[g] <= BlockLcp.MAX) {
                islandSolver.ensure(blocks + 1);
                islandSolver.prepare(blocks, ordered, at, at + count);
                itemStart[itemCount] = at;
                itemBlock[itemCount] = blocks++;
                itemCount++;
            } else {
                for (int m = 0; m < count; m++) {
                    itemStart[itemCount] = at + m;
                    itemBlock[itemCount] = -1;
                    itemCount++;
                }
            }
            at += count;
        }
        itemStart[itemCount] = at;
    }

    private void solveItems(double invH, boolean useBias) {
        for (int it = 0; it < itemCount; it++) {
            if (itemBlock[it] >= 0) {
                islandSolver.solve(itemBlock[it], ordered, itemStart[it], itemStart[it + 1], invH, useBias);
            } else {
                contactSolver.solve(ordered[itemStart[it]], invH, useBias);
            }
        }
    }

    private int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Metres a body's rotation may sweep in one substep before its pairs are recollided mid-tick. */
    static final double FAST_ROTATION_SWEEP = 0.005;

    private boolean awakeDynamic(int body) {
        return bodies.type[body] == Bodies.DYNAMIC && bodies.awake[body];
    }

    /** Awake dynamic bodies and kinematic bodies with a velocity move this tick. */
    boolean isMoving(int body) {
        byte t = bodies.type[body];
        if (t == Bodies.DYNAMIC) {
            return bodies.awake[body];
        }
        if (t == Bodies.KINEMATIC) {
            double[] v = bodies.linVel;
            double[] w = bodies.angVel;
            int o = 3 * body;
            return v[o] != 0 || v[o + 1] != 0 || v[o + 2] != 0 || w[o] != 0 || w[o + 1] != 0 || w[o + 2] != 0;
        }
        return false;
    }

    private void integrateVelocities(double h) {
        Bodies b = bodies;
        Vector3dc g = world.settings().gravity();
        double gx = g.x();
        double gy = g.y();
        double gz = g.z();
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            double im = b.invMass[i];
            double gs = b.gravityScale[i];
            double ld = 1 / (1 + h * b.linearDamping[i]);
            b.linVel[o] = (b.linVel[o] + h * (gs * gx + im * b.force[o])) * ld;
            b.linVel[o + 1] = (b.linVel[o + 1] + h * (gs * gy + im * b.force[o + 1])) * ld;
            b.linVel[o + 2] = (b.linVel[o + 2] + h * (gs * gz + im * b.force[o + 2])) * ld;
            double[] m = b.invInertiaWorld;
            int mo = 9 * i;
            double tx = b.torque[o];
            double ty = b.torque[o + 1];
            double tz = b.torque[o + 2];
            if (tx != 0 || ty != 0 || tz != 0) {
                b.angVel[o] += h * (m[mo] * tx + m[mo + 1] * ty + m[mo + 2] * tz);
                b.angVel[o + 1] += h * (m[mo + 3] * tx + m[mo + 4] * ty + m[mo + 5] * tz);
                b.angVel[o + 2] += h * (m[mo + 6] * tx + m[mo + 7] * ty + m[mo + 8] * tz);
            }
            if (b.gyroscopic[i]) {
                Gyroscopic.apply(b, i, h);
            }
            double ad = 1 / (1 + h * b.angularDamping[i]);
            b.angVel[o] *= ad;
            b.angVel[o + 1] *= ad;
            b.angVel[o + 2] *= ad;
        }
    }

    /** Scales v[o..o+2] down to length max if longer; true if it did. */
    private static boolean capSpeed(double[] v, int o, double max) {
        if (max == Double.POSITIVE_INFINITY) {
            return false;
        }
        double l2 = v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2];
        if (l2 <= max * max) {
            return false;
        }
        double k = max / Math.sqrt(l2);
        v[o] *= k;
        v[o + 1] *= k;
        v[o + 2] *= k;
        return true;
    }

    private void integratePositions(double h) {
        Bodies b = bodies;
        SolverLimits limits = world.limits;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] == Bodies.STATIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            if (b.type[i] == Bodies.DYNAMIC && (capSpeed(b.linVel, o, b.maxLinearSpeed[i]) | capSpeed(b.angVel, o, b.maxAngularSpeed[i]))) {
                limits.speedCapped++;
            }
            b.pos[o] += h * b.linVel[o];
            b.pos[o + 1] += h * b.linVel[o + 1];
            b.pos[o + 2] += h * b.linVel[o + 2];
            double wx = b.angVel[o];
            double wy = b.angVel[o + 1];
            double wz = b.angVel[o + 2];
            int q = 4 * i;
            double qx = b.rot[q];
            double qy = b.rot[q + 1];
            double qz = b.rot[q + 2];
            double qw = b.rot[q + 3];
            double hh = 0.5 * h;
            if (b.type[i] == Bodies.KINEMATIC) {
                // exactly: q = exp(h·ω/2) ⊗ q, so a kinematic body lands on its moveKinematic target
                // (the linearized step below turns a fast-turning animated hand 0.1° short a tick)
                double speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
                if (speed > 0) {
                    double half = hh * speed;
                    double s = Math.sin(half) / speed;
                    double c = Math.cos(half);
                    double ex = s * wx;
                    double ey = s * wy;
                    double ez = s * wz;
                    b.rot[q] = c * qx + ex * qw + ey * qz - ez * qy;
                    b.rot[q + 1] = c * qy + ey * qw + ez * qx - ex * qz;
                    b.rot[q + 2] = c * qz + ez * qw + ex * qy - ey * qx;
                    b.rot[q + 3] = c * qw - ex * qx - ey * qy - ez * qz;
                }
                continue;
            }
            // q += h/2 · (0, ω) ⊗ q
            double nx = qx + hh * (wx * qw + wy * qz - wz * qy);
            double ny = qy + hh * (wy * qw + wz * qx - wx * qz);
            double nz = qz + hh * (wz * qw + wx * qy - wy * qx);
            double nw = qw - hh * (wx * qx + wy * qy + wz * qz);
            double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
            b.rot[q] = nx * inv;
            b.rot[q + 1] = ny * inv;
            b.rot[q + 2] = nz * inv;
            b.rot[q + 3] = nw * inv;
        }
    }

    private void finishTick(WorldSettings s, double dt) {
        Bodies b = bodies;
        double lin2 = s.sleepLinearSpeed() * s.sleepLinearSpeed();
        double ang2 = s.sleepAngularSpeed() * s.sleepAngularSpeed();
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            Arrays.fill(b.force, 3 * i, 3 * i + 3, 0);
            Arrays.fill(b.torque, 3 * i, 3 * i + 3, 0);
            if (b.type[i] == Bodies.STATIC) {
                continue;
            }
            if (isMoving(i)) {
                for (int k : b.shapes[i]) {
                    contacts.updateColliderPose(k);
                }
            }
            if (b.type[i] != Bodies.DYNAMIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            double v2 = b.linVel[o] * b.linVel[o] + b.linVel[o + 1] * b.linVel[o + 1] + b.linVel[o + 2] * b.linVel[o + 2];
            double w2 = b.angVel[o] * b.angVel[o] + b.angVel[o + 1] * b.angVel[o + 1] + b.angVel[o + 2] * b.angVel[o + 2];
            b.sleepTime[i] = (v2 < lin2 && w2 < ang2) ? b.sleepTime[i] + dt : 0;
        }
        islands.begin(b);
        Joints joints = world.joints;
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && b.type[joints.bodyA[j]] == Bodies.DYNAMIC && b.type[joints.bodyB[j]] == Bodies.DYNAMIC) {
                islands.union(joints.bodyA[j], joints.bodyB[j]);
            }
        }
        double touchLimit = s.linearSlop();
        for (int i = 0; i < contacts.pairCount; i++) {
            ContactPair p = contacts.pairs[i];
            boolean touching = false;
            double impulse = 0;
            for (ContactPair q = p; q != null; q = q.nextPatch) {
                if (q.pointCount == 0) {
                    q.touching = false;
                    continue;
                }
                if (isMoving(q.bodyA) || isMoving(q.bodyB)) {
                    q.touching = q.totalImpulse() > 0 || q.minSeparation() <= touchLimit;
                }
                boolean dynA = b.type[q.bodyA] == Bodies.DYNAMIC;
                boolean dynB = b.type[q.bodyB] == Bodies.DYNAMIC;
                if (dynA && dynB) {
                    islands.union(q.bodyA, q.bodyB);
                } else if (dynA && b.type[q.bodyB] == Bodies.KINEMATIC && isMoving(q.bodyB)) {
                    islands.markRestless(q.bodyA);
                } else if (dynB && b.type[q.bodyA] == Bodies.KINEMATIC && isMoving(q.bodyA)) {
                    islands.markRestless(q.bodyB);
                }
                touching |= q.touching;
                impulse += q.totalImpulse();
            }
            // events per pair of colliders (a terrain pair's patches together), kept on the first
            if (touching && !p.wasTouching) {
                events.add(ContactEvents.BEGIN, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            } else if (!touching && p.wasTouching) {
                events.add(ContactEvents.END, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            }
            if (touching) {
                events.add(ContactEvents.TOUCH, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], impulse);
            }
            p.wasTouching = touching;
        }
        islands.finish(b, s.sleepEnabled(), s.timeToSleep());
    }

}
