package dev.sinew.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture command end to end, in a child JVM on the machine's display or, without one, under
 * {@code xvfb-run} with Mesa (.ci/run installs both): ragdoll-drop after 2 s must show sky, ground
 * and the ragdoll where the camera projects its pelvis.
 */
class ScreenshotTest {
    static final int W = 640;
    static final int H = 360;

    @TempDir
    Path dir;

    @Test
    void ragdollDropAfterTwoSecondsShowsGroundAndTheRagdollAtItsPelvis() throws Exception {
        File bodies = dir.resolve("bodies.png").toFile();
        File plate = dir.resolve("plate.png").toFile();
        capture(bodies, false);
        capture(plate, true);
        BufferedImage a = ImageIO.read(bodies);
        BufferedImage b = ImageIO.read(plate);
        assertEquals(W, a.getWidth());
        assertEquals(H, a.getHeight());

        // Where the pelvis is, by the scene run headless for the same 2 s (the runs are deterministic).
        SceneSession s = new SceneSession(SceneCatalog.get("ragdoll-drop"), SceneOptions.defaults().withSeconds(2));
        for (int t = 0; t < 120; t++) {
            s.step();
        }
        Vector3d pelvis = s.world().position(s.instance.focus(), new Vector3d());
        double[] px = s.frame().project(pelvis, W, H);
        assertTrue(px != null && px[0] > 0 && px[0] < W && px[1] > 0 && px[1] < H, "pelvis projects into the image");

        // Bodies: around the pelvis, most pixels differ in colour from the background plate.
        int r = 12;
        int differ = 0;
        int total = 0;
        for (int y = (int) px[1] - r; y <= (int) px[1] + r; y++) {
            for (int x = (int) px[0] - r; x <= (int) px[0] + r; x++) {
                total++;
                if (distance(a.getRGB(x, y), b.getRGB(x, y)) > 40) {
                    differ++;
                }
            }
        }
        assertTrue(differ > 0.3 * total, "body pixels around the pelvis: " + differ + " of " + total);
        // Far from the pelvis (the top-left corner is sky) the two images agree.
        assertTrue(distance(a.getRGB(5, 5), b.getRGB(5, 5)) < 3, "the sky is the same in both");

        // Ground and sky: the bottom centre is a grey ground, the top centre a blue sky.
        int ground = b.getRGB(W / 2, H - 3);
        int sky = b.getRGB(W / 2, 2);
        assertTrue(distance(ground, sky) > 60, "ground and sky differ");
        assertTrue(spread(ground) < 30, "ground is grey: " + Integer.toHexString(ground));
        assertTrue((sky & 0xff) > ((sky >> 16) & 0xff) + 30, "sky is blue: " + Integer.toHexString(sky));
    }

    /** Sum of absolute channel differences. */
    static int distance(int p, int q) {
        return Math.abs(((p >> 16) & 0xff) - ((q >> 16) & 0xff)) + Math.abs(((p >> 8) & 0xff) - ((q >> 8) & 0xff))
                + Math.abs((p & 0xff) - (q & 0xff));
    }

    static int spread(int p) {
        int r = (p >> 16) & 0xff;
        int g = (p >> 8) & 0xff;
        int b = p & 0xff;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b));
    }

    private void capture(File out, boolean backgroundOnly) throws Exception {
        List<String> args = new ArrayList<>(List.of("screenshot", "ragdoll-drop", "--seconds", "2", "--width",
                Integer.toString(W), "--height", Integer.toString(H), "--out", out.getAbsolutePath()));
        if (backgroundOnly) {
            args.add("--background-only");
        }
        String text = DisplayChild.run(dir, out.getName(), SinewMain.class, args.toArray(String[]::new));
        assertTrue(out.isFile(), "PNG written; output:\n" + text);
    }
}
