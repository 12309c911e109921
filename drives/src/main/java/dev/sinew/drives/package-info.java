/**
 * Pose tracking: an active ragdoll follows its animation.
 *
 * <p>{@link dev.sinew.drives.PoseDriver} turns the stored animation pose into joint-space
 * slerp-drive targets, target angular velocities and gains once per fixed tick;
 * {@link dev.sinew.drives.DriveProfile} holds per-region gains, torque limits and mass fractions,
 * loaded and validated from {@code profiles/drive/*.json}; per-region and per-body strength
 * multipliers on the driver are the hook reactions weaken a character through;
 * {@link dev.sinew.drives.RootDrive} optionally pulls the pelvis toward the animated root; and
 * {@link dev.sinew.drives.TrackingReport} says how well each body follows. Per-body blend weights
 * give the pose to render ({@link dev.sinew.drives.PoseDriver#blendedPose}), and bodies made
 * kinematic along the animation make partial ragdolls.
 */
package dev.sinew.drives;
