package dev.sinew.solver;

/**
 * Called at the end of every {@link World#step()}, while the world is still locked: it may read
 * anything (events, body state) but any change to the world throws {@link WorldLockedException}.
 */
@FunctionalInterface
public interface StepListener {
    void afterStep(World world);
}
