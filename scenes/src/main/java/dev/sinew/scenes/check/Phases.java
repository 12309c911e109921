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
    Phases ACTIVE = of(false, Double.POSITIVE_INFINITY);

    /** Limp ragdolls throughout (dropped, piled), at rest from {@code restFrom} s on (+∞: never). */
    static Phases limp(double restFrom) {
        return of(true, restFrom);
    }

    /** Driven, holding a pose: at rest from {@code restFrom} s on. */
    static Phases holding(double restFrom) {
        return of(false, restFrom);
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

    private static Phases of(boolean passive, double restFrom) {
        return new Phases() {
            @Override
            public boolean passive(SceneInstance in, double t) {
                return passive;
            }

            @Override
            public boolean rest(SceneInstance in, double t) {
                return t > restFrom;
            }
        };
    }
}
