package dev.sinew.solver.step;

import dev.sinew.solver.articulation.ArticulationLane;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.BroadPhase;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.contact.IslandBlockSolver;
import java.util.Arrays;

/**
 * One task's scratch for the parallel stages: its own contact solver (with the tick's context
 * copied and counters of its own, added into the world's after the tick), island solver,
 * articulation scratch, narrowphase temporaries, and the lists its part of a stage over the pairs
 * fills (concatenated in lane order, they are in pair order: task i works on the i-th range). The solvers' per-body arrays (budgets, wrenches) and the islands'
 * couplings are the tick's, shared ({@link Stepper}); only the temporaries are the lane's.
 */
final class Lane {
    final SolverContext ctx = new SolverContext(new SolverCounters());
    final ContactSolver cs;
    final IslandBlockSolver island;
    final ArticulationLane art;
    final Contacts.Scratch narrow = new Contacts.Scratch();
    final BroadPhase.Pairs broad = new BroadPhase.Pairs();
    /**
     * What the task found in its range of pairs, in pair order: the terrain pairs' indices (their
     * manifolds are updated on one thread), the pairs to solve and those of them within one tree.
     */
    int[] terrain = new int[8];
    int terrainCount;
    ContactPair[] toSolve = new ContactPair[64];
    int toSolveCount;
    ContactPair[] sameTree = new ContactPair[8];
    int sameTreeCount;

    void addTerrain(int pair) {
        if (terrainCount == terrain.length) {
            terrain = Arrays.copyOf(terrain, 2 * terrainCount);
        }
        terrain[terrainCount++] = pair;
    }

    void addToSolve(ContactPair p) {
        if (toSolveCount == toSolve.length) {
            toSolve = Arrays.copyOf(toSolve, 2 * toSolveCount);
        }
        toSolve[toSolveCount++] = p;
    }

    void addSameTree(ContactPair p) {
        if (sameTreeCount == sameTree.length) {
            sameTree = Arrays.copyOf(sameTree, 2 * sameTreeCount);
        }
        sameTree[sameTreeCount++] = p;
    }

    Lane(Bodies bodies, Articulations arts) {
        cs = new ContactSolver(bodies, ctx);
        island = new IslandBlockSolver(bodies, cs, ctx);
        art = new ArticulationLane(arts, cs, ctx.counters);
    }
}
