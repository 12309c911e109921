package dev.sinew.solver.step;

import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.BlockLcp;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.contact.IslandBlockSolver;

/**
 * The order in which a tick's contact pairs are solved: small islands of manifolds as one exact
 * block (the island solver), every other manifold on its own. Rebuilt when the tick starts and
 * when fast pairs are recollided between substeps.
 */
final class SolveOrder {
    private final Bodies bodies;
    private final ContactSolver contactSolver;
    private final IslandBlockSolver islandSolver;
    // The pairs grouped by island, and the items over them.
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

    SolveOrder(Bodies bodies, ContactSolver contactSolver, IslandBlockSolver islandSolver, Articulations arts) {
        this.bodies = bodies;
        this.contactSolver = contactSolver;
        this.islandSolver = islandSolver;
        this.arts = arts;
    }

    private final Articulations arts;

    /**
     * Groups the pairs to solve into the solve order: islands of two or more manifolds with at
     * most {@value BlockLcp#MAX} points in all are solved as a block; all other manifolds one
     * by one. Islands come in the order of their first pair and keep the pairs' key order inside,
     * so the order is a function of the pair list alone.
     */
    void build(TickContext ctx) {
        ContactPair[] solveList = ctx.solveList;
        int n = ctx.solveCount;
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
            // an articulated body's pairs go one by one: the island solver sees each body alone
            if (count >= 2 && groupRows[g] <= BlockLcp.MAX && !touchesArticulated(at, at + count)) {
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

    /**
     * Chooses the items the next passes visit: every item but the pairs of an articulated body with
     * no impulse that are apart by {@link Tuning#SUBSTEP_APART_MARGIN} more than their closing speed
     * needs (velocities as last written to the body arrays). Call after {@link #build} and before
     * the passes of a substep and its relax, with the articulations' velocities written.
     */
    void select(double invH) {
        if (active.length < itemCount) {
            active = new int[itemStart.length];
        }
        activeCount = 0;
        for (int it = 0; it < itemCount; it++) {
            if (itemBlock[it] < 0) {
                ContactPair p = ordered[itemStart[it]];
                if ((bodies.articulated[p.bodyA] || bodies.articulated[p.bodyB]) && contactSolver.unloaded(p)
                        && (p.groundBlock || contactSolver.clearlyApart(p, invH, Tuning.SUBSTEP_APART_MARGIN))) {
                    continue;
                }
            }
            active[activeCount++] = it;
        }
    }

    private int[] active = new int[65];
    private int activeCount;

    /** One pass over the selected items: the blocks by the island solver, the rest pair by pair. */
    void solve(double invH, boolean useBias) {
        for (int at = 0; at < activeCount; at++) {
            int it = active[at];
            if (itemBlock[it] >= 0) {
                islandSolver.solve(itemBlock[it], ordered, itemStart[it], itemStart[it + 1], invH, useBias);
            } else {
                ContactPair p = ordered[itemStart[it]];
                boolean tree = bodies.articulated[p.bodyA] || bodies.articulated[p.bodyB];
                if (tree && contactSolver.unloaded(p)) {
                    // nothing to solve: friction bounded by zero normals, and normals that stay zero
                    if (p.groundBlock || contactSolver.clearlyApart(p, invH, Tuning.APART_MARGIN)) {
                        continue;
                    }
                    load(p);
                    if (contactSolver.apart(p, invH)) {
                        continue;
                    }
                    cross(p);
                } else {
                    begin(p);
                }
                contactSolver.solve(p, invH, useBias);
                end(p);
            }
        }
    }

    /**
     * The warm start of every pair in the solve list. A pair with an articulated body and no impulse
     * to carry over is passed by: its warm start would add nothing, and loading its bodies' exact
     * velocities costs two path sweeps.
     */
    void warmStart(TickContext ctx) {
        for (int i = 0; i < ctx.solveCount; i++) {
            ContactPair p = ctx.solveList[i];
            if ((bodies.articulated[p.bodyA] || bodies.articulated[p.bodyB]) && contactSolver.unloaded(p)) {
                continue;
            }
            begin(p);
            contactSolver.warmStart(p);
            end(p);
        }
    }

    private boolean touchesArticulated(int from, int to) {
        for (int i = from; i < to; i++) {
            if (bodies.articulated[ordered[i].bodyA] || bodies.articulated[ordered[i].bodyB]) {
                return true;
            }
        }
        return false;
    }

    /** Before a pair's rows: its articulated bodies' exact velocities, and the cross response of two in one tree. */
    void begin(ContactPair p) {
        load(p);
        cross(p);
    }

    /** A pair's articulated bodies' exact velocities, loaded into the body arrays. */
    private void load(ContactPair p) {
        if (bodies.articulated[p.bodyA]) {
            arts.begin(p.bodyA);
        }
        if (bodies.articulated[p.bodyB]) {
            arts.begin(p.bodyB);
        }
    }

    /** The cross response of a pair's two bodies when one tree holds both. */
    private void cross(ContactPair p) {
        if (bodies.articulated[p.bodyA] && bodies.articulated[p.bodyB] && arts.sameTree(p.bodyA, p.bodyB)) {
            arts.crossBegin(p);
        }
    }

    /** After a pair's rows: what they gave its articulated bodies, swept through their trees. */
    void end(ContactPair p) {
        if (bodies.articulated[p.bodyA]) {
            arts.end(p.bodyA);
        }
        if (bodies.articulated[p.bodyB]) {
            arts.end(p.bodyB);
        }
        arts.crossEnd();
    }

    private int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    private boolean awakeDynamic(int body) {
        return bodies.type[body] == Bodies.DYNAMIC && bodies.awake[body];
    }
}
