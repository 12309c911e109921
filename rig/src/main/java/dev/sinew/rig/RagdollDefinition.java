package dev.sinew.rig;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which bones of an animation skeleton get rigid bodies, with what shapes, regions and joints: the
 * JSON files in {@code profiles/ragdolls/}. Sizes are metres, angles degrees, masses kilograms.
 * Every body follows one bone (its transform is the bone's times a fixed offset found in the rest
 * pose); a capsule or box may run from its bone to another ({@code to}), so its length comes from
 * the skeleton. Joints are given in the rest pose: a swing-twist joint's twist axis runs along the
 * child body, its swing half-angles are about {@code swingAxis} (world, rest pose; made
 * perpendicular) and about the third axis; a hinge turns about {@code axis} (world, rest pose).
 *
 * @param name           the definition's name
 * @param totalMass      the ragdoll's mass, kg, shared by the bodies' mass fractions
 * @param angularDamping every body's angular damping, 1/s (optional, default 0)
 * @param jointFriction  every joint's friction, N·m (optional, default 0): what a limp body's
 *                       tissue resists with, and what lets a hanging limb come to rest
 * @param bodies         parents before children
 */
public record RagdollDefinition(String name, double totalMass, Double angularDamping, Double jointFriction,
        List<Body> bodies) {
    /** The regions a body can belong to (what drive profiles give gains for). */
    public static final List<String> REGIONS = List.of("pelvis", "abdomen", "chest", "neck", "head", "upperArm",
            "forearm", "hand", "thigh", "shin", "foot");

    /**
     * @param name         the body's name, unique
     * @param bone         the animation bone it follows
     * @param region       one of {@link #REGIONS}
     * @param massFraction its share of the total mass, (0, 1]
     * @param shape        its collision shape
     * @param joint        its joint to its parent body; null for the root body
     */
    public record Body(String name, String bone, String region, double massFraction, Shape shape, Joint joint) {
    }

    /**
     * @param type        {@code capsule}, {@code box} or {@code sphere}
     * @param radius      capsule or sphere radius, m
     * @param halfExtents box half extents, m (its y runs along the bone when {@code to} is given)
     * @param to          the bone the shape runs to from its own bone (capsule, box, sphere centre
     *                    halfway), or {@code BONE/end} for the end site of BONE (the tip of a
     *                    forearm without a hand bone, of a foot without a toe bone); null: centred
     *                    on the bone plus {@code offset}
     * @param offset      the shape centre's offset from its bone, m, in the bone's rest frame
     *                    (when {@code to} is null)
     */
    public record Shape(String type, Double radius, double[] halfExtents, String to, double[] offset) {
    }

    /**
     * @param parent    the parent body's name
     * @param type      {@code swingTwist}, {@code hinge} or {@code fixed}
     * @param swing     swing-twist: half-angles about the swing axis and the third axis, degrees
     * @param swingAxis swing-twist: the first swing axis, world direction in the rest pose
     * @param twist     swing-twist: twist range [min, max], degrees
     * @param swingCenter swing-twist, optional: where the cone is centred, as swing angles from the
     *                  rest pose about the swing axis and about the third axis, degrees (default
     *                  [0, 0]); a knee that flexes 0–150° and not backward is a 75° cone centred at
     *                  75°
     * @param axis      hinge: the axis, world direction in the rest pose
     * @param limits    hinge: [min, max], degrees, 0 at the rest pose
     */
    public record Joint(String parent, String type, double[] swing, double[] swingAxis, double[] twist, double[] axis,
            double[] limits, double[] swingCenter) {
    }

    /** Smallest and largest total mass accepted, kg (a typo guard: a mouse to a small truck). */
    public static final double MIN_TOTAL_MASS = 0.01;
    public static final double MAX_TOTAL_MASS = 1e5;

    /** Reads and checks a definition file. @throws FormatException naming the file, line and field */
    public static RagdollDefinition load(Path file) {
        return parse(JsonData.text(file), file.toString());
    }

    /** Parses and checks JSON text; {@code source} names it in errors. */
    public static RagdollDefinition parse(String text, String source) {
        return parseWithLines(text, source).value();
    }

    /**
     * Parses and checks JSON text, keeping the line of each field (for errors found later, when the
     * definition is built on a skeleton: see {@link DefinitionException#path()}).
     */
    public static JsonData.Parsed<RagdollDefinition> parseWithLines(String text, String source) {
        JsonData.Parsed<RagdollDefinition> d = JsonData.read(text, source, RagdollDefinition.class);
        d.value().check(d.source());
        return d;
    }

    private void check(JsonData.Source source) {
        if (name == null || name.isBlank()) {
            throw bad(source, "$.name", name, "must be given");
        }
        if (!(totalMass >= MIN_TOTAL_MASS && totalMass <= MAX_TOTAL_MASS)) {
            throw bad(source, "$.totalMass", totalMass, "must be in [" + MIN_TOTAL_MASS + ", " + MAX_TOTAL_MASS + "] kg");
        }
        if (angularDamping != null && !(angularDamping >= 0 && angularDamping < 1e3)) {
            throw bad(source, "$.angularDamping", angularDamping, "must be in [0, 1000) 1/s");
        }
        if (jointFriction != null && !(jointFriction >= 0 && jointFriction < 1e6)) {
            throw bad(source, "$.jointFriction", jointFriction, "must be in [0, 1e6) N·m");
        }
        if (bodies == null || bodies.isEmpty()) {
            throw bad(source, "$.bodies", bodies, "must list at least one body");
        }
        Set<String> seen = new HashSet<>();
        double fractions = 0;
        for (int i = 0; i < bodies.size(); i++) {
            Body b = bodies.get(i);
            String at = "$.bodies[" + i + "]";
            if (b.name == null || !seen.add(b.name)) {
                throw bad(source, at + ".name", b.name, "must be given and unique");
            }
            if (b.bone == null) {
                throw bad(source, at + ".bone", null, "must name a bone");
            }
            if (!REGIONS.contains(b.region)) {
                throw bad(source, at + ".region", b.region, "must be one of " + REGIONS);
            }
            if (!(b.massFraction > 0 && b.massFraction <= 1)) {
                throw bad(source, at + ".massFraction", b.massFraction, "must be in (0, 1]");
            }
            fractions += b.massFraction;
            checkShape(source, at + ".shape", b.shape);
            if (i == 0 && b.joint != null) {
                throw bad(source, at + ".joint", "...", "the first body is the root and has no joint");
            }
            if (i > 0) {
                checkJoint(source, at + ".joint", b.joint, seen, b.name);
            }
        }
        if (Math.abs(fractions - 1) > 0.01) {
            throw bad(source, "$.bodies[*].massFraction", Math.round(fractions * 1e6) / 1e6, "must add up to 1 (within 0.01)");
        }
    }

    private static void checkShape(JsonData.Source source, String at, Shape s) {
        if (s == null) {
            throw bad(source, at, null, "must be given");
        }
        switch (String.valueOf(s.type)) {
            case "capsule", "sphere" -> {
                if (s.radius == null || !(s.radius > 0 && s.radius < 10)) {
                    throw bad(source, at + ".radius", s.radius, "must be in (0, 10) m");
                }
            }
            case "box" -> {
                if (s.halfExtents == null || s.halfExtents.length != 3) {
                    throw bad(source, at + ".halfExtents", s.halfExtents == null ? null : s.halfExtents.length + " values",
                            "must be 3 half extents in metres");
                }
                for (double h : s.halfExtents) {
                    if (!(h > 0 && h < 10)) {
                        throw bad(source, at + ".halfExtents", h, "each must be in (0, 10) m");
                    }
                }
            }
            default -> throw bad(source, at + ".type", s.type, "must be capsule, box or sphere");
        }
        if (s.type.equals("capsule") && s.to == null) {
            throw bad(source, at + ".to", null, "a capsule runs from its bone to another: name it");
        }
        if (s.offset != null && s.offset.length != 3) {
            throw bad(source, at + ".offset", s.offset.length + " values", "must be 3 numbers (m)");
        }
    }

    private static void checkJoint(JsonData.Source source, String at, Joint j, Set<String> bodiesBefore, String body) {
        if (j == null) {
            throw bad(source, at, null, "every body after the first needs a joint to its parent");
        }
        if (j.parent == null || j.parent.equals(body) || !bodiesBefore.contains(j.parent)) {
            throw bad(source, at + ".parent", j.parent, "must name a body listed before this one");
        }
        switch (String.valueOf(j.type)) {
            case "swingTwist" -> {
                pair(source, at + ".swing", j.swing, 0, 180, false);
                pair(source, at + ".twist", j.twist, -180, 180, true);
                direction(source, at + ".swingAxis", j.swingAxis);
                if (j.swingCenter != null && (j.swingCenter.length != 2 || !(Math.abs(j.swingCenter[0]) <= 180)
                        || !(Math.abs(j.swingCenter[1]) <= 180))) {
                    throw bad(source, at + ".swingCenter", java.util.Arrays.toString(j.swingCenter),
                            "must be 2 angles in [-180, 180] degrees");
                }
            }
            case "hinge" -> {
                direction(source, at + ".axis", j.axis);
                pair(source, at + ".limits", j.limits, -180, 180, true);
            }
            case "fixed" -> {
            }
            default -> throw bad(source, at + ".type", j.type, "must be swingTwist, hinge or fixed");
        }
    }

    private static void pair(JsonData.Source source, String at, double[] v, double lo, double hi, boolean ordered) {
        if (v == null || v.length != 2) {
            throw bad(source, at, v == null ? null : v.length + " values", "must be 2 angles in degrees");
        }
        for (double a : v) {
            if (!(a >= lo && a <= hi) || (!ordered && a == 0)) {
                throw bad(source, at, a, "each must be in " + (ordered ? "[" : "(") + lo + ", " + hi + "] degrees");
            }
        }
        if (ordered && v[0] > v[1]) {
            throw bad(source, at, v[0] + " > " + v[1], "min must be <= max");
        }
    }

    private static void direction(JsonData.Source source, String at, double[] v) {
        if (v == null || v.length != 3 || !(Math.abs(v[0]) + Math.abs(v[1]) + Math.abs(v[2]) > 0)) {
            throw bad(source, at, v == null ? null : java.util.Arrays.toString(v), "must be a non-zero direction [x, y, z]");
        }
    }

    private static FormatException bad(JsonData.Source source, String path, Object value, String allowed) {
        return source.error(path, value, allowed);
    }
}
