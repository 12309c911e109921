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
        assertLine(SMALL.replace("0 0 0 0 0 0 0 0 0 0 0 0\n", "0 0 0 0 0 0 0 0\n"), 25, "has 8 values, expected 12");
        assertLine(SMALL.replace("Frames: 2", "Frames: 3"), 22, "'Frames: 3' but 2 frame rows follow");
        assertLine(SMALL.replace("CHANNELS 3 Zrotation Xrotation Yrotation\n    JOINT Head",
                "CHANNELS 3 Zrotation Xrotation\n    JOINT Head"), 10, "channel");
        assertLine(SMALL.replace("Yrotation Xrotation Zrotation", "Yrotation Xrotation Wrotation"), 5, "Wrotation");
        assertLine(SMALL.substring(0, SMALL.indexOf("MOTION")), 20, "end of the file");
        assertLine(SMALL.replace("Frames: 2", "Frames: 1"), 22, "'Frames: 1' but 2 frame rows follow");
        assertLine(SMALL.replace("Frame Time: 0.5", "Frame Time: 0"), 23, "frame time");
        assertLine(SMALL.replace("Frame Time: 0.5", "Frame Time: 0.5 1 2 3"), 23, "unexpected '1' after the frame time");
        assertLine(SMALL.replace("Zrotation Xrotation Yrotation\n    JOINT", "Zrotation Zrotation Yrotation\n    JOINT"), 9,
                "Zrotation given twice");
        assertLine(SMALL.replace("JOINT Head", "JOINT Spine.01"), 10, "joint name 'Spine.01' is used twice");
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

    /**
     * Regression: a root with position channels lost its OFFSET, so a file that puts the hips'
     * height in the OFFSET and only the motion in the channels (as many non-CMU exporters do) put
     * the character about 0.7 m under the floor. The root's translation is OFFSET + channels.
     */
    @Test
    void rootOffsetIsKeptWhenTheRootHasPositionChannels() {
        String text = SMALL.replace("  OFFSET 0 0 0\n  CHANNELS 6", "  OFFSET 0 90 0\n  CHANNELS 6");
        BvhImporter.Bvh bvh = BvhImporter.parse(text, "offset.bvh", 0.01);
        Pose p = bvh.clip().frame(0, new Pose(bvh.skeleton())).evaluate();
        assertClose(new Vector3d(0.01, 0.92, 0.03), p.modelPosition(0, new Vector3d()));
        Pose q = bvh.clip().frame(1, new Pose(bvh.skeleton())).evaluate();
        assertClose(new Vector3d(0, 0.9, 0), q.modelPosition(0, new Vector3d()));
        // a root with only Yposition keeps its OFFSET's x and z
        String yOnly = "HIERARCHY\nROOT r\n{\nOFFSET 5 90 7\nCHANNELS 2 Yposition Xrotation\n}\nMOTION\nFrames: 1\n"
                + "Frame Time: 0.1\n-3 0\n";
        BvhImporter.Bvh yBvh = BvhImporter.parse(yOnly, "y.bvh", 1);
        Pose y = yBvh.clip().frame(0, new Pose(yBvh.skeleton()));
        assertClose(new Vector3d(5, 87, 7), y.rootTranslation(new Vector3d()));
    }

    /**
     * Regression: frame values were read as one stream, so a row of 8 or 10 values in a 9-channel
     * file shifted every later value into the wrong channel (or failed frames later). A frame is
     * one line; a row of the wrong length is an error naming that line.
     */
    @Test
    void aFrameRowOfTheWrongLengthNamesItsLine() {
        String head = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation"
                + " Yrotation\nJOINT a\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
                + "}\nMOTION\nFrames: 3\nFrame Time: 0.1\n";
        String nine = "0 0 0 0 0 0 0 0 0\n";
        assertLine(head + nine + "0 0 0 0 0 0 0 0\n" + nine, 20, "frame 2 has 8 values, expected 9");
        assertLine(head + nine + nine + "0 0 0 0 0 0 0 0 0 0\n", 21, "frame 3 has more than 9 values");
        // two half rows are two wrong rows, not one frame
        assertLine(head + nine + "0 0 0 0\n0 0 0 0 0\n", 20, "frame 2 has 4 values");
        // blank lines between and after frames are fine
        BvhImporter.Bvh ok = BvhImporter.parse(head + nine + "\n" + nine + "  \r\n" + nine + "\n\n", "ok.bvh", 1);
        assertEquals(3, ok.clip().frameCount());
    }

    /**
     * Regression: a 'Frames:' count larger than an int (or than the rows) went into an array size
     * and failed with NegativeArraySizeException; now it is compared with the rows first.
     */
    @Test
    void anAbsurdOrWrongFrameCountIsAnError() {
        assertLine(SMALL.replace("Frames: 2", "Frames: 1000000000000"), 22, "'Frames: 1000000000000' but 2 frame rows follow");
        assertLine(SMALL.replace("Frames: 2", "Frames: 3000000000"), 22, "but 2 frame rows follow");
        assertLine(SMALL.replace("Frames: 2", "Frames: -4"), 22, "whole number >= 1");
        assertLine(SMALL.replace("Frames: 2", "Frames: 2.5"), 22, "whole number >= 1");
    }

    /** Regression: the hierarchy was read recursively, and 20,000 nested joints overflowed the Java stack. */
    @Test
    void deepNestingIsReadWithoutRecursion() {
        int depth = 20_000;
        StringBuilder b = new StringBuilder("HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n");
        for (int i = 1; i < depth; i++) {
            b.append("JOINT j").append(i).append("\n{\nOFFSET 0 1 0\nCHANNELS 1 Zrotation\n");
        }
        b.append("}\n".repeat(depth)).append("MOTION\nFrames: 1\nFrame Time: 0.1\n");
        b.append("0 0 0").append(" 0".repeat(depth - 1)).append('\n');
        BvhImporter.Bvh bvh = BvhImporter.parse(b.toString(), "deep.bvh", 1);
        assertEquals(depth, bvh.skeleton().boneCount());
        assertEquals(depth - 2, bvh.skeleton().parent(depth - 1));
        Pose p = bvh.clip().frame(0, new Pose(bvh.skeleton())).evaluate();
        assertEquals(depth - 1, p.modelPosition(depth - 1, new Vector3d()).y, 1e-9);
    }

    /**
     * Non-root position channels do not move bones; what they held is reported per joint (before,
     * they were dropped without a word): always 0, always the OFFSET, another constant, or animated
     * with its range in metres.
     */
    @Test
    void nonRootPositionChannelsAreReported() {
        String text = "HIERARCHY\nROOT r\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
                + "JOINT zero\n{\nOFFSET 0 10 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n}\n"
                + "JOINT same\n{\nOFFSET 1 2 3\nCHANNELS 4 Xposition Yposition Zposition Zrotation\n}\n"
                + "JOINT other\n{\nOFFSET 1 2 3\nCHANNELS 1 Yposition\n}\n"
                + "JOINT moving\n{\nOFFSET 0 0 0\nCHANNELS 2 Zposition Xrotation\n}\n"
                + "JOINT still\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n"
                + "0 0 0  0 0 0 0 0 0  1 2 3 0  7  10 0  0\n"
                + "0 0 0  0 0 0 0 0 0  1 2 3 0  7  30 0  0\n";
        BvhImporter.Bvh bvh = BvhImporter.parse(text, "pos.bvh", 0.01);
        assertEquals(List.of(new BvhImporter.PositionChannels("zero", BvhImporter.PositionKind.ZERO, 0),
                new BvhImporter.PositionChannels("same", BvhImporter.PositionKind.OFFSET, 0),
                new BvhImporter.PositionChannels("other", BvhImporter.PositionKind.CONSTANT, 0)),
                bvh.positionChannels().subList(0, 3));
        BvhImporter.PositionChannels moving = bvh.positionChannels().get(3);
        assertEquals(BvhImporter.PositionKind.ANIMATED, moving.kind());
        assertEquals(0.2, moving.rangeM(), 1e-12);
        assertTrue(moving.describe().contains("0.2 m"), moving.describe());
        // the bones stay at their offsets
        Pose p = bvh.clip().frame(1, new Pose(bvh.skeleton())).evaluate();
        assertClose(new Vector3d(0, 0.1, 0), p.modelPosition(1, new Vector3d()));
    }

    /** Regression: a 1 GB file was read whole into memory (OutOfMemoryError); files over the limit are refused by size. */
    @Test
    void aHugeFileIsRefusedBySize(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path huge = dir.resolve("huge.bvh");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(1L << 30); // sparse: no gigabyte is written
        }
        FormatException e = assertThrows(FormatException.class, () -> BvhImporter.read(huge, 1));
        assertTrue(e.getMessage().contains("is 1024.0 MB; BVH files up to 64 MB are read"), e.getMessage());
        FormatException missing = assertThrows(FormatException.class, () -> BvhImporter.read(dir.resolve("none.bvh"), 1));
        assertTrue(missing.getMessage().endsWith("none.bvh: no such file"), missing.getMessage());
        FormatException folder = assertThrows(FormatException.class, () -> BvhImporter.read(dir, 1));
        assertTrue(folder.getMessage().contains("is a directory"), folder.getMessage());
    }

    /** End sites are the skeleton's: the tip of a bone with no child there. */
    @Test
    void endSitesBelongToTheSkeleton() {
        BvhImporter.Bvh bvh = BvhImporter.parse(SMALL, "small.bvh", 0.5);
        assertTrue(bvh.skeleton().hasEndSite(2));
        assertTrue(!bvh.skeleton().hasEndSite(1));
        assertClose(new Vector3d(0, 1, 0), bvh.skeleton().endSite(2, new Vector3d()));
        assertLine(SMALL.replace("      }\n    }", "      }\n      End Site\n      {\n        OFFSET 0 2 0\n      }\n    }"),
                18, "second End Site");
    }
}
