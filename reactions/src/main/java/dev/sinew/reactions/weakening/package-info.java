/**
 * Weakening: per-body drive strength multipliers held and recovered along the smoothstep, and how
 * overlapping hits combine.
 */
package dev.sinew.reactions.weakening;
