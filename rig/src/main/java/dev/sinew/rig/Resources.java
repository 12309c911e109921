package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.List;

/**
 * The data shipped inside Sinew's jars (motion capture, ragdoll definitions, drive profiles): read
 * from the class path, so they are found from any working directory and with nothing beside the
 * program.
 */
public final class Resources {
    private Resources() {
    }

    /**
     * The text of a shipped file.
     *
     * @param anchor  a class of the jar that ships it; {@code path} is relative to its package
     * @param path    the file, for example {@code mocap/cmu/131_01.bvh}
     * @param charset the file's encoding
     * @throws IllegalStateException if the jar does not hold it (a broken build, not bad input)
     */
    public static String text(Class<?> anchor, String path, Charset charset) {
        try (InputStream in = anchor.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the shipped file " + path + " is missing beside "
                        + anchor.getName() + " on the class path (a broken build)");
            }
            return new String(in.readAllBytes(), charset);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped file " + path, e);
        }
    }

    /**
     * Checks that {@code name} is one of {@code shipped}.
     *
     * @throws InvalidArgumentException naming the parameter, the value and the names allowed
     */
    public static void requireShipped(String what, String name, List<String> shipped) {
        if (name == null || !shipped.contains(name)) {
            throw new InvalidArgumentException(what, name, "is not shipped; one of " + shipped);
        }
    }
}
