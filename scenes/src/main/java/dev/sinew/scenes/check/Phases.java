package dev.sinew.scenes.check;

import dev.sinew.reactions.CharacterState;
import dev.sinew.scenes.SceneInstance;

/**
 * When a scenario's bodies are passive (nothing drives them: energy must not grow) and when they
 * should be at rest (what still moves is jitter), as a scenario knows it.
 */
public interface Phases {
    /** Whether nothing drives the bodies after {@code t} simulated seconds. */
    boolean passive(SceneInstance in, double t);

    /** Whether the bodies should be at rest after {@code t} simulated seconds. */
    boolean rest(SceneInstance in, double t);

    /** Driven throughout, never expected still. */
    Phases ACTIVE = of(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    /** Limp ragdolls throughout (dropped, piled), at rest from {@code restFrom} s on (+∞: never). */
    static Phases limp(double restFrom) {
        return of(0, restFrom);
    }

    /**
     * Limp ragdolls from {@code passiveFrom} s on: before it, ragdolls made overlapping (a pile
     * spawned 0.5 m apart, each turned at random) are pushed apart, which the contacts do by adding
     * energy on purpose.
     */
    static Phases limpFrom(double passiveFrom, double restFrom) {
        return of(passiveFrom, restFrom);
    }

    /** Driven, holding a pose: at rest from {@code restFrom} s on. */
    static Phases holding(double restFrom) {
        return of(Double.POSITIVE_INFINITY, restFrom);
    }

    /**
     * A reacting character: passive while it lies down, settled ({@link CharacterState#DOWN}: its
     * drives eased to a trace of tone, the root drive let go).
     */
    Phases REACTING = new Phases() {
        @Override
        public boolean passive(SceneInstance in, double t) {
            return in.character() != null && in.character().state() == CharacterState.DOWN;
        }

        @Override
        public boolean rest(SceneInstance in, double t) {
            return false;
        }
    };

    private static Phases of(double passiveFrom, double restFrom) {
        return new Phases() {
            @Override
            public boolean passive(SceneInstance in, double t) {
                return t > passiveFrom;
            }

            @Override
            public boolean rest(SceneInstance in, double t) {
                return t > restFrom;
            }
        };
    }
}
