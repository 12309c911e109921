package dev.sinew.scenes.cli;

import picocli.CommandLine.Option;

/** The options every command that builds a scene takes (a picocli mixin). */
public final class SceneArgs {
    @Option(names = "--seed", paramLabel = "K", defaultValue = "1", description = "random seed (default 1)")
    public long seed;

    @Option(names = "--count", paramLabel = "N", defaultValue = "0", description = "scene-specific count")
    public int count;

    @Option(names = "--profile", paramLabel = "NAME", description = "drive profile for scenes with active ragdolls (profiles/drive/NAME.json)")
    public String profile;
}
