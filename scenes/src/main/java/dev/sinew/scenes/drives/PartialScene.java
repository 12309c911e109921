package dev.sinew.scenes.drives;

import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.BvhImporter;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.ContactEvents;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Plane;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Vector3d;

/**
 * A partial ragdoll: the CMU character holds the walk's first (standing) frame with only its arms
 * physical (blend weight 1, drives at the {@code default} profile) and every other body kinematic
 * along the animation (blend weight 0). A 5 kg box on a 1.2 m rope, released from the side, swings
 * into the arms at 0.5 s, 4 s. {@code kinematicErrorDeg} (largest angle between a kinematic body
 * and its animated target, over ticks: they follow exactly), {@code armMaxErrorDeg} (the hit's
 * largest deflection of an arm body), {@code armRestErrorDeg} (the arms' largest error over the
 * last second: they come back), {@code armHits} (touch events between the box and an arm body),
 * {@code maxJointSeparation} (the character's joints to a physical body, m) and {@code nanEvents}.
 */
public final class PartialScene implements Scene {
    /** The regions left physical: the arms. */
    static final Set<String> ARMS = Set.of("upperArm", "forearm", "hand");

    @Override
    public String name() {
        return "partial";
    }

    @Override
    public String category() {
        return "drives";
    }

    @Override
    public String description() {
        return "arms physical, the rest kinematic along the animation; a box swings into the arms";
    }

    static final double SECONDS = 4;

    @Override
    public double defaultSeconds() {
        return SECONDS;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP, SceneOption.RAGDOLL, SceneOption.PROFILE);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final ActiveCharacter character;
        final BodyHandle box;
        final Vector3d p = new Vector3d();
        double kinematicError;
        double armMax;
        double armRest;
        int armHits;
        double separation;
        int nanEvents;

        Instance(SceneOptions options) {
            world.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
            BvhImporter.Bvh walk = options.clip("cmu/131_01.bvh");
            character = new ActiveCharacter(world, walk, options.ragdoll("cmu-humanoid"), options.driveProfile("default"), 0, 0,
                    false);
            int arms = 0;
            for (int i = 0; i < character.ragdoll.bodyCount(); i++) {
                boolean arm = ARMS.contains(character.ragdoll.region(i));
                character.driver.setKinematic(i, !arm);
                arms += arm ? 1 : 0;
            }
            if (arms == 0) {
                throw new dev.sinew.solver.InvalidArgumentException("ragdoll", options.ragdoll("cmu-humanoid").name(),
                        "has no body in the arm regions " + ARMS + ", which this scene keeps physical");
            }
            // the rope's anchor 1.2 m above the hands (the forearms' middles for a ragdoll without
            // hands), the box released 1.1 m to the side
            Vector3d hands = handsCentre(character, world);
            Vector3d anchorAt = new Vector3d(hands).add(0, 1.2, 0);
            BodyHandle anchor = world.createBody(BodySettings.builder(BodyType.STATIC).position(anchorAt).build());
            Vector3d start = new Vector3d(hands).add(1.1, 1.2 - Math.sqrt(1.2 * 1.2 - 1.1 * 1.1), 0);
            box = world.createBody(BodySettings.builder(BodyType.DYNAMIC).position(start).mass(5)
                    .collider(Collider.of(new Box(0.1, 0.1, 0.1))).build());
            world.createJoint(BallJointSettings.of(anchor, new Vector3d(), box,
                    new Vector3d(anchorAt).sub(start)));
        }

        @Override
        public dev.sinew.drives.PoseDriver driver() {
            return character.driver;
        }

        @Override
        public BodyHandle focus() {
            return character.ragdoll.body(0);
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(long tick) {
            character.hold();
        }

        @Override
        public void afterStep(long tick) {
            double t = (tick + 1) * world.settings().tickSeconds();
            TrackingReport r = character.report();
            for (int i = 0; i < r.errorDeg.length; i++) {
                if (character.driver.isKinematic(i)) {
                    kinematicError = Math.max(kinematicError, r.errorDeg[i]);
                } else {
                    armMax = Math.max(armMax, r.errorDeg[i]);
                    if (t > SECONDS - 1) {
                        armRest = Math.max(armRest, r.errorDeg[i]);
                    }
                }
            }
            ContactEvents e = world.contactEvents();
            for (int k = 0; k < e.count(ContactEvents.Kind.BEGIN); k++) {
                BodyHandle a = e.bodyA(ContactEvents.Kind.BEGIN, k);
                BodyHandle b = e.bodyB(ContactEvents.Kind.BEGIN, k);
                if (a.equals(box) && isArm(b) || b.equals(box) && isArm(a)) {
                    armHits++;
                }
            }
            boolean nan = false;
            for (int i = 0; i < character.ragdoll.bodyCount(); i++) {
                nan |= !world.position(character.ragdoll.body(i), p).isFinite();
                // joints with a physical body; two kinematic bodies both follow the animation, whose
                // bone offsets need not close the ragdoll's joints (a spine with more segments)
                if (character.ragdoll.joint(i) != null && !character.driver.isKinematic(i)) {
                    separation = Math.max(separation, world.jointSeparation(character.ragdoll.joint(i)));
                }
            }
            nanEvents += nan ? 1 : 0;
        }

        private boolean isArm(BodyHandle h) {
            for (int i = 0; i < character.ragdoll.bodyCount(); i++) {
                if (character.ragdoll.body(i).equals(h)) {
                    return ARMS.contains(character.ragdoll.region(i));
                }
            }
            return false;
        }

        /** The mean position of the bodies of the hand region, or of the forearm region when there is none, m. */
        static Vector3d handsCentre(ActiveCharacter c, World world) {
            for (String region : List.of("hand", "forearm")) {
                Vector3d sum = new Vector3d();
                int n = 0;
                for (int i = 0; i < c.ragdoll.bodyCount(); i++) {
                    if (c.ragdoll.region(i).equals(region)) {
                        sum.add(world.position(c.ragdoll.body(i), new Vector3d()));
                        n++;
                    }
                }
                if (n > 0) {
                    return sum.div(n);
                }
            }
            return world.position(c.ragdoll.body(0), new Vector3d());
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kinematicErrorDeg", kinematicError);
            m.put("armMaxErrorDeg", armMax);
            m.put("armRestErrorDeg", armRest);
            m.put("armHits", armHits);
            m.put("maxJointSeparation", separation);
            m.put("nanEvents", nanEvents);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            return List.of(CheckResult.lessThan("kinematicErrorDeg", kinematicError, 0.01),
                    CheckResult.atLeast("armHits", armHits, 1),
                    CheckResult.lessThan("maxJointSeparation", separation, 0.005),
                    CheckResult.equalTo("nanEvents", nanEvents, 0));
        }
    }
}
