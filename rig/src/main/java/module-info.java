/** The animation side of Sinew: skeletons, poses, clips, BVH import, ragdoll definitions and building. */
module dev.sinew.rig {
    requires transitive dev.sinew.solver;
    requires com.fasterxml.jackson.databind;

    exports dev.sinew.rig;
}
