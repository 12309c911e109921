package dev.sinew.solver.articulation;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.joint.Joints;
import java.util.Arrays;

/**
 * Finds a tick's articulations ({@link Articulations}): the components of moving bodies joined by
 * joints (union–find in joint-slot order), each kept if it has no loop, only joints an articulation
 * can carry, at most one joint to a body that does not move and no node deeper than
 * {@link #MAX_DEPTH}, laid out breadth-first from its root, children in joint-slot order.
 */
final class ArticulationFinder {
    private final Bodies b;
    private final Joints joints;
    private Articulations arts;
    private int[] root = new int[0];
    private int[] worldJoints = new int[0];
    /**
     * Per union-find root: a joint of its component to a body that does not move, or −1 (the one
     * joint when {@link #worldJoints} is 1).
     */
    private int[] worldJoint = new int[0];
    private boolean[] bad = new boolean[0];
    private int[] adjStart = new int[0];
    private int[] adj = new int[0];
    private int[] queue = new int[0];
    private int[] queueJoint = new int[0];
    private int[] queueParentLink = new int[0];

    ArticulationFinder(Bodies bodies, Joints joints) {
        this.b = bodies;
        this.joints = joints;
    }

    /**
     * A joint an articulation can carry: a ball or swing-twist joint, unbreakable, without axis
     * motors, with a rigid point, or a soft point if it holds the tree to a body that does not move
     * (its root spring).
     */
    private boolean articulable(int j) {
        boolean world = !(moving(joints.bodyA[j]) && moving(joints.bodyB[j]));
        return joints.linear[j] == null && (joints.pointSpring[j] == null || world) && !joints.sequentialOnly[j]
                && joints.breakForce[j] == Double.POSITIVE_INFINITY && joints.breakTorque[j] == Double.POSITIVE_INFINITY
                && joints.angle[j] == null && joints.hinge[j] == null && joints.motor[j] == null;
    }

    private boolean moving(int body) {
        return b.solverInvMass(body) > 0;
    }

    private int find(int x) {
        while (root[x] != x) {
            root[x] = root[root[x]];
            x = root[x];
        }
        return x;
    }

