package dev.sinew.scenes.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report.html}: the check report as one page a person reads: the verdict, the inputs, a
 * pass/fail table of the scenarios, the worst offenders, the charts (PNG files beside it) and every
 * scenario's checks and measurements. Plain HTML and CSS; a few lines of script mark each chart
 * loaded, or say which one is missing.
 */
final class HtmlReport {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Lists longer than this are left to report.json. */
    static final int LONGEST_LIST = 12;

    private HtmlReport() {
    }

    /**
     * @param charts     the battery's charts drawn (file names beside the page)
     * @param soakCharts the soak's charts drawn, file names (empty without a soak)
     */
    static String page(CheckReport r, List<Charts.Chart> charts, List<String> soakCharts) {
        StringBuilder b = new StringBuilder(64 * 1024);
        String verdict = r.pass() ? "PASS" : "FAIL";
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>sinew check: ").append(verdict)
                .append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        b.append("<h1>sinew check: <span class=\"").append(r.pass() ? "pass" : "fail").append("\">").append(verdict)
                .append("</span></h1>\n");
        Map<String, Object> s = r.summary();
        b.append("<p id=\"summary\">").append(s.get("scenarios")).append(" scenarios, ").append(s.get("failedScenarios"))
                .append(" failed; ").append(s.get("checks")).append(" checks, ").append(s.get("failedChecks"))
                .append(" failed. Sinew ").append(esc(r.sinew())).append(" on ").append(esc(String.valueOf(r.jvm().get("vm"))))
                .append(' ').append(esc(String.valueOf(r.jvm().get("version")))).append(" (").append(esc(String.valueOf(r.jvm().get("vendor"))))
                .append("), ").append(esc(String.valueOf(r.jvm().get("os")))).append(". Options: ").append(esc(json(r.options())))
                .append(".</p>\n");

        b.append("<h2>Inputs</h2>\n<table id=\"inputs\">\n<tr><th>input</th><th>file</th><th>name</th><th>SHA-256</th></tr>\n");
        r.inputs().forEach((k, v) -> {
            Map<?, ?> m = (Map<?, ?>) v;
            Object file = m.containsKey("path") ? m.get("path") : "shipped: " + m.get("shipped");
            b.append("<tr><td>").append(esc(k)).append("</td><td>").append(esc(String.valueOf(file))).append("</td><td>")
                    .append(esc(String.valueOf(m.get("name")))).append("</td><td class=\"hash\">")
                    .append(esc(String.valueOf(m.get("sha256")))).append("</td></tr>\n");
        });
        b.append("</table>\n");

        b.append("<h2>Scenarios</h2>\n<table id=\"results\">\n<tr><th>scenario</th><th>what it does</th><th>tick</th>"
                + "<th>simulated</th><th>checks</th><th>failed</th><th>verdict</th></tr>\n");
        for (ScenarioResult sr : r.scenarios()) {
            row(b, sr);
        }
        if (r.soak() != null) {
            row(b, r.soak().result());
        }
        b.append("</table>\n");

        b.append("<h2>Worst offenders</h2>\n<p>The checks that came closest to their limits, or passed them: value over limit,"
                + " 1 at the limit.</p>\n<table id=\"worst\">\n<tr><th>scenario</th><th>check</th><th>value</th><th>limit</th>"
                + "<th>value / limit</th><th>where</th></tr>\n");
        for (CheckReport.Offender o : r.worst()) {
            CheckLine c = o.check();
            b.append("<tr class=\"").append(c.pass() ? "ok" : "bad").append("\"><td>").append(esc(o.scenario())).append("</td><td>")
                    .append(esc(c.name())).append("</td><td>").append(num(c.value())).append("</td><td>").append(esc(c.relation()))
                    .append(' ').append(num(c.limit())).append("</td><td>").append(num(o.severity())).append("</td><td>")
                    .append(esc(c.where())).append("</td></tr>\n");
        }
        b.append("</table>\n");

        b.append("<h2>Charts</h2>\n");
        for (Charts.Chart c : charts) {
            img(b, c.file(), c.title());
        }
        if (r.soak() != null) {
            SoakResult k = r.soak();
            b.append("<h2>Soak</h2>\n<p id=\"soak\">").append(esc(String.format(Locale.ROOT, "%.1f minutes of wall time, %.0f"
                    + " simulated seconds, %d characters: %s. Heap after a full GC: first %.1f MB, last %.1f MB (%+.1f %%).",
                    k.wallMinutes(), k.result().seconds(), k.characters(), json(k.events()), k.firstHeapMb(), k.lastHeapMb(),
                    k.heapGrowthPct()))).append("</p>\n");
            for (String f : soakCharts) {
                img(b, f, f);
            }
        }

        b.append("<h2>Details</h2>\n");
        for (ScenarioResult sr : r.scenarios()) {
            details(b, sr);
        }
        if (r.soak() != null) {
            details(b, r.soak().result());
        }
        b.append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    private static void row(StringBuilder b, ScenarioResult sr) {
        List<CheckLine> failed = sr.failed();
        b.append("<tr class=\"").append(sr.pass() ? "ok" : "bad").append("\"><td><a href=\"#").append(anchor(sr.name())).append("\">")
                .append(esc(sr.name())).append("</a></td><td>").append(esc(sr.what())).append("</td><td>")
                .append(Battery.hz(sr.ticksPerSecond())).append(" Hz</td><td>").append(num(sr.seconds())).append(" s</td><td>")
                .append(sr.checks().size()).append("</td><td>");
        for (int i = 0; i < failed.size(); i++) {
            CheckLine c = failed.get(i);
            String why = Reasons.of(c.name());
            b.append(i > 0 ? "<br>" : "").append(esc(c.name())).append(" = ").append(num(c.value())).append(", must be ")
                    .append(esc(c.relation())).append(' ').append(num(c.limit())).append(why.isEmpty() ? "" : ": " + esc(why));
        }
        b.append("</td><td class=\"verdict\">").append(sr.pass() ? "pass" : "FAIL").append("</td></tr>\n");
    }

    private static void img(StringBuilder b, String file, String title) {
        b.append("<figure><img class=\"chart\" src=\"").append(esc(file)).append("\" alt=\"").append(esc(title))
                .append("\" width=\"").append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT)
                .append("\"><figcaption>").append(esc(title)).append("</figcaption></figure>\n");
    }

