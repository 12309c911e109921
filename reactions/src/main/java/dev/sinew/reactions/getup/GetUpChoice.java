package dev.sinew.reactions.getup;

/**
 * The get-up chosen for a lying pose.
 *
 * @param entry     index of the clip in the library
 * @param name      the clip's name
 * @param poseClass how the body lies
 * @param startClass the class the chosen clip starts from (the same unless no clip of the body's class is registered)
 * @param distance  the weighted bone-rotation distance from the body to the clip's first frame, rad
 * @param heading   the body's lying heading, yaw about +Y, rad
 */
public record GetUpChoice(int entry, String name, PoseClass poseClass, PoseClass startClass, double distance,
        double heading) {
}
