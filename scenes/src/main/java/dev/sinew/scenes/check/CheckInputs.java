package dev.sinew.scenes.check;

import dev.sinew.drives.DriveProfile;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.rig.DataFiles;
import dev.sinew.rig.FormatException;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.SceneInputs;
import dev.sinew.solver.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code sinew check} reads before it runs anything: the checks a battery needs beyond a
 * file's own format, and what the report says of each input (a file's path and SHA-256, or the
 * shipped resource and its SHA-256), so that a report attached to a bug can be reproduced.
 */
public final class CheckInputs {
    /**
     * Largest mass ratio across a joint, either way. The ragdoll builder evens out ratios past 4 by
     * moving mass between neighbours (a joint between a heavy and a light body converges badly);
     * past 100 that would move most of the lighter body's neighbour's mass, so a profile or
     * definition asking for it is a mistake (a massFraction typed in grams or a digit too many), and
     * it is refused with the field to fix. The shipped profiles' largest is 11 (the chest and neck).
     */
    public static final double MAX_MASS_RATIO = 100;

    private CheckInputs() {
    }

    /**
     * Refuses inputs the battery cannot mean: a joint whose two bodies' masses, as the profile (or,
     * for the limp scenarios, the definition) shares them out, are more than {@link #MAX_MASS_RATIO}
     * apart.
     *
     * @throws FormatException naming the file, line and field (or the shipped profile) and the two bodies
     */
    public static void lint(SceneInputs in) {
        RagdollDefinition def = Battery.ragdoll(in);
        List<RagdollDefinition.Body> bodies = def.bodies();
        DriveProfile profile = in.profile() == null ? DriveProfile.named("default") : in.profile().profile();
        for (int i = 0; i < bodies.size(); i++) {
            RagdollDefinition.Body b = bodies.get(i);
            if (b.joint() == null) {
                continue;
            }
            int p = index(bodies, b.joint().parent());
            RagdollDefinition.Body parent = bodies.get(p);
            double child = profile.gains(b.region(), b.name()).massFraction();
            double mother = profile.gains(parent.region(), parent.name()).massFraction();
            if (ratio(child, mother) > MAX_MASS_RATIO) {
                boolean own = profile.bodies().containsKey(b.name()) && profile.bodies().get(b.name()).massFraction() != null;
                RagdollDefinition.Body light = child < mother ? b : parent;
                boolean lightOwn = light == b ? own : profile.bodies().containsKey(parent.name())
                        && profile.bodies().get(parent.name()).massFraction() != null;
                String path = lightOwn ? "$.bodies." + light.name() + ".massFraction" : "$.regions." + light.region() + ".massFraction";
                throw refused(in.profile() == null || in.profile().file() == null ? null : in.profile().file().path(),
                        in.profile() == null || in.profile().source() == null ? 0 : in.profile().source().line(path),
                        "profile '" + profile.name() + "'", path, light == b ? child : mother, b, parent, def.totalMass(), child, mother);
            }
            if (ratio(b.massFraction(), parent.massFraction()) > MAX_MASS_RATIO) {
                int k = b.massFraction() < parent.massFraction() ? i : p;
                String path = "$.bodies[" + k + "].massFraction";
                throw refused(in.ragdoll() == null ? null : in.ragdoll().file().path(),
                        in.ragdoll() == null ? 0 : in.ragdoll().source().line(path), "ragdoll '" + def.name() + "'", path,
                        bodies.get(k).massFraction(), b, parent, def.totalMass(), b.massFraction(), parent.massFraction());
            }
        }
    }

    private static double ratio(double a, double b) {
        return Math.max(a / b, b / a);
    }

    private static int index(List<RagdollDefinition.Body> bodies, String name) {
        for (int i = 0; i < bodies.size(); i++) {
            if (bodies.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("a definition's joint names a body it has: " + name);
    }

    private static InvalidArgumentException refused(String file, int line, String what, String path, double value,
            RagdollDefinition.Body child, RagdollDefinition.Body parent, double total, double fc, double fp) {
        // the fractions are shares of the total mass (they add up to 1 within 1 %)
        String reason = String.format(Locale.ROOT, "at %s: %s gives %s about %.3g kg and its parent %s about %.3g kg across their"
                + " joint, %.0f times apart; joints between bodies more than %.0f times apart in mass do not converge"
                + " (the ragdoll builder would move mass to even them out past 4 times); fix %s (now %s) to keep"
                + " neighbouring bodies within %.0f times", path, what, child.name(), total * fc, parent.name(),
                total * fp, ratio(fc, fp), MAX_MASS_RATIO, path, value, MAX_MASS_RATIO);
        if (file == null) {
            return new InvalidArgumentException(what, value, reason);
        }
        return new FormatException(file, line, reason);
    }

    /** The inputs as the report names them: the user's files, and the shipped data used in their place. */
    public static Map<String, Object> describe(SceneInputs in) {
        Map<String, Object> given = in.describe();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ragdoll", given.containsKey("ragdoll") ? given.get("ragdoll") : shipped("profiles/ragdolls/cmu-humanoid.json",
                "cmu-humanoid", Profiles.ragdollText("cmu-humanoid").getBytes(StandardCharsets.UTF_8)));
        m.put("clip", given.containsKey("clip") ? given.get("clip") : shipped("data/mocap/cmu/131_01.bvh", "131_01",
                Mocap.text("cmu/131_01.bvh").getBytes(StandardCharsets.ISO_8859_1)));
        if (given.containsKey("profile") && !Boolean.TRUE.equals(((Map<?, ?>) given.get("profile")).get("shipped"))) {
            m.put("profile", given.get("profile"));
        } else {
            String name = in.profile() == null ? "default" : in.profile().profile().name();
            m.put("profile", shipped("profiles/drive/" + name + ".json", name,
                    DriveProfile.shippedText(name).getBytes(StandardCharsets.UTF_8)));
        }
        Map<String, Object> g = shipped("profiles/getup/cmu.json", "cmu", GetUpLibrary.shippedText("cmu").getBytes(StandardCharsets.UTF_8));
        m.put("getUps", g);
        return m;
    }

    private static Map<String, Object> shipped(String path, String name, byte[] bytes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("shipped", path);
        m.put("name", name);
        m.put("sha256", DataFiles.sha256(bytes));
        return m;
    }
}
