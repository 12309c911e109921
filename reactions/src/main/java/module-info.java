/**
 * Reactions of active ragdolls: hits, weakening and recovery, falls and getting up. It exports its
 * API packages as they get classes (javac refuses to export an empty package); the test that
 * scans the applications' imports names any that are used but not exported.
 */
module dev.sinew.reactions {
    requires transitive dev.sinew.drives;
}
