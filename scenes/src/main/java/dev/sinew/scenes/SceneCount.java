package dev.sinew.scenes;

/**
 * What {@code --count} means in a scene and how far it goes.
 *
 * @param meaning      what is counted, for messages and the help (for example "ragdolls")
 * @param defaultValue the scene's own value
 * @param max          the largest accepted (the smallest is 1)
 * @param bytesEach    rough memory one unit of the count takes while running, bytes (for the
 *                     memory guard; 0 when the count does not add bodies)
 */
public record SceneCount(String meaning, int defaultValue, int max, long bytesEach) {
}
