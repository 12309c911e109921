package dev.sinew.drives;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.rig.Skeleton;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The pose driver: joint-frame conversion, feed-forward velocity, strengths and the root drive. */
class PoseDriverTest {

    /**
     * A three-bone leg whose bones have rest rotations (30° about z, 20° about x, −40° about y) and
     * whose bodies run along the bones (so each body's axes differ from its bone's by a known
     * rotation). Driven stiffly in zero gravity toward an animated pose, the physics pose read back
     * through the mapper has the animation's local rotations: the driver converted bone targets to
     * joint targets correctly whatever the axes.
     */
    @Test
    void bodiesReachTheAnimatedLocalRotationsWhenBoneAndBodyAxesDiffer() {
        Skeleton s = Skeleton.builder()
                .add("hips", -1, new Vector3d(), new Quaterniond().rotateZ(Math.toRadians(30)))
                .add("upper", 0, new Vector3d(0, -0.4, 0), new Quaterniond().rotateX(Math.toRadians(20)))
                .add("lower", 1, new Vector3d(0.1, -0.4, 0), new Quaterniond().rotateY(Math.toRadians(-40)))
                .add("tip", 2, new Vector3d(0, -0.3, 0.05))
                .build();
        String def = """
                {"name": "leg", "totalMass": 12, "bodies": [
                  {"name": "hips", "bone": "hips", "region": "pelvis", "massFraction": 0.5,
                   "shape": {"type": "box", "halfExtents": [0.1, 0.05, 0.1]}},
                  {"name": "upper", "bone": "upper", "region": "thigh", "massFraction": 0.3,
                   "shape": {"type": "capsule", "radius": 0.04, "to": "lower"},
                   "joint": {"parent": "hips", "type": "swingTwist", "swingAxis": [1, 0, 0], "swing": [170, 170], "twist": [-170, 170]}},
                  {"name": "lower", "bone": "lower", "region": "shin", "massFraction": 0.2,
                   "shape": {"type": "capsule", "radius": 0.03, "to": "tip"},
                   "joint": {"parent": "upper", "type": "swingTwist", "swingAxis": [1, 0, 0], "swing": [170, 170], "twist": [-170, 170]}}]}
                """;
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        Pose rest = new Pose(s);
        Ragdoll r = Ragdoll.build(w, s, RagdollDefinition.parse(def, "leg.json"), rest, false, false);
        PoseDriver d = new PoseDriver(r, DriveProfile.parse(DriveProfileTest.profile("\"stiffness\": 400, \"damping\": 10"),
                "p.json"));
        Pose target = new Pose(s);
        Quaterniond upper = new Quaterniond().rotateX(Math.toRadians(20)).rotateAxis(0.5, 1, 0, 0);
        Quaterniond lower = new Quaterniond().rotateY(Math.toRadians(-40)).rotateAxis(-0.7, new Vector3d(0, 1, 1).normalize());
        target.setLocalRotation(1, upper);
        target.setLocalRotation(2, lower);
        d.capture(target);
        for (int i = 0; i < 240; i++) {
            d.update();
            w.step();
        }
        Pose back = r.readPose(new Pose(s));
        assertTrue(angle(upper, back.localRotation(1, new Quaterniond())) < Math.toRadians(0.5),
                "upper off by " + Math.toDegrees(angle(upper, back.localRotation(1, new Quaterniond()))) + "°");
        assertTrue(angle(lower, back.localRotation(2, new Quaterniond())) < Math.toRadians(0.5),
                "lower off by " + Math.toDegrees(angle(lower, back.localRotation(2, new Quaterniond()))) + "°");
    }

