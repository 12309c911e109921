package dev.sinew.reactions;

/**
 * Where a {@link Character} is in its life:
 * <pre>
 *   ANIMATED ──activate / hit──► ACTIVE ──hit──► STAGGERED ──recovered──► ACTIVE
 *                                  │                 │
 *             knock-down hit, balance lost, knockDown()
 *                                  ▼                 ▼
 *                                LIMP ──still──► DOWN ──delay / getUp()──► GETTING_UP ──clip done──► ACTIVE
 *                                  ▲                                           │
 *                                  └───────── knock-down hit, failed get-up ───┘
 * </pre>
 */
public enum CharacterState {
    /** Bodies follow the animation kinematically: no physics reaction (a distant or cut-scene character). */
    ANIMATED,
    /** Tracking the animation with full drives and the root drive. */
    ACTIVE,
    /** Tracking, with drives weakened by a hit that has not recovered yet. */
    STAGGERED,
    /** Fallen: drives eased to a low tone, the root drive released. */
    LIMP,
    /** Lying still, ready to get up. */
    DOWN,
    /** Playing a get-up clip with the drives ramping up in stages. */
    GETTING_UP
}
