package dev.sinew.rig.layer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.Synthetic;
import dev.sinew.solver.InvalidArgumentException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Layer settings: the shipped CMU file reads, parts cover every bone once, and mistakes are named. */
class LayerSettingsTest {
    static final String TEXT = """
            {"name": "t", "masks": {"face": ["Head"], "body": ["*"], "torso": ["lowerback", "Chest"]},
             "parts": ["face", "body"], "blendSeconds": 0.15, "additives": [], "look": null}""";

    @Test
    void shippedCmuSettingsRead() {
        LayerSettings s = LayerSettings.shipped("cmu");
        assertEquals(List.of("face", "body"), s.parts());
        assertEquals("breathing", s.additives().get(0).name());
        assertEquals(Math.toRadians(75), s.look().settings().pitchCutoff(), 1e-15);
    }

    @Test
    void partsCoverEveryBoneOnce() {
        Skeleton sk = Synthetic.biped();
        List<BoneMask> parts = LayerSettings.parse(TEXT, "t.json").parts(sk);
        assertEquals(1, parts.get(0).size());
        assertEquals(sk.boneCount() - 1, parts.get(1).size());
        new ClipPlayer(sk, parts);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> new ClipPlayer(sk, List.of(parts.get(0), BoneMask.all(sk, "all"))));
        assertTrue(e.getMessage().contains("Head") && e.getMessage().contains("face"), e.getMessage());
        e = assertThrows(InvalidArgumentException.class, () -> new ClipPlayer(sk, List.of(parts.get(0))));
        assertTrue(e.getMessage().contains("in no part"), e.getMessage());
    }

    @Test
    void mistakesAreNamed() {
        FormatException e = assertThrows(FormatException.class,
                () -> LayerSettings.parse(TEXT.replace("\"parts\": [\"face\", \"body\"]", "\"parts\": [\"face\", \"legs\"]"), "t.json"));
        assertTrue(e.getMessage().startsWith("t.json:2: at $.parts") && e.getMessage().contains("legs"), e.getMessage());
        e = assertThrows(FormatException.class, () -> LayerSettings.parse(TEXT.replace("\"blendSeconds\": 0.15", "\"blendSeconds\": 3"),
                "t.json"));
        assertTrue(e.getMessage().contains("blendSeconds"), e.getMessage());
        e = assertThrows(FormatException.class, () -> LayerSettings.parse(TEXT.replace("\"additives\": []",
                "\"additives\": [{\"name\": \"b\", \"clip\": \"x.bvh\", \"from\": 1, \"to\": 0.5, \"mask\": \"torso\", \"speed\": 1}]"),
                "t.json"));
        assertTrue(e.getMessage().contains("additives.b"), e.getMessage());
        InvalidArgumentException bone = assertThrows(InvalidArgumentException.class, () -> LayerSettings.parse(
                TEXT.replace("\"Chest\"]", "\"Chestt\"]"), "t.json").mask(Synthetic.biped(), "torso"));
        assertTrue(bone.getMessage().contains("Chestt"), bone.getMessage());
    }
}
