package dev.sinew.scenes;

import dev.sinew.drives.DriveProfile;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.DefinitionException;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.JsonData;
import dev.sinew.rig.RagdollDefinition;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A user's own data for a scene, read and checked before anything is simulated: a clip, a ragdoll
 * definition, a drive profile, each optional (null: the scene's shipped one).
 *
 * @param clip    the motion, or null
 * @param ragdoll the ragdoll definition, or null
 * @param profile the drive profile, or null
 */
public record SceneInputs(Clip clip, Ragdoll ragdoll, Profile profile) {
    /** No user data: every scene runs on its shipped data. */
    public static final SceneInputs NONE = new SceneInputs(null, null, null);

    /**
     * A file as the user gave it.
     *
     * @param path   the path as given on the command line
     * @param sha256 the SHA-256 of its bytes, 64 hex digits
     */
    public record File(String path, String sha256) {
    }

    /**
     * A user's clip.
     *
     * @param bvh          the file read with {@code unit}, cut to [start, end]
     * @param file         where it came from
     * @param unit         metres per file unit
     * @param unitDetected true when the unit was detected from the skeleton's height, false when given
     * @param start        first frame's time in the file, s
     * @param end          last frame's time in the file, s
     */
    public record Clip(BvhImporter.Bvh bvh, File file, double unit, boolean unitDetected, double start, double end) {
    }

    /**
     * A user's ragdoll definition.
     *
     * @param definition the definition
     * @param file       where it came from
     * @param source     the lines of its fields, for errors found when building
     */
    public record Ragdoll(RagdollDefinition definition, File file, JsonData.Source source) {
    }

    /**
     * A drive profile given by name (a shipped one; {@code file} and {@code source} null) or as a file.
     *
     * @param profile the profile
     * @param file    where it came from, or null for a shipped name
     * @param source  the lines of its fields, or null for a shipped name
     */
    public record Profile(DriveProfile profile, File file, JsonData.Source source) {
    }

    /**
     * A ragdoll definition that did not fit, said against the user's files: the definition's file
     * and the line of the field, or the clip when the shipped ragdoll was used with the user's clip.
     * With no user files, the error itself (the shipped data fit each other).
     */
    public RuntimeException explain(DefinitionException e) {
        if (ragdoll != null) {
            return new FormatException(ragdoll.file.path(), ragdoll.source.line(e.path()), e.detail());
        }
        if (clip != null) {
            return new FormatException(clip.file.path(), 0, "the shipped ragdoll '" + e.definitionName()
                    + "' does not fit this clip's skeleton (" + e.detail() + "); give --ragdoll FILE.json, a ragdoll"
                    + " definition for this skeleton");
        }
        return e;
    }

    /**
     * An argument error found when building, said against the user's profile file when it names one
     * of its fields ({@code $.bodies.NAME}); else the error itself.
     */
    public RuntimeException explain(dev.sinew.solver.InvalidArgumentException e) {
        if (profile != null && profile.file != null && e.parameter().startsWith("$.")) {
            return new FormatException(profile.file.path(), profile.source.line(e.parameter()), "at " + e.parameter()
                    + ": " + e.value() + " " + e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
        }
        return e;
    }

    /** Whether no user data is given. */
    public boolean isEmpty() {
        return clip == null && ragdoll == null && profile == null;
    }

    /** What the report records: per input, the path and SHA-256 of the file (and the clip's unit and range). */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (clip != null) {
            Map<String, Object> c = file(clip.file);
            c.put("unit", clip.unit);
            c.put("unitSource", clip.unitDetected ? "detected" : "given");
            c.put("start", clip.start);
            c.put("end", clip.end);
            c.put("frames", clip.bvh.clip().frameCount());
            m.put("clip", c);
        }
        if (ragdoll != null) {
            Map<String, Object> r = file(ragdoll.file);
            r.put("name", ragdoll.definition.name());
            m.put("ragdoll", r);
        }
        if (profile != null) {
            Map<String, Object> p = profile.file == null ? new LinkedHashMap<>() : file(profile.file);
            p.put("name", profile.profile.name());
            p.put("shipped", profile.file == null);
            m.put("profile", p);
        }
        return m;
    }

    private static Map<String, Object> file(File f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("path", f.path);
        m.put("sha256", f.sha256);
        return m;
    }
}
