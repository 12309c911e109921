/** The left–right mirror of poses and clips of one skeleton. */
package dev.sinew.rig.mirror;
