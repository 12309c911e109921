package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sinew.rig.layer.LayerSettings;
import dev.sinew.rig.match.MatchSettings;
import dev.sinew.rig.match.StickScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layer and motion-matching files the rig jar ships: the fixed name lists against the
 * repository's folders, each file read back from the class path as it is in git, and each one
 * parsing.
 */
class ShippedLayerDataTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static List<String> names(String folder) throws IOException {
        try (Stream<Path> all = Files.list(ROOT.resolve(folder))) {
            return all.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".json"))
                    .map(f -> f.substring(0, f.length() - ".json".length())).sorted().toList();
        }
    }

    @Test
    void layerFilesAreShippedAndRead() throws IOException {
        assertEquals(names("profiles/layers"), Profiles.layerNames());
        for (String name : Profiles.layerNames()) {
            assertEquals(Files.readString(ROOT.resolve("profiles/layers").resolve(name + ".json")), Profiles.layersText(name));
            assertEquals(name, LayerSettings.shipped(name).name());
        }
    }

    @Test
    void motionFilesAreShippedAndRead() throws IOException {
        assertEquals(names("profiles/motion"), Profiles.motionNames());
        for (String name : Profiles.motionNames()) {
            assertEquals(Files.readString(ROOT.resolve("profiles/motion").resolve(name + ".json")), Profiles.motionText(name));
        }
        assertEquals(8, MatchSettings.shipped("cmu-locomotion").clips().size());
        assertEquals(31, StickScript.shipped("stick-circle-zigzag-stop-turn").duration());
    }
}
