package dev.sinew.scenes.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.BvhUnits;
import dev.sinew.rig.DataFiles;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.Skeleton;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code sinew inspect FILE}: which kind of data file it is (BVH motion capture, ragdoll
 * definition, drive profile) and a summary of it, or where it is malformed (exit 2).
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Say which kind of file FILE is and summarize it: a BVH file (bones, channels, frames, rate,"
                + " duration, detected unit, position channels, capture glitches), a ragdoll definition (bodies,"
                + " regions, joints, total mass) or a drive profile (gains, torque limits and mass fractions per"
                + " region, per-body overrides). Exit 2 if it is malformed.",
        footer = {"", Main.EXIT_CODES})
final class Inspect implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "the file to inspect")
    Path file;

    @Override
    public Integer call() {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            byte[] bytes = DataFiles.read(file, JsonData.MAX_FILE_BYTES, "JSON");
            String text = new String(bytes, StandardCharsets.UTF_8);
            return switch (kind(text)) {
                case "profile" -> driveProfile(text);
                case "ragdoll" -> ragdoll(text);
                default -> throw new BadArgument("FILE", file, file + ": a JSON file that is neither a ragdoll definition"
                        + " (a top-level \"bodies\" array and \"totalMass\") nor a drive profile (a top-level \"regions\""
                        + " object)");
            };
        }
        if (!name.endsWith(".bvh")) {
            throw new BadArgument("FILE", file, file + ": not a file sinew reads (BVH motion capture .bvh, ragdoll"
                    + " definitions and drive profiles .json)");
        }
        return bvh();
    }

    /** What a JSON text holds by its top-level fields: "profile", "ragdoll", or "" (malformed text: the ragdoll reader says where). */
    private static String kind(String text) {
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            return "ragdoll";
        }
        if (n == null || !n.isObject()) {
            return "ragdoll";
        }
        if (n.has("regions")) {
            return "profile";
        }
        if (n.has("totalMass") || n.path("bodies").isArray()) {
            return "ragdoll";
        }
        return "";
    }

    private int bvh() {
        byte[] bytes = DataFiles.read(file, BvhImporter.MAX_FILE_BYTES, "BVH");
        BvhImporter.Bvh bvh = BvhImporter.parse(new String(bytes, StandardCharsets.ISO_8859_1), file.toString(),
                file.getFileName().toString(), 1);
        Skeleton s = bvh.skeleton();
        double height = BvhUnits.restHeight(s);
        Optional<BvhUnits.Unit> unit = BvhUnits.detect(height);
        Map<String, Integer> orders = new LinkedHashMap<>();
        int ends = 0;
        for (int b = 0; b < s.boneCount(); b++) {
            StringBuilder o = new StringBuilder();
            for (String ch : bvh.channels().get(b)) {
                o.append(ch.startsWith("X") ? 'X' : ch.startsWith("Y") ? 'Y' : 'Z').append(ch.endsWith("position") ? 'p' : 'r');
            }
            orders.merge(bvh.channels().get(b).size() + ":" + o, 1, Integer::sum);
            ends += s.hasEndSite(b) ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "kind      BVH motion capture%n");
        System.out.printf(Locale.ROOT, "sha256    %s%n", DataFiles.sha256(bytes));
        System.out.printf(Locale.ROOT, "bones     %d (root %s), %d end sites%n", s.boneCount(), s.name(0), ends);
        System.out.printf(Locale.ROOT, "channels  %d; per joint: %s (Xp = Xposition, Zr = Zrotation, ...)%n",
                bvh.channelCount(), orders);
        System.out.printf(Locale.ROOT, "frames    %d at %.4g fps, %.3f s%n", bvh.clip().frameCount(), bvh.clip().frameRate(),
                bvh.clip().duration());
        System.out.printf(Locale.ROOT, "unit      %s (rest skeleton %.4g file units tall%s)%n",
                unit.map(BvhUnits.Unit::name).orElse("unknown: give --unit when using it"), height,
                unit.map(u -> String.format(Locale.ROOT, ", %.3f m", height * u.metresPerUnit())).orElse(""));
        if (!bvh.positionChannels().isEmpty()) {
            Map<BvhImporter.PositionKind, List<String>> kinds = new LinkedHashMap<>();
            for (BvhImporter.PositionChannels p : bvh.positionChannels()) {
                kinds.computeIfAbsent(p.kind(), k -> new ArrayList<>()).add(p.bone());
            }
            System.out.printf(Locale.ROOT, "positions %d non-root joints have position channels, which do not move"
                    + " bones:%n", bvh.positionChannels().size());
            for (BvhImporter.PositionChannels p : bvh.positionChannels()) {
                if (p.kind() == BvhImporter.PositionKind.ANIMATED || p.kind() == BvhImporter.PositionKind.CONSTANT) {
                    System.out.printf(Locale.ROOT, "  %s%n", p.describe());
                }
            }
            kinds.remove(BvhImporter.PositionKind.ANIMATED);
            kinds.remove(BvhImporter.PositionKind.CONSTANT);
            kinds.forEach((k, bones) -> System.out.printf(Locale.ROOT, "  %s: %s%n", k == BvhImporter.PositionKind.ZERO
                    ? "always 0 (the joints stay at their OFFSET)" : "always equal to the OFFSET (the joints stay there)",
                    String.join(", ", bones)));
        }
        // capture glitches: what Clip.withoutSpikes would bridge at the scenes' limit
        double limit = dev.sinew.scenes.drives.ActiveCharacter.MAX_BONE_DEGREES_PER_SECOND;
        dev.sinew.rig.Clip.Despiked d = bvh.clip().withoutSpikes(limit);
        StringBuilder bones = new StringBuilder();
        for (int b = 0; b < s.boneCount(); b++) {
            if (d.repairedFrames()[b] > 0) {
                bones.append(bones.length() == 0 ? ": " : ", ").append(s.name(b)).append(' ').append(d.repairedFrames()[b]);
            }
        }
        System.out.printf(Locale.ROOT, "glitches  %d bone-frames jump past %.0f°/s and back%s%n", d.total(), limit, bones);
        return 0;
    }

    /** A drive profile: per region its gains, torque limit and mass fraction, and the per-body overrides. */
    private int driveProfile(String text) {
        DriveProfile p = DriveProfile.parse(text, file.toString());
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "kind      drive profile%n");
        System.out.printf(Locale.ROOT, "profile   %s, %d regions, %d body overrides%n", p.name(), p.regions().size(),
                p.bodies().size());
        for (Map.Entry<String, DriveProfile.Gains> e : p.regions().entrySet()) {
            System.out.printf(Locale.ROOT, "  %-9s %-40s max %7.4g N·m  mass %.3f%n", e.getKey(), gains(e.getValue()),
                    e.getValue().maxTorque(), e.getValue().massFraction());
        }
        for (Map.Entry<String, DriveProfile.Gains> e : p.bodies().entrySet()) {
            System.out.printf(Locale.ROOT, "  body %-12s %s%n", e.getKey(), overrides(e.getValue()));
        }
        System.out.printf(Locale.ROOT, "masses    the profile's mass fractions (per region, and per body where"
                + " overridden) replace the ragdoll definition's when it drives a ragdoll; the total mass stays the"
                + " definition's%n");
        return 0;
    }

    /** What a per-body override sets. */
    private static String overrides(DriveProfile.Gains g) {
        List<String> set = new ArrayList<>();
        if (g.stiffness() != null || g.frequency() != null || g.accelerationStiffness() != null) {
            set.add(gains(g));
        }
        if (g.maxTorque() != null) {
            set.add(String.format(Locale.ROOT, "max %.4g N·m", g.maxTorque()));
        }
        if (g.massFraction() != null) {
            set.add(String.format(Locale.ROOT, "mass %.3f (overrides its region's)", g.massFraction()));
        }
        return String.join(", ", set);
    }

    private static String gains(DriveProfile.Gains g) {
        if (g.stiffness() != null) {
            return String.format(Locale.ROOT, "%.4g N·m/rad, %.4g N·m·s/rad", g.stiffness(), g.damping());
        }
        if (g.frequency() != null) {
            return String.format(Locale.ROOT, "%.4g Hz, damping ratio %.3g", g.frequency(), g.dampingRatio());
        }
        return String.format(Locale.ROOT, "%.4g 1/s², %.4g 1/s (mass-normalized)", g.accelerationStiffness(),
                g.accelerationDamping());
    }

    /** A ragdoll definition: bodies, regions, joints and total mass. */
    private int ragdoll(String text) {
        RagdollDefinition d = RagdollDefinition.parse(text, file.toString());
        Map<String, Integer> regions = new LinkedHashMap<>();
        Map<String, Integer> joints = new LinkedHashMap<>();
        for (RagdollDefinition.Body b : d.bodies()) {
            regions.merge(b.region(), 1, Integer::sum);
            joints.merge(b.joint() == null ? "root" : b.joint().type(), 1, Integer::sum);
        }
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "kind      ragdoll definition%n");
        System.out.printf(Locale.ROOT, "ragdoll   %s, %d bodies, %.4g kg total%n", d.name(), d.bodies().size(), d.totalMass());
        System.out.printf(Locale.ROOT, "regions   %s%n", regions);
        System.out.printf(Locale.ROOT, "joints    %s%n", joints);
        for (RagdollDefinition.Body b : d.bodies()) {
            System.out.printf(Locale.ROOT, "  %-12s bone %-14s %-9s %6.2f kg  %-8s %s%n", b.name(), b.bone(), b.region(),
                    b.massFraction() * d.totalMass(), b.shape().type(),
                    b.joint() == null ? "" : b.joint().type() + " to " + b.joint().parent());
        }
        System.out.printf(Locale.ROOT, "masses    as listed when limp; a drive profile's mass fractions replace them when it"
                + " drives the ragdoll%n");
        return 0;
    }
}
