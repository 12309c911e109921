package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Reads BVH motion capture: the hierarchy into a {@link Skeleton}, the motion into a {@link Clip}.
 *
 * <p>Handles what real files contain: any rotation channel order per joint (mixed orders in one
 * file), 6-channel non-root joints, 3-channel roots, {@code End Site}, joint names with dots, tabs
 * or odd indentation, CRLF line ends, trailing spaces, frames broken over lines. Rotations are
 * composed in channel order (a joint with {@code Zrotation Xrotation Yrotation} turns by
 * R_z·R_x·R_y, angles in degrees), never interpolated as Euler angles. Offsets and root positions
 * are multiplied by the unit scale (metres per file unit; {@link #CMU_UNIT} for the CMU files).
 * Position channels give the root's translation (absolute, as in the files); a non-root joint's
 * position channels are read and not kept (a {@link Pose} animates rotations and the root only).
 * End sites are not bones; their offsets are kept in {@link Bvh#endSite}.
 *
 * <p>Errors name the file, the line and what was expected ({@link FormatException}).
 */
public final class BvhImporter {
    /** Metres per CMU unit: (1/0.45)·2.54/100. */
    public static final double CMU_UNIT = 0.056444;

    private BvhImporter() {
    }

    /**
     * What a BVH file holds.
     *
     * @param skeleton   the joints as bones, offsets in metres
     * @param clip       the motion, rotations composed per joint, the root track in metres
     * @param channels   each bone's channel names in file order (for example Zrotation)
     * @param endSite    end-site offsets, 3 per bone in the bone's frame, metres (see {@link #endSite(int, Vector3d)})
     * @param hasEndSite whether each bone has an end site
     * @param unitScale  metres per file unit the file was read with
     */
    public record Bvh(Skeleton skeleton, Clip clip, List<List<String>> channels, double[] endSite, boolean[] hasEndSite,
            double unitScale) {
        /** Channels of all joints, in file order. */
        public int channelCount() {
            int n = 0;
            for (List<String> c : channels) {
                n += c.size();
            }
            return n;
        }

        /** End-site offset of a bone, metres, or null if it has none. */
        public Vector3d endSite(int bone, Vector3d dest) {
            return hasEndSite[bone] ? dest.set(endSite[3 * bone], endSite[3 * bone + 1], endSite[3 * bone + 2]) : null;
        }
    }

    /** Reads a file; the clip is named after the file. */
    public static Bvh read(Path file, double unitScale) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        String name = file.getFileName().toString();
        return parse(text, name, unitScale);
    }

    /** Reads BVH text; {@code source} names it in errors and names the clip. */
    public static Bvh parse(String text, String source, double unitScale) {
        if (!(unitScale > 0) || unitScale == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("unitScale", unitScale, "must be finite and > 0 (metres per file unit)");
        }
        return new Parser(text, source, unitScale).parse();
    }

    private static final int XPOS = 0;
    private static final int YPOS = 1;
    private static final int ZPOS = 2;
    private static final int XROT = 3;
    private static final int YROT = 4;
    private static final int ZROT = 5;
    private static final String[] CHANNEL_NAMES = {"Xposition", "Yposition", "Zposition", "Xrotation", "Yrotation", "Zrotation"};

    /** A token reader over the text that knows each token's line. */
    private static final class Parser {
        private final String text;
        private final String source;
        private final double scale;
        private int pos;
        private int line = 1;
        private int tokenLine;
        /** Line of the last token read (where an unexpected end of the file is reported). */
        private int lastLine = 1;
        private final Skeleton.Builder builder = Skeleton.builder();
        private final List<List<String>> channelNames = new ArrayList<>();
        private final List<int[]> channels = new ArrayList<>();
        private final List<double[]> ends = new ArrayList<>();
        private int bones;

        Parser(String text, String source, double scale) {
            this.text = text;
            this.source = source;
            this.scale = scale;
        }

        private FormatException error(String reason) {
            return new FormatException(source, tokenLine, reason);
        }

        /** The next whitespace-separated token, or null at the end. */
        private String next() {
            lastLine = tokenLine == 0 ? 1 : tokenLine;
            int n = text.length();
            while (pos < n) {
                char c = text.charAt(pos);
                if (c == '\n') {
                    line++;
                } else if (!Character.isWhitespace(c)) {
                    break;
                }
                pos++;
            }
            tokenLine = line;
            if (pos >= n) {
                tokenLine = lastLine;
                return null;
            }
            int start = pos;
            while (pos < n && !Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
            return text.substring(start, pos);
        }

        private String expect(String what) {
            String t = next();
            if (t == null) {
                throw error("expected " + what + ", found the end of the file");
            }
            return t;
        }

        private void expectToken(String token, String context) {
            String t = expect("'" + token + "' " + context);
            if (!t.equals(token)) {
                throw error("expected '" + token + "' " + context + ", found '" + t + "'");
            }
        }

        private double number(String what) {
            String t = expect(what);
            try {
                double v = Double.parseDouble(t);
                if (!Double.isFinite(v)) {
                    throw error("expected " + what + " (a finite number), found '" + t + "'");
                }
                return v;
            } catch (NumberFormatException e) {
                throw error("expected " + what + " (a number), found '" + t + "'");
            }
        }

        Bvh parse() {
            expectToken("HIERARCHY", "at the start of a BVH file");
            String root = expect("ROOT");
            if (!root.equals("ROOT")) {
                throw error("expected 'ROOT' after HIERARCHY, found '" + root + "'");
            }
            joint(-1, "ROOT");
            String t = expect("MOTION or another ROOT");
            if (t.equals("ROOT")) {
                throw error("a second ROOT: only one skeleton per file is supported");
            }
            if (!t.equals("MOTION")) {
                throw error("expected 'MOTION' after the hierarchy, found '" + t + "'");
            }
            expectToken("Frames:", "after MOTION");
            double framesValue = number("the frame count after 'Frames:'");
            if (framesValue < 1 || framesValue != Math.rint(framesValue)) {
                throw error("the frame count must be a whole number >= 1, found " + framesValue);
            }
            int frames = (int) framesValue;
            expectToken("Frame", "(of 'Frame Time:')");
            expectToken("Time:", "(of 'Frame Time:')");
            double frameTime = number("the frame time in seconds");
            if (!(frameTime > 0)) {
                throw error("the frame time must be > 0 s, found " + frameTime);
            }
            Skeleton skeleton = builder.build();
            int n = skeleton.boneCount();
            int perFrame = 0;
            for (int[] c : channels) {
                perFrame += c.length;
            }
            double[] rotations = new double[4 * n * frames];
            double[] roots = new double[3 * frames];
            double[] values = new double[perFrame];
            Quaterniond q = new Quaterniond();
            int motionLine = line;
            for (int f = 0; f < frames; f++) {
                for (int v = 0; v < perFrame; v++) {
                    String tok = next();
                    if (tok == null) {
                        throw new FormatException(source, tokenLine, "truncated motion: expected " + frames + " frames of "
                                + perFrame + " values, the file ends in frame " + (f + 1) + " after " + v + " values");
                    }
                    values[v] = parseValue(tok, f, v);
                }
                int k = 0;
                for (int b = 0; b < n; b++) {
                    int[] c = channels.get(b);
                    q.identity();
                    for (int ch : c) {
                        double val = values[k++];
                        switch (ch) {
                            case XROT -> q.rotateX(Math.toRadians(val));
                            case YROT -> q.rotateY(Math.toRadians(val));
                            case ZROT -> q.rotateZ(Math.toRadians(val));
                            default -> {
                                if (b == 0) {
                                    roots[3 * f + ch] = val * scale;
                                }
                            }
                        }
                    }
                    int o = 4 * (f * n + b);
                    rotations[o] = q.x;
                    rotations[o + 1] = q.y;
                    rotations[o + 2] = q.z;
                    rotations[o + 3] = q.w;
                }
                if (!hasPosition(channels.get(0))) {
                    roots[3 * f] = skeleton.offset(0, 0);
                    roots[3 * f + 1] = skeleton.offset(0, 1);
                    roots[3 * f + 2] = skeleton.offset(0, 2);
                }
            }
            String extra = next();
            if (extra != null) {
                throw error("more values than " + frames + " frames of " + perFrame + " (from line " + motionLine
                        + "): found '" + extra + "'");
            }
            double[] endSite = new double[3 * n];
            boolean[] hasEnd = new boolean[n];
            for (double[] e : ends) {
                int b = (int) e[0];
                hasEnd[b] = true;
                endSite[3 * b] = e[1];
                endSite[3 * b + 1] = e[2];
                endSite[3 * b + 2] = e[3];
            }
            Clip clip = new Clip(source, skeleton, 1 / frameTime, frames, rotations, roots);
            return new Bvh(skeleton, clip, List.copyOf(channelNames), endSite, hasEnd, scale);
        }

        private double parseValue(String tok, int frame, int index) {
            try {
                double v = Double.parseDouble(tok);
                if (Double.isFinite(v)) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error("frame " + (frame + 1) + ", value " + (index + 1) + ": expected a number, found '" + tok + "'");
        }

        private boolean hasPosition(int[] c) {
            for (int ch : c) {
                if (ch <= ZPOS) {
                    return true;
                }
            }
            return false;
        }

        /** Reads a ROOT or JOINT after its keyword: name, '{', OFFSET, CHANNELS, children, '}'. */
        private void joint(int parent, String keyword) {
            String name = expect("a joint name after " + keyword);
            if (name.equals("{")) {
                throw error("expected a joint name after " + keyword + ", found '{'");
            }
            expectToken("{", "after " + keyword + " " + name);
            expectToken("OFFSET", "in joint " + name);
            Vector3d offset = new Vector3d(number("OFFSET x of " + name), number("OFFSET y of " + name),
                    number("OFFSET z of " + name)).mul(scale);
            expectToken("CHANNELS", "after the OFFSET of " + name);
            double count = number("the channel count of " + name);
            if (count < 0 || count > 6 || count != Math.rint(count)) {
                throw error("the channel count of " + name + " must be a whole number from 0 to 6, found " + count);
            }
            int[] c = new int[(int) count];
            List<String> names = new ArrayList<>();
            for (int i = 0; i < c.length; i++) {
                String ch = expect("channel " + (i + 1) + " of " + name);
                c[i] = channel(ch, name);
                names.add(CHANNEL_NAMES[c[i]]);
            }
            int index = bones++;
            try {
                builder.add(name, parent, offset);
            } catch (InvalidArgumentException e) {
                throw error("joint '" + name + "': " + e.getMessage());
            }
            channels.add(c);
            channelNames.add(List.copyOf(names));
            while (true) {
                String t = expect("JOINT, End Site or '}' in joint " + name);
                if (t.equals("}")) {
                    return;
                } else if (t.equals("JOINT")) {
                    joint(index, "JOINT");
                } else if (t.equals("End")) {
                    expectToken("Site", "after End");
                    expectToken("{", "after End Site of " + name);
                    expectToken("OFFSET", "in the End Site of " + name);
                    double[] e = {index, number("End Site x"), number("End Site y"), number("End Site z")};
                    e[1] *= scale;
                    e[2] *= scale;
                    e[3] *= scale;
                    ends.add(e);
                    expectToken("}", "closing the End Site of " + name);
                } else {
                    throw error("expected JOINT, End Site or '}' in joint " + name + ", found '" + t + "'");
                }
            }
        }

        private int channel(String ch, String joint) {
            for (int i = 0; i < CHANNEL_NAMES.length; i++) {
                if (CHANNEL_NAMES[i].equalsIgnoreCase(ch)) {
                    return i;
                }
            }
            throw error("unknown channel '" + ch + "' in joint " + joint + " (expected Xposition, Yposition, Zposition,"
                    + " Xrotation, Yrotation or Zrotation)");
        }
    }
}
