package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The BVH importer against the shipped CMU files (their layout, counted independently from the
 * text), a small hand-written file with forward kinematics worked out by hand, every rotation
 * order against rotation matrices composed by hand, and malformed files.
 */
class BvhImporterTest {

    @ParameterizedTest
    @CsvSource({"131_01.bvh, 994, 120", "140_01_30fps.bvh, 208, 30", "140_03_30fps.bvh, 256, 30",
            "140_08_30fps.bvh, 225, 30"})
    void shippedFilesHaveTheirLayout(String file, int frames, double rate) throws Exception {
        String text = Mocap.text("cmu/" + file);
        // independent counts from the text itself
        long joints = text.lines().map(String::trim).filter(l -> l.startsWith("JOINT") || l.startsWith("ROOT")).count();
        int channels = text.lines().map(String::trim).filter(l -> l.startsWith("CHANNELS"))
                .mapToInt(l -> Integer.parseInt(l.split("\\s+")[1])).sum();
        BvhImporter.Bvh bvh = Mocap.read("cmu/" + file);
        assertEquals(31, joints);
        assertEquals(joints, bvh.skeleton().boneCount());
        assertEquals(96, channels);
        assertEquals(channels, bvh.channelCount());
        assertEquals(frames, bvh.clip().frameCount());
        assertEquals(rate, bvh.clip().frameRate(), 1e-3);
        assertEquals(List.of("Xposition", "Yposition", "Zposition", "Zrotation", "Yrotation", "Xrotation"), bvh.channels().get(0));
        int shoulder = bvh.skeleton().index("LeftShoulder");
        assertEquals(List.of("Zrotation", "Xrotation", "Yrotation"), bvh.channels().get(shoulder), "arms are ZXY");
        assertEquals(List.of("Zrotation", "Yrotation", "Xrotation"), bvh.channels().get(bvh.skeleton().index("LeftKnee")));
        assertEquals("Hips", bvh.skeleton().name(0));
        assertEquals(-1, bvh.skeleton().parent(0));
    }

    /** Offsets and root positions come out in metres: the CMU walker's head joint is 1.3 m above its toes. */
    @Test
    void cmuUnitsBecomeMetres() {
        BvhImporter.Bvh bvh = Mocap.read("cmu/131_01.bvh");
        Skeleton s = bvh.skeleton();
        Pose pose = bvh.clip().frame(0, new Pose(s)).evaluate();
        double head = pose.modelPosition(s.index("Head"), new Vector3d()).y;
        double toe = Math.min(pose.modelPosition(s.index("LeftToe"), new Vector3d()).y,
                pose.modelPosition(s.index("RightToe"), new Vector3d()).y);
        // the head joint (the base of the skull) of a standing adult: metres, not centimetres or CMU units
        assertTrue(head - toe > 1.2 && head - toe < 1.8, "head above toe " + (head - toe) + " m");
    }

    static final String SMALL = String.join("\n",
            "HIERARCHY",
            "ROOT Hips",
            "{",
            "  OFFSET 0 0 0",
            "  CHANNELS 6 Xposition Yposition Zposition Yrotation Xrotation Zrotation",
            "  JOINT Spine.01",
            "  {",
            "    OFFSET 0 10 0",
            "    CHANNELS 3 Zrotation Xrotation Yrotation",
            "    JOINT Head",
            "    {",
            "      OFFSET 0 5 0",
            "      CHANNELS 3 Zrotation Xrotation Yrotation",
            "      End Site",
            "      {",
            "        OFFSET 0 2 0",
            "      }",
            "    }",
            "  }",
            "}",
            "MOTION",
            "Frames: 2",
            "Frame Time: 0.5",
            "1 2 3 90 0 0 90 0 0 0 0 0",
            "0 0 0 0 0 0 0 0 0 0 0 0",
            "");

    /**
     * Frame 0 by hand: Hips at (1, 2, 3) turned 90° about y; the spine's offset (0, 10, 0) turned
     * by R_y(90°) is unchanged, so Spine at (1, 12, 3); the spine turns 90° about z, so the head's
     * offset (0, 5, 0) becomes R_y(90°)·R_z(90°)·(0, 5, 0) = R_y(90°)·(−5, 0, 0) = (0, 0, 5): Head at
     * (1, 12, 8). All times the unit scale 0.5.
     */
    @Test
    void forwardKinematicsOfAHandWrittenFile() {
        BvhImporter.Bvh bvh = BvhImporter.parse(SMALL, "small.bvh", 0.5);
        Skeleton s = bvh.skeleton();
        assertEquals(List.of("Hips", "Spine.01", "Head"), s.names());
        Pose pose = bvh.clip().frame(0, new Pose(s)).evaluate();
        assertClose(new Vector3d(0.5, 1, 1.5), pose.modelPosition(0, new Vector3d()));
        assertClose(new Vector3d(0.5, 6, 1.5), pose.modelPosition(1, new Vector3d()));
        assertClose(new Vector3d(0.5, 6, 4), pose.modelPosition(2, new Vector3d()));
        assertClose(new Vector3d(0, 1, 0), bvh.endSite(2, new Vector3d()));
        assertEquals(2, bvh.clip().frameRate(), 1e-12);
        Pose rest = bvh.clip().frame(1, new Pose(s)).evaluate();
        assertClose(new Vector3d(0, 7.5, 0), rest.modelPosition(2, new Vector3d()));
    }

    private static void assertClose(Vector3d expected, Vector3d actual) {
        assertTrue(expected.distance(actual) < 1e-12, "expected " + expected + ", got " + actual);
    }

