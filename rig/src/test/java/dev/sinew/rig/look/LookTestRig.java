package dev.sinew.rig.look;

import java.util.EnumSet;
import java.util.List;

/** The look-at settings the tests use: a chest–neck–head chain, as the shipped CMU file has it. */
final class LookTestRig {
    private LookTestRig() {
    }

    static LookAtSettings settings() {
        return new LookAtSettings(List.of(new LookAtSettings.ChainBone("Chest", 0.2), new LookAtSettings.ChainBone("Neck", 0.3),
                new LookAtSettings.ChainBone("Head", 0.5)), "Head", new double[] {Math.toRadians(-80), Math.toRadians(60)},
                new double[] {Math.toRadians(-35), Math.toRadians(30)}, Math.toRadians(75), Math.toRadians(70),
                Math.toRadians(240), 8, 0.3, 0.3, EnumSet.allOf(LookAtSettings.Rule.class));
    }
}
