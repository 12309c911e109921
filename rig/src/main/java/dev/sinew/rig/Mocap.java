package dev.sinew.rig;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the project's shared motion capture lives: {@code ../shared/mocap} next to the repository
 * (see its README for the files, their units and licences). Found from the system property
 * {@code sinew.mocap}, else the environment variable {@code SINEW_MOCAP}, else by looking for
 * {@code shared/mocap} beside the working directory or any directory above it.
 */
public final class Mocap {
    private Mocap() {
    }

    /** The mocap directory. @throws IllegalStateException saying where it looked if there is none */
    public static Path directory() {
        String given = System.getProperty("sinew.mocap", System.getenv("SINEW_MOCAP"));
        if (given != null) {
            Path p = Path.of(given).toAbsolutePath().normalize();
            if (!Files.isDirectory(p)) {
                throw new IllegalStateException("sinew.mocap / SINEW_MOCAP = " + given + " is not a directory");
            }
            return p;
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("mocap");
            if (Files.isDirectory(candidate)) {
                return candidate.normalize();
            }
        }
        throw new IllegalStateException("no shared/mocap directory beside " + start
                + " or any directory above it; set -Dsinew.mocap=DIR or SINEW_MOCAP=DIR");
    }

    /** A file of the CMU set, for example {@code cmu/131_01.bvh}. */
    public static Path file(String relative) {
        return directory().resolve(relative);
    }
}
