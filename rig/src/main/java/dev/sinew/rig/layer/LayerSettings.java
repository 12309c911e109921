package dev.sinew.rig.layer;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.ClipSource;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.look.LookAt;
import dev.sinew.rig.look.LookAtSettings;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A character's animation layers as data (the JSON files in {@code profiles/layers/}): its masks,
 * the body parts of its base player, its additive layers and its look-at. Angles are degrees in the
 * file. A mask is a list of bone names; a part's mask may be {@code ["*"]}, every bone no other
 * part has.
 *
 * @param name         the settings' name
 * @param masks        mask name → bone names
 * @param parts        the masks that are the base player's body parts
 * @param blendSeconds the inertialization blend time, s (0.05–0.5)
 * @param additives    the additive layers, bottom first
 * @param look         the look-at, or null for none
 */
public record LayerSettings(String name, Map<String, List<String>> masks, List<String> parts, double blendSeconds,
        List<Additive> additives, Look look) {

    /**
     * An additive layer derived from a stretch of a clip ({@link AdditiveLayer#differenceClip}).
     *
     * @param name  the layer's name (what a pose hold refers to)
     * @param clip  the clip file, for example {@code cmu/131_01.bvh}
     * @param from  the stretch's start, s
     * @param to    its end, s
     * @param mask  the mask of the bones it moves
     * @param speed clip seconds per second (&gt; 0); the stretch plays back and forth
     */
    public record Additive(String name, String clip, double from, double to, String mask, double speed) {
    }

    /**
     * A look-at, as {@link LookAtSettings} with angles in degrees.
     *
     * @param rules any of {@code idle}, {@code nearlyStationary}, {@code strafing}, {@code oneShotAction}
     */
    public record Look(List<LookAtSettings.ChainBone> chain, String eyeBone, double[] pitchInDeg, double[] pitchOutDeg,
            double pitchCutoffDeg, double yawLimitDeg, double yawSpeedDegPerSecond, double responsePerSecond,
            double blendSeconds, double stationarySpeed, List<String> rules) {

        /** The settings in radians. @throws InvalidArgumentException naming the field */
        public LookAtSettings settings() {
            EnumSet<LookAtSettings.Rule> r = EnumSet.noneOf(LookAtSettings.Rule.class);
            for (String s : rules == null ? List.<String>of() : rules) {
                r.add(switch (s) {
                    case "idle" -> LookAtSettings.Rule.IDLE;
                    case "nearlyStationary" -> LookAtSettings.Rule.NEARLY_STATIONARY;
                    case "strafing" -> LookAtSettings.Rule.STRAFING;
                    case "oneShotAction" -> LookAtSettings.Rule.ONE_SHOT_ACTION;
                    default -> throw new InvalidArgumentException("rules", s,
                            "unknown rule; one of idle, nearlyStationary, strafing, oneShotAction");
                });
            }
            return new LookAtSettings(chain, eyeBone, radians("pitchInDeg", pitchInDeg), radians("pitchOutDeg", pitchOutDeg),
                    Math.toRadians(pitchCutoffDeg), Math.toRadians(yawLimitDeg), Math.toRadians(yawSpeedDegPerSecond),
                    responsePerSecond, blendSeconds, stationarySpeed, r);
        }

        private static double[] radians(String name, double[] deg) {
            if (deg == null || deg.length != 2) {
                throw new InvalidArgumentException(name, deg == null ? null : java.util.Arrays.toString(deg), "must be [min, max]");
            }
            return new double[] {Math.toRadians(deg[0]), Math.toRadians(deg[1])};
        }
    }

    /** Reads and checks a settings file. @throws FormatException naming the file and the field */
    public static LayerSettings load(Path file) {
        return parse(JsonData.text(file), file.getFileName().toString());
    }

    /**
     * Shipped settings by name ({@link dev.sinew.rig.Profiles}), for example {@code cmu}.
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static LayerSettings shipped(String name) {
        return parse(dev.sinew.rig.Profiles.layersText(name), name + ".json");
    }

    /** Parses and checks JSON text; {@code source} names it in errors. */
    public static LayerSettings parse(String text, String source) {
        return JsonData.read(text, source, LayerSettings.class, LayerSettings::check);
    }

    private void check() {
        if (masks == null || parts == null || parts.isEmpty()) {
            throw new InvalidArgumentException("parts", parts, "masks and at least one part are needed");
        }
        if (!(blendSeconds >= 0.05 && blendSeconds <= 0.5)) {
            throw new InvalidArgumentException("blendSeconds", blendSeconds, "must be in [0.05, 0.5] s");
        }
        int rest = 0;
        for (String p : parts) {
            if (!masks.containsKey(p)) {
                throw new InvalidArgumentException("parts", p, "no mask of that name");
            }
            rest += isRest(p) ? 1 : 0;
        }
        if (rest > 1) {
            throw new InvalidArgumentException("parts", parts, "only one part may be [\"*\"]");
        }
        for (Map.Entry<String, List<String>> m : masks.entrySet()) {
            if (m.getValue() == null) {
                throw new InvalidArgumentException("masks." + m.getKey(), null, "must be a list of bone names");
            }
            if (m.getValue().contains("*") && !(isRest(m.getKey()) && parts.contains(m.getKey()))) {
                throw new InvalidArgumentException("masks." + m.getKey(), m.getValue(), "\"*\" stands alone, and only in a part");
            }
        }
        for (Additive a : additives == null ? List.<Additive>of() : additives) {
            if (a.name() == null || a.clip() == null || a.mask() == null) {
                throw new InvalidArgumentException("additives", a, "name, clip and mask are needed");
            }
            if (!masks.containsKey(a.mask()) || isRest(a.mask())) {
                throw new InvalidArgumentException("additives." + a.name() + ".mask", a.mask(), "no mask of that name (a list of bones)");
            }
            if (!(a.speed() > 0) || !(a.from() >= 0 && a.to() > a.from())) {
                throw new InvalidArgumentException("additives." + a.name(), "from " + a.from() + ", to " + a.to()
                        + ", speed " + a.speed(), "needs 0 <= from < to (s) and speed > 0");
            }
        }
        if (look != null) {
            try {
                look.settings();
            } catch (InvalidArgumentException e) {
                throw new InvalidArgumentException("look." + e.parameter(), e.value(), JsonData.allowed(e));
            }
        }
    }

    private boolean isRest(String mask) {
        List<String> bones = masks.get(mask);
        return bones != null && bones.size() == 1 && bones.get(0).equals("*");
    }

    /** A mask of the skeleton. @throws InvalidArgumentException naming the mask or a bone it lacks */
    public BoneMask mask(Skeleton skeleton, String name) {
        if (!masks.containsKey(name) || isRest(name)) {
            throw new InvalidArgumentException("mask", name, "no mask of that name (a list of bones)");
        }
        return BoneMask.of(skeleton, name, masks.get(name));
    }

    /** The base player's parts on the skeleton, in the order listed. */
    public List<BoneMask> parts(Skeleton skeleton) {
        List<BoneMask> listed = new ArrayList<>();
        for (String p : parts) {
            if (!isRest(p)) {
                listed.add(mask(skeleton, p));
            }
        }
        List<BoneMask> out = new ArrayList<>();
        for (String p : parts) {
            out.add(isRest(p) ? BoneMask.rest(skeleton, p, listed) : mask(skeleton, p));
        }
        return out;
    }

    /**
     * The layer stack these settings describe, on {@code skeleton}: its parts, its additive layers
     * derived from their clips (read through {@code clips}, moved onto the skeleton by bone name),
     * and its look-at. Nothing plays until {@link LayerStack#play}.
     */
    public LayerStack build(Skeleton skeleton, ClipSource clips) {
        LayerStack stack = new LayerStack(skeleton, parts(skeleton), blendSeconds);
        for (Additive a : additives == null ? List.<Additive>of() : additives) {
            BvhImporter.Bvh bvh = clips.read(a.clip());
            BoneMask mask = mask(skeleton, a.mask());
            stack.addAdditive(new AdditiveLayer(a.name(),
                    AdditiveLayer.differenceClip(bvh.clip().retarget(skeleton), a.from(), a.to(), mask), mask, a.speed(),
                    dev.sinew.rig.Clip.Wrap.PING_PONG));
        }
        if (look != null) {
            stack.setLookAt(new LookAt(skeleton, look.settings()));
        }
        return stack;
    }
}
