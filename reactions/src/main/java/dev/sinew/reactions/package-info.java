/**
 * Reactions: what happens when an active-ragdoll character is struck, knocked down and gets up.
 *
 * <p>{@link dev.sinew.reactions.Character} is the state machine a game runs once per tick
 * (animated, active, staggered, limp, down, getting up) with its events; the packages hold its
 * parts, one concept each: {@code hit} (the {@link dev.sinew.reactions.hit.Hit} value, impulses at
 * a point with region scales and caps), {@code weakening} (per-body strength multipliers held and
 * recovered with smoothstep, and how overlapping hits combine), {@code fall} (balance and
 * settling) and {@code getup} (pose classification, the get-up clips as data, choosing, placing and
 * blending one in).
 */
package dev.sinew.reactions;
