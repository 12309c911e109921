package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Reads BVH motion capture: the hierarchy into a {@link Skeleton}, the motion into a {@link Clip}.
 *
 * <p>Handles what real files contain: any rotation channel order per joint (mixed orders in one
 * file), 6-channel non-root joints, 3-channel roots, {@code End Site}, joint names with dots, tabs
 * or odd indentation, CRLF line ends, trailing spaces, blank lines, hierarchies of any depth (read
 * without recursion). Rotations are composed in channel order (a joint with
 * {@code Zrotation Xrotation Yrotation} turns by R_z·R_x·R_y, angles in degrees), never
 * interpolated as Euler angles. Offsets and positions are multiplied by the unit scale (metres per
 * file unit; {@link #CMU_UNIT} for the CMU files).
 *
 * <p>The root's translation in a frame is its {@code OFFSET} plus its position channels (a channel
 * the root lacks leaves that coordinate at the offset). A non-root joint's position channels are
 * read and checked but do not move the bone (a {@link Pose} animates bone rotations and the root's
 * translation; bone lengths are the offsets): what they hold is reported per joint in
 * {@link Bvh#positionChannels()}. End sites are not bones; their offsets are the skeleton's
 * {@linkplain Skeleton#endSite end sites}.
 *
 * <p>Each frame is one line of exactly one value per channel. Errors name the file, the line and
 * what was expected ({@link FormatException}); files over {@link #MAX_FILE_BYTES} and motion that
 * would not fit in half the Java heap are refused before anything is allocated for them.
 */
public final class BvhImporter {
    /** Metres per CMU unit: (1/0.45)·2.54/100. */
    public static final double CMU_UNIT = 0.056444;
    /** Largest BVH file read, bytes (64 MiB: about 12 minutes of a 31-joint capture at 120 fps). */
    public static final long MAX_FILE_BYTES = 64L << 20;
    /** Shortest and longest frame time accepted, s (10,000 to 0.1 frames per second). */
    public static final double MIN_FRAME_SECONDS = 1e-4;
    public static final double MAX_FRAME_SECONDS = 10;

    private BvhImporter() {
    }

    /**
     * What a non-root joint's position channels hold over the clip (they never move the bone).
     *
     * <ul>
     *   <li>{@code ZERO}: always 0, the joint sits at its OFFSET as read;</li>
     *   <li>{@code OFFSET}: always equal to the OFFSET (a file that writes each joint's absolute
     *       local position), the same place;</li>
     *   <li>{@code CONSTANT}: some other constant, ignored: the joint sits at its OFFSET;</li>
     *   <li>{@code ANIMATED}: the values change over the clip, ignored: the bone keeps its OFFSET
     *       length.</li>
     * </ul>
     */
    public enum PositionKind { ZERO, OFFSET, CONSTANT, ANIMATED }

    /**
     * A non-root joint's position channels.
     *
     * @param bone   the joint's name
     * @param kind   what the values hold
     * @param rangeM the largest change of one position channel over the clip, metres
     */
    public record PositionChannels(String bone, PositionKind kind, double rangeM) {
        /** One line in our words, for reports. */
        public String describe() {
            return switch (kind) {
                case ZERO -> bone + ": always 0 (the joint stays at its OFFSET)";
                case OFFSET -> bone + ": always equal to its OFFSET (the joint stays there)";
                case CONSTANT -> bone + ": constant, not its OFFSET; ignored (the joint stays at its OFFSET)";
                case ANIMATED -> bone + ": animated by up to " + Math.round(rangeM * 1e4) / 1e4 + " m; ignored (bones keep"
                        + " their OFFSET length, only rotations and the root's position are animated)";
            };
        }
    }

    /**
     * What a BVH file holds.
     *
     * @param skeleton         the joints as bones, offsets and end sites in metres
     * @param clip             the motion, rotations composed per joint, the root track in metres
     * @param channels         each bone's channel names in file order (for example Zrotation)
     * @param unitScale        metres per file unit the file was read with
     * @param positionChannels the non-root joints with position channels, in bone order
     */
    public record Bvh(Skeleton skeleton, Clip clip, List<List<String>> channels, double unitScale,
            List<PositionChannels> positionChannels) {
        /** Channels of all joints, in file order. */
        public int channelCount() {
            int n = 0;
            for (List<String> c : channels) {
                n += c.size();
            }
            return n;
        }

        /** End-site offset of a bone in its frame, metres, or null if it has none. */
        public Vector3d endSite(int bone, Vector3d dest) {
            return skeleton.endSite(bone, dest);
        }
    }

    /**
     * Reads a file; the clip is named after the file, errors name the path as given.
     *
     * @throws FormatException if the file cannot be read, is larger than {@link #MAX_FILE_BYTES} or is malformed
     */
    public static Bvh read(Path file, double unitScale) {
        checkUnit(unitScale);
        String text = new String(DataFiles.read(file, MAX_FILE_BYTES, "BVH"), StandardCharsets.ISO_8859_1);
        return parse(text, file.toString(), file.getFileName().toString(), unitScale);
    }

    /** Reads BVH text; {@code source} names it in errors and names the clip. */
    public static Bvh parse(String text, String source, double unitScale) {
        return parse(text, source, source, unitScale);
    }

    /**
     * Reads BVH text (each byte a character, as ISO-8859-1 decodes it).
     *
     * @param source   names the text in errors (a path as given)
     * @param clipName names the clip (a file name)
     */
    public static Bvh parse(String text, String source, String clipName, double unitScale) {
        checkUnit(unitScale);
        if (text.length() > MAX_FILE_BYTES) {
            throw new FormatException(source, 0, "is over " + (MAX_FILE_BYTES >> 20) + " MB; larger BVH text is not read");
        }
        return new Parser(text, source, clipName, unitScale).parse();
    }

    private static void checkUnit(double unitScale) {
        if (!(unitScale > 0) || unitScale == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("unitScale", unitScale, "must be finite and > 0 (metres per file unit)");
        }
    }

    private static final int ZPOS = 2;
    private static final int XROT = 3;
    private static final int YROT = 4;
    private static final int ZROT = 5;
    private static final String[] CHANNEL_NAMES = {"Xposition", "Yposition", "Zposition", "Xrotation", "Yrotation", "Zrotation"};

    /** A token reader over the text that knows each token's line. */
    private static final class Parser {
        private final String text;
        private final String source;
        private final String clipName;
        private final double scale;
        private int pos;
        private int line = 1;
        private int tokenLine;
        /** Line of the last token read (where an unexpected end of the file is reported). */
        private int lastLine = 1;
        private final Skeleton.Builder builder = Skeleton.builder();
        private final List<String> names = new ArrayList<>();
        private final java.util.Set<String> nameSet = new java.util.HashSet<>();
        private final java.util.BitSet withEndSite = new java.util.BitSet();
        private final List<List<String>> channelNames = new ArrayList<>();
        private final List<int[]> channels = new ArrayList<>();
        /** Each bone's OFFSET in file units, 3 per bone. */
        private double[] offsets = new double[48];

        Parser(String text, String source, String clipName, double scale) {
            this.text = text;
            this.source = source;
            this.clipName = clipName;
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
            hierarchy();
            String t = expect("MOTION or another ROOT");
            if (t.equals("ROOT")) {
                throw error("a second ROOT: only one skeleton per file is supported");
            }
            if (!t.equals("MOTION")) {
                throw error("expected 'MOTION' after the hierarchy, found '" + t + "'");
            }
            expectToken("Frames:", "after MOTION");
            double framesValue = number("the frame count after 'Frames:'");
            int framesLine = tokenLine;
            if (framesValue < 1 || framesValue != Math.rint(framesValue)) {
                throw error("the frame count must be a whole number >= 1, found " + framesValue);
            }
            expectToken("Frame", "(of 'Frame Time:')");
            expectToken("Time:", "(of 'Frame Time:')");
            double frameTime = number("the frame time in seconds");
            if (!(frameTime >= MIN_FRAME_SECONDS && frameTime <= MAX_FRAME_SECONDS)) {
                throw error("the frame time must be in [" + MIN_FRAME_SECONDS + ", " + MAX_FRAME_SECONDS + "] s, found "
                        + frameTime);
            }
            restOfLineBlank("after the frame time");
            Skeleton skeleton = builder.build();
            int n = skeleton.boneCount();
            int perFrame = 0;
            for (int[] c : channels) {
                perFrame += c.length;
            }
            if (perFrame == 0) {
                throw new FormatException(source, framesLine, "no joint has channels: there is no motion to read");
            }
            int rows = countRows();
            if (framesValue != rows) {
                throw new FormatException(source, framesLine, String.format(Locale.ROOT,
                        "'Frames: %.0f' but %d frame rows follow (one line of %d values per frame)", framesValue, rows,
                        perFrame));
            }
            int frames = rows;
            long bytes = 8L * (4L * n + 3) * frames;
            long heap = Runtime.getRuntime().maxMemory();
            if (bytes > heap / 2) {
                throw new FormatException(source, framesLine, String.format(Locale.ROOT,
                        "%d frames of %d joints need %d MB, more than half the Java heap (%d MB)", frames, n, bytes >> 20,
                        heap >> 20));
            }
            double[] rotations = new double[4 * n * frames];
            double[] roots = new double[3 * frames];
            double[] values = new double[perFrame];
            // per non-root position channel: smallest and largest value, file units
            double[] lo = new double[perFrame];
            double[] hi = new double[perFrame];
            java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
            Quaterniond q = new Quaterniond();
            int f = 0;
            while (f < frames) {
                if (!row(values, f)) {
                    continue;
                }
                int k = 0;
                for (int b = 0; b < n; b++) {
                    int[] c = channels.get(b);
                    q.identity();
                    if (b == 0) {
                        roots[3 * f] = offsets[0] * scale;
                        roots[3 * f + 1] = offsets[1] * scale;
                        roots[3 * f + 2] = offsets[2] * scale;
                    }
                    for (int ch : c) {
                        double val = values[k];
                        switch (ch) {
                            case XROT -> q.rotateX(Math.toRadians(val));
                            case YROT -> q.rotateY(Math.toRadians(val));
                            case ZROT -> q.rotateZ(Math.toRadians(val));
                            default -> {
                                if (b == 0) {
                                    roots[3 * f + ch] = (offsets[ch] + val) * scale;
                                } else {
                                    lo[k] = Math.min(lo[k], val);
                                    hi[k] = Math.max(hi[k], val);
                                }
                            }
                        }
                        k++;
                    }
                    int o = 4 * (f * n + b);
                    rotations[o] = q.x;
                    rotations[o + 1] = q.y;
                    rotations[o + 2] = q.z;
                    rotations[o + 3] = q.w;
                }
                f++;
            }
            Clip clip = new Clip(clipName, skeleton, 1 / frameTime, frames, rotations, roots);
            return new Bvh(skeleton, clip, List.copyOf(channelNames), scale, positionChannels(lo, hi));
        }

        /** The joints whose position channels do not move them, and what those channels held. */
        private List<PositionChannels> positionChannels(double[] lo, double[] hi) {
            List<PositionChannels> out = new ArrayList<>();
            int k = channels.get(0).length;
            for (int b = 1; b < channels.size(); b++) {
                int[] c = channels.get(b);
                boolean any = false;
                boolean zero = true;
                boolean offset = true;
                double range = 0;
                for (int ch : c) {
                    if (ch <= ZPOS) {
                        any = true;
                        range = Math.max(range, hi[k] - lo[k]);
                        double off = offsets[3 * b + ch];
                        double tol = 1e-6 * Math.max(1, Math.abs(off));
                        zero &= Math.abs(lo[k]) <= 1e-9 && Math.abs(hi[k]) <= 1e-9;
                        offset &= Math.abs(lo[k] - off) <= tol && Math.abs(hi[k] - off) <= tol;
                    }
                    k++;
                }
                if (any) {
                    PositionKind kind = range > 1e-9 ? PositionKind.ANIMATED
                            : zero ? PositionKind.ZERO : offset ? PositionKind.OFFSET : PositionKind.CONSTANT;
                    out.add(new PositionChannels(names.get(b), kind, range * scale));
                }
            }
            return List.copyOf(out);
        }

        /** Fails unless the current line holds nothing more; moves to the start of the next line. */
        private void restOfLineBlank(String context) {
            int n = text.length();
            while (pos < n && text.charAt(pos) != '\n') {
                if (!Character.isWhitespace(text.charAt(pos))) {
                    int end = pos;
                    while (end < n && !Character.isWhitespace(text.charAt(end))) {
                        end++;
                    }
                    tokenLine = line;
                    throw error("unexpected '" + text.substring(pos, end) + "' " + context
                            + " (the frames start on the next line)");
                }
                pos++;
            }
            if (pos < n) {
                pos++;
                line++;
            }
        }

        /** Lines from here that hold anything but whitespace. */
        private int countRows() {
            int rows = 0;
            boolean content = false;
            for (int i = pos, n = text.length(); i < n; i++) {
                char c = text.charAt(i);
                if (c == '\n') {
                    rows += content ? 1 : 0;
                    content = false;
                } else if (!content && !Character.isWhitespace(c)) {
                    content = true;
                }
            }
            return rows + (content ? 1 : 0);
        }

        /**
         * Reads the line at {@code pos} into {@code values} as frame {@code frame}; false for a blank
         * line. Moves to the next line.
         */
        private boolean row(double[] values, int frame) {
            int n = text.length();
            int count = 0;
            tokenLine = line;
            while (pos < n) {
                char c = text.charAt(pos);
                if (c == '\n') {
                    break;
                }
                if (Character.isWhitespace(c)) {
                    pos++;
                    continue;
                }
                int start = pos;
                while (pos < n && !Character.isWhitespace(text.charAt(pos))) {
                    pos++;
                }
                if (count == values.length) {
                    throw error("frame " + (frame + 1) + " has more than " + values.length
                            + " values (a frame is one line, one value per channel)");
                }
                values[count] = value(text.substring(start, pos), frame, count);
                count++;
            }
            if (pos < n) {
                pos++;
            }
            line++;
            if (count == 0) {
                return false;
            }
            if (count != values.length) {
                throw error("frame " + (frame + 1) + " has " + count + " values, expected " + values.length
                        + " (a frame is one line, one value per channel)");
            }
            return true;
        }

        private double value(String tok, int frame, int index) {
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

        /**
         * Reads the ROOT after its keyword and every joint inside it, with an explicit stack of open
         * joints (a file nested thousands deep must not overflow the Java stack).
         */
        private void hierarchy() {
            List<Integer> open = new ArrayList<>();
            open.add(jointHeader(-1, "ROOT"));
            while (!open.isEmpty()) {
                int top = open.get(open.size() - 1);
                String name = names.get(top);
                String t = expect("JOINT, End Site or '}' in joint " + name);
                if (t.equals("}")) {
                    open.remove(open.size() - 1);
                } else if (t.equals("JOINT")) {
                    open.add(jointHeader(top, "JOINT"));
                } else if (t.equals("End")) {
                    if (withEndSite.get(top)) {
                        throw error("joint '" + name + "' has a second End Site");
                    }
                    withEndSite.set(top);
                    expectToken("Site", "after End");
                    expectToken("{", "after End Site of " + name);
                    expectToken("OFFSET", "in the End Site of " + name);
                    Vector3d e = new Vector3d(number("End Site x of " + name), number("End Site y of " + name),
                            number("End Site z of " + name)).mul(scale);
                    builder.endSite(top, e);
                    expectToken("}", "closing the End Site of " + name);
                } else {
                    throw error("expected JOINT, End Site or '}' in joint " + name + ", found '" + t + "'");
                }
            }
        }

        /** Reads a ROOT's or JOINT's name, '{', OFFSET and CHANNELS; adds the bone and returns its index. */
        private int jointHeader(int parent, String keyword) {
            String name = expect("a joint name after " + keyword);
            if (name.equals("{")) {
                throw error("expected a joint name after " + keyword + ", found '{'");
            }
            if (!nameSet.add(name)) {
                throw error("joint name '" + name + "' is used twice");
            }
            expectToken("{", "after " + keyword + " " + name);
            expectToken("OFFSET", "in joint " + name);
            double ox = number("OFFSET x of " + name);
            double oy = number("OFFSET y of " + name);
            double oz = number("OFFSET z of " + name);
            expectToken("CHANNELS", "after the OFFSET of " + name);
            double count = number("the channel count of " + name);
            if (count < 0 || count > 6 || count != Math.rint(count)) {
                throw error("the channel count of " + name + " must be a whole number from 0 to 6, found " + count);
            }
            int[] c = new int[(int) count];
            List<String> chNames = new ArrayList<>();
            for (int i = 0; i < c.length; i++) {
                String ch = expect("channel " + (i + 1) + " of " + name);
                c[i] = channel(ch, name);
                for (int j = 0; j < i; j++) {
                    if (c[j] == c[i]) {
                        throw error("channel " + CHANNEL_NAMES[c[i]] + " given twice in joint " + name);
                    }
                }
                chNames.add(CHANNEL_NAMES[c[i]]);
            }
            int index = names.size();
            try {
                builder.add(name, parent, new Vector3d(ox, oy, oz).mul(scale));
            } catch (InvalidArgumentException e) {
                throw error("joint '" + name + "': " + e.getMessage());
            }
            if (3 * index + 3 > offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, 2 * offsets.length);
            }
            offsets[3 * index] = ox;
            offsets[3 * index + 1] = oy;
            offsets[3 * index + 2] = oz;
            names.add(name);
            channels.add(c);
            channelNames.add(List.copyOf(chNames));
            return index;
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
