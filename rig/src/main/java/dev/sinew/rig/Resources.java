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
     * The text of a shipped file, from the stream a class of the jar that ships it opened
     * ({@code Anchor.class.getResourceAsStream(path)}): in a named module only the module's own
     * code may read the resources of its packages, so the owner opens the stream.
     *
     * @param in      the open stream, or null when the jar does not hold the file
     * @param path    the file, for example {@code mocap/cmu/131_01.bvh}, for messages
     * @param charset the file's encoding
     * @throws IllegalStateException if the jar does not hold it (a broken build, not bad input)
     */
    public static String text(InputStream in, String path, Charset charset) {
        if (in == null) {
            throw new IllegalStateException("the shipped file " + path + " is missing from its jar (a broken build)");
        }
        try (in) {
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
