package dev.sinew.viewer;

import dev.sinew.scenes.Progress;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.cli.EnvironmentException;
import dev.sinew.scenes.cli.SceneArgs;
import dev.sinew.solver.InvalidArgumentException;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sinew screenshot SCENE --seconds S --out FILE.png}: a headless capture. */
@Command(name = "screenshot", mixinStandardHelpOptions = true,
        description = "Run a scene for S simulated seconds, then render it offscreen to a PNG (needs a display; "
                + "on a machine without one, run under xvfb-run -a).", footer = {"", "Exit codes: 0 written; 2 bad"
                + " arguments or input files; 3 the machine cannot do it (no display, unwritable output, too little"
                + " memory); 4 an internal error (please report it)."})
final class ScreenshotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENE", description = "scene name (see 'sinew scenes')")
    String scene;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "2", description = "simulated seconds before the"
            + " capture, from 0 to 3600 (default 2)")
    double seconds;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "the PNG to write")
    File out;

    @Option(names = "--quiet", description = "no progress bar")
    boolean quiet;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1280", description = "pixels (default 1280)")
    int width;

    @Option(names = "--height", paramLabel = "H", defaultValue = "720", description = "pixels (default 720)")
    int height;

    @picocli.CommandLine.Mixin
    SceneArgs args;

    @Option(names = "--background-only", description = "leave the bodies out: sky and ground only (a reference plate for image checks)")
    boolean backgroundOnly;

    @Option(names = "--debug", paramLabel = "LIST", split = ",",
            description = "debug overlay, any of: contacts, joints, com, targets, sweeps")
    java.util.List<String> debug = java.util.List.of();

    @Override
    public Integer call() throws Exception {
        DebugDraw overlay = new DebugDraw();
        for (String d : debug) {
            switch (d) {
                case "contacts" -> overlay.contacts = true;
                case "joints" -> overlay.joints = true;
                case "com" -> overlay.centresOfMass = true;
                case "targets" -> overlay.driveTargets = true;
                case "sweeps" -> overlay.sweeps = true;
                default -> throw new InvalidArgumentException("--debug", d, "must be one of contacts, joints, com, targets,"
                        + " sweeps");
            }
        }
        if (!(seconds >= 0 && seconds <= SceneArgs.MAX_SECONDS)) {
            throw new InvalidArgumentException("--seconds", seconds, "must be in [0, " + SceneArgs.MAX_SECONDS + "] s");
        }
        if (width < 16 || width > 8192 || height < 16 || height > 8192) {
            throw new InvalidArgumentException("--width/--height", width + "×" + height, "each must be 16..8192 pixels");
        }
        Scene s = SceneCatalog.get(scene);
        dev.sinew.scenes.cli.Main.checkWritable(out.toPath());
        SceneOptions options = args.options(s, seconds == 0 ? null : seconds, 1);
        SceneSession session = new SceneSession(s, options);
        if (!GlWindow.init()) {
            throw new EnvironmentException(GlWindow.noDisplay() + "; run under a virtual one: xvfb-run -a ./sinew"
                    + " screenshot ...");
        }
        long ticks = Math.round(seconds / session.world().settings().tickSeconds());
        Progress bar = new Progress(scene, ticks, quiet ? null : System.err);
        for (long t = 0; t < ticks; t++) {
            session.step();
            bar.update(t + 1);
        }
        bar.done();
        try {
            BufferedImage img = Capture.render(session, session.frame(), width, height, !backgroundOnly, overlay);
            if (!backgroundOnly && session.instance.character() != null) {
                caption(img, characterLine(session));
            }
            try {
                Capture.writePng(img, out);
            } catch (java.io.IOException e) {
                throw new EnvironmentException("cannot write " + out + " (" + e.getMessage() + ")");
            }
        } finally {
            GlWindow.terminate();
        }
        System.err.printf("%s at %.2f s: %d×%d written to %s%n", scene, session.seconds(), width, height, out);
        return 0;
    }

    /** What a reacting character is doing: its state, get-up clip and drive strengths. */
    static String characterLine(SceneSession session) {
        dev.sinew.reactions.Character c = session.instance.character();
        String clip = c.getUpClip();
        dev.sinew.reactions.getup.GetUpChoice last = c.getUpChoice();
        return String.format(java.util.Locale.ROOT, "%s  %.2f s  %s%s  joints %.2f  root %.2f", session.scene.name(),
                session.seconds(), c.state(), clip == null ? "" : "  " + clip + " (lying " + last.poseClass() + ")",
                c.stateStrength(), c.driver().rootDrive().strength());
    }

    /** Writes a line of text in the image's top-left corner, on a dark band so it reads on sky and ground alike. */
    static void caption(BufferedImage img, String text) {
        java.awt.Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, Math.max(12, img.getHeight() / 40)));
            java.awt.FontMetrics m = g.getFontMetrics();
            g.setColor(new java.awt.Color(0, 0, 0, 150));
            g.fillRect(0, 0, m.stringWidth(text) + 16, m.getHeight() + 8);
            g.setColor(java.awt.Color.WHITE);
            g.drawString(text, 8, 4 + m.getAscent());
        } finally {
            g.dispose();
        }
    }
}
