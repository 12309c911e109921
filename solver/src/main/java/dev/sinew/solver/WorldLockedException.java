package dev.sinew.solver;

/**
 * The world was changed from inside a callback that runs during {@link World#step()}. Record
 * the change and apply it after the step returns.
 */
public class WorldLockedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public WorldLockedException(String operation) {
        super("cannot " + operation + " while the world is stepping (called from a step callback)");
    }
}
