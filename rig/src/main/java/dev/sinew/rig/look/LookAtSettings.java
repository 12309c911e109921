package dev.sinew.rig.look;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How a character looks at a target: validated at creation, angles in radians.
 *
 * @param chain             the bones the look is spread over, each the child of the one before
 *                          (for example chest, lower neck, neck, head), with their shares
 * @param eyeBone           the bone the aim is measured from (the head), metres in model space
 * @param pitchIn           the target pitch range mapped, [min &lt; 0, max &gt; 0] rad (up is positive)
 * @param pitchOut          the pitch range it maps to, [min &lt; 0, max &gt; 0] rad: what the chain
 *                          turns, clamped, each side of level scaled on its own (a target 80° below
 *                          the eyes bows the neck by less)
 * @param pitchCutoff       above this target pitch (either way, rad) looking is switched off
 * @param yawLimit          the largest yaw the chain turns, rad, in (0, π); a target further round
 *                          is followed up to it, and the look fades back to straight ahead as the
 *                          target passes behind (zero at ±π, so crossing ±π is continuous)
 * @param yawSpeed          the fastest the yaw turns, rad/s (a per-update step never reaches
 *                          yawSpeed × dt)
 * @param response          how fast yaw and pitch close on their targets, 1/s: each update moves
 *                          them 1 − e^(−response·dt) of the way (capped by yawSpeed)
 * @param blendSeconds      how long the look's weight takes to go from 0 to 1 or back, s
 * @param stationarySpeed   below this horizontal speed (m/s) a character counts as nearly
 *                          stationary
 * @param rules             when looking is on: any of these (OR), and the pitch within its cut-off
 */
public record LookAtSettings(List<ChainBone> chain, String eyeBone, double[] pitchIn, double[] pitchOut, double pitchCutoff,
        double yawLimit, double yawSpeed, double response, double blendSeconds, double stationarySpeed, Set<Rule> rules) {

    /** One bone of the chain and its share of the look (the shares sum to 1). */
    public record ChainBone(String bone, double weight) {
    }

    /** When looking is on (any rule that holds turns it on). */
    public enum Rule {
        /** the character's state is idle */
        IDLE,
        /** its horizontal speed is below {@link #stationarySpeed} */
        NEARLY_STATIONARY,
        /** it is strafing (moving while facing elsewhere) */
        STRAFING,
        /** a one-shot action (an attack, a gesture) is playing */
        ONE_SHOT_ACTION
    }

    public LookAtSettings {
        if (chain == null || chain.isEmpty()) {
            throw new InvalidArgumentException("chain", chain, "must name at least one bone");
        }
        double sum = 0;
        for (ChainBone b : chain) {
            if (b.bone() == null) {
                throw new InvalidArgumentException("chain", chain, "a bone name is missing");
            }
            Check.inRange("chain." + b.bone(), b.weight(), 0, 1);
            sum += b.weight();
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new InvalidArgumentException("chain", sum, "the shares must sum to 1");
        }
        Check.notNull("eyeBone", eyeBone);
        range("pitchIn", pitchIn, -Math.PI / 2, Math.PI / 2);
        range("pitchOut", pitchOut, -Math.PI / 2, Math.PI / 2);
        Check.inRange("pitchCutoff", pitchCutoff, 0, Math.PI / 2);
        if (!(yawLimit > 0 && yawLimit < Math.PI)) {
            throw new InvalidArgumentException("yawLimit", yawLimit, "must be in (0, π) rad");
        }
        Check.positive("yawSpeed", yawSpeed);
        Check.positive("response", response);
        Check.positive("blendSeconds", blendSeconds);
        Check.nonNegative("stationarySpeed", stationarySpeed);
        rules = rules == null || rules.isEmpty() ? EnumSet.noneOf(Rule.class) : EnumSet.copyOf(rules);
        chain = List.copyOf(chain);
        pitchIn = pitchIn.clone();
        pitchOut = pitchOut.clone();
    }

    private static void range(String name, double[] r, double lo, double hi) {
        if (r == null || r.length != 2 || !(r[0] < 0) || !(r[1] > 0) || !(r[0] >= lo) || !(r[1] <= hi)) {
            throw new InvalidArgumentException(name, r == null ? null : java.util.Arrays.toString(r),
                    "must be [min, max] with min < 0 < max, within [" + lo + ", " + hi + "] rad");
        }
    }

    @Override
    public double[] pitchIn() {
        return pitchIn.clone();
    }

    @Override
    public double[] pitchOut() {
        return pitchOut.clone();
    }
}