    private static void details(StringBuilder b, ScenarioResult sr) {
        b.append("<details id=\"").append(anchor(sr.name())).append("\"").append(sr.pass() ? "" : " open").append("><summary>")
                .append(esc(sr.name())).append(": ").append(sr.pass() ? "pass" : "FAIL").append("</summary>\n<p>")
                .append(esc(sr.what())).append(sr.scene().isEmpty() ? "" : " (scene <code>" + esc(sr.scene()) + "</code>)")
                .append(". Seed ").append(sr.seed()).append(", ").append(sr.steps()).append(" ticks, ").append(sr.bodies())
                .append(" bodies, stateHash <code>").append(esc(sr.stateHash())).append("</code>.</p>\n");
        for (String n : sr.notes()) {
            b.append("<p class=\"note\">").append(esc(n)).append("</p>\n");
        }
        b.append("<table class=\"checks\">\n<tr><th>check</th><th>value</th><th>limit</th><th>from</th><th>where</th><th></th></tr>\n");
        for (CheckLine c : sr.checks()) {
            b.append("<tr class=\"").append(c.pass() ? "ok" : "bad").append("\"><td>").append(esc(c.name())).append("</td><td>")
                    .append(num(c.value())).append("</td><td>").append(esc(c.relation())).append(' ').append(num(c.limit()))
                    .append("</td><td>").append(esc(c.source())).append("</td><td>").append(esc(c.where())).append("</td><td>")
                    .append(c.pass() ? "pass" : "FAIL").append("</td></tr>\n");
        }
        b.append("</table>\n<table class=\"metrics\">\n");
        metrics(b, sr.metrics());
        metrics(b, sr.detectors());
        b.append("</table>\n</details>\n");
    }

    private static void metrics(StringBuilder b, Map<String, Object> m) {
        m.forEach((k, v) -> b.append("<tr><td>").append(esc(k)).append("</td><td>").append(value(v)).append("</td></tr>\n"));
    }

    private static String value(Object v) {
        if (v instanceof Double d) {
            return num(d);
        }
        if (v instanceof Collection<?> c && c.size() > LONGEST_LIST) {
            return c.size() + " values (in report.json)";
        }
        if (v instanceof Map<?, ?> m && m.values().stream().anyMatch(x -> x instanceof Collection<?> c && c.size() > LONGEST_LIST)) {
            return "a trace of " + m.size() + " series (in report.json)";
        }
        return esc(v instanceof String s ? s : json(v));
    }

    static String num(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "not reached" : v > 0 ? "∞" : "−∞";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return String.valueOf((long) v);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    private static String json(Object v) {
        try {
            return JSON.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            return String.valueOf(v);
        }
    }

    private static String anchor(String name) {
        return "s-" + name.replaceAll("[^A-Za-z0-9]+", "-");
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String CSS = """
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
            h1 .pass { color: #1a7f37; } h1 .fail { color: #c62828; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
            th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
            th { background: #f3f3f3; }
            tr.bad td { background: #fdecea; } tr.ok td.verdict { color: #1a7f37; } tr.bad td.verdict { color: #c62828; font-weight: bold; }
            td.hash, code { font-family: ui-monospace, monospace; font-size: 0.9em; }
            figure { margin: 1em 0; } img.chart { max-width: 100%; height: auto; border: 1px solid #ddd; }
            p.missing { color: #c62828; } p.note { color: #555; font-style: italic; }
            details { margin: 0.4em 0; } summary { cursor: pointer; font-weight: bold; }
            """;

    private static final String SCRIPT = """
            for (const img of document.querySelectorAll('img.chart')) {
              const mark = () => { img.dataset.loaded = img.naturalWidth > 0 ? 'true' : 'false'; };
              const missing = () => {
                const p = document.createElement('p');
                p.className = 'missing';
                p.textContent = 'chart missing: ' + img.getAttribute('src');
                img.replaceWith(p);
              };
              if (img.complete) { img.naturalWidth > 0 ? mark() : missing(); }
              else { img.addEventListener('load', mark); img.addEventListener('error', missing); }
            }
            """;
}
