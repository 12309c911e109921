package dev.sinew.solver;

/**
 * A generation-checked reference to a body. A handle outlives its body: once the body is
 * destroyed, any use of the handle throws {@link StaleHandleException}, even if the slot is
 * reused for a new body (the generation differs).
 *
 * @param index      slot in the world's body arrays
 * @param generation incremented each time the slot is reused
 * @param world      identity of the world that made it (a handle is only valid in its own world)
 */
public record BodyHandle(int index, int generation, int world) {
    @Override
    public String toString() {
        return "Body#" + index + "g" + generation + "w" + world;
    }
}
