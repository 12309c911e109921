/**
 * Reactions (not built yet; comes after pose tracking).
 *
 * <p>Will own: hits as capped impulses at a world point scaled by region, critical-hit drive
 * weakening per region with a hold and a smoothstep recovery, fall detection, pose-aware
 * get-up selection (face down, face up, side; best-matching get-up clip; root aligned on the
 * ground; staged stiffness ramp) and the character state machine
 * (active, staggered, limp, getting up).
 */
package dev.sinew.reactions;
