package dev.sinew.rig.match;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.file.Path;
import java.util.List;

/**
 * A motion-matching database and its controller as data (the JSON files in {@code profiles/motion/}).
 * Angles are degrees in the file.
 *
 * @param name                the database's name
 * @param clips               the clips it is built from; more clips are more lines
 * @param hips                the hips bone (the root of the character's motion)
 * @param leftFoot            the left foot bone
 * @param rightFoot           the right foot bone
 * @param hipsForward         the hips bone's forward axis in its own frame (the character's facing
 *                            is that axis's heading, smoothed)
 * @param mirrorAxis          the skeleton's lateral axis, reflected by mirrored clips: x, y or z
 * @param frameRate           database frames per second (60)
 * @param horizonsSeconds     the three trajectory horizons, s (1/3, 2/3, 1: 20, 40, 60 frames at 60 Hz)
 * @param facingWindowSeconds the width of the centred average that smooths the root's ground path
 *                            and heading, s (the hips sway from step to step)
 * @param despikeDegreesPerSecond capture glitches above this bone speed are bridged first
 *                            ({@link dev.sinew.rig.Clip#withoutSpikes}), deg/s; 0 for none
 * @param restBones           bones the capture has no data for (fingers and thumbs, per the capture's
 *                            notes): held at their rest rotation in every clip of the database
 * @param weights             each feature group's weight after normalization
 * @param search              when and how it searches
 * @param controller          the character's simulated trajectory and the blend
 */
