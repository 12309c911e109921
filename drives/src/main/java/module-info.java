/** Pose tracking for active ragdolls: slerp drives toward the animation, drive profiles, the root drive. */
module dev.sinew.drives {
    requires transitive dev.sinew.rig;

    exports dev.sinew.drives;
}
