package dev.sinew.solver.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The filter's answer for every body pair against a brute-force set of the pairs it was given. */
class CollisionFilterTest {
    @Test
    void excludesExactlyTheJointAndIgnoredPairs() {
        Random r = new Random(21);
        for (int trial = 0; trial < 50; trial++) {
            int bodies = 1 + r.nextInt(40);
            CollisionFilter f = new CollisionFilter();
            Set<Long> joined = new HashSet<>();
            Set<Long> ignored = new HashSet<>();
            for (int round = 0; round < 3; round++) {
                f.beginRebuild();
                joined.clear();
                int joints = r.nextInt(2 * bodies);
                for (int j = 0; j < joints; j++) {
                    int a = r.nextInt(bodies);
                    int b = r.nextInt(bodies);
                    if (a == b) {
                        continue;
                    }
                    f.addJointPair(a, b);
                    joined.add(CollisionFilter.pairKey(a, b));
                }
                for (int i = 0; i < 5; i++) {
                    int a = r.nextInt(bodies);
                    int b = r.nextInt(bodies);
                    boolean ignore = r.nextBoolean();
                    f.setIgnored(a, b, ignore);
                    if (ignore) {
                        ignored.add(CollisionFilter.pairKey(a, b));
                    } else {
                        ignored.remove(CollisionFilter.pairKey(a, b));
                    }
                }
                if (round == 2) {
                    int gone = r.nextInt(bodies);
                    f.forgetBody(gone);
                    ignored.removeIf(k -> (int) (k >>> 32) == gone || (int) (long) k == gone);
                }
                f.endRebuild();
                for (int a = 0; a < bodies + 3; a++) {
                    for (int b = 0; b < bodies + 3; b++) {
                        long key = CollisionFilter.pairKey(a, b);
                        boolean want = joined.contains(key) || ignored.contains(key);
                        assertEquals(want, f.excludes(a, b), "bodies " + a + ", " + b + ", trial " + trial + ", round " + round);
                    }
                }
            }
        }
    }
}
