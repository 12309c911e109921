package dev.sinew.scenes.cli;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.Pose;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.Skeleton;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.joml.Vector3d;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code sinew inspect FILE}: a summary of a data file, or where it is malformed: BVH files and
 * ragdoll definitions and drive profiles.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Summarize a BVH file (bones, channels, frames, rate, duration, detected unit) or a ragdoll"
                + " definition (bodies, regions, joints, total mass) or a drive profile (gains, torque limits, mass"
                + " fractions per region); exit 1 if malformed.")
final class Inspect implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "the file to inspect")
    Path file;

    /** Candidate units: metres per file unit, and the range of standing heights (file units) that suggests it. */
    private static final Object[][] UNITS = {
        {"metres", 1.0, 1.0, 2.5},
        {"CMU units (0.056444 m)", BvhImporter.CMU_UNIT, 20.0, 45.0},
        {"inches (0.0254 m)", 0.0254, 45.0, 100.0},
        {"centimetres (0.01 m)", 0.01, 100.0, 250.0},
        {"millimetres (0.001 m)", 0.001, 1000.0, 2500.0},
    };

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            System.err.println("sinew inspect: " + file + ": no such file");
            return 2;
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            return isDriveProfile() ? driveProfile() : ragdoll();
        }
        if (!name.endsWith(".bvh")) {
            System.err.println("sinew inspect: " + file + ": unsupported file type (BVH files, ragdoll definitions and"
                    + " drive profiles)");
            return 2;
        }
        BvhImporter.Bvh bvh;
        try {
            bvh = BvhImporter.read(file, 1);
        } catch (FormatException e) {
            System.err.println("sinew inspect: " + file.getParent() + "/" + e.getMessage());
            return 1;
        } catch (UncheckedIOException e) {
            System.err.println("sinew inspect: " + e.getMessage());
            return 2;
        }
        Skeleton s = bvh.skeleton();
        double height = height(bvh);
        String unit = "unknown";
        double scale = Double.NaN;
        for (Object[] u : UNITS) {
            if (height >= (double) u[2] && height <= (double) u[3]) {
                unit = (String) u[0];
                scale = (double) u[1];
            }
        }
        Map<String, Integer> orders = new LinkedHashMap<>();
        for (List<String> c : bvh.channels()) {
            StringBuilder o = new StringBuilder();
            for (String ch : c) {
                o.append(ch.startsWith("X") ? 'X' : ch.startsWith("Y") ? 'Y' : 'Z').append(ch.endsWith("position") ? 'p' : 'r');
            }
            orders.merge(c.size() + ":" + o, 1, Integer::sum);
        }
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "bones     %d (root %s)%n", s.boneCount(), s.name(0));
        System.out.printf(Locale.ROOT, "channels  %d; per joint: %s (Xp = Xposition, Zr = Zrotation, ...)%n",
                bvh.channelCount(), orders);
        System.out.printf(Locale.ROOT, "frames    %d at %.4g fps, %.3f s%n", bvh.clip().frameCount(), bvh.clip().frameRate(),
                bvh.clip().duration());
        System.out.printf(Locale.ROOT, "unit      %s (rest skeleton %.4g file units tall%s)%n", unit, height,
                Double.isNaN(scale) ? "" : String.format(Locale.ROOT, ", %.3f m", height * scale));
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

    /** True if the JSON file has a top-level "regions" object (a drive profile), not "bodies" (a ragdoll). */
    private boolean isDriveProfile() {
        try {
            com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
            return n != null && n.has("regions") && !n.has("bodies");
        } catch (java.io.IOException e) {
            return false; // malformed: the ragdoll loader reports where
        }
    }

    /** A drive profile: per region its gains, torque limit and mass fraction; or where it is malformed. */
    private int driveProfile() {
        DriveProfile p;
        try {
            p = DriveProfile.load(file);
        } catch (FormatException | UncheckedIOException e) {
            return loadFailed(e);
        }
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "profile   %s, %d regions, %d body overrides%n", p.name(), p.regions().size(),
                p.bodies().size());
        for (Map.Entry<String, DriveProfile.Gains> e : p.regions().entrySet()) {
            System.out.printf(Locale.ROOT, "  %-9s %-40s max %7.4g N·m  mass %.3f%n", e.getKey(), gains(e.getValue()),
                    e.getValue().maxTorque(), e.getValue().massFraction());
        }
        for (Map.Entry<String, DriveProfile.Gains> e : p.bodies().entrySet()) {
            System.out.printf(Locale.ROOT, "  body %-12s %s%n", e.getKey(), e.getValue());
        }
        return 0;
    }

    /** Reports a file that could not be loaded: exit 1 if malformed (file:line: what), 2 if unreadable. */
    private int loadFailed(RuntimeException e) {
        if (e instanceof FormatException) {
            System.err.println("sinew inspect: " + (file.getParent() == null ? "" : file.getParent() + "/") + e.getMessage());
            return 1;
        }
        System.err.println("sinew inspect: " + e.getMessage());
        return 2;
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

    /** A ragdoll definition: bodies, regions, joints and total mass; or where it is malformed. */
    private int ragdoll() {
        RagdollDefinition d;
        try {
            d = RagdollDefinition.load(file);
        } catch (FormatException | UncheckedIOException e) {
            return loadFailed(e);
        }
        Map<String, Integer> regions = new LinkedHashMap<>();
        Map<String, Integer> joints = new LinkedHashMap<>();
        for (RagdollDefinition.Body b : d.bodies()) {
            regions.merge(b.region(), 1, Integer::sum);
            joints.merge(b.joint() == null ? "root" : b.joint().type(), 1, Integer::sum);
        }
        System.out.printf(Locale.ROOT, "file      %s%n", file);
        System.out.printf(Locale.ROOT, "ragdoll   %s, %d bodies, %.4g kg total%n", d.name(), d.bodies().size(), d.totalMass());
        System.out.printf(Locale.ROOT, "regions   %s%n", regions);
        System.out.printf(Locale.ROOT, "joints    %s%n", joints);
        for (RagdollDefinition.Body b : d.bodies()) {
            System.out.printf(Locale.ROOT, "  %-12s bone %-14s %-9s %6.2f kg  %-8s %s%n", b.name(), b.bone(), b.region(),
                    b.massFraction() * d.totalMass(), b.shape().type(),
                    b.joint() == null ? "" : b.joint().type() + " to " + b.joint().parent());
        }
        return 0;
    }

    /** Vertical extent of the rest skeleton (offsets only, end sites included), in file units. */
    private static double height(BvhImporter.Bvh bvh) {
        Skeleton s = bvh.skeleton();
        Pose rest = new Pose(s).evaluate();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        Vector3d p = new Vector3d();
        Vector3d e = new Vector3d();
        for (int i = 0; i < s.boneCount(); i++) {
            rest.modelPosition(i, p);
            lo = Math.min(lo, p.y);
            hi = Math.max(hi, p.y);
            if (bvh.endSite(i, e) != null) {
                lo = Math.min(lo, p.y + e.y);
                hi = Math.max(hi, p.y + e.y);
            }
        }
        return hi - lo;
    }
}
