/**
 * Pose tracking (not built yet; see the pose-tracking issue).
 *
 * <p>Will own: the {@code PoseDriver} that turns the stored animation pose into joint-space
 * slerp-drive targets, target angular velocities and gains once per fixed tick; drive profiles
 * loaded and validated from {@code profiles/drive/*.json}; per-region and per-body strength
 * multipliers (the hook reactions use to weaken a character); the optional root drive on the
 * pelvis; and per-body physics/animation blend weights.
 */
package dev.sinew.drives;
