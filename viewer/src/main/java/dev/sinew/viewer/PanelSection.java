package dev.sinew.viewer;

/**
 * One collapsible section of the sandbox's panel. New features (hit reactions, a character state
 * machine, animation layers) add a section to {@link Sandbox#sections} without touching the others.
 */
interface PanelSection {
    /** The header, unique in the panel. */
    String title();

    /** Whether the section starts open. */
    default boolean openAtStart() {
        return true;
    }

    /** Draws the section's widgets with ImGui, once per frame, inside the panel window. */
    void draw(Sandbox sandbox);
}
