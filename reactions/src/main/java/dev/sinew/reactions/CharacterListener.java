package dev.sinew.reactions;

import dev.sinew.reactions.getup.GetUpChoice;
import dev.sinew.reactions.hit.AppliedHit;

/**
 * Events of a {@link Character}, delivered on the thread that runs it, during
 * {@link Character#beforeStep()} or {@link Character#afterStep()}. Every method has an empty
 * default: implement the ones you need.
 */
public interface CharacterListener {
    /**
     * The character moved from one state to another on world tick {@code tick}; {@code reason}
     * says why in a few words (for example "knock-down hit", "balance lost", "settled").
     */
    default void stateChanged(Character character, CharacterState from, CharacterState to, long tick, String reason) {
    }

    /** A hit landed (after its region scale and caps). */
    default void hit(Character character, AppliedHit hit) {
    }

    /** A get-up clip was chosen and started. */
    default void getUpStarted(Character character, GetUpChoice choice, long tick) {
    }

    /** Hit stop began (the animation side pauses) or ended. */
    default void hitStop(Character character, boolean started, long tick) {
    }
}
