/**
 * Falling: whether the centre of mass is over the feet ({@link dev.sinew.reactions.fall.Balance}),
 * when a fallen body has settled, and their settings.
 */
package dev.sinew.reactions.fall;
