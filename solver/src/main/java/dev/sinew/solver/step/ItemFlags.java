package dev.sinew.solver.step;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.contact.ContactSolver;

/**
 * What the solve order's passes ask of a single pair, kept per item so that the items they pass
 * by are not read: a tick's pairs do not fit in the cache, and reading one only to pass it by costs
 * a miss. The flags are read from the pairs once per build ({@link #classify}), and again after the
 * pairs changed outside the passes ({@link #invalidate}).
 */
final class ItemFlags {
    /** The flags hold for the current pairs. */
    private boolean valid;
    /** Per item: a single pair with an articulated body. */
    private boolean[] tree = new boolean[64];
    /**
     * Per item: a single pair whose impulses only its own solve in the passes changes (not a tree's
     * ground block or contact rows), so {@link #bare} follows them.
     */
    private boolean[] own = new boolean[64];
    /** Per item with {@link #own}: the pair bears no impulse ({@code ContactSolver.unloaded}). */
    private boolean[] bare = new boolean[64];
    /** Per item: the substep in which a biased pass found its pair quiet (as {@link ContactPair#quietIn}), −1 for none. */
    private long[] quiet = new long[64];

    /** The flags are to be read from the pairs again before they are next used. */
    void invalidate() {
        valid = false;
    }

    /**
     * Reads each item's flags from its pair unless they hold: items [0, count), item it's pairs
     * ordered[start[it]] onwards, a block (block[it] ≥ 0) left unflagged.
     */
    void classify(int count, ContactPair[] ordered, int[] start, int[] block, Bodies bodies, ContactSolver cs) {
        if (valid) {
            return;
        }
        if (tree.length < count) {
            int len = Math.max(count, 2 * tree.length);
            tree = new boolean[len];
            own = new boolean[len];
            bare = new boolean[len];
            quiet = new long[len];
        }
        for (int it = 0; it < count; it++) {
            quiet[it] = -1;
            if (block[it] >= 0) {
                tree[it] = false;
                own[it] = false;
                continue;
            }
            ContactPair p = ordered[start[it]];
            tree[it] = bodies.articulated[p.bodyA] || bodies.articulated[p.bodyB];
            own[it] = !p.groundBlock && !p.articulated;
            bare[it] = cs.unloaded(p);
        }
        valid = true;
    }

    /** True when item it is a single pair with an articulated body that bears no impulse (read from p unless its flag follows it). */
    boolean bareTree(int it, ContactPair p, ContactSolver cs) {
        return tree[it] && (own[it] ? bare[it] : cs.unloaded(p));
    }

    /** True when a biased pass of the given substep found item it's pair quiet. */
    boolean quietIn(int it, long substep) {
        return quiet[it] == substep;
    }

    /** After item it's pair was solved: its quiet stamp (when found quiet) and its bare flag. */
    void solved(int it, ContactPair p, ContactSolver cs, boolean foundQuiet, long substep) {
        if (foundQuiet) {
            quiet[it] = substep;
        }
        if (own[it]) {
            bare[it] = cs.unloaded(p);
        }
    }
}
