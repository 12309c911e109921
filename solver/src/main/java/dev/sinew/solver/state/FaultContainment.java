package dev.sinew.solver.state;

import dev.sinew.solver.FaultPolicy;
import dev.sinew.solver.body.Bodies;

/**
 * Fault containment, run by the world's step before and after each tick: a body with a state
 * that is not finite or outside the world bound is taken out before the solver can spread it (see
 * {@link FaultPolicy}; each case is logged in the {@link FaultLog}).
 */
public final class FaultContainment {
    private FaultContainment() {
    }

    /**
     * Finds dynamic bodies whose state is not finite or whose centre of mass is outside the world
     * bound and contains each: {@link FaultPolicy#RESET} puts it back at its last good pose (the
     * current position or orientation if finite and in bounds, else the one from before the last
     * tick) at rest and zeroes the warm-start impulses of its contacts and joints;
     * {@link FaultPolicy#REMOVE} destroys it. Other bodies are not touched.
     */
    public static void run(WorldState w) {
        double bound = w.settings.worldBound();
        Bodies b = w.bodies;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC) {
                continue;
            }
            boolean posOk = finite(b.pos, 3 * i, 3);
            boolean rotOk = finite(b.rot, 4 * i, 4);
            boolean velOk = finite(b.linVel, 3 * i, 3) && finite(b.angVel, 3 * i, 3);
            boolean inside = posOk && Math.abs(b.pos[3 * i]) <= bound && Math.abs(b.pos[3 * i + 1]) <= bound
                    && Math.abs(b.pos[3 * i + 2]) <= bound;
            if (posOk && rotOk && velOk && inside) {
                continue;
            }
            boolean notFinite = !(posOk && rotOk && velOk);
            if (w.settings.faultPolicy() == FaultPolicy.REMOVE) {
                w.faultLog.add(i, b.generation[i], notFinite, true);
                w.destroyBody(i);
                continue;
            }
            if (!inside) {
                System.arraycopy(b.prevPos, 3 * i, b.pos, 3 * i, 3);
            }
            if (!rotOk) {
                System.arraycopy(b.prevRot, 4 * i, b.rot, 4 * i, 4);
            }
            boolean prevBad = !finite(b.pos, 3 * i, 3) || !finite(b.rot, 4 * i, 4)
                    || Math.abs(b.pos[3 * i]) > bound || Math.abs(b.pos[3 * i + 1]) > bound || Math.abs(b.pos[3 * i + 2]) > bound;
            if (prevBad) {
                // no good pose on record: back to the origin, upright
                Bodies.setVec(b.pos, i, 0, 0, 0);
                b.setRotation(i, 0, 0, 0, 1);
            }
            System.arraycopy(b.pos, 3 * i, b.prevPos, 3 * i, 3);
            System.arraycopy(b.rot, 4 * i, b.prevRot, 4 * i, 4);
            Bodies.setVec(b.linVel, i, 0, 0, 0);
            Bodies.setVec(b.angVel, i, 0, 0, 0);
            Bodies.setVec(b.force, i, 0, 0, 0);
            Bodies.setVec(b.torque, i, 0, 0, 0);
            b.updateWorldInertia(i);
            w.contacts.removeBody(i);
            w.joints.clearImpulses(i);
            for (int k : b.shapes[i]) {
                w.contacts.updateColliderPose(k);
                w.contacts.refitBounds(k, true, w.settings);
            }
            w.faultLog.add(i, b.generation[i], notFinite, false);
        }
    }

    private static boolean finite(double[] a, int o, int n) {
        for (int k = 0; k < n; k++) {
            if (!Double.isFinite(a[o + k])) {
                return false;
            }
        }
        return true;
    }

}
