package dev.sinew.solver.step;

import dev.sinew.solver.WorldSettings;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.ContactPair;
import dev.sinew.solver.constraint.SolverContext;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.state.WorldState;
import java.util.Arrays;

/**
 * The one context of a tick, passed to each stage: the solvers' part ({@link SolverContext}: the
 * substep, the soft coefficients, caps, gravity and counters) and the stages' lists (the awake
 * bodies and the contact pairs to solve). {@link #begin} fills it from the settings and the state
 * at the start of the tick; the stages read it and fill the lists, nothing keeps a copy.
 */
public final class TickContext extends SolverContext {
    public TickContext(SolverCounters counters) {
        super(counters);
    }

    /** The settings of this tick. */
    public WorldSettings settings;
    /** The tick, s. */
    public double dt;
    /** Awake dynamic bodies, in slot order: the bodies the solver moves this tick. */
    public int[] awakeDynamic = new int[64];
    public int awakeDynamicCount;
    /** Awake dynamic and kinematic bodies, in slot order: the bodies whose positions advance. */
    public int[] awakeAll = new int[64];
    public int awakeAllCount;
    /** Contact pairs (and terrain patches) with points and an awake dynamic body, in pair order. */
    public ContactPair[] solveList = new ContactPair[64];
    public int solveCount;

    /**
     * Starts a tick: time step, contact softness (the contact frequency capped at a quarter of the
     * substep rate; pairs against bodies that do not move twice as stiff), joint softness (the
     * world's joint frequency under the same cap), caps, gravity, and the awake bodies.
     */
    void begin(WorldState state) {
        WorldSettings s = state.settings;
        settings = s;
        dt = s.tickSeconds();
        substeps = s.substeps();
        h = dt / substeps;
        invH = 1 / h;
        double capped = Math.min(s.contactHertz(), 0.25 / h);
        contactSoft.setFrequency(capped, s.contactDampingRatio(), h);
        staticContactSoft.setFrequency(2 * capped, s.contactDampingRatio(), h);
        contactOmega = 2 * Math.PI * capped;
        contactZeta = s.contactDampingRatio();
        jointSoft.setFrequency(Math.min(s.jointHertz(), 0.25 * invH), s.jointDampingRatio(), h);
        linearSlop = s.linearSlop();
        maxPushOutSpeed = s.maxPushOutSpeed();
        restitutionThreshold = s.restitutionThreshold();
        gravityX = s.gravity().x();
        gravityY = s.gravity().y();
        gravityZ = s.gravity().z();
        maxContactImpulse = state.maxContactImpulse;
        bodyImpulseCaps = state.bodyImpulseCaps > 0;
        listBodies(state.bodies);
        solveCount = 0;
    }

    /** The awake bodies; sleeping only changes at the end of the tick, so the lists hold for all of it. */
    private void listBodies(Bodies b) {
        if (awakeDynamic.length < b.high) {
            awakeDynamic = new int[b.capacity];
            awakeAll = new int[b.capacity];
        }
        awakeDynamicCount = 0;
        awakeAllCount = 0;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] == Bodies.STATIC || !b.awake[i]) {
                continue;
            }
            awakeAll[awakeAllCount++] = i;
            if (b.type[i] == Bodies.DYNAMIC) {
                awakeDynamic[awakeDynamicCount++] = i;
            }
        }
    }

    /** Appends a pair to the solve list. */
    /** Appends the first n pairs of {@code list} to the pairs to solve. */
    void addToSolve(ContactPair[] list, int n) {
        if (solveCount + n > solveList.length) {
            solveList = Arrays.copyOf(solveList, Math.max(solveCount + n, 2 * solveList.length));
        }
        System.arraycopy(list, 0, solveList, solveCount, n);
        solveCount += n;
    }

    void addToSolve(ContactPair p) {
        if (solveCount == solveList.length) {
            solveList = Arrays.copyOf(solveList, 2 * solveCount);
        }
        solveList[solveCount++] = p;
    }
}
