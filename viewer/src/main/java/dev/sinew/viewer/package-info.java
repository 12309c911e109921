/**
 * The interactive sandbox (not built yet; see the viewer issue).
 *
 * <p>Will own: the GLFW window with an OpenGL 3.3 core renderer (LWJGL), the camera, the scene
 * picker over the scenes catalogue, interaction (strike, drag, spawn), the tuning panel, debug
 * drawing and the headless {@code screenshot} command. Nothing outside this module may depend
 * on LWJGL or a window system.
 */
package dev.sinew.viewer;
