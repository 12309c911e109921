package dev.sinew.rig;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The data files shipped with Sinew's rig (the repository's {@code profiles/ragdolls},
 * {@code profiles/layers} and {@code profiles/motion}, classpath resources of this jar), found by
 * name from any working directory.
 */
public final class Profiles {
    /** The shipped definitions, sorted. */
    private static final List<String> RAGDOLLS = List.of("biped", "cmu-humanoid");
    /** The shipped animation-layer settings, sorted. */
    private static final List<String> LAYERS = List.of("cmu");
    /** The shipped motion-matching files (databases and stick scripts), sorted. */
    private static final List<String> MOTION = List.of("cmu-locomotion", "stick-circle-zigzag-stop-turn");

    private Profiles() {
    }

    /** Every shipped ragdoll definition's name, sorted. */
    public static List<String> ragdollNames() {
        return RAGDOLLS;
    }

    /**
     * A shipped ragdoll definition by name, for example {@code cmu-humanoid}.
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static RagdollDefinition ragdoll(String name) {
        return RagdollDefinition.parse(ragdollText(name), name + ".json");
    }

    /** The JSON text of a shipped ragdoll definition. */
    public static String ragdollText(String name) {
        Resources.requireShipped("ragdoll", name, RAGDOLLS);
        return Resources.text(Profiles.class, "ragdolls/" + name + ".json", StandardCharsets.UTF_8);
    }

    /** Every shipped animation-layer settings file's name ({@code profiles/layers}), sorted. */
    public static List<String> layerNames() {
        return LAYERS;
    }

    /** The JSON text of shipped animation-layer settings ({@link dev.sinew.rig.layer.LayerSettings}). */
    public static String layersText(String name) {
        Resources.requireShipped("layers", name, LAYERS);
        return Resources.text(Profiles.class, "layers/" + name + ".json", StandardCharsets.UTF_8);
    }

    /** Every shipped motion-matching file's name ({@code profiles/motion}), sorted. */
    public static List<String> motionNames() {
        return MOTION;
    }

    /**
     * The JSON text of a shipped motion-matching file: a database ({@link dev.sinew.rig.match.MatchSettings})
     * or a stick script ({@link dev.sinew.rig.match.StickScript}).
     */
    public static String motionText(String name) {
        Resources.requireShipped("motion", name, MOTION);
        return Resources.text(Profiles.class, "motion/" + name + ".json", StandardCharsets.UTF_8);
    }
}
