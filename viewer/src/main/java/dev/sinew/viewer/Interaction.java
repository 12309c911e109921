package dev.sinew.viewer;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.solver.BallJointSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.BodyView;
import dev.sinew.solver.Collider;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.RayHit;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Sphere;
import java.util.Optional;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * What the mouse and keys do to a world: strike a body at a point, drag it on a spring, throw a
 * ball, drop a ragdoll. All of it goes through the solver's public API.
 */
final class Interaction {
    /** Mouse spring: natural frequency (Hz) and damping ratio for the dragged body's mass. */
    static final double DRAG_HERTZ = 4;
    static final double DRAG_DAMPING_RATIO = 1;
    /** Thrown ball: radius (m) and speed (m/s). */
    static final double BALL_RADIUS = 0.12;
    static final double BALL_SPEED = 15;

    private World world;
    private BodyHandle anchor;
    private JointHandle joint;
    private BodyHandle dragged;
    private double dragDistance;
    private final Vector3d target = new Vector3d();
    private static BvhImporter.Bvh walk;
    private static RagdollDefinition cmu;

    /** The first dynamic body along the ray, if any. */
    static Optional<RayHit> pick(World w, Vector3dc eye, Vector3dc dir) {
        Optional<RayHit> hit = w.queries().rayCast(eye, dir, 500);
        return hit.filter(h -> w.body(h.body()).type() == BodyType.DYNAMIC);
    }

    /** Whether the first body along the ray is one of the character's. */
    static boolean strikesCharacter(World w, dev.sinew.reactions.Character c, Vector3dc eye, Vector3dc dir) {
        Optional<RayHit> hit = w.queries().rayCast(eye, dir, dev.sinew.reactions.hit.Hit.RAY_LENGTH);
        if (hit.isEmpty()) {
            return false;
        }
        for (int i = 0; i < c.ragdoll().bodyCount(); i++) {
            if (c.ragdoll().body(i).equals(hit.get().body())) {
                return true;
            }
        }
        return false;
    }

    /** An impulse of mass × speed along the ray at the point hit; the impulse (N·s), or 0 on a miss. */
    static double strike(World w, Vector3dc eye, Vector3dc dir, double speed) {
        Optional<RayHit> hit = pick(w, eye, dir);
        if (hit.isEmpty()) {
            return 0;
        }
        BodyView body = w.body(hit.get().body());
        double impulse = body.mass() * speed;
        body.applyImpulseAtPoint(new Vector3d(dir).mul(impulse), hit.get().point());
        return impulse;
    }

    /**
     * Grabs the body under the ray: a kinematic anchor at the hit point, joined to the body there
     * by a ball joint whose point is a spring (so the body swings about the grip). False on a miss.
     */
    boolean grab(World w, Vector3dc eye, Vector3dc dir) {
        release();
        Optional<RayHit> hit = pick(w, eye, dir);
        if (hit.isEmpty()) {
            return false;
        }
        RayHit h = hit.get();
        world = w;
        dragged = h.body();
        dragDistance = h.distance();
        target.set(h.point());
        anchor = w.createBody(BodySettings.builder(BodyType.KINEMATIC).position(h.point().x(), h.point().y(), h.point().z())
                .build());
        Vector3d local = w.position(dragged, new Vector3d());
        local.set(h.point()).sub(w.position(dragged, new Vector3d()));
        w.orientation(dragged, new Quaterniond()).conjugate().transform(local);
        double m = w.body(dragged).mass();
        double omega = 2 * Math.PI * DRAG_HERTZ;
        joint = w.createJoint(BallJointSettings.of(anchor, new Vector3d(), dragged, local)
                .withPointSpring(m * omega * omega, 2 * m * DRAG_DAMPING_RATIO * omega));
        return true;
    }

    boolean dragging() {
        return anchor != null;
    }

    /** Moves the grip to where the ray is at the grab distance. */
    void drag(Vector3dc eye, Vector3dc dir) {
        if (anchor != null) {
            target.set(dir).mul(dragDistance).add(eye);
        }
    }

    /** Before each tick: the anchor heads for the grip. */
    void beforeTick() {
        if (anchor != null) {
            world.body(anchor).moveKinematic(target, new Quaterniond());
            world.wake(dragged);
        }
    }

    void release() {
        if (anchor != null && world.isValid(anchor)) {
            if (world.isValid(dragged)) {
                world.destroyJoint(joint);
            }
            world.destroyBody(anchor);
        }
        anchor = null;
        joint = null;
        dragged = null;
        world = null;
    }

    /** Forgets a grab in a world that is being replaced. */
    void forget() {
        anchor = null;
        joint = null;
        dragged = null;
        world = null;
    }

    /** A ball from the eye along the ray. */
    static void throwBall(World w, Vector3dc eye, Vector3dc dir) {
        Vector3d start = new Vector3d(dir).mul(0.5).add(eye);
        w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(start.x, start.y, start.z)
                .linearVelocity(dir.x() * BALL_SPEED, dir.y() * BALL_SPEED, dir.z() * BALL_SPEED).bullet(true)
                .collider(Collider.of(new Sphere(BALL_RADIUS))).build());
    }

    /** The limp CMU ragdoll dropped 1 m above the ground where the ray meets y = 0 (or 3 m ahead). */
    static void dropRagdoll(World w, Vector3dc eye, Vector3dc dir) {
        if (walk == null) {
            walk = Mocap.read("cmu/131_01.bvh");
            cmu = Profiles.ragdoll("cmu-humanoid");
        }
        double t = dir.y() < -1e-3 ? -eye.y() / dir.y() : 3;
        t = Math.min(t, 30);
        RagdollDropScene.drop(w, walk, cmu, eye.x() + t * dir.x(), eye.z() + t * dir.z(), 1, true);
    }
}
