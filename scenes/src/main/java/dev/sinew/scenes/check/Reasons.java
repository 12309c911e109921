package dev.sinew.scenes.check;

import java.util.Map;

/** What a failed check means, in a few words a reader of the summary can act on. */
final class Reasons {
    private static final Map<String, String> WHY = Map.ofEntries(
            Map.entry("meanErrorDeg", "poor tracking: the drives do not hold the animation (too weak for the masses, or"
                    + " their torque limit too low for their stiffness)"),
            Map.entry("maxErrorDeg", "poor tracking: a body fell far behind its animation"),
            Map.entry("rootErrorM", "poor tracking: the pelvis left its animated path"),
            Map.entry("comDrift", "the standing character drifted"),
            Map.entry("maxJointSeparation", "joints came apart"),
            Map.entry("rootOffMaxJointSeparation", "joints came apart"),
            Map.entry("velocitySpikes", "a velocity spike: a body was thrown by the solver"),
            Map.entry("maxLimitOvershootDeg", "a joint went far past its limits"),
            Map.entry("passiveEnergyGrowthJPerKg", "energy grew while nothing drove the bodies"),
            Map.entry("nanEvents", "a body's state stopped being a number"),
            Map.entry("rootOffNanEvents", "a body's state stopped being a number"),
            Map.entry("belowGround", "a body went through the floor"),
            Map.entry("restLinearSpeed", "jitter at rest"),
            Map.entry("restAngularSpeed", "jitter at rest"),
            Map.entry("sleepSeconds", "the ragdoll never came to rest"),
            Map.entry("fell", "the character fell from hits it should stand"),
            Map.entry("recoverySeconds", "slow to recover from a hit"),
            Map.entry("hashMismatchTicks", "not deterministic: two runs differed"),
            Map.entry("restoreMismatchTicks", "a snapshot did not restore the state exactly"),
            Map.entry("threadMismatchTicks", "not deterministic across worker threads"),
            Map.entry("farMaxPositionDiff", "results changed far from the origin"),
            Map.entry("failures", "a character did not get up again"),
            Map.entry("heapGrowthPct", "the heap grew: memory is held on to"),
            Map.entry("down", "the knocked-down character did not come to lie still"));

    private Reasons() {
    }

    /** Why the check named {@code name} (a plain name, or one with [k] or a suffix) failed, or "" when no reason is known. */
    static String of(String name) {
        String base = name.replaceAll("\\[.*", "").trim();
        if (base.startsWith("standingAfter")) {
            return "the character did not stand up again";
        }
        if (base.startsWith("popDeg")) {
            return "the get-up jumped away from the lying pose";
        }
        return WHY.getOrDefault(base, "");
    }
}