public record MatchSettings(String name, List<Source> clips, String hips, String leftFoot, String rightFoot,
        double[] hipsForward, String mirrorAxis, double frameRate, double[] horizonsSeconds, double facingWindowSeconds,
        double despikeDegreesPerSecond, List<String> restBones, Weights weights, Search search, Controller controller) {

    /**
     * One clip of the database.
     *
     * @param file   the clip file, for example {@code cmu/131_01.bvh}
     * @param mirror whether to use its left–right mirror ({@link dev.sinew.rig.mirror.Mirror})
     * @param from   where the used stretch starts, s (optional, default 0)
     * @param to     where it ends, s (optional, default the clip's end)
     */
    public record Source(String file, boolean mirror, Double from, Double to) {
    }

    /** Group weights, in the order of {@link FeatureGroup}. */
    public record Weights(double footPosition, double footVelocity, double hipVelocity, double trajectoryPosition,
            double trajectoryDirection) {
        double[] array() {
            return new double[] {footPosition, footVelocity, hipVelocity, trajectoryPosition, trajectoryDirection};
        }
    }

    /**
     * @param intervalSeconds       time between searches, s (0.1)
     * @param continueBias          how much cheaper the frame playing on counts (normalized cost units)
     * @param forceSpeedChange      a change of the desired velocity since the last search larger than
     *                              this (m/s) searches at once
     * @param forceFacingChangeDeg  so does a change of the desired facing larger than this, degrees
     * @param ignoreWithinSeconds   a result in the clip playing, less than this from where it plays
     *                              (s), is not jumped to
     * @param maxBlendBendDeg       a jump whose blend would bend a bone by more than this in one
     *                              update (degrees: the blend polynomial's curvature × dt²) is not
     *                              taken
     */
    public record Search(double intervalSeconds, double continueBias, double forceSpeedChange, double forceFacingChangeDeg,
            double ignoreWithinSeconds, double maxBlendBendDeg) {
    }

    /**
     * @param maxSpeed         the speed a full stick asks for, m/s
     * @param velocityHalfLife the half-life of the simulated velocity's approach to the stick's, s
     * @param facingHalfLife   the half-life of the simulated facing's approach to the stick's direction, s
     * @param syncHalfLife     the half-life with which the animated root is pulled to the simulated
     *                         one, s (the clips' own root motion moves it in between)
     * @param blendSeconds     the inertialization blend time of a jump, s (0.1–0.2)
     */
    public record Controller(double maxSpeed, double velocityHalfLife, double facingHalfLife, double syncHalfLife,
            double blendSeconds) {
    }

    /** Reads and checks a file. @throws FormatException naming the file and field */
    public static MatchSettings load(Path file) {
        return parse(JsonData.text(file), file.getFileName().toString());
    }

    /**
     * Shipped settings by name ({@link dev.sinew.rig.Profiles}), for example {@code cmu-locomotion}.
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static MatchSettings shipped(String name) {
        return parse(dev.sinew.rig.Profiles.motionText(name), name + ".json");
    }

    /** Parses and checks JSON text; {@code source} names it in errors. */
    public static MatchSettings parse(String text, String source) {
        return JsonData.read(text, source, MatchSettings.class, MatchSettings::check);
    }

    private void check() {
        if (clips == null || clips.isEmpty()) {
            throw new InvalidArgumentException("clips", clips, "at least one clip is needed");
        }
        for (int i = 0; i < clips.size(); i++) {
            Source c = clips.get(i);
            if (c.file() == null) {
                throw new InvalidArgumentException("clips[" + i + "].file", null, "is missing");
            }
            double from = c.from() == null ? 0 : c.from();
            if (!(from >= 0) || c.to() != null && !(c.to() > from)) {
                throw new InvalidArgumentException("clips[" + i + "]", "from " + c.from() + ", to " + c.to(),
                        "needs 0 <= from < to (s)");
            }
        }
        for (String[] bone : new String[][] {{"hips", hips}, {"leftFoot", leftFoot}, {"rightFoot", rightFoot}}) {
            if (bone[1] == null) {
                throw new InvalidArgumentException(bone[0], null, "is missing (a bone name)");
            }
        }
        if (hipsForward == null || hipsForward.length != 3 || hipsForward[0] == 0 && hipsForward[1] == 0 && hipsForward[2] == 0) {
            throw new InvalidArgumentException("hipsForward", hipsForward == null ? null : java.util.Arrays.toString(hipsForward),
                    "must be a non-zero [x, y, z]");
        }
        if (!List.of("x", "y", "z").contains(String.valueOf(mirrorAxis))) {
            throw new InvalidArgumentException("mirrorAxis", mirrorAxis, "must be x, y or z");
        }
        if (!(frameRate >= 10 && frameRate <= 240)) {
            throw new InvalidArgumentException("frameRate", frameRate, "must be in [10, 240] frames per second");
        }
        if (horizonsSeconds == null || horizonsSeconds.length != 3 || !(horizonsSeconds[0] > 0)
                || !(horizonsSeconds[1] > horizonsSeconds[0]) || !(horizonsSeconds[2] > horizonsSeconds[1])
                || !(horizonsSeconds[2] <= 5)) {
            throw new InvalidArgumentException("horizonsSeconds", horizonsSeconds == null ? null
                    : java.util.Arrays.toString(horizonsSeconds), "must be three increasing times in (0, 5] s");
        }
        if (!(facingWindowSeconds >= 0 && facingWindowSeconds <= 2)) {
            throw new InvalidArgumentException("facingWindowSeconds", facingWindowSeconds, "must be in [0, 2] s");
        }
        if (!(despikeDegreesPerSecond >= 0) || !Double.isFinite(despikeDegreesPerSecond)) {
            throw new InvalidArgumentException("despikeDegreesPerSecond", despikeDegreesPerSecond, "must be finite and >= 0");
        }
        if (weights == null || search == null || controller == null) {
            throw new InvalidArgumentException("weights/search/controller", null, "all three are needed");
        }
        for (double w : weights.array()) {
            if (!(w >= 0) || !Double.isFinite(w)) {
                throw new InvalidArgumentException("weights", w, "must be finite and >= 0");
            }
        }
        positive("search.intervalSeconds", search.intervalSeconds());
        nonNegative("search.continueBias", search.continueBias());
        positive("search.forceSpeedChange", search.forceSpeedChange());
        positive("search.forceFacingChangeDeg", search.forceFacingChangeDeg());
        nonNegative("search.ignoreWithinSeconds", search.ignoreWithinSeconds());
        positive("search.maxBlendBendDeg", search.maxBlendBendDeg());
        positive("controller.maxSpeed", controller.maxSpeed());
        positive("controller.velocityHalfLife", controller.velocityHalfLife());
        positive("controller.facingHalfLife", controller.facingHalfLife());
        positive("controller.syncHalfLife", controller.syncHalfLife());
        if (!(controller.blendSeconds() >= 0.05 && controller.blendSeconds() <= 0.5)) {
            throw new InvalidArgumentException("controller.blendSeconds", controller.blendSeconds(), "must be in [0.05, 0.5] s");
        }
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new InvalidArgumentException(name, v, "must be finite and > 0");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0");
        }
    }

    @Override
    public double[] hipsForward() {
        return hipsForward.clone();
    }

    @Override
    public double[] horizonsSeconds() {
        return horizonsSeconds.clone();
    }
}
