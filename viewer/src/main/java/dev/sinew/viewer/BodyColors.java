package dev.sinew.viewer;

import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.TrackingReport;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import java.util.HashMap;
import java.util.Map;

/**
 * How the sandbox colours bodies: by index, or a driven character's bodies by their tracking
 * error (green on target, red at {@link #FULL_ERROR_DEG} or more), torque use (green idle, red at
 * the limit) or drive strength (green at full strength, red with none: a hit's weakening, a fall's
 * limp tone, a get-up's ramp); other bodies keep their index colour.
 */
enum BodyColors {
    INDEX("index"),
    ERROR("error"),
    TORQUE("torque"),
    STRENGTH("strength");

    /** Tracking error shown fully red, degrees. */
    static final double FULL_ERROR_DEG = 20;

    final String label;

    BodyColors(String label) {
        this.label = label;
    }

    /** The renderer's colours for this mode and the scene's driver (null: none). */
    Renderer.Colors colors(PoseDriver driver) {
        if (this == INDEX || driver == null) {
            return Renderer::color;
        }
        TrackingReport report = driver.report();
        Map<BodyHandle, float[]> heat = new HashMap<>();
        for (int i = 0; i < driver.ragdoll().bodyCount(); i++) {
            double t = switch (this) {
                case ERROR -> report.errorDeg[i] / FULL_ERROR_DEG;
                case TORQUE -> report.torqueUse[i];
                default -> 1 - driver.strength(i);
            };
            heat.put(driver.ragdoll().body(i), ramp(t));
        }
        return (World w, BodyHandle h, int index) -> {
            float[] c = heat.get(h);
            return c != null ? c : Renderer.color(w, h, index);
        };
    }

    /** Green (0) through yellow to red (1 and above). */
    static float[] ramp(double t) {
        float x = (float) Math.max(0, Math.min(1, t));
        return new float[] {Math.min(1, 2 * x) * 0.9f, Math.min(1, 2 * (1 - x)) * 0.8f, 0.15f};
    }
}
