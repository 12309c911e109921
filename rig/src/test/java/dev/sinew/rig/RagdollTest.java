package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.World;
import dev.sinew.solver.WorldSettings;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The CMU ragdoll definition and the builder: round trip, joint closure, mass, and bad input. */
class RagdollTest {
    private static final BvhImporter.Bvh WALK = Mocap.read("cmu/131_01.bvh");

    @Test
    void shippedDefinitionLoads() {
        RagdollDefinition d = Profiles.ragdoll("cmu-humanoid");
        assertEquals(16, d.bodies().size());
        double sum = d.bodies().stream().mapToDouble(RagdollDefinition.Body::massFraction).sum();
        assertEquals(1, sum, 1e-9);
    }

    /**
     * Pose → ragdoll → read-back pose: every bone with a body comes back with the model rotation the
     * animation gave it (to 1e-6 rad) before any step, and the joints start closed.
     */
    @Test
    void poseRoundTripsThroughTheBodies() {
        World world = new World(WorldSettings.defaults());
        Skeleton s = WALK.skeleton();
        Pose pose = WALK.clip().frame(400, new Pose(s));
        Ragdoll r = Ragdoll.build(world, s, Profiles.ragdoll("cmu-humanoid"), pose);
        assertTrue(world.maxJointSeparation() < 1e-9, "joints open by " + world.maxJointSeparation());
        Pose back = r.readPose(new Pose(s).set(pose)).evaluate();
        pose.evaluate();
        for (int i = 0; i < r.bodyCount(); i++) {
            int b = r.bone(i);
            Quaterniond expected = pose.modelRotation(b, new Quaterniond());
            Quaterniond got = back.modelRotation(b, new Quaterniond());
            double angle = angleBetween(expected, got);
            assertTrue(angle < 1e-6, s.name(b) + " off by " + angle + " rad");
        }
        double mass = 0;
        for (int i = 0; i < r.bodyCount(); i++) {
            mass += world.mass(r.body(i));
        }
        assertEquals(70, mass, 1e-9);
    }

    /**
     * After the ragdoll has moved, the read-back pose puts every mapped bone where its body is
     * (model rotations equal to the bodies' less their fixed offsets, checked through the mapper's
     * own targets) and every unmapped bone (extra spine segments, collars, fingers) keeps the
     * animated local rotation.
     */
    @Test
    void physicsPoseKeepsUnmappedBonesAnimated() {
        World world = new World(WorldSettings.defaults().withGravity(new Vector3d(0, -9.81, 0)));
        world.createBody(BodySettings.builder(BodyType.STATIC).collider(dev.sinew.solver.Collider.of(
                dev.sinew.solver.shape.Plane.ground())).build());
        Skeleton s = WALK.skeleton();
        Pose anim = WALK.clip().frame(0, new Pose(s));
        anim.setRootTranslation(anim.rootTranslation(new Vector3d()).add(0, 0.5, 0));
        Ragdoll r = Ragdoll.build(world, s, Profiles.ragdoll("cmu-humanoid"), anim);
        for (int i = 0; i < 40; i++) {
            world.step();
        }
        Pose physics = r.readPose(new Pose(s).set(anim));
        // the mapper's targets for the read-back pose are the bodies' own orientations
        Vector3d[] pos = new Vector3d[r.bodyCount()];
        Quaterniond[] rot = new Quaterniond[r.bodyCount()];
        for (int i = 0; i < r.bodyCount(); i++) {
            pos[i] = new Vector3d();
            rot[i] = new Quaterniond();
        }
        r.mapper().bodyTargets(physics, pos, rot);
        for (int i = 0; i < r.bodyCount(); i++) {
            Quaterniond body = world.orientation(r.body(i), new Quaterniond());
            double angle = angleBetween(body, rot[i]);
            assertTrue(angle < 1e-9, r.bodyName(i) + " off by " + angle + " rad");
        }
        assertTrue(pos[0].distance(world.position(r.body(0), new Vector3d())) < 1e-9, "root body where its bone puts it");
        for (String unmapped : new String[] {"Chest2", "LeftCollar", "lowerneck", "LFingers"}) {
            int b = s.index(unmapped);
            assertEquals(-1, r.mapper().body(b));
            Quaterniond a = anim.localRotation(b, new Quaterniond());
            Quaterniond p = physics.localRotation(b, new Quaterniond());
            assertEquals(1, Math.abs(a.dot(p)), 1e-15, unmapped + " keeps its animated rotation");
        }
    }

