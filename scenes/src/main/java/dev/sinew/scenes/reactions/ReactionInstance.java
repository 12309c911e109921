package dev.sinew.scenes.reactions;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterSettings;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneKit;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.Material;
import dev.sinew.solver.World;

/**
 * What the reaction scenes share: a world with a ground, the reacting character (at the origin, or
 * where the options put it), and what the viewer reads.
 */
abstract class ReactionInstance implements SceneInstance {
    final World world;
    final ReactingCharacter rc;
    /** The tick, s. */
    final double dt;

    /** With the user's clip, ragdoll and drive profile when given ({@code --clip}, {@code --ragdoll}, {@code --profile}). */
    ReactionInstance(SceneOptions options) {
        world = new World(options.worldSettings());
        SceneKit.ground(world, Material.DEFAULT);
        rc = new ReactingCharacter(world, options.originX(), options.originZ(), options, CharacterSettings.defaults());
        dt = world.settings().tickSeconds();
    }

    @Override
    public World world() {
        return world;
    }

    @Override
    public BodyHandle focus() {
        return rc.ragdoll().body(0);
    }

    @Override
    public dev.sinew.drives.PoseDriver driver() {
        return rc.body.driver();
    }

    @Override
    public Character character() {
        return rc.character;
    }
}
