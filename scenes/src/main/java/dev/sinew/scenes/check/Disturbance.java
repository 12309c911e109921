package dev.sinew.scenes.check;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterListener;
import dev.sinew.reactions.CharacterState;
import dev.sinew.reactions.hit.AppliedHit;

/**
 * Hears a character push its bodies (a hit applied, the bodies made physical) and marks the tick
 * disturbed, so that the velocity jump it causes is not taken for a spike.
 */
final class Disturbance implements CharacterListener {
    private boolean disturbed;

    @Override
    public void hit(Character c, AppliedHit hit) {
        disturbed = true;
    }

    @Override
    public void stateChanged(Character c, CharacterState from, CharacterState to, long tick, String reason) {
        disturbed |= from == CharacterState.ANIMATED;
    }

    /** Marks the tick disturbed by the scenario itself (a throw). */
    void mark() {
        disturbed = true;
    }

    /** Whether the tick was disturbed; clears the mark for the next. */
    boolean take() {
        boolean d = disturbed;
        disturbed = false;
        return d;
    }
}
