package dev.sinew.solver;

/**
 * A generation-checked reference to a joint; using it after the joint (or one of its bodies) is
 * destroyed throws {@link StaleHandleException}.
 *
 * @param index      slot in the world's joint store
 * @param generation incremented each time the slot is reused
 * @param world      identity of the world that made it (a handle is only valid in its own world)
 */
public record JointHandle(int index, int generation, int world) {
    @Override
    public String toString() {
        return "Joint#" + index + "g" + generation + "w" + world;
    }
}
