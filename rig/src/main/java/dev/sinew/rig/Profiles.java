package dev.sinew.rig;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The ragdoll definitions shipped with Sinew (the repository's {@code profiles/ragdolls}, classpath
 * resources of this jar), found by name from any working directory.
 */
public final class Profiles {
    /** The shipped definitions, sorted. */
    private static final List<String> RAGDOLLS = List.of("biped", "cmu-humanoid");

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
}
