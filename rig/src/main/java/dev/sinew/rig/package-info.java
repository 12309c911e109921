/**
 * The animation side and the bridge to the physics skeleton.
 *
 * <p>Built: {@link dev.sinew.rig.Skeleton} (bone names, parents first, rest local transforms),
 * {@link dev.sinew.rig.Pose} (local rotations and root translation, model-space evaluation into its
 * own buffers), {@link dev.sinew.rig.Clip} (frames at a rate, sampled with shortest-path slerp,
 * clamped or looping, root motion as its own track) and the {@link dev.sinew.rig.BvhImporter}.
 * To come (the rig issue): the JSON {@code RagdollDefinition}, the {@code Ragdoll} builder that
 * creates bodies and joints in a solver {@code World}, and the {@code SkeletonMapper} between the
 * many animation bones and the fewer physics bodies; later, animation layers (pose hold with
 * additive breathing, look-at and aim offset, inertialization, motion matching).
 */
package dev.sinew.rig;
