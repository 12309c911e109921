package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.InvalidArgumentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The data the rig jar ships: the fixed lists {@link Mocap#names()} and
 * {@link Profiles#ragdollNames()} against the repository's folders they are built from (so a file
 * added to {@code data/mocap} or {@code profiles/ragdolls} without its name, or the reverse, fails
 * here), and every shipped file read back from the class path byte for byte.
 */
class ShippedDataTest {
    /** The repository root: the tests run in the module's folder. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static List<String> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> p.toString().endsWith(suffix)).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    @Test
    void mocapNamesAreTheFilesOfDataMocap() throws IOException {
        assertEquals(files(ROOT.resolve("data/mocap"), ".bvh"), Mocap.names());
        for (String name : Mocap.names()) {
            byte[] inRepository = Files.readAllBytes(ROOT.resolve("data/mocap").resolve(name));
            assertEquals(new String(inRepository, StandardCharsets.ISO_8859_1), Mocap.text(name), name);
        }
    }

    @Test
    void ragdollNamesAreTheFilesOfProfilesRagdolls() throws IOException {
        List<String> names = files(ROOT.resolve("profiles/ragdolls"), ".json").stream()
                .map(f -> f.substring(0, f.length() - ".json".length())).toList();
        assertEquals(names, Profiles.ragdollNames());
        for (String name : names) {
            assertEquals(Files.readString(ROOT.resolve("profiles/ragdolls").resolve(name + ".json")), Profiles.ragdollText(name));
            assertEquals(name, Profiles.ragdoll(name).name());
        }
    }

    /** Every shipped clip parses with its unit: its hips start between 0.5 and 1.5 m off the floor or lying on it. */
    @Test
    void everyShippedClipReadsInMetres() {
        for (String name : Mocap.names()) {
            BvhImporter.Bvh bvh = Mocap.read(name);
            assertEquals(name.substring(name.lastIndexOf('/') + 1), bvh.clip().name());
            double hips = bvh.clip().frame(0, new Pose(bvh.skeleton())).evaluate().modelPosition(0, new org.joml.Vector3d()).y;
            assertTrue(hips > 0.05 && hips < 1.5, name + ": hips at " + hips + " m");
        }
    }

    @Test
    void unshippedNamesAreRefusedWithTheList() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Mocap.read("cmu/../../secret.bvh"));
        assertTrue(e.getMessage().contains("cmu/131_01.bvh"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> Profiles.ragdoll("no-such-ragdoll"));
        assertThrows(InvalidArgumentException.class, () -> Mocap.read(null));
    }
}
