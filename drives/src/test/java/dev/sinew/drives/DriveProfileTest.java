package dev.sinew.drives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.solver.DriveSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drive profiles: the shipped ones load, and each kind of bad value is refused naming the field. */
class DriveProfileTest {

    /** A valid profile: every region with the given gains JSON, mass fractions adding up to 1. */
    static String profile(String gains) {
        StringBuilder b = new StringBuilder("{\"name\": \"t\", \"regions\": {");
        List<String> regions = RagdollDefinition.REGIONS;
        double unit = 1.0 / 17; // 5 single regions + 6 paired ones counted twice
        for (int i = 0; i < regions.size(); i++) {
            b.append(i == 0 ? "" : ", ").append('"').append(regions.get(i)).append("\": {").append(gains)
                    .append(", \"maxTorque\": 500, \"massFraction\": ").append(unit).append('}');
        }
        return b.append("}}").toString();
    }

    /**
     * The fixed list of shipped profiles is the repository's {@code profiles/drive} folder (a file
     * added without its name, or the reverse, fails here), each read back from the class path.
     */
    @Test
    void shippedNamesAreTheFilesOfProfilesDrive() throws java.io.IOException {
        java.nio.file.Path dir = java.nio.file.Path.of("../profiles/drive");
        List<String> files;
        try (java.util.stream.Stream<java.nio.file.Path> all = java.nio.file.Files.list(dir)) {
            files = all.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".json"))
                    .map(f -> f.substring(0, f.length() - ".json".length())).sorted().toList();
        }
        assertEquals(files, DriveProfile.shippedNames());
        for (String name : files) {
            assertEquals(java.nio.file.Files.readString(dir.resolve(name + ".json")), DriveProfile.shippedText(name));
        }
    }

    @Test
    void shippedProfilesLoad() {
        for (String name : List.of("default", "stiff", "loose", "limp")) {
            DriveProfile p = DriveProfile.named(name);
            assertEquals(name, p.name());
            assertEquals(RagdollDefinition.REGIONS.size(), p.regions().size());
        }
    }

    @Test
    void theThreeGainFormsBecomeTheSolversSettings() {
        DriveProfile a = DriveProfile.parse(profile("\"stiffness\": 300, \"damping\": 20"), "a.json");
        DriveSettings s = a.gains("thigh", "thigh.L").settings(0.5);
        assertEquals(DriveSettings.Gains.STIFFNESS_DAMPING, s.gains());
        assertEquals(150, s.stiffness(), 1e-12);
        assertEquals(10, s.damping(), 1e-12);
        assertEquals(250, s.maxTorque(), 1e-12);
        DriveProfile f = DriveProfile.parse(profile("\"frequency\": 4, \"dampingRatio\": 1"), "f.json");
        DriveSettings fs = f.gains("thigh", "thigh.L").settings(0.25);
        assertEquals(DriveSettings.Gains.FREQUENCY_DAMPING_RATIO, fs.gains());
        // stiffness ∝ frequency², damping ∝ frequency·ratio: both scale by the strength
        assertEquals(0.25, fs.stiffness() * fs.stiffness() / 16, 1e-12);
        assertEquals(0.25, fs.stiffness() * fs.damping() / 4, 1e-12);
        DriveProfile m = DriveProfile.parse(profile("\"accelerationStiffness\": 900, \"accelerationDamping\": 60"), "m.json");
        assertEquals(DriveSettings.Gains.ACCELERATION, m.gains("hand", "hand.R").settings(1).gains());
    }

    @Test
    void aBodyOverrideReplacesOnlyWhatItGives() {
        String json = profile("\"stiffness\": 300, \"damping\": 20").replaceFirst("}}$",
                "}, \"bodies\": {\"hand.L\": {\"maxTorque\": 7}}}");
        DriveProfile p = DriveProfile.parse(json, "o.json");
        DriveProfile.Gains g = p.gains("hand", "hand.L");
        assertEquals(7, g.maxTorque());
        assertEquals(300, g.stiffness());
        assertEquals(500, p.gains("hand", "hand.R").maxTorque());
    }

    @Test
    void badValuesAreRefusedNamingTheField() {
        String good = profile("\"stiffness\": 300, \"damping\": 20");
        assertField(good.replaceFirst("\"pelvis\"", "\"tail\""), "$.regions.tail");
        assertField(good.replaceFirst("\"stiffness\": 300", "\"stiffness\": -1"), "$.regions.pelvis.stiffness");
        assertField(good.replaceFirst(", \"damping\": 20", ""), "$.regions.pelvis.damping");
        assertField(good.replaceFirst("\"maxTorque\": 500", "\"maxTorque\": 0"), "$.regions.pelvis.maxTorque");
        assertField(good.replaceFirst("\"maxTorque\": 500, ", ""), "$.regions.pelvis.maxTorque");
        assertField(good.replaceFirst("\"massFraction\": [0-9.E-]+", "\"massFraction\": 0.5"), "massFraction");
        assertField(good.replaceFirst("\"massFraction\": [0-9.E-]+", "\"massFraction\": 1.5"), "$.regions.pelvis.massFraction");
        assertField(good.replaceFirst("\"stiffness\": 300", "\"stiffness\": 300, \"frequency\": 2"), "$.regions.pelvis");
        assertField(good.replaceFirst("\"stiffness\": 300, \"damping\": 20, ", ""), "$.regions.pelvis");
        assertField(good.replaceFirst("\"stiffness\": 300", "\"stiffnes\": 300"), "stiffnes");
        assertField(good.replaceFirst("\"name\": \"t\", ", ""), "$.name");
        // NaN is not JSON: the parser names the line
        FormatException nan = assertThrows(FormatException.class,
                () -> DriveProfile.parse(good.replaceFirst("\"stiffness\": 300", "\"stiffness\": NaN"), "n.json"));
        assertEquals(1, nan.line());
        String withoutShin = good.replaceFirst(", \"shin\": \\{[^}]*}", "");
        assertField(withoutShin, "$.regions.shin");
    }

    private static void assertField(String json, String field) {
        FormatException e = assertThrows(FormatException.class, () -> DriveProfile.parse(json, "bad.json"));
        assertTrue(e.getMessage().startsWith("bad.json:"), e.getMessage());
        assertTrue(e.getMessage().contains(field), "'" + e.getMessage() + "' should name " + field);
    }

    @org.junit.jupiter.api.Test
    void oneRegionsGainsCanBeReplacedInTheirOwnFormAndOnlyThose() {
        DriveProfile p = DriveProfile.named("default");
        double[] before = p.regionGains("hand");
        DriveProfile q = p.withRegionGains("hand", 2 * before[0], 3 * before[1], 50);
        double[] after = q.regionGains("hand");
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {2 * before[0], 3 * before[1], 50}, after, 0);
        org.junit.jupiter.api.Assertions.assertEquals(p.regionForm("hand"), q.regionForm("hand"));
        for (String r : dev.sinew.rig.RagdollDefinition.REGIONS) {
            if (!r.equals("hand")) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(p.regionGains(r), q.regionGains(r), 0, r);
            }
            org.junit.jupiter.api.Assertions.assertEquals(p.regions().get(r).massFraction(), q.regions().get(r).massFraction());
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(before, p.regionGains("hand"), 0, "the original is unchanged");
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.sinew.solver.InvalidArgumentException.class,
                () -> p.withRegionGains("tail", 1, 1, 1));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("tail"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(dev.sinew.solver.InvalidArgumentException.class,
                () -> p.withRegionGains("hand", -1, 1, 1));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("hand") && e.getMessage().contains("-1"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(dev.sinew.solver.InvalidArgumentException.class,
                () -> p.withRegionGains("hand", 1, Double.NaN, 1));
        org.junit.jupiter.api.Assertions.assertThrows(dev.sinew.solver.InvalidArgumentException.class,
                () -> p.withRegionGains("hand", 1, 1, 0));
    }
}
