package dev.sinew.reactions.getup;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.Resources;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The get-up clips a character can choose from: data, a JSON list in {@code profiles/getup/}
 * (shipped as classpath resources of this jar).
 * Registering another clip is another entry, not code:
 * <pre>
 * [ {"clip": "cmu/140_01_30fps.bvh", "startClass": "faceDown", "frames": [0, 207]},
 *   {"clip": "cmu/140_03_30fps.bvh", "startClass": "sideLeft", "frames": [0, 255], "mirror": true} ]
 * </pre>
 * {@code clip} names the BVH file (read through a {@link ClipSource}), {@code startClass} the
 * {@link PoseClass} its first frame lies in ({@code faceDown}, {@code faceUp}, {@code sideLeft},
 * {@code sideRight}), {@code frames} the first and last frame to play (0-based, inclusive);
 * optional {@code mirror} plays it left for right (so one side clip serves both sides), and
 * {@code name} names the entry (default: the file name, with {@code " (mirrored)"}). Capture
 * glitches are bridged on load ({@link Clip#withoutSpikes} at
 * {@value #MAX_BONE_DEGREES_PER_SECOND} deg/s). Errors name the file, the entry and the field.
 */
public final class GetUpLibrary {
    /**
     * Fastest believable turn of a bone in a get-up capture, deg/s: the CMU get-ups' glitches
     * (140_08's neck, 140_03's toe) turn a bone by tens of degrees within one 30 fps frame and back.
     */
    public static final double MAX_BONE_DEGREES_PER_SECOND = 1500;

    /** Reads a clip named in a library file. */
    @FunctionalInterface
    public interface ClipSource {
        BvhImporter.Bvh read(String clip);
    }

    /**
     * One registered get-up clip.
     *
     * @param name        the entry's name (reports show it as the chosen clip)
     * @param clip        the BVH file, as the clip source names it
     * @param startClass  the class its first frame lies in
     * @param firstFrame  first frame played, 0-based
     * @param lastFrame   last frame played, inclusive
     * @param mirror      played left for right
     */
    public record Entry(String name, String clip, PoseClass startClass, int firstFrame, int lastFrame, boolean mirror) {
    }

    /** One entry as written in the file. */
    record RawEntry(String name, String clip, String startClass, int[] frames, Boolean mirror) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final List<Entry> entries;
    private final List<Clip> clips;

    private GetUpLibrary(List<Entry> entries, List<Clip> clips) {
        this.entries = List.copyOf(entries);
        this.clips = List.copyOf(clips);
    }

    /** The shipped libraries (the repository's {@code profiles/getup}, classpath resources of this jar), sorted. */
    private static final List<String> SHIPPED = List.of("cmu");

    /**
     * A shipped library by name ({@code profiles/getup/NAME.json}), its clips read from the
     * project's motion capture, found from any working directory.
     *
     * @throws InvalidArgumentException if {@code name} is not shipped
     */
    public static GetUpLibrary named(String name) {
        return parse(shippedText(name), name + ".json", MocapClips::read);
    }

    /**
     * A library with no clips, for a character whose skeleton no get-up clip is for: once down it
     * stays down (until {@code Character.activate}).
     */
    public static GetUpLibrary none() {
        return new GetUpLibrary(List.of(), List.of());
    }

    /** The names of the shipped libraries, sorted. */
    public static List<String> shippedNames() {
        return SHIPPED;
    }

    /** The JSON text of a shipped library. */
    public static String shippedText(String name) {
        Resources.requireShipped("get-up library", name, SHIPPED);
        String file = "getup/" + name + ".json";
        return Resources.text(GetUpLibrary.class.getResourceAsStream(file), file, StandardCharsets.UTF_8);
    }

    /** Reads and checks a library file. @throws FormatException naming the file, the entry and the field */
    public static GetUpLibrary load(Path file, ClipSource source) {
        return parse(JsonData.text(file), file.getFileName().toString(), source);
    }

    /** Parses and checks JSON text; {@code sourceName} names it in errors. */
    public static GetUpLibrary parse(String text, String sourceName, ClipSource source) {
        RawEntry[] raw;
        try {
            raw = JSON.readValue(text, RawEntry[].class);
        } catch (JsonMappingException e) {
            throw new FormatException(sourceName, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                    "expected a list of {clip, startClass, frames[, mirror, name]}: " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            throw new FormatException(sourceName, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), e.getOriginalMessage());
        }
        if (raw == null || raw.length == 0) {
            throw new FormatException(sourceName, 0, "lists no get-up clips");
        }
        List<Entry> entries = new ArrayList<>();
        List<Clip> clips = new ArrayList<>();
        for (int i = 0; i < raw.length; i++) {
            RawEntry r = raw[i];
            String at = "$[" + i + "]";
            if (r == null) {
                throw new FormatException(sourceName, 0, "at " + at + ": null is not an entry");
            }
            if (r.clip == null || r.clip.isBlank()) {
                throw new FormatException(sourceName, 0, "at " + at + ".clip: is missing (the BVH file to play)");
            }
            PoseClass start;
            try {
                start = PoseClass.of(r.startClass);
            } catch (InvalidArgumentException e) {
                throw new FormatException(sourceName, 0, "at " + at + ".startClass: " + r.startClass
                        + " must be one of faceDown, faceUp, sideLeft, sideRight");
            }
            if (r.frames == null || r.frames.length != 2) {
                throw new FormatException(sourceName, 0, "at " + at + ".frames: must be [first, last]");
            }
            BvhImporter.Bvh bvh = source.read(r.clip);
            int frames = bvh.clip().frameCount();
            if (r.frames[0] < 0 || r.frames[0] >= r.frames[1] || r.frames[1] >= frames) {
                throw new FormatException(sourceName, 0, "at " + at + ".frames: [" + r.frames[0] + ", " + r.frames[1]
                        + "] must satisfy 0 <= first < last < " + frames + " (the frames of " + r.clip + ")");
            }
            boolean mirror = r.mirror != null && r.mirror;
            String name = r.name != null ? r.name : Path.of(r.clip).getFileName().toString() + (mirror ? " (mirrored)" : "");
            Clip clean = bvh.clip().withoutSpikes(MAX_BONE_DEGREES_PER_SECOND).clip();
            entries.add(new Entry(name, r.clip, start, r.frames[0], r.frames[1], mirror));
            clips.add(clean);
        }
        return new GetUpLibrary(entries, clips);
    }

    public List<Entry> entries() {
        return entries;
    }

    /** Entry i's clip (on its file's skeleton), its capture glitches bridged. */
    public Clip clip(int i) {
        return clips.get(i);
    }

    public int size() {
        return entries.size();
    }
}
