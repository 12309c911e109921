/**
 * The animation side of Sinew: skeletons, poses, clips, BVH import, ragdoll definitions and
 * building, and the animation layers (clip players with additive layers and pose holds,
 * look-at, inertialization, motion matching, mirroring).
 */
module dev.sinew.rig {
    requires transitive dev.sinew.solver;
    requires com.fasterxml.jackson.databind;

    exports dev.sinew.rig;
    exports dev.sinew.rig.inertialize;
    exports dev.sinew.rig.layer;
    exports dev.sinew.rig.look;
    exports dev.sinew.rig.match;
    exports dev.sinew.rig.mirror;
}
