package dev.sinew.rig.layer;

import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.Skeleton;
import dev.sinew.rig.inertialize.Inertializer;
import dev.sinew.rig.look.LookAt;
import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.ArrayList;
import java.util.List;

/**
 * A character's animation layers, evaluated once per update into one output pose:
 * <ol>
 *   <li>the base {@link ClipPlayer} (a clock per body part) advances and is sampled;</li>
 *   <li>pose holds stop their part on its frame and ease their additive layers in;</li>
 *   <li>each {@link AdditiveLayer} adds its weighted differences, in the order added;</li>
 *   <li>the {@link LookAt}, if any, measures its target and turns its chain;</li>
 *   <li>an {@link Inertializer} takes every discrete change (a new clip, a released hold's weight
 *       dropping to 0) across smoothly.</li>
 * </ol>
 * Each value is computed once, in {@link #update}; {@link #output} (what the pose driver captures),
 * {@link #basePose} and the layers' getters only read. Allocates nothing per update once built.
 */
public final class LayerStack {
    private final Skeleton skeleton;
    private final ClipPlayer base;
    private final List<AdditiveLayer> additives = new ArrayList<>();
    private final List<PoseHold> holds = new ArrayList<>();
    private LookAt lookAt;
    private final Inertializer inertializer;
    private boolean switchPending;
    private final Pose basePose;
    private final Pose layered;
    private final Pose oneBack;
    private final Pose twoBack;
    private final Pose output;
    private final org.joml.Vector3d at = new org.joml.Vector3d();
    private final org.joml.Vector3d here = new org.joml.Vector3d();
    private final org.joml.Quaterniond turn = new org.joml.Quaterniond();

    /**
     * @param parts        the base player's body parts (together every bone once)
     * @param blendSeconds the inertialization blend time, s (0.1–0.2 is usual)
     */
    public LayerStack(Skeleton skeleton, List<BoneMask> parts, double blendSeconds) {
        this.skeleton = Check.notNull("skeleton", skeleton);
        base = new ClipPlayer(skeleton, parts);
        inertializer = new Inertializer(skeleton, blendSeconds);
        basePose = new Pose(skeleton);
        layered = new Pose(skeleton);
        oneBack = new Pose(skeleton);
        twoBack = new Pose(skeleton);
        output = new Pose(skeleton);
    }

    public Skeleton skeleton() {
        return skeleton;
    }

    public ClipPlayer base() {
        return base;
    }

    /** Adds an additive layer on top of the ones added before (weight 0 until set). */
    public AdditiveLayer addAdditive(AdditiveLayer layer) {
        if (layer.clip().skeleton() != skeleton) {
            throw new InvalidArgumentException("layer", layer.name(), "its clip is of another skeleton");
        }
        if (find(layer.name()) != null) {
            throw new InvalidArgumentException("layer", layer.name(), "a layer of that name is already in the stack");
        }
        additives.add(layer);
        return layer;
    }

    /** The additive layer of that name. @throws InvalidArgumentException if there is none */
    public AdditiveLayer additive(String name) {
        AdditiveLayer l = find(name);
        if (l == null) {
            throw new InvalidArgumentException("additive", name, "no such layer in the stack");
        }
        return l;
    }

    private AdditiveLayer find(String name) {
        for (int i = 0; i < additives.size(); i++) {
            if (additives.get(i).name().equals(name)) {
                return additives.get(i);
            }
        }
        return null;
    }

    /** The additive layers, bottom first (read-only). */
    public List<AdditiveLayer> additives() {
        return java.util.Collections.unmodifiableList(additives);
    }

    /** Uses a look-at on top of the layers (null: none). */
    public void setLookAt(LookAt lookAt) {
        this.lookAt = lookAt;
    }

    public LookAt lookAt() {
        return lookAt;
    }

    /**
     * Starts the next motion: releases every hold (their layers' weights to 0), plays {@code clip}
     * from its start with every part at speed 1, and has the next update inertialize the switch.
     */
    public void play(Clip clip, Clip.Wrap wrap) {
        for (int i = 0; i < holds.size(); i++) {
            holds.get(i).release();
        }
        holds.clear();
        base.play(clip, wrap);
        switchPending = true;
    }

    /**
     * {@link #play} with the clip put where the character is: its first frame's root on the ground
     * under the last output's root, and turned so the root bone's heading (of its +Z axis) is the
     * output's. A clip captured elsewhere in the room then starts from the character instead of
     * sliding it across.
     */
    public void playFromHere(Clip clip, Clip.Wrap wrap) {
        play(clip, wrap);
        clip.frame(0, oneBack);
        oneBack.rootTranslation(at);
        output.rootTranslation(here);
        double yaw = Rotations.headingYaw(output.localRotation(0, turn), 0, 0, 1)
                - Rotations.headingYaw(oneBack.localRotation(0, turn), 0, 0, 1);
        base.place(yaw, at.x, at.z, here.x, here.z);
    }

    /**
     * Holds a part of the clip playing now at the hold's normalized time.
     *
     * @throws InvalidArgumentException naming an unknown part or layer
     */
    public PoseHold hold(PoseHold hold) {
        hold.attach(base, hold.additive() == null ? null : additive(hold.additive()));
        holds.add(hold);
        return hold;
    }

    /** The holds since the last {@link #play} (read-only). */
    public List<PoseHold> holds() {
        return java.util.Collections.unmodifiableList(holds);
    }

    /** Has the next update inertialize (after changing a layer's weight or time by hand). */
    public void requestTransition() {
        switchPending = true;
    }

    /** Once per update, dt s: computes the output (see the class comment). */
    public void update(double dt) {
        Check.positive("dt", dt);
        base.advance(dt);
        for (int i = 0; i < holds.size(); i++) {
            holds.get(i).update(base, dt);
        }
        for (int i = 0; i < additives.size(); i++) {
            AdditiveLayer a = additives.get(i);
            a.advance(dt);
            a.sample();
        }
        base.sample(basePose);
        layered.set(basePose);
        addLayers(layered);
        if (lookAt != null) {
            lookAt.update(dt, layered);
            lookAt.apply(layered);
        }
        if (switchPending) {
            // the new source one and two updates back, with this update's layers on top
            base.sampleBack(dt, oneBack);
            base.sampleBack(2 * dt, twoBack);
            addLayers(oneBack);
            addLayers(twoBack);
            if (lookAt != null) {
                lookAt.apply(oneBack);
                lookAt.apply(twoBack);
            }
            inertializer.transition(twoBack, oneBack, dt);
            switchPending = false;
        }
        inertializer.update(layered, dt, output);
    }

    private void addLayers(Pose pose) {
        for (int i = 0; i < additives.size(); i++) {
            additives.get(i).apply(pose);
        }
    }

    /** The output of the last update (read it, do not change it). */
    public Pose output() {
        return output;
    }

    /** The base layer's pose of the last update, before additive layers and look-at (read only). */
    public Pose basePose() {
        return basePose;
    }

    /** The pose of the last update before inertialization (read only). */
    public Pose layeredPose() {
        return layered;
    }

    public Inertializer inertializer() {
        return inertializer;
    }
}
