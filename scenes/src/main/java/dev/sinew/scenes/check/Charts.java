package dev.sinew.scenes.check;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn with XChart as PNG files: one line per scenario over its simulated
 * time, for the tracking error, the joint separation and the energy. Drawn off screen (headless
 * AWT): no display is needed.
 */
final class Charts {
    static final int WIDTH = 960;
    static final int HEIGHT = 420;

    /**
     * A chart to draw.
     *
     * @param file   its file name in the report's folder
     * @param title  its title
     * @param yTitle the value's name and unit
     * @param series what it draws of each scenario
     * @param scale  the value's factor for the axis (1000 to show metres as millimetres)
     */
    record Chart(String file, String title, String yTitle, Function<ScenarioResult.Charted, Series> series, double scale) {
    }

    /** The battery's three charts, file names prefixed with {@code prefix}. */
    static List<Chart> of(String prefix) {
        return List.of(new Chart(prefix + "tracking-error.png", "Tracking error (mean over the bodies)", "degrees",
                        ScenarioResult.Charted::trackingErrorDeg, 1),
                new Chart(prefix + "joint-separation.png", "Joint separation (widest joint opening)", "mm",
                        ScenarioResult.Charted::jointSeparation, 1000),
                new Chart(prefix + "energy.png", "Energy since the start (kinetic + potential, per kg)", "J/kg",
                        ScenarioResult.Charted::energy, 1));
    }

    private Charts() {
    }

    /**
     * Draws the charts of these results into {@code dir}; returns the charts drawn (a chart with
     * nothing to draw, such as the tracking error of a battery with no driven character, is left out).
     */
    static List<Chart> write(Path dir, String prefix, List<ScenarioResult> results) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<Chart> drawn = new ArrayList<>();
        for (Chart c : of(prefix)) {
            XYChart chart = chart(c.title(), c.yTitle());
            int lines = 0;
            for (ScenarioResult r : results) {
                Series s = c.series().apply(r.series());
                if (s.isEmpty()) {
                    continue;
                }
                double[] y = s.values();
                for (int i = 0; i < y.length; i++) {
                    y[i] = Double.isFinite(y[i]) ? y[i] * c.scale() : Double.NaN;
                }
                XYSeries line = chart.addSeries(r.name(), s.times(), y);
                line.setMarker(SeriesMarkers.NONE);
                lines++;
            }
            if (lines > 0) {
                BitmapEncoder.saveBitmap(chart, dir.resolve(c.file()).toString(), BitmapEncoder.BitmapFormat.PNG);
                drawn.add(c);
            }
        }
        return drawn;
    }

    /** A chart of one series over wall-clock or simulated time, written to {@code file}. */
    static void line(Path file, String title, String xTitle, String yTitle, String name, double[] x, double[] y) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = chart(title, yTitle);
        chart.setXAxisTitle(xTitle);
        chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static XYChart chart(String title, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("simulated seconds")
                .yAxisTitle(yTitle).build();
        Styler st = chart.getStyler();
        st.setChartBackgroundColor(Color.WHITE);
        st.setLegendPosition(Styler.LegendPosition.OutsideE);
        st.setAntiAlias(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        return chart;
    }
}
