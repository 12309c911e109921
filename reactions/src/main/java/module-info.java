/**
 * Reactions of active ragdolls: the {@code Character} state machine and its parts (hits,
 * weakening and recovery, falls, get-ups). Every package is API: a game builds hits, settings and
 * get-up libraries from all of them.
 */
module dev.sinew.reactions {
    requires transitive dev.sinew.drives;
    requires com.fasterxml.jackson.databind;

    exports dev.sinew.reactions;
    exports dev.sinew.reactions.fall;
    exports dev.sinew.reactions.getup;
    exports dev.sinew.reactions.hit;
    exports dev.sinew.reactions.weakening;

    // Jackson builds the get-up library's entries (GetUpLibrary.RawEntry) by reflection.
    opens dev.sinew.reactions.getup to com.fasterxml.jackson.databind;
}
