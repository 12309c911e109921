/**
 * The interactive sandbox and headless screenshots: the only module that depends on LWJGL or a
 * window system.
 *
 * <p>{@link dev.sinew.viewer.SinewMain} is the program ({@code ./sinew}): the scenes module's
 * command line, whose no-argument form opens the sandbox window, plus {@code screenshot}. The
 * window runs a {@code SceneSession} (a scene instance stepped at its fixed tick, poses blended
 * between the last two ticks) and draws it with the {@code Renderer} (OpenGL 3.3 core: instanced
 * boxes, spheres, capsules and hulls, a grid on static planes, a sky gradient, one shadow-mapped
 * directional light). Still to come: the tuning panel, debug drawing, dragging and spawning, the
 * clip preview.
 */
package dev.sinew.viewer;
