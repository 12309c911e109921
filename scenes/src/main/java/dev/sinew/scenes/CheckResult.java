package dev.sinew.scenes;

/**
 * One pass/fail check of a scene report: {@code value} compared against {@code limit}.
 *
 * @param name     what is checked, usually a metric name
 * @param value    the measured value
 * @param limit    the limit it is compared with
 * @param relation how: "<", "<=", "==", ">=" or ">"
 * @param pass     whether value relation limit holds
 */
public record CheckResult(String name, double value, double limit, String relation, boolean pass) {

    public static CheckResult lessThan(String name, double value, double limit) {
        return new CheckResult(name, value, limit, "<", value < limit);
    }

    public static CheckResult atMost(String name, double value, double limit) {
        return new CheckResult(name, value, limit, "<=", value <= limit);
    }

    public static CheckResult equalTo(String name, double value, double limit) {
        return new CheckResult(name, value, limit, "==", value == limit);
    }

    public static CheckResult atLeast(String name, double value, double limit) {
        return new CheckResult(name, value, limit, ">=", value >= limit);
    }

    public static CheckResult greaterThan(String name, double value, double limit) {
        return new CheckResult(name, value, limit, ">", value > limit);
    }
}
