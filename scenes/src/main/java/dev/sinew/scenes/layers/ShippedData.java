package dev.sinew.scenes.layers;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.ClipSource;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.layer.LayerSettings;
import dev.sinew.rig.match.MatchSettings;
import dev.sinew.rig.match.StickScript;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the layer scenes get their clips and data: the shipped motion capture by name
 * ({@code cmu/131_01.bvh}, parsed once and kept) and the JSON files under {@code profiles/}
 * ({@code layers/}, {@code motion/}). Everything that reads a clip or a layer file goes through here.
 */
public final class ShippedData {
    private static final Map<String, BvhImporter.Bvh> CLIPS = new ConcurrentHashMap<>();

    /** Clips by name, for data that names its clips. */
    public static final ClipSource CLIP_SOURCE = ShippedData::clip;

    private ShippedData() {
    }

    /** A shipped clip, for example {@code cmu/131_01.bvh}, in metres. */
    public static BvhImporter.Bvh clip(String name) {
        return CLIPS.computeIfAbsent(name, n -> BvhImporter.read(Mocap.file(n), BvhImporter.CMU_UNIT));
    }

    /** A character's layer settings, {@code profiles/layers/NAME.json}. */
    public static LayerSettings layers(String name) {
        return LayerSettings.load(Profiles.directory().resolve("layers").resolve(name + ".json"));
    }

    /** A motion-matching database definition, {@code profiles/motion/NAME.json}. */
    public static MatchSettings motion(String name) {
        return MatchSettings.load(Profiles.directory().resolve("motion").resolve(name + ".json"));
    }

    /** A stick script, {@code profiles/motion/NAME.json}. */
    public static StickScript stick(String name) {
        return StickScript.load(Profiles.directory().resolve("motion").resolve(name + ".json"));
    }
}
