package dev.sinew.viewer;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import imgui.ImGui;
import java.util.List;
import org.joml.Vector3d;

/**
 * The clip preview: any shipped BVH clip ({@link Mocap#names()}), its pose at a normalized time
 * drawn as a stick skeleton beside the scene (magenta), scrubbed with a slider or played at any
 * speed. The normalized time shown is the value to give a pose hold (the tool reference note
 * 001 describes for picking a hold pose by looking at the character).
 */
final class ClipPreview implements PanelSection {
    static final float[] BONE = {1f, 0.35f, 0.9f};
    private List<String> files;
    private int selected = -1;
    private BvhImporter.Bvh bvh;
    private Pose pose;
    private String error;
    private final float[] normalized = {0};
    private final float[] speed = {1};
    private boolean playing;
    private boolean show;
    /** Where the clip's root is drawn: x, z offset from the scene's focus, m. */
    static final double SIDE = 1.5;

    @Override
    public String title() {
        return "Clip preview";
    }

    @Override
    public boolean openAtStart() {
        return false;
    }

    @Override
    public void draw(Sandbox s) {
        if (files == null) {
            files = Mocap.names();
        }
        String current = selected < 0 ? "(choose a clip)" : files.get(selected);
        if (ImGui.beginCombo("clip", current)) {
            for (int i = 0; i < files.size(); i++) {
                if (ImGui.selectable(files.get(i), i == selected)) {
                    load(i);
                }
            }
            ImGui.endCombo();
        }
        if (error != null) {
            ImGui.textWrapped(error);
        }
        if (bvh == null) {
            return;
        }
        Clip clip = bvh.clip();
        if (ImGui.checkbox("show", show)) {
            show = !show;
        }
        ImGui.sameLine();
        if (ImGui.checkbox("play", playing)) {
            playing = !playing;
        }
        ImGui.sliderFloat("speed", speed, -2, 2, "%.2f×");
        ImGui.sliderFloat("normalized time", normalized, 0, 1, "%.4f");
        double t = normalized[0] * clip.duration();
        ImGui.text(String.format("%.3f s of %.3f s, frame %d of %d at %.0f Hz", t, clip.duration(),
                (int) Math.round(t * clip.frameRate()), clip.frameCount(), clip.frameRate()));
    }

    /** Advances playback by real seconds {@code dt}. */
    void advance(double dt) {
        if (bvh != null && playing && bvh.clip().duration() > 0) {
            double n = normalized[0] + dt * speed[0] / bvh.clip().duration();
            normalized[0] = (float) (n - Math.floor(n));
        }
    }

    /** Queues the skeleton's bones as lines, its root placed {@link #SIDE} m beside {@code near}. */
    void collect(Vector3d near, DebugLines out) {
        if (bvh == null || !show) {
            return;
        }
        Clip clip = bvh.clip();
        clip.sampleInPlace(normalized[0] * clip.duration(), Clip.Wrap.CLAMP, pose);
        pose.setRootTranslation(new Vector3d(near.x + SIDE, pose.rootTranslation(new Vector3d()).y, near.z));
        pose.evaluate();
        Skeleton sk = bvh.skeleton();
        Vector3d a = new Vector3d();
        Vector3d b = new Vector3d();
        for (int bone = 0; bone < sk.boneCount(); bone++) {
            int p = sk.parent(bone);
            pose.modelPosition(bone, a);
            out.cross(a, 0.01, BONE);
            if (p >= 0) {
                out.line(pose.modelPosition(p, b), a, BONE);
            }
        }
    }

    private void load(int i) {
        try {
            bvh = Mocap.read(files.get(i));
            pose = new Pose(bvh.skeleton());
            selected = i;
            error = null;
            show = true;
        } catch (RuntimeException e) {
            error = e.getMessage();
        }
    }
}
