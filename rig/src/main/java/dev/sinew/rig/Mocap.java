package dev.sinew.rig;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The motion capture shipped with Sinew (the repository's {@code data/mocap}, classpath resources
 * of this jar; its README gives the source, licence and units of each file). Names are paths under
 * that folder, for example {@code cmu/131_01.bvh}.
 */
public final class Mocap {
    /** The shipped clips, in the fixed order {@link #names()} lists them. */
    private static final List<String> NAMES = List.of("cmu/131_01.bvh", "cmu/131_03.bvh", "cmu/140_01_30fps.bvh",
            "cmu/140_03_30fps.bvh", "cmu/140_08_30fps.bvh", "sinew/biped_wave.bvh");
    /** Metres per file unit of the project's own clips (the folder {@code sinew/}): centimetres. */
    private static final double SINEW_UNIT = 0.01;

    private Mocap() {
    }

    /** Every shipped clip's name, in a fixed order (sorted by path). */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * Metres per file unit of a shipped clip ({@link BvhImporter#CMU_UNIT} for the CMU files,
     * centimetres for the project's own).
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static double unit(String name) {
        Resources.requireShipped("clip", name, NAMES);
        return name.startsWith("cmu/") ? BvhImporter.CMU_UNIT : SINEW_UNIT;
    }

    /**
     * A shipped clip parsed with its unit applied; the clip is named after the file (for example
     * {@code 131_01.bvh}).
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static BvhImporter.Bvh read(String name) {
        return BvhImporter.parse(text(name), fileName(name), unit(name));
    }

    /** The text of a shipped clip, as in the file (ISO-8859-1). */
    public static String text(String name) {
        Resources.requireShipped("clip", name, NAMES);
        return Resources.text(Mocap.class, "mocap/" + name, StandardCharsets.ISO_8859_1);
    }

    private static String fileName(String name) {
        return name.substring(name.lastIndexOf('/') + 1);
    }
}
