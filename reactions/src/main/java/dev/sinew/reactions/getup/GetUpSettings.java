package dev.sinew.reactions.getup;

import dev.sinew.reactions.Smoothstep;
import dev.sinew.solver.InvalidArgumentException;
import java.util.List;

/**
 * How a character gets up.
 *
 * @param stages           the strength ramp as the clip plays: from each stage's point on, the
 *                         joint drives and the root drive ease (over {@code stageRampSeconds},
 *                         smoothstep) to its strengths; the first stage at progress 0, later ones
 *                         in increasing progress
 * @param stageRampSeconds how long each step between stages takes, s (≥ 0)
 * @param blendSeconds     the cross-fade from the physics pose into the clip, s (≥ 0)
 * @param returnSeconds    the cross-fade from the clip's last frame back to the character's own
 *                         animation, s (≥ 0)
 * @param delaySeconds     how long a character lies down before it gets up by itself, s (≥ 0;
 *                         {@link Double#POSITIVE_INFINITY}: only when told to)
 * @param abortDistance    a get-up whose root stays farther than this from its animated root
 *                         (m, &gt; 0) for {@code abortSeconds} has failed: the character goes
 *                         limp and tries again once down
 * @param abortSeconds     see {@code abortDistance}, s (&gt; 0)
 */
public record GetUpSettings(List<Stage> stages, double stageRampSeconds, double blendSeconds, double returnSeconds,
        double delaySeconds, double abortDistance, double abortSeconds) {

    /**
     * One stage of the ramp.
     *
     * @param at     progress through the clip where it begins, [0, 1]
     * @param joints joint drive strength multiplier, [0, 1]
     * @param root   root drive strength multiplier, [0, 1]
     */
    public record Stage(double at, double joints, double root) {
        public Stage {
            unit("stage.at", at);
            unit("stage.joints", joints);
            unit("stage.root", root);
        }
    }

    public static GetUpSettings defaults() {
        return new GetUpSettings(List.of(new Stage(0, 0.3, 0), new Stage(0.15, 0.7, 0.3), new Stage(0.25, 1, 0.6),
                new Stage(0.35, 1, 1)), 0.3, 0.8, 0.8, 0.3, 0.6, 1.0);
    }

    public GetUpSettings {
        if (stages == null || stages.isEmpty()) {
            throw new InvalidArgumentException("stages", stages, "must list at least one stage");
        }
        if (stages.get(0).at() != 0) {
            throw new InvalidArgumentException("stages[0].at", stages.get(0).at(), "must be 0 (the first stage starts with the clip)");
        }
        for (int i = 1; i < stages.size(); i++) {
            if (!(stages.get(i).at() > stages.get(i - 1).at())) {
                throw new InvalidArgumentException("stages[" + i + "].at", stages.get(i).at(), "must be greater than the stage before's");
            }
        }
        stages = List.copyOf(stages);
        seconds("stageRampSeconds", stageRampSeconds);
        seconds("blendSeconds", blendSeconds);
        seconds("returnSeconds", returnSeconds);
        if (!(delaySeconds >= 0)) {
            throw new InvalidArgumentException("delaySeconds", delaySeconds, "must be >= 0 s (POSITIVE_INFINITY: only when told)");
        }
        if (!(abortDistance > 0 && abortDistance < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException("abortDistance", abortDistance, "must be finite and > 0 m");
        }
        if (!(abortSeconds > 0 && abortSeconds < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException("abortSeconds", abortSeconds, "must be finite and > 0 s");
        }
    }

    private static void unit(String name, double v) {
        if (!(v >= 0 && v <= 1)) {
            throw new InvalidArgumentException(name, v, "must be in [0, 1]");
        }
    }

    private static void seconds(String name, double v) {
        if (!(v >= 0 && v < Double.POSITIVE_INFINITY)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0 s");
        }
    }

    public GetUpSettings withStages(List<Stage> s) {
        return new GetUpSettings(s, stageRampSeconds, blendSeconds, returnSeconds, delaySeconds, abortDistance, abortSeconds);
    }

    public GetUpSettings withBlend(double seconds) {
        return new GetUpSettings(stages, stageRampSeconds, seconds, returnSeconds, delaySeconds, abortDistance, abortSeconds);
    }

    public GetUpSettings withDelay(double seconds) {
        return new GetUpSettings(stages, stageRampSeconds, blendSeconds, returnSeconds, seconds, abortDistance, abortSeconds);
    }

    /**
     * A strength of the ramp τ seconds into a clip of {@code duration} s: the stage reached holds its
     * value, and each stage eases in from the one before over {@code stageRampSeconds}; the first
     * from {@code before} (the strength the get-up started at).
     *
     * @param root the root drive's strength (else the joints')
     */
    public double strength(double tau, double duration, double before, boolean root) {
        double value = before;
        for (int i = 0; i < stages.size(); i++) {
            Stage s = stages.get(i);
            double start = s.at() * duration;
            if (tau < start) {
                break;
            }
            double target = root ? s.root() : s.joints();
            value = stageRampSeconds > 0 ? Smoothstep.between(value, target, (tau - start) / stageRampSeconds) : target;
        }
        return value;
    }
}
