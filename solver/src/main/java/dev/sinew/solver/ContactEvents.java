package dev.sinew.solver;

import dev.sinew.solver.collision.ContactLog;

/**
 * Contact events of the last tick, read after {@link World#step()} returns (or from a
 * {@link StepListener}). Three lists, each in the deterministic pair order:
 * <ul>
 *   <li>begin: pairs that started touching this tick;</li>
 *   <li>end: pairs that stopped touching (or whose body was destroyed);</li>
 *   <li>touch: every touching pair with the total normal impulse it delivered this tick, N·s.</li>
 * </ul>
 * A pair touches in a tick when it delivered a normal impulse in that tick or its points were
 * within the linear slop at its start. Entries are the two bodies' handles.
 */
public final class ContactEvents {
    /** Which list an event is in. */
    public enum Kind {
        /** Pairs that started touching this tick. */
        BEGIN,
        /** Pairs that stopped touching this tick (or whose body was destroyed). */
        END,
        /** Pairs touching at the end of this tick, with the impulse they delivered. */
        TOUCH
    }

    private final int worldId;
    private final ContactLog log;

    ContactEvents(int worldId, ContactLog log) {
        this.worldId = worldId;
        this.log = log;
    }

    /** Number of events of a kind. */
    public int count(Kind kind) {
        return log.count(Check.notNull("kind", kind).ordinal());
    }

    /** Body A of event i of a kind. */
    public BodyHandle bodyA(Kind kind, int i) {
        int list = check(kind, i);
        return new BodyHandle(log.bodyA(list, i), log.generationA(list, i), worldId);
    }

    /** Body B of event i of a kind. */
    public BodyHandle bodyB(Kind kind, int i) {
        int list = check(kind, i);
        return new BodyHandle(log.bodyB(list, i), log.generationB(list, i), worldId);
    }

    /** Total normal impulse of touching pair i over the tick, N·s (≥ 0). */
    public double touchImpulse(int i) {
        check(Kind.TOUCH, i);
        return log.touchImpulse(i);
    }

    private int check(Kind kind, int i) {
        int list = Check.notNull("kind", kind).ordinal();
        if (i < 0 || i >= log.count(list)) {
            throw new InvalidArgumentException("index", i, "must be in [0, " + log.count(list) + ")");
        }
        return list;
    }
}
