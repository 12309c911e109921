package dev.sinew.viewer;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.Scene;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import imgui.ImGui;
import java.util.List;

/** The panel's built-in sections. */
final class Sections {
    private Sections() {
    }

    /** Scene picker over the catalogue, reset, pause, single tick, time scale, follow. */
    static final class SceneControls implements PanelSection {
        private final float[] timeScale = {1};

        @Override
        public String title() {
            return "Scene";
        }

        @Override
        public void draw(Sandbox s) {
            List<Scene> scenes = s.scenes();
            ImGui.text(String.format("%s  %.2f s, tick %d", s.session().scene.name(), s.session().seconds(), s.session().tick));
            ImGui.textWrapped(s.session().scene.description());
            if (ImGui.beginListBox("##scenes", 0, 8 * ImGui.getTextLineHeightWithSpacing())) {
                for (int i = 0; i < scenes.size(); i++) {
                    Scene sc = scenes.get(i);
                    if (ImGui.selectable(sc.name() + "  (" + sc.category() + ")", i == s.sceneIndex())) {
                        s.open(i);
                    }
                }
                ImGui.endListBox();
            }
            if (ImGui.button("Reset (R)")) {
                s.open(s.sceneIndex());
            }
            ImGui.sameLine();
            if (ImGui.button(s.paused() ? "Run (space)" : "Pause (space)")) {
                s.togglePause();
            }
            ImGui.sameLine();
            if (ImGui.button("Tick (.)")) {
                s.singleTick();
            }
            timeScale[0] = (float) s.timeScale();
            if (ImGui.sliderFloat("time scale", timeScale, 1f / 16, 4, "%.3f")) {
                s.setTimeScale(timeScale[0]);
            }
            if (ImGui.checkbox("follow the character (F)", s.follow())) {
                s.toggleFollow();
            }
        }
    }

    /** Substeps, threads and contact softness of the running world. */
    static final class Solver implements PanelSection {
        private final int[] substeps = {4};
        private final int[] threads = {1};
        private final float[] hertz = {30};
        private final float[] damping = {1};
        private final float[] pushOut = {3};

        @Override
        public String title() {
            return "Solver";
        }

        @Override
        public void draw(Sandbox s) {
            World w = s.session().world();
            WorldSettings ws = w.settings();
            substeps[0] = ws.substeps();
            if (ImGui.sliderInt("substeps", substeps, 1, 16)) {
                w.setSettings(ws.withTick(ws.tickSeconds(), substeps[0]));
                ws = w.settings();
            }
            threads[0] = ws.threads();
            if (ImGui.sliderInt("threads", threads, 1, Math.max(2, Runtime.getRuntime().availableProcessors()))) {
                w.setSettings(ws.withThreads(threads[0])); // the same bits at any count
                ws = w.settings();
            }
            hertz[0] = (float) ws.contactHertz();
            damping[0] = (float) ws.contactDampingRatio();
            pushOut[0] = (float) ws.maxPushOutSpeed();
            boolean changed = ImGui.sliderFloat("contact Hz", hertz, 1, 120, "%.0f");
            changed |= ImGui.sliderFloat("contact damping ratio", damping, 0, 4, "%.2f");
            changed |= ImGui.sliderFloat("max push-out m/s", pushOut, 0.1f, 10, "%.1f");
            if (changed) {
                w.setSettings(ws.withContact(hertz[0], damping[0], pushOut[0]));
            }
            ImGui.text(String.format("tick %.4f s, %d bodies, %d joints", ws.tickSeconds(), w.bodyCount(), w.jointCount()));
        }
    }

    /** Strike strength. */
    static final class Strike implements PanelSection {
        private final float[] speed = {4};

        @Override
        public String title() {
            return "Strike";
        }

        @Override
        public void draw(Sandbox s) {
            speed[0] = (float) s.strikeSpeed();
            if (ImGui.sliderFloat("speed m/s", speed, 0.25f, 100, "%.2f", imgui.flag.ImGuiSliderFlags.Logarithmic)) {
                s.setStrikeSpeed(speed[0]);
            }
            ImGui.textWrapped("Click a body: an impulse of mass × speed along the view ray, at the point hit. " + s.status());
        }
    }

    /** The active character: drive profile, strength per region, root drive, body colours. */
    static final class Character implements PanelSection {
        private final float[] strength = {1};
        private final float[] root = {1};
        private final java.util.Map<String, float[]> regions = new java.util.LinkedHashMap<>();
        private PoseDriver shown;
        private final float[] gk = {0};
        private final float[] gc = {0};
        private final float[] gt = {1};
        private List<String> profiles;

        @Override
        public String title() {
            return "Character";
        }

