package dev.sinew.scenes.reactions;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the reaction scenes share as catalogue entries: their category, and the character's files
 * ({@code --clip}, {@code --ragdoll}, {@code --profile}).
 */
abstract class ReactionScene implements Scene {
    @Override
    public String category() {
        return "reactions";
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }
}
