package dev.sinew.scenes.check;

import dev.sinew.scenes.CheckResult;

/**
 * A check with where its value was measured, for the report's worst offenders.
 *
 * @param check the check
 * @param where the body or joint and the time of the worst value ("shin.L at 3.42 s"), or "" when
 *              it says nothing more
 */
public record Finding(CheckResult check, String where) {
    /** A check with nothing more to say. */
    public static Finding of(CheckResult check) {
        return new Finding(check, "");
    }

    /** "NAME at T s", or "" when nothing was seen. */
    static String at(String name, double time) {
        return Double.isNaN(time) ? "" : String.format(java.util.Locale.ROOT, "%s at %.2f s", name, time);
    }
}
