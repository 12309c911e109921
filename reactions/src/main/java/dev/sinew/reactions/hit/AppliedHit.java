package dev.sinew.reactions.hit;

import org.joml.Vector3dc;

/**
 * What a {@link Hit} did when it landed.
 *
 * @param hit       the hit as given
 * @param body      the ragdoll body struck (index)
 * @param point     the world point struck, m (for a ray hit, where the ray entered the body)
 * @param impulse   the impulse applied, N·s, after the region scale and the caps
 * @param capped    whether a cap cut it
 * @param knockDown whether the hit's magnitude reached the knock-down threshold
 * @param tick      the world tick it landed on
 */
public record AppliedHit(Hit hit, int body, Vector3dc point, double impulse, boolean capped, boolean knockDown,
        long tick) {
}
