package dev.sinew.rig.match;

import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.file.Path;
import java.util.List;

/**
 * A scripted stick, as data: keys of time, heading and deflection. Between two keys the heading
 * (degrees, as written, so 0 → 360 walks a whole circle) and the deflection are interpolated
 * linearly; a key marked {@code step} is jumped to at its time instead (a 180° turn, a stop). After
 * the last key its value holds.
 *
 * @param name the script's name
 * @param keys in increasing time
 */
public record StickScript(String name, List<Key> keys) {
    /**
     * @param t          when, s
     * @param headingDeg where the stick points, degrees about +Y (0 along +Z, 90 along +X)
     * @param deflection how far, 0 (centred) to 1 (full)
     * @param step       whether the stick jumps to this key at its time (else it moves there from the key before)
     */
    public record Key(double t, double headingDeg, double deflection, boolean step) {
    }

    /** Reads and checks a file. @throws FormatException naming the file and the key */
    public static StickScript load(Path file) {
        return parse(JsonData.text(file), file.getFileName().toString());
    }

    /**
     * Shipped settings by name ({@link dev.sinew.rig.Profiles}), for example {@code stick-circle-zigzag-stop-turn}.
     *
     * @throws dev.sinew.solver.InvalidArgumentException if {@code name} is not shipped
     */
    public static StickScript shipped(String name) {
        return parse(dev.sinew.rig.Profiles.motionText(name), name + ".json");
    }

    /** Parses and checks JSON text; {@code source} names it in errors. */
    public static StickScript parse(String text, String source) {
        return JsonData.read(text, source, StickScript.class, StickScript::check);
    }

    private void check() {
        if (keys == null || keys.isEmpty()) {
            throw new InvalidArgumentException("keys", keys, "at least one key is needed");
        }
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (!Double.isFinite(k.t()) || !Double.isFinite(k.headingDeg()) || !(k.deflection() >= 0 && k.deflection() <= 1)) {
                throw new InvalidArgumentException("keys[" + i + "]", k, "t and headingDeg must be finite and deflection in [0, 1]");
            }
            if (i > 0 && !(k.t() > keys.get(i - 1).t())) {
                throw new InvalidArgumentException("keys[" + i + "].t", k.t(), "times must increase");
            }
        }
    }

    public StickScript {
        keys = keys == null ? null : List.copyOf(keys);
    }

    /** The time of the last key, s. */
    public double duration() {
        return keys.get(keys.size() - 1).t();
    }

    /** The stick at {@code time}: dest = (x, z), world directions, length = deflection. */
    public double[] stick(double time, double[] dest) {
        if (Double.isNaN(time)) {
            throw new InvalidArgumentException("time", time, "must not be NaN");
        }
        int n = keys.size();
        Key a = keys.get(0);
        Key b = a;
        double u = 0;
        if (time >= keys.get(n - 1).t()) {
            a = keys.get(n - 1);
            b = a;
        } else if (time > a.t()) {
            int i = 0;
            while (keys.get(i + 1).t() <= time) {
                i++;
            }
            a = keys.get(i);
            b = keys.get(i + 1);
            u = b.step() ? 0 : (time - a.t()) / (b.t() - a.t());
        }
        double heading = Math.toRadians(a.headingDeg() + u * (b.headingDeg() - a.headingDeg()));
        double d = a.deflection() + u * (b.deflection() - a.deflection());
        dest[0] = d * StrictMath.sin(heading);
        dest[1] = d * StrictMath.cos(heading);
        return dest;
    }
}