    /**
     * The feed-forward target angular velocity against the clip itself: over one tick the driver
     * takes the change of each joint's relative orientation; a central difference of the clip's
     * relative orientations 1 ms apart, at the middle of the tick, must agree to second order.
     */
    @Test
    void targetAngularVelocityMatchesFiniteDifferencesOfTheClip() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        World w = new World();
        Clip clip = walk.clip();
        Pose pose = clip.sample(5.0, Clip.Wrap.CLAMP, new Pose(walk.skeleton()));
        Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
        PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
        double dt = w.settings().tickSeconds();
        double t0 = 5.0;
        d.capture(clip.sample(t0, Clip.Wrap.CLAMP, pose));
        d.update();
        d.capture(clip.sample(t0 + dt, Clip.Wrap.CLAMP, pose));
        d.update();
        double eps = 1e-3;
        Quaterniond before = new Quaterniond();
        Quaterniond after = new Quaterniond();
        double worst = 0;
        double largest = 0;
        for (int i = 1; i < r.bodyCount(); i++) {
            relative(r, clip, t0 + dt / 2 - eps / 2, i, before);
            relative(r, clip, t0 + dt / 2 + eps / 2, i, after);
            Quaterniond delta = new Quaterniond(after).mul(new Quaterniond(before).conjugate()).normalize();
            if (delta.w < 0) {
                delta.set(-delta.x, -delta.y, -delta.z, -delta.w);
            }
            Vector3d reference = PoseDriver.rotationVector(delta, new Vector3d()).div(eps);
            Vector3d driver = d.targetAngularVelocity(i, new Vector3d());
            worst = Math.max(worst, driver.distance(reference));
            largest = Math.max(largest, reference.length());
        }
        assertTrue(largest > 1, "the walk moves its joints (" + largest + " rad/s)");
        assertTrue(worst < 0.05 * largest, "feed-forward off by " + worst + " rad/s (largest " + largest + ")");
    }

    /** conj(T_parent)·T_child of body i at clip time t, from the mapper's body targets. */
    private static void relative(Ragdoll r, Clip clip, double t, int i, Quaterniond dest) {
        Pose p = clip.sample(t, Clip.Wrap.CLAMP, new Pose(clip.skeleton()));
        Vector3d[] pos = new Vector3d[r.bodyCount()];
        Quaterniond[] rot = new Quaterniond[r.bodyCount()];
        for (int k = 0; k < r.bodyCount(); k++) {
            pos[k] = new Vector3d();
            rot[k] = new Quaterniond();
        }
        r.mapper().bodyTargets(p, pos, rot);
        dest.set(rot[r.parent(i)]).conjugate().mul(rot[i]).normalize();
    }

    @Test
    void strengthScalesTheTorqueLimitAndZeroRemovesTheDrive() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        World w = new World();
        Pose pose = walk.clip().frame(0, new Pose(walk.skeleton()));
        Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
        DriveProfile p = DriveProfile.named("default");
        PoseDriver d = new PoseDriver(r, p);
        int forearm = indexOf(r, "forearm.L");
        double full = p.gains("forearm", "forearm.L").maxTorque();
        assertEquals(full, d.maxTorque(forearm), 1e-12);
        d.setRegionStrength("forearm", 0.5);
        d.setBodyStrength(forearm, 0.5);
        assertEquals(0.25 * full, d.maxTorque(forearm), 1e-12);
        assertEquals(0.5 * p.gains("forearm", "forearm.R").maxTorque(), d.maxTorque(indexOf(r, "forearm.R")), 1e-12);
        d.setRegionStrength("forearm", 0);
        d.capture(pose);
        d.update();
        w.step();
        assertEquals(0, w.driveTorque(r.joint(forearm), new Vector3d()).length());
        assertThrows(InvalidArgumentException.class, () -> d.setRegionStrength("tail", 1));
        assertThrows(InvalidArgumentException.class, () -> d.setRegionStrength("hand", 1.5));
        assertThrows(InvalidArgumentException.class, () -> d.setBodyStrength(0, Double.NaN));
    }

    /**
     * The root drive (no gravity) pulls a floating ragdoll's pelvis 0.3 m to its target without
     * overshooting and holds it there, at any stiffness: it is a spring solved with the joints.
     */
    @Test
    void rootDrivePullsThePelvisToItsTargetAtAnyStiffness() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        for (double k : new double[] {400, 1e4, 1e8}) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
            Pose pose = walk.clip().frame(0, new Pose(walk.skeleton()));
            Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
            PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
            d.setRootDrive(new RootDrive(r, k, 2 * Math.sqrt(k), Double.POSITIVE_INFINITY, k, 2 * Math.sqrt(k), 1e6));
            Vector3d root = pose.rootTranslation(new Vector3d());
            pose.setRootTranslation(new Vector3d(root).add(0.3, 0, 0));
            d.capture(pose);
            Vector3d target = new Vector3d();
            double worst = 0;
            for (int i = 0; i < 180; i++) {
                d.update();
                w.step();
                worst = Math.max(worst, w.position(r.body(0), new Vector3d()).distance(d.targetPosition(0, target)));
            }
            double end = w.position(r.body(0), new Vector3d()).distance(d.targetPosition(0, target));
            assertTrue(end < 0.01, "k = " + k + ": pelvis " + end + " m from its target");
            assertTrue(worst < 0.31, "k = " + k + ": overshoot to " + worst + " m");
        }
    }

    /**
     * The root drive's force limit: pulled 2 m by a stiff spring limited to 140 N, a floating 70 kg
     * ragdoll accelerates at most 2 m/s² (so covers at most ½·2·t² = 0.25 m in 0.5 s), where the
     * unlimited spring would cover most of the 2 m.
     */
    @Test
    void rootDriveForceLimitBoundsThePull() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        double[] moved = new double[2];
        for (int limited = 0; limited < 2; limited++) {
            World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
            Pose pose = walk.clip().frame(0, new Pose(walk.skeleton()));
            Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
            PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
            double mass = 0;
            for (int i = 0; i < r.bodyCount(); i++) {
                mass += w.mass(r.body(i));
            }
            double maxForce = limited == 1 ? 2 * mass : Double.POSITIVE_INFINITY;
            d.setRootDrive(new RootDrive(r, 400, 40, maxForce, 400, 40, 1e6));
            Vector3d start = w.position(r.body(0), new Vector3d());
            pose.setRootTranslation(pose.rootTranslation(new Vector3d()).add(2, 0, 0));
            d.capture(pose);
            for (int i = 0; i < 30; i++) {
                d.update();
                w.step();
            }
            moved[limited] = w.position(r.body(0), new Vector3d()).x - start.x;
        }
        assertTrue(moved[1] < 0.25 * 1.05, "limited pull moved the pelvis " + moved[1] + " m");
        assertTrue(moved[0] > 1, "unlimited pull moved it " + moved[0] + " m");
    }

    private static int indexOf(Ragdoll r, String name) {
        int i = r.bodyIndex(name);
        if (i < 0) {
            throw new AssertionError(name);
        }
        return i;
    }

    private static double angle(Quaterniond a, Quaterniond b) {
        double dot = Math.abs(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w);
        return 2 * Math.acos(Math.min(1, dot));
    }

    /**
     * Blend weights: 0 renders the animation, 1 the physics pose, ½ the bone halfway between them
     * (the slerp's angle to each is half the angle between them).
     */
    @Test
    void blendedPoseMixesAnimationAndPhysicsPerBody() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        World w = new World(WorldSettings.defaults().withSleep(false));
        Pose pose = walk.clip().frame(0, new Pose(walk.skeleton()));
        Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
        PoseDriver d = new PoseDriver(r, DriveProfile.named("limp"));
        d.capture(pose);
        int arm = indexOf(r, "forearm.L");
        w.applyLinearImpulse(r.body(arm), new Vector3d(0, 0, 2)); // limp: the struck arm swings away
        for (int i = 0; i < 30; i++) {
            d.update();
            w.step();
        }
        int bone = r.bone(arm);
        Pose physics = r.readPose(new Pose(walk.skeleton()).set(pose));
        Quaterniond anim = pose.localRotation(bone, new Quaterniond());
        Quaterniond phys = physics.localRotation(bone, new Quaterniond());
        double apart = angle(anim, phys);
        assertTrue(apart > Math.toRadians(2), "the limp arm moved away (" + Math.toDegrees(apart) + "°)");
        Pose out = new Pose(walk.skeleton());
        d.setBlendWeight(arm, 0);
        assertTrue(angle(anim, d.blendedPose(out).localRotation(bone, new Quaterniond())) < 1e-9);
        d.setBlendWeight(arm, 1);
        assertTrue(angle(phys, d.blendedPose(out).localRotation(bone, new Quaterniond())) < 1e-9);
        d.setBlendWeight(arm, 0.5);
        Quaterniond half = d.blendedPose(out).localRotation(bone, new Quaterniond());
        assertEquals(apart / 2, angle(anim, half), 1e-6);
        assertEquals(apart / 2, angle(phys, half), 1e-6);
        assertThrows(InvalidArgumentException.class, () -> d.setBlendWeight(arm, -0.1));
    }

    /**
     * A partial ragdoll: everything kinematic along the animation except the left arm. The kinematic
     * bodies follow the playing walk exactly; the physical arm, struck, swings away and back.
     */
    @Test
    void kinematicBodiesFollowTheAnimationWhileTheArmIsPhysical() {
        BvhImporter.Bvh walk = Mocap.read("cmu/131_01.bvh");
        World w = new World(WorldSettings.defaults().withSleep(false).withGravity(new Vector3d()));
        Clip clip = walk.clip();
        Pose pose = clip.sample(2, Clip.Wrap.CLAMP, new Pose(walk.skeleton()));
        Ragdoll r = Ragdoll.build(w, walk.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
        PoseDriver d = new PoseDriver(r, DriveProfile.named("default"));
        java.util.Set<String> arm = java.util.Set.of("upperArm.L", "forearm.L", "hand.L");
        for (int i = 0; i < r.bodyCount(); i++) {
            d.setKinematic(i, !arm.contains(r.bodyName(i)));
        }
        double worstKinematic = 0;
        double worstArm = 0;
        int forearm = indexOf(r, "forearm.L");
        for (int t = 0; t < 120; t++) {
            d.capture(clip.sample(2 + (t + 1) / 60.0, Clip.Wrap.CLAMP, pose));
            d.update();
            if (t == 20) {
                w.applyLinearImpulse(r.body(forearm), new Vector3d(0, 0, 3));
            }
            w.step();
            TrackingReport rep = d.report();
            for (int i = 0; i < r.bodyCount(); i++) {
                if (d.isKinematic(i)) {
                    worstKinematic = Math.max(worstKinematic, rep.errorDeg[i]);
                } else {
                    worstArm = Math.max(worstArm, rep.errorDeg[i]);
                }
            }
        }
        assertTrue(worstKinematic < 1e-3, "kinematic bodies off by " + worstKinematic + "°");
        assertTrue(worstArm > 5, "the struck arm swung (" + worstArm + "°)");
        assertTrue(d.report().errorDeg[forearm] < 5, "and came back (" + d.report().errorDeg[forearm] + "°)");
        assertEquals(0, w.mass(r.body(0)));
    }
}