    /**
     * Stabilization keeps the total mass, brings every body within 4× of its parent's mass, and gives
     * every parent at least its children's summed largest moment; switched off, the masses are the
     * definition's fractions.
     */
    @Test
    void stabilizationBoundsMassRatiosAndKeepsTheTotal() {
        Skeleton s = WALK.skeleton();
        RagdollDefinition def = Profiles.ragdoll("cmu-humanoid");
        World w = new World();
        Ragdoll r = Ragdoll.build(w, s, def, new Pose(s), true, true);
        double total = 0;
        int[] parent = new int[r.bodyCount()];
        for (int i = 0; i < r.bodyCount(); i++) {
            total += w.mass(r.body(i));
            String p = def.bodies().get(i).joint() == null ? null : def.bodies().get(i).joint().parent();
            parent[i] = -1;
            for (int k = 0; k < i; k++) {
                if (def.bodies().get(k).name().equals(p)) {
                    parent[i] = k;
                }
            }
        }
        assertEquals(70, total, 1e-9);
        boolean anyMoved = false;
        for (int i = 1; i < r.bodyCount(); i++) {
            double ratio = w.mass(r.body(i)) / w.mass(r.body(parent[i]));
            assertTrue(ratio <= Ragdoll.MAX_MASS_RATIO * (1 + 1e-9) && ratio >= 1 / Ragdoll.MAX_MASS_RATIO * (1 - 1e-9),
                    r.bodyName(i) + " to its parent " + ratio);
            anyMoved |= Math.abs(w.mass(r.body(i)) - 70 * def.bodies().get(i).massFraction()) > 1e-9;
        }
        assertTrue(anyMoved, "the CMU definition has ratios past 4 (upper arm 2.1 kg on a 15.4 kg chest)");
        for (int p = 0; p < r.bodyCount(); p++) {
            double children = 0;
            for (int i = 0; i < r.bodyCount(); i++) {
                if (parent[i] == p) {
                    org.joml.Matrix3d c = w.inertiaInBodySpace(r.body(i), new org.joml.Matrix3d());
                    children += Math.max(c.m00, Math.max(c.m11, c.m22));
                }
            }
            org.joml.Matrix3d m = w.inertiaInBodySpace(r.body(p), new org.joml.Matrix3d());
            assertTrue(Math.min(m.m00, Math.min(m.m11, m.m22)) >= children * (1 - 1e-9), r.bodyName(p) + " inertia");
        }
        World plain = new World();
        Ragdoll off = Ragdoll.build(plain, s, def, new Pose(s), true, false);
        for (int i = 0; i < off.bodyCount(); i++) {
            assertEquals(70 * def.bodies().get(i).massFraction(), plain.mass(off.body(i)), 1e-9);
        }
    }

    @Test
    void badDefinitionsNameTheField() {
        String good = "{\"name\": \"x\", \"totalMass\": 10, \"bodies\": [{\"name\": \"a\", \"bone\": \"Hips\", \"region\": \"pelvis\","
                + " \"massFraction\": 1, \"shape\": {\"type\": \"sphere\", \"radius\": 0.1}}]}";
        RagdollDefinition.parse(good, "good.json");
        assertField(good.replace("\"pelvis\"", "\"tail\""), "$.bodies[0].region");
        assertField(good.replace("\"radius\": 0.1", "\"radius\": -0.1"), "$.bodies[0].shape.radius");
        assertField(good.replace("\"totalMass\": 10", "\"totalMass\": 0"), "$.totalMass");
        assertField(good.replace("\"massFraction\": 1", "\"massFraction\": 0.5"), "massFraction");
        assertField(good.replace("\"name\": \"x\",", "\"name\": \"x\", \"colour\": 3,"), "colour");
        assertField(good.replace("\"radius\": 0.1}}]}", "\"radius\": 0.1}}"), "good.json");
        String unknownBone = good.replace("\"Hips\"", "\"Tail\"");
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).build());
        long hash = w.stateHash();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Ragdoll.build(w, WALK.skeleton(),
                RagdollDefinition.parse(unknownBone, "bone.json"), new Pose(WALK.skeleton())));
        assertTrue(e.getMessage().contains("Tail"), e.getMessage());
        assertEquals(hash, w.stateHash(), "the world is unchanged");
        assertEquals(1, w.bodyCount());
    }

    /** The angle between two rotations, rad, accurate near 0 (acos of the dot product is not). */
    private static double angleBetween(Quaterniond a, Quaterniond b) {
        Quaterniond d = new Quaterniond(a).conjugate().mul(b);
        return 2 * Math.atan2(Math.sqrt(d.x * d.x + d.y * d.y + d.z * d.z), Math.abs(d.w));
    }

    private static void assertField(String json, String field) {
        FormatException e = assertThrows(FormatException.class, () -> RagdollDefinition.parse(json, "good.json"));
        assertTrue(e.getMessage().contains(field), e.getMessage());
    }

    @Test
    void skeletonRejectsUnknownBones() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> WALK.skeleton().index("Tail"));
        assertTrue(e.getMessage().contains("Tail"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> Skeleton.builder().add("a", 0, new Vector3d()));
    }
}
