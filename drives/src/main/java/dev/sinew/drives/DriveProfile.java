package dev.sinew.drives;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.Resources;
import dev.sinew.solver.DriveSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How strongly each region of a ragdoll tracks its animation: the JSON files in
 * {@code profiles/drive/}. Every region of {@link RagdollDefinition#REGIONS} gets gains in one of
 * three forms, a maximum torque and the mass fraction of each of its bodies; single bodies may
 * override any of their region's values.
 * <pre>
 * { "name": "default",
 *   "regions": { "pelvis": { "stiffness": 3000, "damping": 150, "maxTorque": 800, "massFraction": 0.14 }, ... },
 *   "bodies":  { "hand.L": { "maxTorque": 20 } } }
 * </pre>
 * Gains: {@code stiffness} (N·m/rad) and {@code damping} (N·m·s/rad); or {@code frequency} (Hz)
 * and {@code dampingRatio}; or {@code accelerationStiffness} (1/s²) and
 * {@code accelerationDamping} (1/s), mass-normalized. The conversion to the solver's implicit
 * coefficients happens in one place, {@link DriveSettings}. {@code massFraction} is each body's
 * share of the ragdoll's total mass: the paired regions (upper arm, forearm, hand, thigh, shin,
 * foot) count twice, and the fractions must add up to 1 within {@value #MASS_SUM_TOLERANCE}. A
 * ragdoll without a body for some region (the CMU ragdoll has no neck) spreads that share over its
 * other bodies in proportion.
 *
 * @param name    the profile's name
 * @param regions gains per region name, every region given
 * @param bodies  per body name, values that replace its region's (optional)
 */
public record DriveProfile(String name, Map<String, Gains> regions, Map<String, Gains> bodies) {

    /** How far the mass fractions may add up from 1. */
    public static final double MASS_SUM_TOLERANCE = 0.01;
    /** Largest stiffness or damping accepted, in any form (a typo guard; the drive is stable above it too). */
    public static final double MAX_GAIN = 1e12;

    /**
     * One region's or body's values; in a body override, any may be left out.
     *
     * @param stiffness             N·m/rad, ≥ 0
     * @param damping               N·m·s/rad, ≥ 0
     * @param frequency             Hz, ≥ 0
     * @param dampingRatio          ≥ 0
     * @param accelerationStiffness 1/s², ≥ 0
     * @param accelerationDamping   1/s, ≥ 0
     * @param maxTorque             N·m, &gt; 0
     * @param massFraction          share of the total mass per body, (0, 1]
     */
    public record Gains(Double stiffness, Double damping, Double frequency, Double dampingRatio,
            Double accelerationStiffness, Double accelerationDamping, Double maxTorque, Double massFraction) {

        /** The form the gains are in, or null if none is given. */
        DriveSettings.Gains form() {
            if (stiffness != null || damping != null) {
                return DriveSettings.Gains.STIFFNESS_DAMPING;
            }
            if (frequency != null || dampingRatio != null) {
                return DriveSettings.Gains.FREQUENCY_DAMPING_RATIO;
            }
            if (accelerationStiffness != null || accelerationDamping != null) {
                return DriveSettings.Gains.ACCELERATION;
            }
            return null;
        }

        /** These values with the missing ones taken from {@code base} (gains as a pair). */
        Gains over(Gains base) {
            boolean ownGains = form() != null;
            return new Gains(ownGains ? stiffness : base.stiffness, ownGains ? damping : base.damping,
                    ownGains ? frequency : base.frequency, ownGains ? dampingRatio : base.dampingRatio,
                    ownGains ? accelerationStiffness : base.accelerationStiffness,
                    ownGains ? accelerationDamping : base.accelerationDamping,
                    maxTorque != null ? maxTorque : base.maxTorque, massFraction != null ? massFraction : base.massFraction);
        }

        /** The solver's drive settings for these gains scaled by {@code strength} in [0, 1]. */
        DriveSettings settings(double strength) {
            DriveSettings.Gains f = form();
            double k = f == DriveSettings.Gains.STIFFNESS_DAMPING ? stiffness
                    : f == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO ? frequency : accelerationStiffness;
            double c = f == DriveSettings.Gains.STIFFNESS_DAMPING ? damping
                    : f == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO ? dampingRatio : accelerationDamping;
            if (f == DriveSettings.Gains.FREQUENCY_DAMPING_RATIO) {
                // stiffness ∝ frequency², damping ∝ frequency·ratio: frequency and ratio times √strength
                // scale both by strength, as in the other forms
                double root = Math.sqrt(strength);
                return new DriveSettings(f, k * root, c * root, maxTorque * strength);
            }
            return new DriveSettings(f, k * strength, c * strength, maxTorque * strength);
        }
    }

    /**
     * This profile with one region's gains replaced, in the form the region has them: {@code k}
     * and {@code c} are stiffness (N·m/rad) and damping (N·m·s/rad), or frequency (Hz) and damping
     * ratio, or acceleration stiffness (1/s²) and damping (1/s); {@code maxTorque} in N·m. Body
     * overrides and mass fractions are kept. For live tuning (the sandbox's panel).
     *
     * @throws InvalidArgumentException naming the field for an unknown region or a value out of range
     */
    public DriveProfile withRegionGains(String region, double k, double c, double maxTorque) {
        Gains g = regions.get(region);
        if (g == null) {
            throw new dev.sinew.solver.InvalidArgumentException("region", region, "is not a region; one of " + regions.keySet());
        }
        if (!(k >= 0) || k > MAX_GAIN) {
            throw new dev.sinew.solver.InvalidArgumentException("regions." + region + " gain", k, "must be in [0, " + MAX_GAIN + "]");
        }
        if (!(c >= 0) || c > MAX_GAIN) {
            throw new dev.sinew.solver.InvalidArgumentException("regions." + region + " damping", c, "must be in [0, " + MAX_GAIN + "]");
        }
        if (!(maxTorque > 0) || Double.isInfinite(maxTorque)) {
            throw new dev.sinew.solver.InvalidArgumentException("regions." + region + ".maxTorque", maxTorque, "must be finite and > 0 N·m");
        }
        DriveSettings.Gains f = g.form();
        Gains next = switch (f) {
            case STIFFNESS_DAMPING -> new Gains(k, c, null, null, null, null, maxTorque, g.massFraction());
            case FREQUENCY_DAMPING_RATIO -> new Gains(null, null, k, c, null, null, maxTorque, g.massFraction());
            case ACCELERATION -> new Gains(null, null, null, null, k, c, maxTorque, g.massFraction());
        };
        Map<String, Gains> r = new java.util.LinkedHashMap<>(regions);
        r.put(region, next);
        return new DriveProfile(name, java.util.Collections.unmodifiableMap(r), bodies);
    }

    /** The pair {@link #withRegionGains} takes for a region, with the max torque: {k, c, maxTorque}. */
    public double[] regionGains(String region) {
        Gains g = regions.get(region);
        if (g == null) {
            throw new dev.sinew.solver.InvalidArgumentException("region", region, "is not a region; one of " + regions.keySet());
        }
        return switch (g.form()) {
            case STIFFNESS_DAMPING -> new double[] {g.stiffness(), g.damping(), g.maxTorque()};
            case FREQUENCY_DAMPING_RATIO -> new double[] {g.frequency(), g.dampingRatio(), g.maxTorque()};
            case ACCELERATION -> new double[] {g.accelerationStiffness(), g.accelerationDamping(), g.maxTorque()};
        };
    }

    /** The form a region's gains are in. */
    public DriveSettings.Gains regionForm(String region) {
        Gains g = regions.get(region);
        if (g == null) {
            throw new dev.sinew.solver.InvalidArgumentException("region", region, "is not a region; one of " + regions.keySet());
        }
        return g.form();
    }

    /** The regions paired left and right: their mass fraction counts twice. */
    static final List<String> PAIRED = List.of("upperArm", "forearm", "hand", "thigh", "shin", "foot");

    /** The shipped profiles (the repository's {@code profiles/drive}, classpath resources of this jar), sorted. */
    private static final List<String> SHIPPED = List.of("default", "limp", "loose", "stiff");

    /**
     * A shipped profile by name ({@code default}, {@code stiff}, {@code loose}, {@code limp}), found
     * from any working directory.
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static DriveProfile named(String name) {
        return parse(shippedText(name), name + ".json");
    }

    /** The names of the shipped profiles, sorted. */
    public static List<String> shippedNames() {
        return SHIPPED;
    }

    /** The JSON text of a shipped profile. */
    public static String shippedText(String name) {
        if (name == null || !SHIPPED.contains(name)) {
            throw new dev.sinew.solver.InvalidArgumentException("profile", name, "no such drive profile; one of " + SHIPPED);
        }
        return Resources.text(DriveProfile.class, "profiles/" + name + ".json", StandardCharsets.UTF_8);
    }

    /** Reads and checks a profile file. @throws FormatException naming the file, line or field, value and allowed range */
    public static DriveProfile load(Path file) {
        return parse(JsonData.text(file), file.toString());
    }

    /** Parses and checks JSON text; {@code source} names it in errors. */
    public static DriveProfile parse(String text, String source) {
        return parseWithLines(text, source).value();
    }

    /** Parses and checks JSON text, keeping the line of each field (for errors found when it drives a ragdoll). */
    public static JsonData.Parsed<DriveProfile> parseWithLines(String text, String source) {
        JsonData.Parsed<DriveProfile> p = JsonData.read(text, source, DriveProfile.class);
        return new JsonData.Parsed<>(p.value().check(p.source()), p.source());
    }

    private DriveProfile check(JsonData.Source source) {
        if (name == null || name.isBlank()) {
            throw bad(source, "$.name", name, "must be given");
        }
        if (regions == null) {
            throw bad(source, "$.regions", null, "must be given, with every region of " + RagdollDefinition.REGIONS);
        }
        for (String r : regions.keySet()) {
            if (!RagdollDefinition.REGIONS.contains(r)) {
                throw bad(source, "$.regions." + r, "(region)", "is not a region; one of " + RagdollDefinition.REGIONS);
            }
        }
        double sum = 0;
        for (String r : RagdollDefinition.REGIONS) {
            Gains g = regions.get(r);
            String at = "$.regions." + r;
            if (g == null) {
                throw bad(source, at, null, "is missing; every region of " + RagdollDefinition.REGIONS + " needs values");
            }
            checkGains(source, at, g, true);
            sum += g.massFraction * (PAIRED.contains(r) ? 2 : 1);
        }
        if (Math.abs(sum - 1) > MASS_SUM_TOLERANCE) {
            throw bad(source, "$.regions.*.massFraction", "sum " + Math.round(sum * 1e6) / 1e6,
                    "must add up to 1 within " + MASS_SUM_TOLERANCE + " (paired regions count twice)");
        }
        if (bodies != null) {
            for (Map.Entry<String, Gains> e : bodies.entrySet()) {
                if (e.getValue() == null) {
                    throw bad(source, "$.bodies." + e.getKey(), null, "must be an object of values");
                }
                checkGains(source, "$.bodies." + e.getKey(), e.getValue(), false);
            }
        }
        return new DriveProfile(name, new LinkedHashMap<>(regions), bodies == null ? Map.of() : new LinkedHashMap<>(bodies));
    }

    private static void checkGains(JsonData.Source source, String at, Gains g, boolean complete) {
        int forms = (g.stiffness != null || g.damping != null ? 1 : 0) + (g.frequency != null || g.dampingRatio != null ? 1 : 0)
                + (g.accelerationStiffness != null || g.accelerationDamping != null ? 1 : 0);
        if (forms > 1) {
            throw bad(source, at, "(gains)", "gives gains in more than one form; use one of stiffness/damping, "
                    + "frequency/dampingRatio, accelerationStiffness/accelerationDamping");
        }
        if (forms == 0 && complete) {
            throw bad(source, at, "(gains)", "is missing its gains: stiffness/damping, frequency/dampingRatio or "
                    + "accelerationStiffness/accelerationDamping");
        }
        pair(source, at, "stiffness", g.stiffness, "damping", g.damping, "N·m/rad", "N·m·s/rad");
        pair(source, at, "frequency", g.frequency, "dampingRatio", g.dampingRatio, "Hz", "");
        pair(source, at, "accelerationStiffness", g.accelerationStiffness, "accelerationDamping", g.accelerationDamping,
                "1/s²", "1/s");
        if (g.maxTorque == null ? complete : !(g.maxTorque > 0 && g.maxTorque <= MAX_GAIN)) {
            throw bad(source, at + ".maxTorque", g.maxTorque, g.maxTorque == null ? "is missing (N·m, > 0)"
                    : "must be in (0, " + MAX_GAIN + "] N·m");
        }
        if (g.massFraction == null ? complete : !(g.massFraction > 0 && g.massFraction <= 1)) {
            throw bad(source, at + ".massFraction", g.massFraction, g.massFraction == null ? "is missing (in (0, 1])"
                    : "must be in (0, 1]");
        }
    }

    private static void pair(JsonData.Source source, String at, String a, Double va, String b, Double vb, String unitA, String unitB) {
        if (va == null && vb == null) {
            return;
        }
        if (va == null || vb == null) {
            String missing = va == null ? a : b;
            throw bad(source, at + "." + missing, null, "is missing (" + a + " and " + b + " go together)");
        }
        if (!(va >= 0 && va <= MAX_GAIN)) {
            throw bad(source, at + "." + a, va, "must be in [0, " + MAX_GAIN + "] " + unitA);
        }
        if (!(vb >= 0 && vb <= MAX_GAIN)) {
            throw bad(source, at + "." + b, vb, "must be in [0, " + MAX_GAIN + "] " + unitB);
        }
    }

    private static FormatException bad(JsonData.Source source, String path, Object value, String allowed) {
        return source.error(path, value, allowed);
    }

    /** Body {@code bodyName}'s values: its region's, with its own overrides on top. */
    public Gains gains(String region, String bodyName) {
        Gains base = regions.get(region);
        if (base == null) {
            throw new dev.sinew.solver.InvalidArgumentException("region", region, "is not a region of profile " + name);
        }
        Gains own = bodies.get(bodyName);
        return own == null ? base : own.over(base);
    }
}
