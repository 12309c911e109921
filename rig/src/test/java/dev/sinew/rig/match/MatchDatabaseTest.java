package dev.sinew.rig.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.Clip;
import dev.sinew.rig.ClipSource;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.Synthetic;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Features of a straight walk at a known speed and heading, in character space: the trajectory
 * ahead is (0, v·h) and its direction (0, 1) whatever the heading, the hips move at (0, ·, v), and
 * the feet are where the pose puts them less the root, turned by −heading. The mirrored clip's left
 * foot is the reflection of the original's right foot.
 */
class MatchDatabaseTest {
    static final double YAW = 0.7;
    static final double SPEED = 1.3;
    private final Skeleton s = Synthetic.biped();
    private final Clip walk = Synthetic.clip("walk", s, 4, 120, Synthetic.walk(0.4, -1, YAW, SPEED, 0.9));

    static String settings(String clips) {
        return Synthetic.matchSettings(clips);
    }

    ClipSource source() {
        return name -> Synthetic.bvh(walk);
    }

    @Test
    void straightWalkInCharacterSpace() {
        MatchDatabase db = MatchDatabase.build(MatchSettings.parse(settings("{\"file\": \"walk\", \"mirror\": false}"), "t.json"),
                source());
        assertEquals(241, db.frames());
        double[] f = new double[FeatureGroup.dimensions()];
        int tp = FeatureGroup.TRAJECTORY_POSITION.start();
        int td = FeatureGroup.TRAJECTORY_DIRECTION.start();
        int hv = FeatureGroup.HIP_VELOCITY.start();
        Pose pose = new Pose(s);
        Vector3d foot = new Vector3d();
        for (int frame = 20; frame < 160; frame += 7) {
            db.features(frame, f);
            double[] h = {20.0 / 60, 40.0 / 60, 1};
            for (int k = 0; k < 3; k++) {
                assertEquals(0, f[tp + 2 * k], 1e-9, "no sideways travel");
                assertEquals(SPEED * h[k], f[tp + 2 * k + 1], 1e-9, "ahead by v·h");
                assertEquals(0, f[td + 2 * k], 1e-12);
                assertEquals(1, f[td + 2 * k + 1], 1e-12);
            }
            assertEquals(0, f[hv], 1e-9);
            assertEquals(SPEED, f[hv + 2], 1e-9);
            // the left foot: where the pose puts it, less the root on the ground, turned by −heading
            double t = db.time(frame);
            walk.sample(t, Clip.Wrap.CLAMP, pose).evaluate().modelPosition(s.index("LeftAnkle"), foot);
            double d = SPEED * t;
            Vector3d local = new Vector3d(foot.x - (0.4 + d * Math.sin(YAW)), foot.y, foot.z - (-1 + d * Math.cos(YAW)));
            new Quaterniond().rotateY(-YAW).transform(local);
            assertEquals(local.x, f[0], 1e-9);
            assertEquals(local.y, f[1], 1e-12);
            assertEquals(local.z, f[2], 1e-9);
            assertTrue(db.index().searchable(frame));
        }
        assertFalse(db.index().searchable(200), "its last second is not searchable");
        assertTrue(db.index().searchable(180));
    }

    @Test
    void mirroredClipSwapsAndReflectsTheFeet() {
        MatchDatabase db = MatchDatabase.build(MatchSettings.parse(settings(
                "{\"file\": \"walk\", \"mirror\": false}, {\"file\": \"walk\", \"mirror\": true}"), "t.json"), source());
        assertEquals(2 * 241, db.frames());
        double[] a = new double[FeatureGroup.dimensions()];
        double[] b = new double[FeatureGroup.dimensions()];
        for (int frame = 30; frame < 200; frame += 11) {
            db.features(frame, a);
            db.features(241 + frame, b);
            assertEquals(-a[3], b[0], 1e-9, "left foot x of the mirror = −(right foot x)");
            assertEquals(a[4], b[1], 1e-12);
            assertEquals(a[5], b[2], 1e-9);
            assertEquals(-a[0], b[3], 1e-9);
        }
    }

    @Test
    void badSettingsAreNamed() {
        FormatException e = assertThrows(FormatException.class, () -> MatchSettings.parse(
                settings("{\"file\": \"walk\", \"mirror\": false}").replace("[0.333333, 0.666667, 1.0]", "[0.5, 0.4, 1.0]"), "t.json"));
        assertTrue(e.getMessage().startsWith("t.json:2: at $.horizonsSeconds"), e.getMessage());
        e = assertThrows(FormatException.class, () -> MatchSettings.parse(
                settings("{\"file\": \"walk\", \"mirror\": false}").replace("\"mirrorAxis\": \"x\"", "\"mirrorAxis\": \"q\""), "t.json"));
        assertTrue(e.getMessage().contains("mirrorAxis"), e.getMessage());
    }
}
