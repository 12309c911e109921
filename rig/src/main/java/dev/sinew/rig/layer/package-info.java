/**
 * Animation layers: the base clip player with a clock per body part, bone masks, additive layers,
 * pose holds and easing curves, the layer files' settings, and {@link dev.sinew.rig.layer.LayerStack}
 * that evaluates them into one pose per update.
 */
package dev.sinew.rig.layer;
