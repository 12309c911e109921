package dev.sinew.viewer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOptions;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/**
 * What a screenshot of knockdown-getup says about its character at each stage (no display needed:
 * the caption is drawn with Java2D onto the captured image): limp after the first push, getting
 * up along the side clip it chose, standing again.
 */
class ReactionsCaptionTest {
    @Test
    void theCaptionFollowsTheStages() {
        SceneSession s = new SceneSession(SceneCatalog.get("knockdown-getup"), SceneOptions.defaults());
        String limp = null;
        String gettingUp = null;
        for (int t = 0; t < 60 * 14; t++) {
            s.step();
            if (t == 60 * 2) {
                limp = ScreenshotCommand.characterLine(s);
            }
            if (t == 60 * 6) {
                gettingUp = ScreenshotCommand.characterLine(s);
            }
        }
        assertTrue(limp.contains("LIMP"), limp);
        assertTrue(gettingUp.contains("GETTING_UP") && gettingUp.contains("140_03_30fps.bvh (lying sideRight)"), gettingUp);
        String standing = ScreenshotCommand.characterLine(s);
        assertTrue(standing.contains("ACTIVE") && standing.contains("joints 1.00  root 1.00"), standing);

        BufferedImage img = new BufferedImage(320, 180, BufferedImage.TYPE_INT_RGB);
        ScreenshotCommand.caption(img, standing);
        int lit = 0;
        for (int x = 0; x < 160; x++) {
            for (int y = 0; y < 20; y++) {
                lit += (img.getRGB(x, y) & 0xffffff) != 0 ? 1 : 0;
            }
        }
        assertTrue(lit > 50, "text drawn in the top-left corner: " + lit + " pixels");
    }
}
