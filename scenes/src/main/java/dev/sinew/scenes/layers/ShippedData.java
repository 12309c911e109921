package dev.sinew.scenes.layers;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.ClipSource;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.layer.LayerSettings;
import dev.sinew.rig.match.MatchSettings;
import dev.sinew.rig.match.StickScript;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the layer scenes get their clips and data: the shipped motion capture by name
 * ({@code cmu/131_01.bvh}, parsed once and kept) and the shipped layer and motion-matching files.
 * Everything of theirs that reads a clip or a data file goes through here.
 */
public final class ShippedData {
    private static final Map<String, BvhImporter.Bvh> CLIPS = new ConcurrentHashMap<>();

    /** Clips by name, for data that names its clips. */
    public static final ClipSource CLIP_SOURCE = ShippedData::clip;

    private ShippedData() {
    }

    /** A shipped clip, for example {@code cmu/131_01.bvh}, in metres. */
    public static BvhImporter.Bvh clip(String name) {
        return CLIPS.computeIfAbsent(name, Mocap::read);
    }

    /** A character's shipped layer settings ({@code profiles/layers/NAME.json}). */
    public static LayerSettings layers(String name) {
        return LayerSettings.shipped(name);
    }

    /** A shipped motion-matching database definition ({@code profiles/motion/NAME.json}). */
    public static MatchSettings motion(String name) {
        return MatchSettings.shipped(name);
    }

    /** A shipped stick script ({@code profiles/motion/NAME.json}). */
    public static StickScript stick(String name) {
        return StickScript.shipped(name);
    }
}
