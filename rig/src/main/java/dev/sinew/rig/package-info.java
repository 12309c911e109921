/**
 * The animation side and the bridge to the physics skeleton (not built yet; see the rig issue).
 *
 * <p>Will own: {@code Skeleton} (bone names, parent indices in parent-first order, rest local
 * transforms), {@code Pose} (local rotations and root translation), {@code Clip} (frames at a
 * rate, sampled with slerp, root motion as its own track), the BVH importer, the JSON
 * {@code RagdollDefinition}, the {@code Ragdoll} builder that creates bodies and joints in a
 * solver {@code World}, and the {@code SkeletonMapper} between the many animation bones and
 * the fewer physics bodies. Later: animation layers (pose hold with additive breathing,
 * look-at and aim offset, inertialization, motion matching).
 */
package dev.sinew.rig;
