package dev.sinew.rig;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Reading a user's data file (BVH, JSON) with our words for what can go wrong, and its fingerprint. */
public final class DataFiles {
    private DataFiles() {
    }

    /**
     * A file's bytes.
     *
     * @param maxBytes the largest file read
     * @param kind     what the file should be, for messages ("BVH", "JSON")
     * @throws FormatException naming the file if it is missing, a directory, unreadable or larger than {@code maxBytes}
     */
    public static byte[] read(Path file, long maxBytes, String kind) {
        String name = file.toString();
        try {
            if (Files.isDirectory(file)) {
                throw new FormatException(name, 0, "is a directory, not a " + kind + " file");
            }
            long size = Files.size(file);
            if (size > maxBytes) {
                throw new FormatException(name, 0, String.format(Locale.ROOT,
                        "is %.1f MB; %s files up to %d MB are read", size / 1048576.0, kind, maxBytes >> 20));
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new FormatException(name, 0, "no such file");
        } catch (AccessDeniedException e) {
            throw new FormatException(name, 0, "not readable (permission denied)");
        } catch (IOException e) {
            throw new FormatException(name, 0, "cannot be read (" + (e.getMessage() == null ? "input error" : e.getMessage()) + ")");
        }
    }

    /** The SHA-256 of some bytes, 64 lower-case hex digits. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java 17 runtime has SHA-256", e);
        }
    }
}
