/**
 * The animation side and the bridge to the physics skeleton.
 *
 * <p>Built: {@link dev.sinew.rig.Skeleton} (bone names, parents first, rest local transforms),
 * {@link dev.sinew.rig.Pose} (local rotations and root translation, model-space evaluation into its
 * own buffers), {@link dev.sinew.rig.Clip} (frames at a rate, sampled with shortest-path slerp,
 * clamped or looping, root motion as its own track) and the {@link dev.sinew.rig.BvhImporter}.
 * The JSON {@link dev.sinew.rig.RagdollDefinition}, the {@link dev.sinew.rig.Ragdoll} builder that
 * creates bodies and joints in a solver {@code World}, and the {@link dev.sinew.rig.SkeletonMapper}
 * between the many animation bones and the fewer physics bodies. Animation layers, a package each:
 * {@code layer} (per-part clip player, additive layers, pose hold, the layer stack), {@code look}
 * (look-at / aim offset), {@code inertialize}, {@code match} (motion matching) and {@code mirror}
 * (left–right mirror of poses and clips); {@link dev.sinew.rig.Rotations} is their rotation maths.
 */
package dev.sinew.rig;
