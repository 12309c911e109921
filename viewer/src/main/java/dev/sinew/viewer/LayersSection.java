package dev.sinew.viewer;

import dev.sinew.rig.layer.AdditiveLayer;
import dev.sinew.rig.layer.ClipPlayer;
import dev.sinew.rig.layer.LayerStack;
import dev.sinew.rig.layer.PoseHold;
import dev.sinew.rig.look.LookAt;
import dev.sinew.rig.match.FeatureGroup;
import dev.sinew.rig.match.MatchDatabase;
import dev.sinew.rig.match.MotionMatcher;
import dev.sinew.rig.match.SearchResult;
import dev.sinew.scenes.layers.LayerView;
import imgui.ImGui;
import org.joml.Vector3d;

/**
 * The animation layers of the scene's character: the base player's parts (time, speed), the pose
 * holds (held time), the additive layers' weights, the look-at's yaw and pitch, and for motion
 * matching the clip playing and the last search's frame, cost and each feature group's share. Its
 * overlay draws the look-at target's line of sight and the motion matcher's paths.
 */
final class LayersSection implements PanelSection {
    static final float[] SIGHT = {1f, 0.9f, 0.2f};
    static final float[] WANTED = {0.3f, 1f, 0.4f};
    static final float[] ROOT = {1f, 0.5f, 0.2f};
    private final double[] xzYaw = new double[3];

    @Override
    public String title() {
        return "Animation layers";
    }

    @Override
    public void draw(Sandbox s) {
        LayerView v = s.session().instance.layers();
        if (v == null) {
            ImGui.textWrapped("This scene has no animation layers (look-at, pose-hold, active-look-at and motion-matching have).");
            return;
        }
        if (v.stack() != null) {
            stack(v.stack());
        }
        if (v.lookTarget(new Vector3d()) != null) {
            ImGui.textWrapped("Drag the yellow ball to move the look-at target (the scene's circling stops).");
        }
        if (v.matcher() != null) {
            matcher(v.matcher());
        }
        if (v.takesStick()) {
            ImGui.textWrapped("Arrow keys: the stick, relative to the camera (the scene's script stops).");
        }
    }

    private static void stack(LayerStack stack) {
        ClipPlayer base = stack.base();
        ImGui.text("base: " + (base.clip() == null ? "(none)" : base.clip().name()));
        for (int p = 0; p < base.partCount(); p++) {
            ImGui.text(String.format("  %-6s %.3f s (%.3f of the clip), speed %.2f", base.part(p).name(), base.time(p),
                    base.normalizedTime(p), base.speed(p)));
        }
        for (PoseHold h : stack.holds()) {
            ImGui.text(String.format("  hold %s at %.3f: %s", h.part(), h.holdAt(),
                    h.holding() ? String.format("held %.2f s", h.heldSeconds()) : "playing to it"));
        }
        for (AdditiveLayer a : stack.additives()) {
            ImGui.text(String.format("additive %s: weight %.3f, time %.2f s", a.name(), a.weight(), a.time()));
        }
        LookAt look = stack.lookAt();
        if (look != null) {
            ImGui.text(String.format("look-at %s, weight %.2f", look.enabled() ? "on" : "off", look.weight()));
            ImGui.text(String.format("  yaw %.1f° (target %.1f°), pitch %.1f° (target %.1f°)", Math.toDegrees(look.yaw()),
                    Math.toDegrees(look.targetYaw()), Math.toDegrees(look.pitch()), Math.toDegrees(look.targetPitch())));
            ImGui.text(String.format("  applied yaw %.1f°, pitch %.1f°", Math.toDegrees(look.appliedYaw()),
                    Math.toDegrees(look.appliedPitch())));
        }
    }

    private static void matcher(MotionMatcher m) {
        MatchDatabase db = m.database();
        ImGui.text(String.format("playing %s at %.2f s", db.clip(m.clip()).name(), m.time()));
        SearchResult r = m.lastSearch();
        if (r.frame >= 0) {
            ImGui.text(String.format("last search: frame %d (%s at %.2f s), cost %.3f", r.frame, db.clip(db.clipOf(r.frame)).name(),
                    db.time(r.frame), r.cost));
            double total = 0;
            for (double c : r.groupCost) {
                total += c;
            }
            for (FeatureGroup g : FeatureGroup.values()) {
                double c = r.groupCost[g.ordinal()];
                ImGui.text(String.format("  %-21s %.3f (%.0f %%)", g.name().toLowerCase(), c, total > 0 ? 100 * c / total : 0));
            }
        }
        ImGui.text(String.format("%d searches (%.1f µs each), %d jumps, %d turned down by the blend check", m.searches(),
                m.searches() == 0 ? 0 : m.searchNanos() / 1e3 / m.searches(), m.jumps(), m.declined()));
        ImGui.text(String.format("wanted speed %.2f m/s, root %.2f m from the wanted path",
                Math.hypot(m.simulation().velocityX(), m.simulation().velocityZ()),
                Math.hypot(m.simulation().x() - m.rootX(), m.simulation().z() - m.rootZ())));
    }

    /** The look-at target's line of sight, and the matcher's wanted path ahead and its root. */
    void collect(LayerView v, Vector3d head, DebugLines out) {
        if (v == null) {
            return;
        }
        Vector3d t = v.lookTarget(new Vector3d());
        if (t != null) {
            out.cross(t, 0.08, SIGHT);
            if (head != null) {
                out.line(head, t, SIGHT);
            }
        }
        MotionMatcher m = v.matcher();
        if (m != null) {
            double lx = m.simulation().x();
            double lz = m.simulation().z();
            for (int k = 1; k <= 12; k++) {
                m.predicted(k / 12.0, xzYaw);
                out.line(lx, 0.01, lz, xzYaw[0], 0.01, xzYaw[1], WANTED);
                lx = xzYaw[0];
                lz = xzYaw[1];
            }
            out.cross(new Vector3d(m.rootX(), 0.01, m.rootZ()), 0.1, ROOT);
            double yaw = m.rootYaw();
            out.line(m.rootX(), 0.01, m.rootZ(), m.rootX() + 0.4 * Math.sin(yaw), 0.01, m.rootZ() + 0.4 * Math.cos(yaw), ROOT);
        }
    }
}
