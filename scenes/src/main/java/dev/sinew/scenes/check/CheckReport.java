package dev.sinew.scenes.check;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@code report.json}: what {@code sinew check} ran, on what, and what it found. A report read
 * by scripts: field names do not change, a number that is not finite is null, and the same
 * inputs give the same report (nothing in it depends on the machine's speed, but the soak's
 * timings and heap).
 *
 * @param sinew     the Sinew version
 * @param jvm       the Java runtime it ran on (vendor, version, VM)
 * @param inputs    each input: a user's file's path and SHA-256, or the shipped resource and its SHA-256
 * @param options   what was asked: tick rates, seeds, threads, quick, soak minutes
 * @param scenarios every scenario's result, in the battery's order
 * @param worst     the checks that came closest to their limits or passed them, worst first
 * @param soak      the soak run's result, or absent
 * @param summary   scenarios and checks run and failed
 * @param pass      every check of every scenario passed
 */
@JsonPropertyOrder({"sinew", "jvm", "inputs", "options", "scenarios", "worst", "soak", "summary", "pass"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CheckReport(String sinew, Map<String, Object> jvm, Map<String, Object> inputs, Map<String, Object> options,
        List<ScenarioResult> scenarios, List<Offender> worst, SoakResult soak, Map<String, Object> summary, boolean pass) {

    /** Offenders listed at most. */
    public static final int WORST = 10;

    /**
     * A check among the worst: a scenario's check with how close it came to its limit.
     *
     * @param scenario the scenario
     * @param check    the check
     * @param severity value over limit for "less than" checks (1: at the limit), +∞ (null) for a failed equality
     */
    @JsonPropertyOrder({"scenario", "severity", "check"})
    public record Offender(String scenario, double severity, CheckLine check) {
    }

    /** The report of scenarios (and a soak, or null) run on these inputs with these options. */
    public static CheckReport of(Map<String, Object> inputs, Map<String, Object> options, List<ScenarioResult> scenarios,
            SoakResult soak) {
        List<Offender> all = new ArrayList<>();
        int checks = 0;
        int failed = 0;
        int failedScenarios = 0;
        List<ScenarioResult> every = new ArrayList<>(scenarios);
        if (soak != null) {
            every.add(soak.result());
        }
        for (ScenarioResult r : every) {
            for (CheckLine c : r.checks()) {
                checks++;
                failed += c.pass() ? 0 : 1;
                double s = c.severity();
                if (s > 0) {
                    all.add(new Offender(r.name(), s, c));
                }
            }
            failedScenarios += r.pass() ? 0 : 1;
        }
        all.sort(Comparator.comparingDouble((Offender o) -> -o.severity()).thenComparing(o -> !o.check().pass()));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("scenarios", every.size());
        summary.put("failedScenarios", failedScenarios);
        summary.put("checks", checks);
        summary.put("failedChecks", failed);
        return new CheckReport(version(), runtime(), inputs, options, scenarios, all.subList(0, Math.min(WORST, all.size())),
                soak, summary, failed == 0);
    }

    /** The Sinew version this was built as. */
    public static String version() {
        try (InputStream in = CheckReport.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The Java runtime: vendor, version and VM. */
    static Map<String, Object> runtime() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("vendor", System.getProperty("java.vendor"));
        m.put("version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        m.put("vm", System.getProperty("java.vm.name"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        return m;
    }
}