    /** Every rotation order: the imported rotation is the product of the axis rotations in channel order. */
    @ParameterizedTest
    @ValueSource(strings = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"})
    void everyRotationOrderComposesInChannelOrder(String order) {
        Random r = new Random(order.hashCode());
        double[] angles = {r.nextDouble() * 360 - 180, r.nextDouble() * 360 - 180, r.nextDouble() * 360 - 180};
        StringBuilder channels = new StringBuilder();
        for (char c : order.toCharArray()) {
            channels.append(' ').append(c).append("rotation");
        }
        String text = "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 3" + channels + "\n}\nMOTION\nFrames: 1\nFrame Time: 0.1\n"
                + angles[0] + " " + angles[1] + " " + angles[2] + "\n";
        BvhImporter.Bvh bvh = BvhImporter.parse(text, "order.bvh", 1);
        Quaterniond q = bvh.clip().frame(0, new Pose(bvh.skeleton())).localRotation(0, new Quaterniond());
        double[] m = identity();
        for (int i = 0; i < 3; i++) {
            m = mul(m, axisMatrix(order.charAt(i), angles[i]));
        }
        double[] got = matrix(q);
        for (int i = 0; i < 9; i++) {
            assertEquals(m[i], got[i], 1e-12, order + " entry " + i);
        }
    }

    private static double[] identity() {
        return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
    }

    /** Rotation matrix about one axis, written out (row-major). */
    private static double[] axisMatrix(char axis, double degrees) {
        double c = Math.cos(Math.toRadians(degrees));
        double s = Math.sin(Math.toRadians(degrees));
        return switch (axis) {
            case 'X' -> new double[] {1, 0, 0, 0, c, -s, 0, s, c};
            case 'Y' -> new double[] {c, 0, s, 0, 1, 0, -s, 0, c};
            default -> new double[] {c, -s, 0, s, c, 0, 0, 0, 1};
        };
    }

    private static double[] mul(double[] a, double[] b) {
        double[] o = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 3; k++) {
                    o[3 * i + j] += a[3 * i + k] * b[3 * k + j];
                }
            }
        }
        return o;
    }

    private static double[] matrix(Quaterniond q) {
        double[] o = new double[9];
        for (int j = 0; j < 3; j++) {
            Vector3d col = q.transform(new Vector3d(j == 0 ? 1 : 0, j == 1 ? 1 : 0, j == 2 ? 1 : 0));
            o[j] = col.x;
            o[3 + j] = col.y;
            o[6 + j] = col.z;
        }
        return o;
    }

    /** What real files do: CRLF, tabs, odd indentation, trailing spaces, a 3-channel root, a 6-channel joint. */
    @Test
    void realWorldFormattingIsRead() {
        String text = "HIERARCHY\r\nROOT  root.node \r\n{\r\n\t OFFSET\t0 1 0\r\nCHANNELS 3 Zrotation Xrotation Yrotation \r\n"
                + "\t\tJOINT arm.L\r\n  {\r\nOFFSET 1 0 0\r\n\tCHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation\r\n"
                + "End Site\r\n{\r\nOFFSET 1 0 0\r\n}\r\n}\r\n}\r\nMOTION\r\nFrames:\t1\r\nFrame Time: 0.04\r\n"
                + "90 0 0   7 8 9 0 0 0 \r\n";
        BvhImporter.Bvh bvh = BvhImporter.parse(text, "crlf.bvh", 1);
        assertEquals(List.of("root.node", "arm.L"), bvh.skeleton().names());
        Pose p = bvh.clip().frame(0, new Pose(bvh.skeleton())).evaluate();
        // a 3-channel root stays at its offset; z 90° turns the arm's offset (1, 0, 0) to (0, 1, 0)
        assertClose(new Vector3d(0, 1, 0), p.modelPosition(0, new Vector3d()));
        assertClose(new Vector3d(0, 2, 0), p.modelPosition(1, new Vector3d()));
        assertEquals(9, bvh.channelCount());
    }

    @Test
    void malformedFilesNameTheLine() {
        assertLine(SMALL.replace("  JOINT Spine.01\n  {", "  JOINT Spine.01\n  OFFSET"), 7, "'{'");
        assertLine(SMALL.replace("1 2 3 90 0 0 90 0 0 0 0 0", "1 2 3 90 0 0 0 zero 90 0 0 0"), 24, "zero");
        assertLine(SMALL.replace("0 0 0 0 0 0 0 0 0 0 0 0\n", "0 0 0 0 0 0 0 0\n"), 25, "truncated");
        assertLine(SMALL.replace("Frames: 2", "Frames: 3"), 25, "truncated");
        assertLine(SMALL.replace("CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT Head",
                "CHANNELS 3 Zrotation Xrotation\n    JOINT Head"), 10, "channel");
        assertLine(SMALL.replace("Yrotation Xrotation Zrotation", "Yrotation Xrotation Wrotation"), 5, "Wrotation");
        assertLine(SMALL.substring(0, SMALL.indexOf("MOTION")), 20, "end of the file");
        assertLine(SMALL.replace("Frames: 2", "Frames: 1"), 25, "more values");
        assertLine(SMALL.replace("HIERARCHY", "HIERARCHIE"), 1, "HIERARCHY");
    }

    private static void assertLine(String text, int line, String mentions) {
        FormatException e = assertThrows(FormatException.class, () -> BvhImporter.parse(text, "bad.bvh", 1));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith("bad.bvh:" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(mentions), e.getMessage());
    }

    @Test
    void badUnitScaleIsRejected() {
        assertThrows(dev.sinew.solver.InvalidArgumentException.class, () -> BvhImporter.parse(SMALL, "x", 0));
        assertThrows(dev.sinew.solver.InvalidArgumentException.class, () -> BvhImporter.parse(SMALL, "x", Double.NaN));
    }
}