    /** Finds this tick's articulations into {@code arts} (see {@link Articulations}). */
    void build(Articulations arts) {
        this.arts = arts;
        int cap = b.capacity;
        if (arts.artOf.length < cap) {
            arts.artOf = new int[cap];
            arts.linkOf = new int[cap];
            root = new int[cap];
            worldJoints = new int[cap];
            worldJoint = new int[cap];
            bad = new boolean[cap];
            adjStart = new int[cap + 1];
            queue = new int[cap];
            queueJoint = new int[cap];
            queueParentLink = new int[cap];
        }
        if (adj.length < 2 * joints.high) {
            adj = new int[2 * joints.alive.length];
        }
        Arrays.fill(arts.artOf, 0, b.high, -1);
        Arrays.fill(joints.articulated, 0, joints.high, false);
        Arrays.fill(b.articulated, 0, b.high, false);
        arts.count = 0;
        for (int i = 0; i < b.high; i++) {
            root[i] = i;
            worldJoints[i] = 0;
            worldJoint[i] = -1;
            bad[i] = false;
        }
        // components of moving bodies through joints; a loop, a joint the articulation cannot carry
        // or more than one joint to a non-moving body makes the component stay maximal
        boolean any = false;
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || !joints.touchesMoving(b, j)) {
                continue;
            }
            int a = joints.bodyA[j];
            int c = joints.bodyB[j];
            if (moving(a) && moving(c)) {
                int ra = find(a);
                int rc = find(c);
                if (ra == rc) {
                    bad[ra] = true;
                } else {
                    int lo = Math.min(ra, rc);
                    int hi = Math.max(ra, rc);
                    root[hi] = lo;
                    bad[lo] |= bad[hi];
                    worldJoints[lo] += worldJoints[hi];
                    if (worldJoint[lo] < 0) {
                        worldJoint[lo] = worldJoint[hi];
                    }
                }
            } else {
                int r = find(moving(a) ? a : c);
                worldJoints[r]++;
                worldJoint[r] = j;
            }
            any = true;
        }
        if (!any) {
            return;
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                int r = find(moving(joints.bodyA[j]) ? joints.bodyA[j] : joints.bodyB[j]);
                if (!articulable(j) || worldJoints[r] > 1) {
                    bad[r] = true;
                }
            }
        }
        // adjacency of moving bodies (compressed rows, joints in slot order)
        Arrays.fill(adjStart, 0, b.high + 1, 0);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                adjStart[joints.bodyA[j] + 1]++;
                adjStart[joints.bodyB[j] + 1]++;
            }
        }
        for (int i = 0; i < b.high; i++) {
            adjStart[i + 1] += adjStart[i];
        }
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                adj[adjStart[joints.bodyA[j]]++] = j;
                adj[adjStart[joints.bodyB[j]]++] = j;
            }
        }
        for (int i = b.high; i > 0; i--) {
            adjStart[i] = adjStart[i - 1];
        }
        adjStart[0] = 0;
        // each good component once, from its lowest slot (its union-find root)
        for (int i = 0; i < b.high; i++) {
            if (!moving(i) || find(i) != i || bad[i] || adjStart[i + 1] == adjStart[i]) {
                continue;
            }
            emit(i);
        }
            }

    /** Lays out the articulation of the component rooted (union-find) at body r. */
    private void emit(int r) {
        // the base joint, if any: the component's one joint to a non-moving body, found while
        // joining the components (a search of the bodies here made a world of pinned ragdolls
        // quadratic in its bodies)
        int baseJoint = -1;
        int start = r;
        if (worldJoints[r] == 1) {
            baseJoint = worldJoint[r];
            start = moving(joints.bodyA[baseJoint]) ? joints.bodyA[baseJoint] : joints.bodyB[baseJoint];
        }
        if (arts.count == arts.list.length) {
            arts.list = Arrays.copyOf(arts.list, 2 * arts.count);
        }
        if (arts.list[arts.count] == null) {
            arts.list[arts.count] = new Articulation();
        }
        Articulation a = arts.list[arts.count];
        int baseBody = -1;
        boolean sprung = baseJoint >= 0 && joints.pointSpring[baseJoint] != null;
        if (baseJoint >= 0 && !sprung) {
            baseBody = joints.bodyA[baseJoint] == start ? joints.bodyB[baseJoint] : joints.bodyA[baseJoint];
        }
        a.reset(baseBody);
        if (sprung) {
            a.rootSpring = baseJoint;
        }
        // breadth-first from the root body, children in joint-slot order
        int head = 0;
        int tail = 0;
        queue[tail] = start;
        queueJoint[tail] = baseJoint;
        queueParentLink[tail] = -1;
        tail++;
        if (baseJoint >= 0) {
            joints.articulated[baseJoint] = true;
        }
        while (head < tail) {
            int body = queue[head];
            int via = queueJoint[head];
            int parentLink = queueParentLink[head];
            head++;
            int l;
            if (via < 0 || sprung && parentLink < 0) {
                l = a.addLink(body, -1, via, null, 0, null, 0);
            } else {
                boolean onB = joints.bodyB[via] == body;
                l = a.addLink(body, parentLink, via, onB ? joints.localA : joints.localB, 3 * via,
                        onB ? joints.localB : joints.localA, 3 * via);
            }
            arts.artOf[body] = arts.count;
            arts.linkOf[body] = l;
            b.articulated[body] = true;
            for (int e = adjStart[body]; e < adjStart[body + 1]; e++) {
                int j = adj[e];
                if (joints.articulated[j]) {
                    continue;
                }
                int other = joints.bodyA[j] == body ? joints.bodyB[j] : joints.bodyA[j];
                if (!moving(other)) {
                    continue;
                }
                joints.articulated[j] = true;
                queue[tail] = other;
                queueJoint[tail] = j;
                queueParentLink[tail] = l;
                tail++;
            }
        }
        a.finish();
        int deepest = 0;
        for (int i = 0; i < a.nodeCount; i++) {
            deepest = Math.max(deepest, a.depth[i]);
        }
        if (deepest > MAX_DEPTH) {
            // a long chain: its path sweeps cost O(depth²); the maximal tree solve is linear in it
            for (int l = 0; l < a.linkCount; l++) {
                arts.artOf[a.body[l]] = -1;
                b.articulated[a.body[l]] = false;
                if (a.linkJoint[l] >= 0) {
                    joints.articulated[a.linkJoint[l]] = false;
                }
            }
            return;
        }
        arts.count++;
    }

    /**
     * Deepest node an articulation may have (root nodes included). A ragdoll's hand is 7 nodes from
     * its root; the 40-link chains are left to the maximal tree solve, whose factorization is linear
     * in the number of links where the path sweeps here grow with the square of the depth.
     */
    static final int MAX_DEPTH = 16;

}
