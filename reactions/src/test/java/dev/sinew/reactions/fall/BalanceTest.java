package dev.sinew.reactions.fall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.reactions.TestRig;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The centre of mass against the support area, checked by brute force: the signed distance of a
 * point from a convex polygon is max over directions d of (p·d − h(d)), h the support function of
 * the feet's points (the largest p·d over them), here over 7,200 directions.
 */
class BalanceTest {
    static double bruteForce(World w, Ragdoll r, Vector3d com) {
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < r.bodyCount(); i++) {
            if (!"foot".equals(r.region(i))) {
                continue;
            }
            Vector3d c = w.position(r.body(i), new Vector3d());
            Quaterniond q = w.orientation(r.body(i), new Quaterniond());
            if (r.shape(i) instanceof Capsule cap) {
                // both ends at the lower one's height: they stand or not together
                Vector3d a = q.transform(new Vector3d(0, -cap.halfHeight(), 0)).add(c);
                Vector3d b = q.transform(new Vector3d(0, cap.halfHeight(), 0)).add(c);
                double low = Math.min(a.y, b.y);
                pts.add(a.setComponent(1, low));
                pts.add(b.setComponent(1, low));
                continue;
            }
            Box b = (Box) r.shape(i);
            for (int k = 0; k < 8; k++) {
                pts.add(q.transform(new Vector3d((k & 1) == 0 ? -b.halfX() : b.halfX(), (k & 2) == 0 ? -b.halfY() : b.halfY(),
                        (k & 4) == 0 ? -b.halfZ() : b.halfZ())).add(c));
            }
        }
        double lowest = pts.stream().mapToDouble(p -> p.y).min().orElseThrow();
        pts.removeIf(p -> p.y > lowest + Balance.CONTACT_BAND);
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 7200; k++) {
            double a = 2 * Math.PI * k / 7200;
            double dx = Math.cos(a);
            double dz = Math.sin(a);
            double h = pts.stream().mapToDouble(p -> p.x * dx + p.z * dz).max().orElseThrow();
            best = Math.max(best, com.x * dx + com.z * dz - h);
        }
        return best;
    }

    /** Standing, then leaning the whole body over its ankles by 0 to 30° forward and back: in, then out. */
    @Test
    void centreOfMassInAndOutOfTheFeet() {
        World w = TestRig.world();
        Ragdoll r = TestRig.ragdoll(w, TestRig.standing(), 0, 0);
        leanInAndOut(w, r, TestRig.groundedPose(r));
    }

    /**
     * Leans the ragdoll (standing in {@code p}) from 30° back to 30° forward at the hips, checks
     * the balance against the brute force at each lean, and that some leans are inside the feet
     * and some outside.
     */
    static void leanInAndOut(World w, Ragdoll r, Pose p) {
        Balance b = new Balance(r);
        int hipL = r.mapper().skeleton().find("LeftHip");
        int hipR = r.mapper().skeleton().find("RightHip");
        int chest = r.mapper().skeleton().find("lowerback");
        boolean sawInside = false;
        boolean sawOutside = false;
        for (double deg = -30; deg <= 30; deg += 7.5) {
            // bend forward or back at the hips: the upper body carries the centre of mass over the toes or heels
            Pose q = new Pose(p.skeleton()).set(p);
            q.setLocalRotation(chest, new Quaterniond().rotateX(Math.toRadians(2 * deg)));
            q.setLocalRotation(hipL, new Quaterniond().rotateX(Math.toRadians(-deg)));
            q.setLocalRotation(hipR, new Quaterniond().rotateX(Math.toRadians(-deg)));
            r.setPose(q);
            double got = b.comOutside();
            double expected = bruteForce(w, r, b.centerOfMass(new Vector3d()));
            assertEquals(expected, got, 2e-4, "lean " + deg + "°");
            sawInside |= got < 0;
            sawOutside |= got > 0;
        }
        assertTrue(sawInside && sawOutside, "the leans cover both cases");
    }

    /**
     * Feet that are capsules stand along their cores: the test rig with capsule feet running flat
     * from ankle to toe, leaned from 30° back to 30° forward, against the brute force over the
     * capsules' two core ends; some leans inside, some out. And the shipped biped (capsule feet
     * sloping from the ankle down to the toes) standing in its clip's first frame is in balance. Before, each capsule foot counted as its
     * centre alone: two feet made a line the centre of mass was never inside, and a standing
     * character with capsule feet lost its balance within a second of being activated.
     */
    @Test
    void capsuleFeetSpanAnArea() {
        RagdollDefinition cmu = Profiles.ragdoll("cmu-humanoid");
        List<RagdollDefinition.Body> bodies = new ArrayList<>();
        for (RagdollDefinition.Body body : cmu.bodies()) {
            if (body.region().equals("foot")) {
                String toe = body.bone().startsWith("Left") ? "LeftToe" : "RightToe";
                body = new RagdollDefinition.Body(body.name(), body.bone(), body.region(), body.massFraction(),
                        new RagdollDefinition.Shape("capsule", 0.04, null, toe, null), body.joint());
            }
            bodies.add(body);
        }
        RagdollDefinition capsuleFeet = new RagdollDefinition(cmu.name(), cmu.totalMass(), cmu.angularDamping(),
                cmu.jointFriction(), bodies);
        World w = TestRig.world();
        BvhImporter.Bvh standing = TestRig.standing();
        Ragdoll r = Ragdoll.build(w, standing.skeleton(), capsuleFeet, standing.clip().frame(0, new Pose(standing.skeleton())));
        leanInAndOut(w, r, r.readPose(new Pose(r.mapper().skeleton())));
        World bw = TestRig.world();
        BvhImporter.Bvh biped = dev.sinew.rig.Mocap.read("sinew/biped_wave.bvh");
        Ragdoll br = Ragdoll.build(bw, biped.skeleton(), Profiles.ragdoll("biped"), biped.clip().frame(0, new Pose(biped.skeleton())));
        Balance bb = new Balance(br);
        double outside = bb.comOutside();
        assertEquals(bruteForce(bw, br, bb.centerOfMass(new Vector3d())), outside, 2e-4);
        assertTrue(outside < FallSettings.defaults().balanceMargin(), "the biped standing: " + outside + " m outside");
    }
}
