package dev.sinew.scenes.check;

import dev.sinew.scenes.ReportJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Writes a check report's files (report.json, the charts, report.html) and says what it found in a few lines. */
public final class ReportFiles {
    private ReportFiles() {
    }

    /** Writes {@code report.json}, the charts and {@code report.html} into {@code dir}. */
    public static void write(Path dir, CheckReport report) throws IOException {
        Files.writeString(dir.resolve("report.json"), ReportJson.text(report) + System.lineSeparator(), StandardCharsets.UTF_8);
        List<Charts.Chart> charts = Charts.write(dir, "", report.scenarios());
        List<String> soakCharts = new ArrayList<>();
        if (report.soak() != null) {
            SoakResult s = report.soak();
            for (Charts.Chart c : Charts.write(dir, "soak-", List.of(s.result()))) {
                soakCharts.add(c.file());
            }
            double[] x = new double[s.heap().size()];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = s.heap().get(i).wallSeconds() / 60;
                y[i] = s.heap().get(i).heapMb();
            }
            Charts.line(dir.resolve("soak-heap.png"), "Heap in use after a full garbage collection", "wall-clock minutes", "MB",
                    "heap", x, y);
            soakCharts.add("soak-heap.png");
        }
        Files.writeString(dir.resolve("report.html"), HtmlReport.page(report, charts, soakCharts), StandardCharsets.UTF_8);
    }

    /** The summary for standard output: the verdict, one line per scenario, why each failed check failed, where the report is. */
    public static String summary(CheckReport r, Path dir, double wallSeconds) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "sinew check: %s (%s scenarios, %s checks, %s failed) in %.0f s%n",
                r.pass() ? "PASS" : "FAIL", r.summary().get("scenarios"), r.summary().get("checks"),
                r.summary().get("failedChecks"), wallSeconds));
        List<ScenarioResult> all = new ArrayList<>(r.scenarios());
        if (r.soak() != null) {
            all.add(r.soak().result());
        }
        for (ScenarioResult s : all) {
            b.append(String.format(Locale.ROOT, "  %-26s %s%n", s.name(), s.pass() ? "pass" : "FAIL"));
            for (CheckLine c : s.failed()) {
                String why = Reasons.of(c.name());
                b.append(String.format(Locale.ROOT, "      %s = %s, must be %s %s%s%s%n", c.name(), HtmlReport.num(c.value()),
                        c.relation(), HtmlReport.num(c.limit()), c.where().isEmpty() ? "" : " (" + c.where() + ")",
                        why.isEmpty() ? "" : ": " + why));
            }
            for (String n : s.notes()) {
                b.append("      note: ").append(n).append(System.lineSeparator());
            }
        }
        if (r.soak() != null) {
            SoakResult s = r.soak();
            b.append(String.format(Locale.ROOT, "  soak: %.1f min, %.0f simulated s; heap after full GC %.1f MB -> %.1f MB (%+.1f %%)%n",
                    s.wallMinutes(), s.result().seconds(), s.firstHeapMb(), s.lastHeapMb(), s.heapGrowthPct()));
        }
        b.append("report: ").append(dir.resolve("report.html")).append(" (and report.json)").append(System.lineSeparator());
        return b.toString();
    }
}