        @Override
        public void draw(Sandbox s) {
            PoseDriver d = s.session().instance.driver();
            if (d == null) {
                ImGui.textWrapped("This scene has no driven character (stand, track-walk, partial and the reaction scenes have one).");
                return;
            }
            if (d != shown) {
                shown = d;
                regions.clear();
                for (String r : RagdollDefinition.REGIONS) {
                    regions.put(r, new float[] {1});
                }
                strength[0] = 1;
                root[0] = d.rootDrive() == null ? 0 : (float) d.rootDrive().strength();
            }
            if (profiles == null) {
                profiles = DriveProfile.shippedNames();
            }
            if (ImGui.beginCombo("drive profile", d.profile().name())) {
                for (String name : profiles) {
                    if (ImGui.selectable(name, name.equals(d.profile().name()))) {
                        d.setProfile(DriveProfile.named(name));
                    }
                }
                ImGui.endCombo();
            }
            if (d.rootDrive() != null && ImGui.sliderFloat("root drive strength", root, 0, 1, "%.2f")) {
                d.rootDrive().setStrength(root[0]);
            }
            if (ImGui.sliderFloat("all regions", strength, 0, 1, "%.2f")) {
                for (java.util.Map.Entry<String, float[]> e : regions.entrySet()) {
                    e.getValue()[0] = strength[0];
                    d.setRegionStrength(e.getKey(), strength[0]);
                }
            }
            if (ImGui.treeNode("strength per region")) {
                for (java.util.Map.Entry<String, float[]> e : regions.entrySet()) {
                    if (ImGui.sliderFloat(e.getKey(), e.getValue(), 0, 1, "%.2f")) {
                        d.setRegionStrength(e.getKey(), e.getValue()[0]);
                    }
                }
                ImGui.treePop();
            }
            if (ImGui.treeNode("gains per region")) {
                DriveProfile prof = d.profile();
                for (String r : RagdollDefinition.REGIONS) {
                    double[] g = prof.regionGains(r);
                    boolean freq = prof.regionForm(r) == dev.sinew.solver.DriveSettings.Gains.FREQUENCY_DAMPING_RATIO;
                    boolean accel = prof.regionForm(r) == dev.sinew.solver.DriveSettings.Gains.ACCELERATION;
                    gk[0] = (float) g[0];
                    gc[0] = (float) g[1];
                    gt[0] = (float) g[2];
                    ImGui.pushID(r);
                    ImGui.text(r);
                    boolean changed = ImGui.sliderFloat(freq ? "Hz" : accel ? "1/s²" : "N·m/rad", gk, 0, freq ? 30 : accel ? 2000 : 20000, "%.1f",
                            imgui.flag.ImGuiSliderFlags.Logarithmic);
                    changed |= ImGui.sliderFloat(freq ? "damping ratio" : accel ? "1/s" : "N·m·s/rad", gc, 0, freq ? 4 : accel ? 200 : 800, "%.2f",
                            imgui.flag.ImGuiSliderFlags.Logarithmic);
                    changed |= ImGui.sliderFloat("max N·m", gt, 1, 3000, "%.0f", imgui.flag.ImGuiSliderFlags.Logarithmic);
                    if (changed && gt[0] > 0) {
                        d.setProfile(prof.withRegionGains(r, gk[0], gc[0], gt[0]));
                        prof = d.profile();
                    }
                    ImGui.popID();
                }
                ImGui.treePop();
            }
            ImGui.text("colour bodies by");
            ImGui.sameLine();
            for (BodyColors mode : BodyColors.values()) {
                if (ImGui.radioButton(mode.label, s.bodyColors() == mode)) {
                    s.setBodyColors(mode);
                }
                ImGui.sameLine();
            }
            ImGui.newLine();
        }
    }

    /** Debug drawing toggles. */
    static final class Debug implements PanelSection {
        @Override
        public String title() {
            return "Debug drawing";
        }

        @Override
        public boolean openAtStart() {
            return false;
        }

        @Override
        public void draw(Sandbox s) {
            DebugDraw d = s.debugDraw();
            if (ImGui.checkbox("contacts and normals", d.contacts)) {
                d.contacts = !d.contacts;
            }
            if (ImGui.checkbox("joints (anchors, arms)", d.joints)) {
                d.joints = !d.joints;
            }
            if (ImGui.checkbox("centres of mass and axes", d.centresOfMass)) {
                d.centresOfMass = !d.centresOfMass;
            }
            if (ImGui.checkbox("drive targets (the animation's pose)", d.driveTargets)) {
                d.driveTargets = !d.driveTargets;
            }
            if (ImGui.checkbox("CCD sweeps of the last tick", d.sweeps)) {
                d.sweeps = !d.sweeps;
            }
            ImGui.textWrapped("Red: overlapping contact points, yellow: speculative ones; sleeping bodies are drawn greyer.");
        }
    }

    /** Step time, awake bodies and, for scenes with a driven character, its tracking error. */
    static final class Readouts implements PanelSection {
        private final float[] ms = new float[240];
        private final float[] error = new float[240];
        private int next;
        private long lastTick = -1;

        @Override
        public String title() {
            return "Read-outs";
        }

        @Override
        public void draw(Sandbox s) {
            World w = s.session().world();
            int awake = 0;
            int dynamic = 0;
            for (BodyHandle h : w.bodyHandles()) {
                if (w.body(h).type() == BodyType.DYNAMIC) {
                    dynamic++;
                    if (w.isAwake(h)) {
                        awake++;
                    }
                }
            }
            dev.sinew.drives.PoseDriver driver = s.session().instance.driver();
            TrackingReport report = driver == null ? null : driver.report();
            if (s.session().tick != lastTick) {
                lastTick = s.session().tick;
                ms[next] = (float) s.lastTickMillis();
                error[next] = report == null ? 0 : (float) report.meanErrorDeg();
                next = (next + 1) % ms.length;
            }
            ImGui.text(String.format("%d of %d dynamic bodies awake", awake, dynamic));
            ImGui.plotLines("ms / tick", ms, ms.length, next, String.format("%.2f ms", s.lastTickMillis()), 0,
                    Float.MAX_VALUE, 0, 50);
            if (report != null) {
                ImGui.plotLines("mean error °", error, error.length, next,
                        String.format("%.2f° (max %.2f°)", report.meanErrorDeg(), report.maxErrorDeg()), 0, Float.MAX_VALUE, 0, 50);
            }
        }
    }
}
