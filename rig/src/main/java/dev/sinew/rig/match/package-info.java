/**
 * Motion matching: the database of frames and features, the searchable index (brute force and
 * box-bounded), the stick's trajectory and scripts, and {@link dev.sinew.rig.match.MotionMatcher}.
 */
package dev.sinew.rig.match;
