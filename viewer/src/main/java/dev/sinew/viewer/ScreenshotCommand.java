package dev.sinew.viewer;

import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
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
                + "on a machine without one, run under xvfb-run -a).")
final class ScreenshotCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENE", description = "scene name (see 'sinew scenes')")
    String scene;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "2", description = "simulated seconds before the capture (default 2)")
    double seconds;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "the PNG to write")
    File out;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1280", description = "pixels (default 1280)")
    int width;

    @Option(names = "--height", paramLabel = "H", defaultValue = "720", description = "pixels (default 720)")
    int height;

    @picocli.CommandLine.Mixin
    dev.sinew.scenes.cli.SceneArgs args;

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
                default -> throw new InvalidArgumentException("screenshot", "--debug", d + ": one of contacts, joints, com, targets, sweeps");
            }
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new InvalidArgumentException("screenshot", "--seconds", seconds + ": must be finite and ≥ 0");
        }
        if (width < 16 || width > 8192 || height < 16 || height > 8192) {
            throw new InvalidArgumentException("screenshot", "--width/--height", width + "×" + height + ": each must be 16..8192");
        }
        SceneSession session = new SceneSession(SceneCatalog.get(scene),
                new SceneOptions(seconds, 1, args.seed, args.count, args.profile));
        long ticks = Math.round(seconds / session.world().settings().tickSeconds());
        for (long t = 0; t < ticks; t++) {
            session.step();
        }
        if (!GlWindow.init()) {
            System.err.println("sinew: screenshot needs a display; on a machine without one run: xvfb-run -a ./sinew screenshot ...");
            return 3;
        }
        try {
            BufferedImage img = Capture.render(session, session.frame(), width, height, !backgroundOnly, overlay);
            if (!backgroundOnly && session.instance.character() != null) {
                caption(img, characterLine(session));
            }
            Capture.writePng(img, out);
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
