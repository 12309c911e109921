/** Look-at: a chain of bones turned toward a target on top of the pose, with its settings. */
package dev.sinew.rig.look;
