package dev.sinew.solver.step;

import dev.sinew.solver.articulation.ArticulationLane;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.BlockLcp;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.contact.IslandBlockSolver;
import dev.sinew.solver.math.LongSort;

/**
 * The order in which a tick's contact pairs are solved: small islands of manifolds as one exact
 * block (the island solver), every other manifold on its own. Rebuilt when the tick starts and
 * when fast pairs are recollided between substeps.
 *
 * <p>The items (blocks and single manifolds) are scheduled for parallel solving. What a pair's
 * rows write is the velocity of its moving bodies, and, for an articulated body, its whole
 * articulation (the rows move the tree); so an item touches a set of resources: each dynamic body
 * it has, an articulated body counted as its articulation. Items joined through shared resources
 * form solve islands. An island without an articulation is one unit of work, its items in the
 * order above (the same arithmetic as solving everything one by one). In an island with an
 * articulation (a ragdoll pile is one), the items of one resource are a unit too (a tree's own and
 * ground contacts); the items between two resources are grouped by the pair, and the groups are
 * coloured greedily in resource order, each taking the first of {@value #COLOURS} colours neither
 * of its resources has yet, so the groups of one colour touch disjoint resources. A pass solves
 * the colours one after another, then the groups no colour could take, one by one, then the units
 * in parallel (a tree's own and ground contacts have the last word). The schedule is a function of
 * the pair list, so the results are the same at any thread count: one thread runs the same units
 * and colours in the same order.
 *
 * <p>A pair a biased pass solved without changing any of its impulses by more than {@link
 * Tuning#QUIET_IMPULSE} or {@link Tuning#QUIET_FRACTION} of its load, and which bears some impulse,
 * is quiet ({@code ContactSolver.quiet}): the substep's further biased passes pass it by (a
 * resting pile's pairs are held by the first pass). The relax and the next substep solve it again;
 * a pair bearing nothing is left to the apart tests, as other rows may turn it to closing.
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

    SolveOrder(Bodies bodies, ContactSolver contactSolver, IslandBlockSolver islandSolver, Articulations arts,
            Parallel par, Lane[][] lanes) {
        this.bodies = bodies;
        this.contactSolver = contactSolver;
        this.islandSolver = islandSolver;
        this.arts = arts;
        this.par = par;
        this.lanes = lanes;
        this.mainLane = arts.mainLane();
    }

    private final Parallel par;
    /** The stepper's lanes (one array, replaced when the lanes grow). */
    private final Lane[][] lanes;
    private final ArticulationLane mainLane;

    /** Most colours of the articulated islands' items; the items past them are solved one by one. */
    static final int COLOURS = 64;
    // the schedule: units (items of islands without articulations) and colours (of the others)
    private int[] resRoot = new int[64];
    private boolean[] resArt = new boolean[64];
    private long[] resMask = new long[64];
    private int[] resUnit = new int[64];
    private int[] itemTag = new int[64];
    private int[] unitItems = new int[64];
    private int[] unitStart = new int[65];
    private int unitCount;
    /** Sort keys of the two-resource items: lower resource, higher resource, item (21 bits each). */
    private long[] pairKeys = new long[64];
    private static final int KEY_LIMIT = 1 << 21;
    private static final long KEY_MASK = KEY_LIMIT - 1;
    /** The two-resource items sorted, their groups (one per resource pair), each group's colour, the groups by colour. */
    private int[] pairItems = new int[64];
    private int[] groupStart = new int[65];
    private int[] groupColour = new int[64];
    private int[] colGroups = new int[64];
    private final int[] colStart = new int[COLOURS + 2];
    private int colourCount;
    private int overflowFrom;
    private int colItemCount;
    // the stage being run
    private boolean warm;
    private double stageInvH;
    private boolean stageBias;
    private final Parallel.Range unitRange = this::runUnits;
    private final Parallel.Range colourRange = this::runColoured;

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
        flags.invalidate();
        schedule();
    }

    /**
     * The pairs' impulses or articulations were changed outside this order's passes (rows prepared
     * again between substeps, articulations let go): the items' flags are read again before the next
     * warm start.
     */
    void pairsChanged() {
        flags.invalidate();
    }

    /** The resource of a body: −1 if its velocity is not written, its articulation, or itself. */
    private int resource(int body) {
        if (bodies.type[body] != Bodies.DYNAMIC) {
            return -1;
        }
        int a = arts.articulationOf(body);
        return a >= 0 ? bodies.capacity + a : body;
    }

    private int findRes(int x) {
        while (resRoot[x] != x) {
            resRoot[x] = resRoot[resRoot[x]];
            x = resRoot[x];
        }
        return x;
    }

    /** The first resource of an item (every item has a dynamic body). */
    private int firstResource(int it) {
        for (int m = itemStart[it]; m < itemStart[it + 1]; m++) {
            int r = resource(ordered[m].bodyA);
            if (r < 0) {
                r = resource(ordered[m].bodyB);
            }
            if (r >= 0) {
                return r;
            }
        }
        return -1;
    }

    /** True if resource r is the only one the item touches. */
    private boolean onlyResource(int it, int r) {
        for (int m = itemStart[it]; m < itemStart[it + 1]; m++) {
            int ra = resource(ordered[m].bodyA);
            int rb = resource(ordered[m].bodyB);
            if (ra >= 0 && ra != r || rb >= 0 && rb != r) {
                return false;
            }
        }
        return true;
    }

    /** Units and colours over the items (see the class doc). */
    private void schedule() {
        int keys = bodies.capacity + arts.count();
        if (resRoot.length < keys) {
            int len = Math.max(keys, 2 * resRoot.length);
            resRoot = new int[len];
            resArt = new boolean[len];
            resMask = new long[len];
            resUnit = new int[len];
        }
        if (itemTag.length < itemCount) {
            int len = Math.max(itemCount, 2 * itemTag.length);
            itemTag = new int[len];
            unitItems = new int[len];
            unitStart = new int[len + 1];
        }
        int cap = bodies.capacity;
        for (int m = 0; m < itemStart[itemCount]; m++) {
            for (int side = 0; side < 2; side++) {
                int r = resource(side == 0 ? ordered[m].bodyA : ordered[m].bodyB);
                if (r >= 0) {
                    resRoot[r] = r;
                    resArt[r] = r >= cap;
                    resMask[r] = 0;
                    resUnit[r] = -1;
                }
            }
        }
        for (int it = 0; it < itemCount; it++) {
            int first = findRes(firstResource(it));
            for (int m = itemStart[it]; m < itemStart[it + 1]; m++) {
                for (int side = 0; side < 2; side++) {
                    int r = resource(side == 0 ? ordered[m].bodyA : ordered[m].bodyB);
                    if (r >= 0) {
                        int root = findRes(r);
                        if (root != first) {
                            int lo = Math.min(root, first);
                            int hi = Math.max(root, first);
                            resRoot[hi] = lo;
                            resArt[lo] |= resArt[hi];
                            first = lo;
                        }
                    }
                }
            }
        }
        // units: the islands without an articulation, in the order of their first item
        unitCount = 0;
        int unitItemCount = 0;
        colItemCount = 0;
        for (int it = 0; it < itemCount; it++) {
            int first = firstResource(it);
            int root = findRes(first);
            int key = root;
            if (resArt[root]) {
                key = onlyResource(it, first) ? first : -1;
            }
            if (key < 0) {
                itemTag[it] = -1;
                continue;
            }
            if (resUnit[key] < 0) {
                resUnit[key] = unitCount;
                unitStart[unitCount] = 0;
                unitCount++;
            }
            itemTag[it] = resUnit[key];
            unitStart[resUnit[key]]++;
            unitItemCount++;
        }
        int at = 0;
        for (int u = 0; u < unitCount; u++) {
            int c = unitStart[u];
            unitStart[u] = at;
            at += c;
        }
        unitStart[unitCount] = at;
        for (int it = 0; it < itemCount; it++) {
            if (itemTag[it] >= 0) {
                unitItems[unitStart[itemTag[it]]++] = it;
            }
        }
        for (int u = unitCount; u > 0; u--) {
            unitStart[u] = unitStart[u - 1];
        }
        unitStart[0] = 0;
        // the other items of islands with an articulation touch two resources: grouped by the two
        // (sorted by resource pair, then item), the groups coloured greedily in that order
        int multi = 0;
        if (pairKeys.length < itemCount) {
            pairKeys = new long[Math.max(itemCount, 2 * pairKeys.length)];
        }
        for (int it = 0; it < itemCount; it++) {
            if (itemTag[it] != -1) {
                continue;
            }
            int r1 = -1;
            int r2 = -1;
            boolean more = false;
            for (int m = itemStart[it]; m < itemStart[it + 1]; m++) {
                for (int side = 0; side < 2; side++) {
                    int r = resource(side == 0 ? ordered[m].bodyA : ordered[m].bodyB);
                    if (r < 0 || r == r1 || r == r2) {
                        continue;
                    }
                    if (r1 < 0) {
                        r1 = r;
                    } else if (r2 < 0) {
                        r2 = r;
                    } else {
                        more = true;
                    }
                }
            }
            if (more || Math.max(r1, r2) >= KEY_LIMIT || it >= KEY_LIMIT) {
                r1 = KEY_LIMIT - 1; // one group, after all others, solved one by one
                r2 = KEY_LIMIT - 1;
            }
            long lo = Math.min(r1, r2);
            long hi = Math.max(r1, r2);
            pairKeys[multi++] = lo << 42 | hi << 21 | it;
        }
        LongSort.sort(pairKeys, 0, multi);
        if (pairItems.length < multi + 1) {
            int len = Math.max(multi + 1, 2 * pairItems.length);
            pairItems = new int[len];
            groupStart = new int[len + 1];
            groupColour = new int[len];
            colGroups = new int[len];
        }
        int groups = 0;
        long lastPair = -1;
        for (int k = 0; k < multi; k++) {
            long pair = pairKeys[k] >>> 21;
            pairItems[k] = (int) (pairKeys[k] & KEY_MASK);
            if (pair != lastPair) {
                groupStart[groups++] = k;
                lastPair = pair;
            }
        }
        groupStart[groups] = multi;
        java.util.Arrays.fill(colStart, 0);
        for (int g = 0; g < groups; g++) {
            long pair = pairKeys[groupStart[g]] >>> 21;
            int r1 = (int) (pair >>> 21);
            int r2 = (int) (pair & KEY_MASK);
            int colour = COLOURS;
            if (r1 != KEY_LIMIT - 1) {
                long used = resMask[r1] | resMask[r2];
                colour = Long.numberOfTrailingZeros(~used); // 64 when every colour is taken
                if (colour < COLOURS) {
                    resMask[r1] |= 1L << colour;
                    resMask[r2] |= 1L << colour;
                }
            }
            groupColour[g] = colour;
            colStart[colour + 1]++;
        }
        colourCount = 0;
        for (int c = 0; c < COLOURS; c++) {
            if (colStart[c + 1] > 0) {
                colourCount = c + 1;
            }
        }
        for (int c = 0; c <= COLOURS; c++) {
            colStart[c + 1] += colStart[c];
        }
        overflowFrom = colStart[COLOURS];
        colItemCount = groups;
        for (int g = 0; g < groups; g++) {
            colGroups[colStart[groupColour[g]]++] = g;
        }
        for (int c = COLOURS + 1; c > 0; c--) {
            colStart[c] = colStart[c - 1];
        }
        colStart[0] = 0;
        for (Lane l : lanes[0]) {
            l.island.shareCouplings(islandSolver);
        }
    }

    /** How many colours this tick's schedule has (for tests and profiling). */
    int colours() {
        return colourCount;
    }

    /** How many items no colour could take (solved one by one). */
    int overflow() {
        return colItemCount - overflowFrom;
    }

    /** The warm start of every pair, in the schedule's units and colours. */
    void warmStart() {
        flags.classify(itemCount, ordered, itemStart, itemBlock, bodies, contactSolver);
        warm = true;
        runSchedule();
    }

    private void runSchedule() {
        for (int c = 0; c < colourCount; c++) {
            par.run(colStart[c], colStart[c + 1], Parallel.HEAVY, colourRange);
        }
        if (overflowFrom < colItemCount) {
            runColoured(0, overflowFrom, colItemCount);
        }
        par.run(0, unitCount, Parallel.HEAVY, unitRange);
    }

    private void runUnits(int lane, int from, int to) {
        Lane l = lanes[0][lane];
        for (int u = from; u < to; u++) {
            for (int k = unitStart[u]; k < unitStart[u + 1]; k++) {
                item(unitItems[k], l);
            }
        }
    }

    private void runColoured(int lane, int from, int to) {
        Lane l = lanes[0][lane];
        for (int k = from; k < to; k++) {
            int g = colGroups[k];
            for (int i = groupStart[g]; i < groupStart[g + 1]; i++) {
                item(pairItems[i], l);
            }
        }
    }

    private void item(int it, Lane l) {
        if (warm) {
            if (flags.bareTree(it, ordered[itemStart[it]], l.cs)) {
                return; // a single pair with no impulse to carry over
            }
            for (int m = itemStart[it]; m < itemStart[it + 1]; m++) {
                ContactPair p = ordered[m];
                // the warm start reads no velocity: the articulated bodies' impulses are booked
                // and swept through their trees, whose velocities are refreshed after it
                if (bodies.articulated[p.bodyA]) {
                    arts.clearWrench(p.bodyA, l.art);
                }
                if (bodies.articulated[p.bodyB]) {
                    arts.clearWrench(p.bodyB, l.art);
                }
                l.cs.warmStart(p);
                end(p, l.art);
            }
        } else {
            solveItem(it, l, stageInvH, stageBias);
        }
    }

    /**
     * Marks the items the next passes pass by: the pairs of an articulated body with no impulse
     * that are apart by {@link Tuning#SUBSTEP_APART_MARGIN} more than their closing speed needs
     * (velocities as last written to the body arrays). Call after {@link #build} and before the
     * passes of a substep, with the articulations' velocities written; the relax keeps the marks.
     */
    void select(double invH) {
        substep++;
        biasedPasses = 0;
        if (skipped.length < itemCount) {
            skipped = new boolean[itemStart.length];
        }
        stageInvH = invH;
        par.run(0, itemCount, Parallel.FLAGS, selectRange);
    }

    private final Parallel.Range selectRange = this::select;

    /** {@link #select(double)} of items [from, to): each reads the pairs and bodies and writes its own mark. */
    private void select(int lane, int from, int to) {
        double invH = stageInvH;
        ContactSolver cs = lanes[0][lane].cs;
        for (int it = from; it < to; it++) {
            boolean skip = false;
            ContactPair p = ordered[itemStart[it]];
            if (flags.bareTree(it, p, cs)) {
                skip = p.groundBlock || cs.clearlyApart(p, invH, Tuning.SUBSTEP_APART_MARGIN);
            }
            skipped[it] = skip;
        }
    }

    /** Substeps begun ({@link #select}), the stamp of {@link ContactPair#quietIn} (a long: it never wraps back to an old stamp). */
    private long substep;
    /** Biased passes begun in this substep. */
    private int biasedPasses;
    /** This pass passes by the pairs an earlier biased pass of the substep found quiet. */
    private boolean quietSkip;

    /** Per item: passed by in this substep's passes and relax ({@link #select}). */
    private boolean[] skipped = new boolean[65];

    /** What the passes ask of each single pair, kept beside the items. */
    private final ItemFlags flags = new ItemFlags();

    /** One pass over the solve order: the blocks by the island solver, the rest pair by pair. */
    void solve(double invH, boolean useBias) {
        warm = false;
        quietSkip = useBias && biasedPasses > 0;
        if (useBias) {
            biasedPasses++;
        }
        stageInvH = invH;
        stageBias = useBias;
        runSchedule();
    }

    private void solveItem(int it, Lane lane, double invH, boolean useBias) {
        if (skipped[it]) {
            return;
        }
        if (quietSkip && flags.quietIn(it, substep)) {
            return; // an earlier biased pass of this substep changed none of its impulses
        }
        ContactSolver cs = lane.cs;
        ArticulationLane al = lane.art;
        if (itemBlock[it] >= 0) {
            lane.island.solve(itemBlock[it], ordered, itemStart[it], itemStart[it + 1], invH, useBias);
        } else {
            ContactPair p = ordered[itemStart[it]];
            if (flags.bareTree(it, p, cs)) {
                // nothing to solve: friction bounded by zero normals, and normals that stay zero
                if (p.groundBlock || cs.clearlyApart(p, invH, Tuning.APART_MARGIN)) {
                    return;
                }
                load(p, al);
                if (cs.apart(p, invH)) {
                    return;
                }
                cross(p, al);
            } else {
                begin(p, al);
            }
            if (useBias) {
                cs.keepImpulses(p);
            }
            cs.solve(p, invH, useBias);
            // a pair with no impulse is left to the apart tests: other rows may yet turn it to closing
            boolean quiet = useBias && cs.quiet(p);
            if (quiet) {
                p.quietIn = substep;
            }
            flags.solved(it, p, cs, quiet, substep);
            end(p, al);
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
        begin(p, mainLane);
    }

    private void begin(ContactPair p, ArticulationLane l) {
        load(p, l);
        cross(p, l);
    }

    /** A pair's articulated bodies' exact velocities, loaded into the body arrays. */
    private void load(ContactPair p, ArticulationLane l) {
        if (bodies.articulated[p.bodyA]) {
            arts.begin(p.bodyA, l);
        }
        if (bodies.articulated[p.bodyB]) {
            arts.begin(p.bodyB, l);
        }
    }

    /** The cross response of a pair's two bodies when one tree holds both. */
    private void cross(ContactPair p, ArticulationLane l) {
        if (bodies.articulated[p.bodyA] && bodies.articulated[p.bodyB] && arts.sameTree(p.bodyA, p.bodyB)) {
            arts.crossBegin(p, l);
        }
    }

    /** After a pair's rows: what they gave its articulated bodies, swept through their trees. */
    void end(ContactPair p) {
        end(p, mainLane);
    }

    private void end(ContactPair p, ArticulationLane l) {
        if (bodies.articulated[p.bodyA]) {
            arts.end(p.bodyA, l);
        }
        if (bodies.articulated[p.bodyB]) {
            arts.end(p.bodyB, l);
        }
        arts.crossEnd(l);
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
