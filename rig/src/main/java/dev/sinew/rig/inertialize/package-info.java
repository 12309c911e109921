/**
 * Inertialization: switching a pose's source without a pop, the difference decaying over the
 * blend time ({@link dev.sinew.rig.inertialize.Inertializer}).
 */
package dev.sinew.rig.inertialize;
