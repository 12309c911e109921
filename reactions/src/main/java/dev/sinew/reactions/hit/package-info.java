/**
 * Hits: the {@link dev.sinew.reactions.hit.Hit} value, its settings, and impulses applied at a
 * point with region scales and caps.
 */
package dev.sinew.reactions.hit;
