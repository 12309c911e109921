package dev.sinew.scenes;

import java.io.PrintStream;

/**
 * A progress bar on one line of a terminal ({@code name [#####     ] 40%}), redrawn when the
 * percentage changes; nothing when there is no stream to draw on.
 */
public final class Progress {
    private final String name;
    private final long total;
    private final PrintStream out;
    private int lastPct = -1;

    /**
     * @param total the count that is 100 %
     * @param out   where to draw, or null for nowhere
     */
    public Progress(String name, long total, PrintStream out) {
        this.name = name;
        this.total = total;
        this.out = out;
    }

    /** Shows {@code done} of the total. */
    public void update(long done) {
        if (out == null || total <= 0) {
            return;
        }
        int pct = (int) (100 * done / total);
        if (pct != lastPct) {
            lastPct = pct;
            int filled = pct / 4;
            out.print("\r" + name + " [" + "#".repeat(filled) + " ".repeat(25 - filled) + "] " + pct + "%");
            out.flush();
        }
    }

    /** Ends the bar's line. */
    public void done() {
        if (out != null && lastPct >= 0) {
            out.println();
        }
    }
}
