package dev.sinew.solver.step;

import dev.sinew.solver.articulation.ArticulationLane;
import dev.sinew.solver.articulation.Articulations;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.Contacts;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.contact.IslandBlockSolver;

/**
 * One task's scratch for the parallel stages: its own contact solver (with the tick's context
 * copied and counters of its own, added into the world's after the tick), island solver and
 * articulation scratch. The solvers' per-body arrays (budgets, wrenches) and the islands'
 * couplings are the tick's, shared ({@link Stepper}); only the temporaries are the lane's.
 */
final class Lane {
    final SolverContext ctx = new SolverContext(new SolverCounters());
    final ContactSolver cs;
    final IslandBlockSolver island;
    final ArticulationLane art;
    final Contacts.Scratch narrow = new Contacts.Scratch();

    Lane(Bodies bodies, Articulations arts) {
        cs = new ContactSolver(bodies, ctx);
        island = new IslandBlockSolver(bodies, cs, ctx);
        art = new ArticulationLane(arts, cs, ctx.counters);
    }
}
