package dev.sinew.viewer;

import static org.lwjgl.glfw.GLFW.*;

import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneCatalog;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.layers.LayerView;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import imgui.ImGui;
import imgui.flag.ImGuiCond;
import imgui.flag.ImGuiTreeNodeFlags;
import imgui.gl3.ImGuiImplGl3;
import imgui.glfw.ImGuiImplGlfw;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The sandbox window: every scene of the catalogue, run live at its fixed tick and drawn
 * between ticks. Controls (also in the README):
 * <pre>
 *   left drag        orbit              right or shift+left drag   pan
 *   wheel            zoom               click                      strike the body under the cursor
 *   N / B            next / previous scene                         R  reset the scene
 *   space            pause              . (period)                 one tick while paused
 *   + / −            time scale ×2 / ÷2 (1/16 .. 4)               [ / ]  strike speed ÷1.5 / ×1.5
 *   1 .. 8           solver substeps    F                          follow the scene's character
 *   left drag on a body   drag it on a spring                     T  throw a ball at the cursor
 *   ctrl+click       follow the body under the cursor (on nothing: the scene's character)
 *   D                a limp ragdoll dropped where the cursor meets the ground
 *   K / G            knock the scene's character down / make it get up now (when it is down)
 *   H                switch the click's hit on a character between normal and critical
 *   C                colour bodies by index / tracking error / torque use
 *   left drag on the look-at target   move it (scenes with a look-at)
 *   arrow keys       the stick, relative to the camera (motion-matching)
 *   Esc              quit
 * </pre>
 */
final class Sandbox {
    private static final double CLICK_PIXELS = 4;
    private static final double FOLLOW_SECONDS = 0.15;
    private final List<Scene> scenes = SceneCatalog.all();
    private int sceneIndex;
    private SceneSession session;
    private Camera camera;
    private boolean paused;
    private boolean follow = true;
    private double timeScale = 1;
    private double strikeSpeed = 4; // m/s: the impulse gives the struck body this speed change along the ray
    /** A click on a reacting character strikes it with a Hit of this magnitude, N·s, critical or not. */
    private double hitMagnitude = 25;
    private boolean criticalHit;
    private long hitSeed;
    private double accumulator;
    private final GlWindow window;
    private final Renderer renderer;
    // mouse state
    private double mouseX;
    private double mouseY;
    private double pressX;
    private double pressY;
    private int dragButton = -1;
    private boolean dragged;
    private boolean shift;
    private boolean control;
    /** The body the camera follows when one was picked with ctrl+click (else the scene's focus). */
    private BodyHandle followed;
    private String status = "";
    private final Interaction interaction = new Interaction();
    private final boolean[] pressedThisFrame = new boolean[5];
    /** Whether the current left drag turns the camera (else it drags a body). */
    private boolean orbiting;
    private double lastTickMillis;
    private BodyColors bodyColors = BodyColors.INDEX;
    private final DebugDraw debugDraw = new DebugDraw();
    private DebugLines debugLines;
    private final ClipPreview clipPreview = new ClipPreview();
    private final LayersSection layersSection = new LayersSection();
    /** The panel's sections, drawn in this order. */
    final List<PanelSection> sections = new ArrayList<>(List.of(new Sections.SceneControls(), new Sections.Character(), layersSection,
            new Sections.Solver(), new Sections.Strike(), new Reactions(), new Sections.Debug(), clipPreview, new Sections.Readouts()));
    /** Whether the current left drag moves the look-at target, and at what distance from the eye, m. */
    private boolean targetDrag;
    private double targetDistance;
    /** Whether the arrow keys have taken over the scene's stick. */
    private boolean stickTaken;
    /** How close to the look-at target a drag must start, m. */
    private static final double TARGET_PICK = 0.15;
    private final ImGuiImplGlfw imguiGlfw = new ImGuiImplGlfw();
    private final ImGuiImplGl3 imguiGl3 = new ImGuiImplGl3();

    /** The user's options (their clip, ragdoll, profile, seed, count), for the scenes that read all of them. */
    private final SceneOptions userOptions;
    private final java.util.Set<SceneOption> given;

    private Sandbox(GlWindow window, Scene startScene, SceneOptions userOptions) {
        this.window = window;
        this.renderer = new Renderer();
        this.userOptions = userOptions;
        this.given = given(userOptions);
        int start = 0;
        for (int i = 0; i < scenes.size(); i++) {
            if (startScene == null ? scenes.get(i).name().equals("ragdoll-drop") : scenes.get(i) == startScene) {
                start = i;
            }
        }
        open(start);
    }

    /** The options the user gave, from the options they make. */
    private static java.util.Set<SceneOption> given(SceneOptions o) {
        java.util.Set<SceneOption> g = java.util.EnumSet.noneOf(SceneOption.class);
        if (o.inputs().clip() != null) {
            g.add(SceneOption.CLIP);
        }
        if (o.inputs().ragdoll() != null) {
            g.add(SceneOption.RAGDOLL);
        }
        if (o.inputs().profile() != null) {
            g.add(SceneOption.PROFILE);
        }
        if (o.count() > 0) {
            g.add(SceneOption.COUNT);
        }
        if (o.seed() != 1) {
            g.add(SceneOption.SEED);
        }
        return g;
    }

    /**
     * Opens the window at {@code start} (null: ragdoll-drop) and runs until it is closed. Scenes that
     * read every option the user gave run with them; the others with their own data. Without a
     * display: one line, exit 3.
     */
    static int run(Scene start, SceneOptions options) {
        if (!GlWindow.init()) {
            System.err.println("sinew: " + GlWindow.noDisplay() + "; the sandbox needs one. Headless: ./sinew run SCENE,"
                    + " or xvfb-run -a ./sinew screenshot SCENE --out FILE.png");
            return 3;
        }
        try (GlWindow w = new GlWindow(1280, 720, "Sinew", true)) {
            glfwSwapInterval(1);
            Sandbox s = new Sandbox(w, start, options);
            try {
                s.loop();
            } finally {
                s.close();
            }
        } finally {
            GlWindow.terminate();
        }
        return 0;
    }

    private void close() {
        if (ImGui.getCurrentContext() != null && ImGui.getCurrentContext().ptr != 0) {
            imguiGl3.dispose();
            imguiGlfw.dispose();
            ImGui.destroyContext();
        }
        renderer.close();
        if (debugLines != null) {
            debugLines.close();
        }
    }

    void open(int index) {
        sceneIndex = Math.floorMod(index, scenes.size());
        renderer.forgetHulls();
        interaction.forget();
        followed = null;
        targetDrag = false;
        stickTaken = false;
        Scene scene = scenes.get(sceneIndex);
        boolean yours = !given.isEmpty() && scene.options().containsAll(given)
                && (!given.contains(SceneOption.COUNT) || scene.count() != null);
        if (session != null) {
            session.world().close(); // the last scene's worker threads, if any
        }
        session = new SceneSession(scene, yours ? userOptions : SceneOptions.defaults());
        status = given.isEmpty() ? "" : yours ? "with your files and options" : "this scene runs on its own data (it does"
                + " not read all of your options)";
        camera = session.frame();
        accumulator = 0;
    }

    List<Scene> scenes() {
        return scenes;
    }

    SceneSession session() {
        return session;
    }

    int sceneIndex() {
        return sceneIndex;
    }

    boolean paused() {
        return paused;
    }

    void togglePause() {
        paused = !paused;
    }

    /** One tick, while paused. */
    void singleTick() {
        if (paused) {
            tick();
        }
    }

    double timeScale() {
        return timeScale;
    }

    void setTimeScale(double s) {
        timeScale = Math.max(1.0 / 16, Math.min(4, s));
    }

    boolean follow() {
        return follow;
    }

    void toggleFollow() {
        follow = !follow;
    }

    double strikeSpeed() {
        return strikeSpeed;
    }

    void setStrikeSpeed(double v) {
        strikeSpeed = Math.max(0.25, Math.min(100, v));
    }

    double hitMagnitude() {
        return hitMagnitude;
    }

    void setHitMagnitude(double v) {
        hitMagnitude = Math.max(1, Math.min(300, v));
    }

    boolean criticalHit() {
        return criticalHit;
    }

    void setCriticalHit(boolean critical) {
        criticalHit = critical;
    }

    DebugDraw debugDraw() {
        return debugDraw;
    }

    BodyColors bodyColors() {
        return bodyColors;
    }

    void setBodyColors(BodyColors c) {
        bodyColors = c;
    }

    String status() {
        return status;
    }

    /** Wall time of the last tick, ms. */
    double lastTickMillis() {
        return lastTickMillis;
    }

    private void tick() {
        interaction.beforeTick();
        long t0 = System.nanoTime();
        session.step();
        lastTickMillis = (System.nanoTime() - t0) / 1e6;
    }

    private void panel() {
        ImGui.setNextWindowPos(10, 10, ImGuiCond.FirstUseEver);
        ImGui.setNextWindowSize(400, 0, ImGuiCond.FirstUseEver);
        if (ImGui.begin("Sinew")) {
            for (PanelSection sec : sections) {
                if (ImGui.collapsingHeader(sec.title(), sec.openAtStart() ? ImGuiTreeNodeFlags.DefaultOpen : 0)) {
                    ImGui.pushID(sec.title());
                    sec.draw(this);
                    ImGui.popID();
                }
            }
        }
        ImGui.end();
    }

    private void loop() {
        long h = window.handle;
        glfwSetKeyCallback(h, (win, key, scancode, action, mods) -> {
            shift = (mods & GLFW_MOD_SHIFT) != 0;
            if (action != GLFW_RELEASE && !ImGui.getIO().getWantCaptureKeyboard()) {
                key(key);
            }
        });
        glfwSetCursorPosCallback(h, (win, x, y) -> cursor(x, y));
        glfwSetMouseButtonCallback(h, (win, button, action, mods) -> {
            shift = (mods & GLFW_MOD_SHIFT) != 0;
            control = (mods & GLFW_MOD_CONTROL) != 0;
            if (action == GLFW_PRESS && button >= 0 && button < pressedThisFrame.length) {
                pressedThisFrame[button] = true;
            }
            button(button, action);
        });
        glfwSetScrollCallback(h, (win, dx, dy) -> {
            if (!ImGui.getIO().getWantCaptureMouse()) {
                camera.zoom(Math.pow(0.9, dy));
            }
        });
        // ImGui's GLFW backend chains to the callbacks above.
        ImGui.createContext();
        ImGui.getIO().setIniFilename(null);
        imguiGlfw.init(h, true);
        imguiGl3.init("#version 330 core");
        double last = glfwGetTime();
        double titleAt = 0;
        int[] w = new int[1];
        int[] hh = new int[1];
        while (!glfwWindowShouldClose(h)) {
            glfwPollEvents();
            double now = glfwGetTime();
            double frame = Math.min(0.25, now - last);
            last = now;
            double dt = session.world().settings().tickSeconds();
            stick();
            if (!paused) {
                accumulator += frame * timeScale;
                int ticks = 0;
                while (accumulator >= dt && ticks < 8) {
                    tick();
                    accumulator -= dt;
                    ticks++;
                }
                if (ticks == 8) {
                    accumulator = 0; // slower than real time: drop the backlog rather than spiral
                }
            }
            double alpha = paused ? 1 : Math.min(1, accumulator / dt);
            Renderer.Poses poses = session.blended(alpha);
            BodyHandle focus = followed != null && session.world().isValid(followed) ? followed : session.instance.focus();
            if (follow && focus != null) {
                Vector3d p = new Vector3d();
                poses.pose(session.world(), focus, p, new Quaterniond());
                // frame-rate independent: the target closes on the character with a 0.15 s time constant
                camera.target.lerp(p, 1 - Math.exp(-frame / FOLLOW_SECONDS));
            }
            glfwGetFramebufferSize(h, w, hh);
            renderer.render(session.world(), poses, bodyColors.colors(session.instance.driver()), camera, w[0], hh[0], true);
            if (debugLines == null) {
                debugLines = new DebugLines();
            }
            debugLines.clear();
            debugDraw.collect(session.world(), session.instance.driver(), debugLines);
            layersSection.collect(session.instance.layers(), null, debugLines);
            clipPreview.advance(frame);
            clipPreview.collect(camera.target, debugLines);
            debugLines.draw(camera.projection(w[0], hh[0], new org.joml.Matrix4f()).mul(camera.view(new org.joml.Matrix4f())));
            imguiGlfw.newFrame();
            // imgui-java 1.86.11's GLFW backend sets a focused window's buttons from their state
            // now, losing a click pressed and released within one frame (a touchpad tap): keep it down
            // for this frame.
            for (int b = 0; b < pressedThisFrame.length; b++) {
                if (pressedThisFrame[b]) {
                    ImGui.getIO().setMouseDown(b, true);
                    pressedThisFrame[b] = false;
                }
            }
            ImGui.newFrame();
            panel();
            ImGui.render();
            imguiGl3.renderDrawData(ImGui.getDrawData());
            glfwSwapBuffers(h);
            if (now >= titleAt) {
                titleAt = now + 0.25;
                glfwSetWindowTitle(h, title());
            }
        }
    }

    private String title() {
        return String.format("Sinew — %s (%d/%d) — %.2f s%s — ×%s — %d substeps — strike %.1f m/s%s — N/B scene, R reset, "
                        + "space pause, click strike", session.scene.name(), sceneIndex + 1, scenes.size(), session.seconds(),
                paused ? " (paused)" : "", trim(timeScale), session.world().settings().substeps(), strikeSpeed,
                status.isEmpty() ? "" : " — " + status) + characterTitle();
    }

    /** The scene's character's state and get-up clip for the title, or nothing. */
    private String characterTitle() {
        dev.sinew.reactions.Character c = session.instance.character();
        if (c == null) {
            return "";
        }
        String clip = c.getUpClip();
        return " — " + c.state() + (clip == null ? "" : " (" + clip + ")") + (criticalHit ? " — critical" : "");
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private void key(int key) {
        switch (key) {
            case GLFW_KEY_ESCAPE -> glfwSetWindowShouldClose(window.handle, true);
            case GLFW_KEY_N, GLFW_KEY_PAGE_DOWN -> open(sceneIndex + 1);
            case GLFW_KEY_B, GLFW_KEY_PAGE_UP -> open(sceneIndex - 1);
            case GLFW_KEY_R -> open(sceneIndex);
            case GLFW_KEY_SPACE -> paused = !paused;
            case GLFW_KEY_PERIOD -> {
                singleTick();
            }
            case GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD -> timeScale = Math.min(4, timeScale * 2);
            case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT -> timeScale = Math.max(1.0 / 16, timeScale / 2);
            case GLFW_KEY_LEFT_BRACKET -> strikeSpeed = Math.max(0.25, strikeSpeed / 1.5);
            case GLFW_KEY_RIGHT_BRACKET -> strikeSpeed = Math.min(100, strikeSpeed * 1.5);
            case GLFW_KEY_F -> follow = !follow;
            case GLFW_KEY_C -> bodyColors = BodyColors.values()[(bodyColors.ordinal() + 1) % BodyColors.values().length];
            case GLFW_KEY_T -> Interaction.throwBall(session.world(), camera.eye(new Vector3d()), ray(mouseX, mouseY));
            case GLFW_KEY_D -> Interaction.dropRagdoll(session.world(), camera.eye(new Vector3d()), ray(mouseX, mouseY));
            case GLFW_KEY_K -> {
                if (session.instance.character() != null) {
                    session.instance.character().knockDown();
                }
            }
            case GLFW_KEY_G -> {
                if (session.instance.character() != null) {
                    session.instance.character().getUp();
                }
            }
            case GLFW_KEY_H -> criticalHit = !criticalHit;
            default -> {
                if (key >= GLFW_KEY_1 && key <= GLFW_KEY_8) {
                    World world = session.world();
                    world.setSettings(world.settings().withTick(world.settings().tickSeconds(), key - GLFW_KEY_0));
                }
            }
        }
    }

    private void cursor(double x, double y) {
        double dx = x - mouseX;
        double dy = y - mouseY;
        mouseX = x;
        mouseY = y;
        if (dragButton < 0) {
            return;
        }
        if (!dragged && Math.hypot(x - pressX, y - pressY) > CLICK_PIXELS) {
            dragged = true;
            // A left drag that starts on the look-at target moves it, on a body drags it; anywhere
            // else it turns the camera.
            targetDrag = dragButton == GLFW_MOUSE_BUTTON_LEFT && !shift && grabTarget(ray(pressX, pressY));
            orbiting = !targetDrag && !(dragButton == GLFW_MOUSE_BUTTON_LEFT && !shift
                    && interaction.grab(session.world(), camera.eye(new Vector3d()), ray(pressX, pressY)));
        }
        if (!dragged) {
            return;
        }
        if (targetDrag) {
            LayerView v = session.instance.layers();
            if (v != null) {
                v.moveLookTarget(ray(x, y).mul(targetDistance).add(camera.eye(new Vector3d())));
            }
            return;
        }
        if (interaction.dragging()) {
            interaction.drag(camera.eye(new Vector3d()), ray(x, y));
        } else if (dragButton == GLFW_MOUSE_BUTTON_LEFT && !shift) {
            camera.orbit(-dx * 0.006, dy * 0.006);
        } else {
            camera.pan(-dx * 0.0015, dy * 0.0015);
        }
    }

    private void button(int button, int action) {
        if (action == GLFW_PRESS) {
            if (ImGui.getIO().getWantCaptureMouse()) {
                return;
            }
            dragButton = button;
            pressX = mouseX;
            pressY = mouseY;
            dragged = false;
        } else if (action == GLFW_RELEASE) {
            if (button == GLFW_MOUSE_BUTTON_LEFT && dragButton == button && !dragged) {
                if (control) {
                    select(mouseX, mouseY);
                } else {
                    strike(mouseX, mouseY);
                }
            }
            interaction.release();
            targetDrag = false;
            dragButton = -1;
        }
    }

    /** Whether the ray passes within {@link #TARGET_PICK} of the scene's look-at target (and how far along). */
    private boolean grabTarget(Vector3d dir) {
        LayerView v = session.instance.layers();
        Vector3d t = v == null ? null : v.lookTarget(new Vector3d());
        if (t == null) {
            return false;
        }
        Vector3d eye = camera.eye(new Vector3d());
        double along = t.sub(eye).dot(dir);
        if (along <= 0 || t.lengthSquared() - along * along > TARGET_PICK * TARGET_PICK) {
            return false;
        }
        targetDistance = along;
        return true;
    }

    /**
     * The arrow keys as the scene's stick, relative to the camera (up: away from it): once one is
     * pressed they keep the stick (centred when released) until the scene is opened again.
     */
    private void stick() {
        LayerView v = session.instance.layers();
        if (v == null || !v.takesStick() || ImGui.getIO().getWantCaptureKeyboard()) {
            return;
        }
        long h = window.handle;
        int forward = (glfwGetKey(h, GLFW_KEY_UP) == GLFW_PRESS ? 1 : 0) - (glfwGetKey(h, GLFW_KEY_DOWN) == GLFW_PRESS ? 1 : 0);
        int right = (glfwGetKey(h, GLFW_KEY_RIGHT) == GLFW_PRESS ? 1 : 0) - (glfwGetKey(h, GLFW_KEY_LEFT) == GLFW_PRESS ? 1 : 0);
        stickTaken |= forward != 0 || right != 0;
        if (!stickTaken) {
            return;
        }
        // the camera looks along (−sin yaw, −cos yaw); its right is (cos yaw, −sin yaw)
        double sy = Math.sin(camera.yaw);
        double cy = Math.cos(camera.yaw);
        double x = -forward * sy + right * cy;
        double z = -forward * cy - right * sy;
        double len = Math.hypot(x, z);
        v.setStick(len > 1 ? x / len : x, len > 1 ? z / len : z);
    }

    /** World direction of the ray from the eye through window pixel (x, y). */
    private Vector3d ray(double x, double y) {
        int[] ww = new int[1];
        int[] wh = new int[1];
        glfwGetWindowSize(window.handle, ww, wh);
        return camera.rayDirection(x, y, ww[0], wh[0], new Vector3d());
    }

    /** The camera follows the dynamic body under the cursor (nothing there: the scene's focus again). */
    private void select(double x, double y) {
        followed = Interaction.pick(session.world(), camera.eye(new Vector3d()), ray(x, y)).map(h -> h.body()).orElse(null);
        follow = true;
        status = followed == null ? "following the scene's character" : "following " + followed;
    }

    /** A ray from the eye through the cursor; the first dynamic body it hits takes an impulse at the hit point. */
    private void strike(double x, double y) {
        dev.sinew.reactions.Character c = session.instance.character();
        Vector3d eye = camera.eye(new Vector3d());
        Vector3d dir = ray(x, y);
        if (c != null && Interaction.strikesCharacter(session.world(), c, eye, dir)) {
            c.hit(dev.sinew.reactions.hit.Hit.ray(eye, dir, hitMagnitude, criticalHit, hitSeed++));
            status = String.format("%s hit, %.0f N·s asked", criticalHit ? "critical" : "normal", hitMagnitude);
            return;
        }
        double impulse = Interaction.strike(session.world(), eye, dir, strikeSpeed);
        status = impulse > 0 ? String.format("struck with %.0f N·s", impulse) : "no body under the cursor";
    }
}
