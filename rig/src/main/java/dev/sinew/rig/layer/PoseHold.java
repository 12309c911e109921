package dev.sinew.rig.layer;

import dev.sinew.solver.Check;

/**
 * Holding a pose from a one-shot clip: the base clip plays until one body part reaches a chosen
 * normalized time, then that part's speed is set to 0 (the clip is neither restarted nor
 * re-entered, so it stays exactly on that frame). At the same update an additive layer (breathing
 * on the body, a blink on the face) restarts and its weight rises as maxWeight·OutExpo(t / ease)
 * from 0, so the held pose keeps living. When the next motion is requested ({@link LayerStack#play})
 * the part plays at speed 1 again and the layer's weight goes to 0 at once; the stack's
 * inertialization takes the pose across. Register with {@link LayerStack#hold}.
 *
 * @see Ease#outExpo
 */
public final class PoseHold {
    private final String part;
    private final double holdAt;
    private final String additive;
    private final double maxWeight;
    private final double easeSeconds;
    private int partIndex = -1;
    private AdditiveLayer layer;
    private boolean holding;
    private double held;

    /**
     * @param part        the body part held (a part of the stack's base player)
     * @param holdAt      where it stops: normalized time of the clip, 0..1
     * @param additive    the additive layer restarted and raised while holding, or null for none
     * @param maxWeight   the layer's weight once eased in (≥ 0; per hold, so each pose breathes as much as suits it)
     * @param easeSeconds how long the OutExpo ease takes to reach maxWeight, s (&gt; 0)
     */
    public PoseHold(String part, double holdAt, String additive, double maxWeight, double easeSeconds) {
        this.part = Check.notNull("part", part);
        this.holdAt = Check.inRange("holdAt", holdAt, 0, 1);
        this.additive = additive;
        this.maxWeight = Check.nonNegative("maxWeight", maxWeight);
        this.easeSeconds = Check.positive("easeSeconds", easeSeconds);
    }

    public String part() {
        return part;
    }

    public double holdAt() {
        return holdAt;
    }

    public String additive() {
        return additive;
    }

    public double maxWeight() {
        return maxWeight;
    }

    public double easeSeconds() {
        return easeSeconds;
    }

    /** Whether the part is held now. */
    public boolean holding() {
        return holding;
    }

    /** Seconds held so far (0 before the hold begins). */
    public double heldSeconds() {
        return held;
    }

    /** Binds to the stack's part and layer and sets the stop mark. */
    void attach(ClipPlayer player, AdditiveLayer layer) {
        partIndex = player.part(part);
        this.layer = layer;
        player.stopAt(partIndex, holdAt);
    }

    /** After the base advanced: begins the hold when the part just stopped, then eases the layer in. */
    void update(ClipPlayer player, double dt) {
        if (player.justStopped(partIndex)) {
            holding = true;
            held = 0;
            if (layer != null) {
                layer.restart();
            }
        } else if (holding) {
            held += dt;
        }
        if (holding && layer != null) {
            layer.setWeight(maxWeight * Ease.outExpo(held / easeSeconds));
        }
    }

    /** The next motion: the layer's weight to 0 (the new clip plays every part at speed 1). */
    void release() {
        holding = false;
        if (layer != null) {
            layer.setWeight(0);
        }
    }
}
