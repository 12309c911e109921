package dev.sinew.rig;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the repository's data lives: the {@code profiles/} folder (ragdoll definitions, drive
 * profiles). Found from the system property {@code sinew.profiles}, else by looking for
 * {@code profiles/ragdolls} in the working directory or any directory above it.
 */
public final class Profiles {
    private Profiles() {
    }

    public static Path directory() {
        String given = System.getProperty("sinew.profiles");
        if (given != null) {
            return Path.of(given).toAbsolutePath().normalize();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("profiles");
            if (Files.isDirectory(candidate.resolve("ragdolls"))) {
                return candidate.normalize();
            }
        }
        throw new IllegalStateException("no profiles/ragdolls directory in " + start
                + " or any directory above it; set -Dsinew.profiles=DIR");
    }

    /** A ragdoll definition by name, for example {@code cmu-humanoid}. */
    public static RagdollDefinition ragdoll(String name) {
        return RagdollDefinition.load(directory().resolve("ragdolls").resolve(name + ".json"));
    }
}
