package dev.sinew.scenes.cli;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.BvhUnits;
import dev.sinew.rig.DataFiles;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Reading the user's own files named on the command line ({@code --clip}, {@code --ragdoll},
 * {@code --profile}) into {@link SceneInputs}, each checked completely before anything is
 * simulated, with its path and SHA-256 for the report.
 */
final class UserFiles {
    /** Metres per file unit accepted for {@code --unit}: a tenth of a millimetre to 100 m. */
    static final double MIN_UNIT = 1e-4;
    static final double MAX_UNIT = 100;

    private UserFiles() {
    }

    /**
     * @param clip      the BVH file, or null
     * @param unit      metres per file unit, or null to detect it from the skeleton's height
     * @param start     the clip's first second to use, or null for its start
     * @param end       the clip's last second to use, or null for its end
     * @param ragdoll   the ragdoll definition file, or null
     * @param profile   a shipped profile's name or a profile file, or null
     * @throws InvalidArgumentException (or {@link FormatException}) naming the file, line, field, value and range
     */
    static SceneInputs load(Path clip, Double unit, Double start, Double end, Path ragdoll, String profile) {
        if (clip == null) {
            for (Object[] o : new Object[][] {{"--unit", unit}, {"--clip-start", start}, {"--clip-end", end}}) {
                if (o[1] != null) {
                    throw new InvalidArgumentException(o[0].toString(), o[1], "goes with --clip FILE.bvh, which is not given");
                }
            }
        }
        return new SceneInputs(clip == null ? null : clip(clip, unit, start, end),
                ragdoll == null ? null : ragdoll(ragdoll), profile == null ? null : profile(profile));
    }

    static SceneInputs.Clip clip(Path file, Double unit, Double start, Double end) {
        if (unit != null && !(unit >= MIN_UNIT && unit <= MAX_UNIT)) {
            throw new InvalidArgumentException("--unit", unit, "must be in [" + MIN_UNIT + ", " + MAX_UNIT
                    + "] metres per file unit (0.01 for centimetres, " + BvhImporter.CMU_UNIT + " for CMU files)");
        }
        for (Object[] o : new Object[][] {{"--clip-start", start}, {"--clip-end", end}}) {
            Double v = (Double) o[1];
            if (v != null && !(v >= 0 && Double.isFinite(v))) {
                throw new InvalidArgumentException(o[0].toString(), v, "must be a finite time >= 0 s");
            }
        }
        byte[] bytes = DataFiles.read(file, BvhImporter.MAX_FILE_BYTES, "BVH");
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        String name = file.getFileName().toString();
        boolean detected = unit == null;
        double metres;
        if (detected) {
            BvhImporter.Bvh raw = BvhImporter.parse(text, file.toString(), name, 1);
            double height = BvhUnits.restHeight(raw.skeleton());
            Optional<BvhUnits.Unit> u = BvhUnits.detect(height);
            if (u.isEmpty()) {
                throw new FormatException(file.toString(), 0, String.format(Locale.ROOT, "cannot tell its unit: the rest"
                        + " skeleton is %.4g file units tall, which fits none of %s (file units for a 1-2.5 m human);"
                        + " give --unit METRES_PER_UNIT", height, BvhUnits.ranges()));
            }
            metres = u.get().metresPerUnit();
        } else {
            metres = unit;
        }
        BvhImporter.Bvh bvh = BvhImporter.parse(text, file.toString(), name, metres);
        dev.sinew.rig.Clip c = bvh.clip();
        double duration = c.duration();
        double s = start == null ? 0 : start;
        double e = end == null ? duration : end;
        double halfFrame = 0.5 / c.frameRate();
        if (s > duration + halfFrame) {
            throw new InvalidArgumentException("--clip-start", s, String.format(Locale.ROOT,
                    "is after the clip's end: %s lasts %.4g s (%d frames at %.4g fps)", name, duration, c.frameCount(),
                    c.frameRate()));
        }
        if (e > duration + halfFrame) {
            throw new InvalidArgumentException("--clip-end", e, String.format(Locale.ROOT,
                    "is after the clip's end: %s lasts %.4g s (%d frames at %.4g fps)", name, duration, c.frameCount(),
                    c.frameRate()));
        }
        if (e < s) {
            throw new InvalidArgumentException("--clip-end", e, "must not be before --clip-start " + s);
        }
        int first = (int) Math.min(c.frameCount() - 1, Math.round(s * c.frameRate()));
        int last = (int) Math.min(c.frameCount() - 1, Math.round(e * c.frameRate()));
        if (first != 0 || last != c.frameCount() - 1) {
            bvh = new BvhImporter.Bvh(bvh.skeleton(), c.frames(first, last), bvh.channels(), bvh.unitScale(),
                    bvh.positionChannels());
        }
        for (BvhImporter.PositionChannels p : bvh.positionChannels()) {
            if (p.kind() == BvhImporter.PositionKind.ANIMATED || p.kind() == BvhImporter.PositionKind.CONSTANT) {
                System.err.println("sinew: note: " + file + ": position channels of " + p.describe());
            }
        }
        return new SceneInputs.Clip(bvh, new SceneInputs.File(file.toString(), DataFiles.sha256(bytes)), metres, detected,
                first / c.frameRate(), last / c.frameRate());
    }

    static SceneInputs.Ragdoll ragdoll(Path file) {
        byte[] bytes = DataFiles.read(file, JsonData.MAX_FILE_BYTES, "JSON");
        JsonData.Parsed<RagdollDefinition> d = RagdollDefinition.parseWithLines(new String(bytes, StandardCharsets.UTF_8),
                file.toString());
        return new SceneInputs.Ragdoll(d.value(), new SceneInputs.File(file.toString(), DataFiles.sha256(bytes)), d.source());
    }

    /** A shipped profile by name, or a file: anything ending in .json or holding a path separator. */
    static SceneInputs.Profile profile(String given) {
        if (given.endsWith(".json") || given.contains("/") || given.contains(java.io.File.separator)) {
            Path file = Path.of(given);
            byte[] bytes = DataFiles.read(file, JsonData.MAX_FILE_BYTES, "JSON");
            JsonData.Parsed<DriveProfile> p = DriveProfile.parseWithLines(new String(bytes, StandardCharsets.UTF_8), given);
            return new SceneInputs.Profile(p.value(), new SceneInputs.File(given, DataFiles.sha256(bytes)), p.source());
        }
        if (!DriveProfile.shippedNames().contains(given)) {
            throw new InvalidArgumentException("--profile", given, "is not a shipped profile (" + String.join(", ",
                    DriveProfile.shippedNames()) + ") nor a .json file");
        }
        return new SceneInputs.Profile(DriveProfile.named(given), null, null);
    }
}
