package dev.sinew.viewer;

import dev.sinew.drives.PoseDriver;
import dev.sinew.reactions.Character;
import dev.sinew.reactions.getup.GetUpChoice;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import imgui.ImGui;
import java.util.ArrayList;
import java.util.List;

/**
 * The panel's section for a scene's reacting character: its state and get-up clip, the kind and
 * magnitude of the hit a click gives it, knock-down and get-up buttons, and each region's drive
 * strength (state strength × weakening, the lowest of its bodies) and the root drive's strength
 * plotted over the last {@value #HISTORY} ticks.
 */
final class Reactions implements PanelSection {
    static final int HISTORY = 240;
    private final float[] magnitude = {25};
    private Character shown;
    private final List<String> regions = new ArrayList<>();
    private final List<float[]> history = new ArrayList<>();
    private final float[] rootHistory = new float[HISTORY];
    private int next;
    private long lastTick = -1;

    @Override
    public String title() {
        return "Reactions";
    }

    @Override
    public void draw(Sandbox s) {
        Character c = s.session().instance.character();
        if (c == null) {
            ImGui.textWrapped("This scene has no reacting character (hit-reaction, critical-hit, knockdown-getup and "
                    + "getup-soak have one).");
            return;
        }
        if (c != shown) {
            shown = c;
            regions.clear();
            history.clear();
            for (String r : RagdollDefinition.REGIONS) {
                for (int i = 0; i < c.ragdoll().bodyCount(); i++) {
                    if (c.ragdoll().region(i).equals(r)) {
                        regions.add(r);
                        float[] h = new float[HISTORY];
                        java.util.Arrays.fill(h, 1f); // before the first sample: full strength, not a dip to 0
                        history.add(h);
                        break;
                    }
                }
            }
            java.util.Arrays.fill(rootHistory, 1f);
            next = 0;
        }
        if (s.session().tick != lastTick) {
            lastTick = s.session().tick;
            sample(c.driver());
        }
        String clip = c.getUpClip();
        ImGui.text("state: " + c.state() + (clip == null ? "" : "   get-up: " + clip));
        GetUpChoice last = c.getUpChoice();
        if (last != null) {
            ImGui.textWrapped(String.format("last get-up: %s, lying %s (clip starts %s), distance %.0f°", last.name(), last.poseClass(),
                    last.startClass(), Math.toDegrees(last.distance())));
        }
        ImGui.text(String.format("joint strength %.2f, root drive %.2f%s", c.stateStrength(), c.driver().rootDrive().strength(),
                c.animationTimeScale() == 0 ? ", hit stop" : ""));
        if (ImGui.radioButton("normal hit", !s.criticalHit())) {
            s.setCriticalHit(false);
        }
        ImGui.sameLine();
        if (ImGui.radioButton("critical hit (H)", s.criticalHit())) {
            s.setCriticalHit(true);
        }
        magnitude[0] = (float) s.hitMagnitude();
        if (ImGui.sliderFloat("hit N·s", magnitude, 1, 300, "%.0f", imgui.flag.ImGuiSliderFlags.Logarithmic)) {
            s.setHitMagnitude(magnitude[0]);
        }
        ImGui.textWrapped(String.format("Click the character: a hit along the view ray (scaled by region, capped at %.0f N·s; "
                + "%.0f N·s or more knocks it down).", c.settings().hits().maxHitImpulse(), c.settings().hits().knockDownImpulse()));
        if (ImGui.button("Knock down (K)")) {
            c.knockDown();
        }
        ImGui.sameLine();
        if (ImGui.button("Get up (G)")) {
            c.getUp();
        }
        ImGui.text("drive strength per region, and the root drive's (0..1)");
        ImGui.plotLines("root drive", rootHistory, HISTORY, next, String.format("%.2f", rootHistory[(next + HISTORY - 1) % HISTORY]),
                0, 1.05f, 0, 28);
        for (int k = 0; k < regions.size(); k++) {
            float[] h = history.get(k);
            float now = h[(next + HISTORY - 1) % HISTORY];
            ImGui.plotLines(regions.get(k), h, HISTORY, next, String.format("%.2f", now), 0, 1.05f, 0, 28);
        }
    }

    /** Each region's lowest body strength and the root drive's now, into the history. */
    private void sample(PoseDriver d) {
        rootHistory[next] = (float) d.rootDrive().strength();
        Ragdoll r = d.ragdoll();
        for (int k = 0; k < regions.size(); k++) {
            double low = 1;
            for (int i = 0; i < r.bodyCount(); i++) {
                if (r.region(i).equals(regions.get(k))) {
                    low = Math.min(low, d.strength(i));
                }
            }
            history.get(k)[next] = (float) low;
        }
        next = (next + 1) % HISTORY;
    }
}
