package dev.sinew.solver;

/**
 * A swing-twist joint's limits as it holds them (see {@link SwingTwistJointSettings}), radians.
 *
 * @param swingY   largest swing about the joint frame's y axis, (0, π]
 * @param swingZ   largest swing about the joint frame's z axis, (0, π]
 * @param twistMin lowest twist about the frame's x axis
 * @param twistMax highest twist about the frame's x axis
 */
public record SwingTwistLimits(double swingY, double swingZ, double twistMin, double twistMax) {
}
