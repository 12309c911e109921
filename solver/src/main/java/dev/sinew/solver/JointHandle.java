package dev.sinew.solver;

/**
 * A generation-checked reference to a joint; using it after the joint (or one of its bodies) is
 * destroyed throws {@link StaleHandleException}.
 *
 * @param index      slot in the world's joint store
 * @param generation incremented each time the slot is reused
 */
public record JointHandle(int index, int generation) {
    @Override
    public String toString() {
        return "Joint#" + index + "g" + generation;
    }
}
