package dev.sinew.scenes.check;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sinew.scenes.CheckResult;

/**
 * One check of a scenario in the report: a scene's own check or a detector's.
 *
 * @param name     the check's name (the metric it compares)
 * @param value    the measured value (null in JSON when not finite: never reached)
 * @param limit    the limit
 * @param relation "<", "<=", "==", ">=" or ">"
 * @param pass     whether value relation limit holds
 * @param source   {@code scene} (the scene's own check) or {@code detector}
 * @param where    where and when the worst value was seen, or ""
 */
@JsonPropertyOrder({"name", "value", "limit", "relation", "pass", "source", "where"})
public record CheckLine(String name, double value, double limit, String relation, boolean pass, String source, String where) {
    static CheckLine scene(CheckResult c) {
        return new CheckLine(c.name(), c.value(), c.limit(), c.relation(), c.pass(), "scene", "");
    }

    static CheckLine detector(Finding f) {
        CheckResult c = f.check();
        return new CheckLine(c.name(), c.value(), c.limit(), c.relation(), c.pass(), "detector", f.where());
    }

    /**
     * How close the value came to its limit, as a share of it: 1 at the limit, above 1 past it
     * (for "==" checks, 0 when equal, else +∞; a value that is not a number counts as past).
     */
    public double severity() {
        if (!Double.isFinite(value)) {
            return Double.POSITIVE_INFINITY;
        }
        return switch (relation) {
            case "<", "<=" -> limit > 0 ? value / limit : value <= limit ? 0 : Double.POSITIVE_INFINITY;
            case ">", ">=" -> value > 0 ? limit / value : pass ? 0 : Double.POSITIVE_INFINITY;
            default -> pass ? 0 : Double.POSITIVE_INFINITY;
        };
    }
}
