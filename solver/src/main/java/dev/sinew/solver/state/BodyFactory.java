package dev.sinew.solver.state;

import dev.sinew.solver.BodySettings;
import dev.sinew.solver.Collider;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.collision.BroadPhase;
import dev.sinew.solver.collision.Colliders;
import dev.sinew.solver.shape.MassProperties;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;

/**
 * Creates a body from validated settings: mass properties integrated per collider and combined
 * about the centre of mass (or scaled to an explicit mass), then the body's and its colliders'
 * slots written. Everything that can fail is computed before anything is written.
 */
public final class BodyFactory {
    private BodyFactory() {
    }

    /** Creates the body; returns its slot. */
    public static int create(WorldState w, BodySettings s) {
        BroadPhase broadPhase = w.broadPhase;
        Bodies bodies = w.bodies;
        Colliders colliders = w.colliders;

        byte type = switch (s.type()) {
            case STATIC -> Bodies.STATIC;
            case KINEMATIC -> Bodies.KINEMATIC;
            case DYNAMIC -> Bodies.DYNAMIC;
        };
        // Mass properties first: nothing is written until everything is known to be valid.
        double mass = 0;
        Vector3d com = new Vector3d();
        Matrix3d inertia = new Matrix3d().zero();
        List<MassProperties> parts = new ArrayList<>();
        Matrix3d rotM = new Matrix3d();
        for (Collider c : s.colliders()) {
            if (c.shape().staticOnly()) {
                continue;
            }
            MassProperties mp = c.shape().massProperties(c.material().density());
            rotM.set(c.localRotation());
            Vector3d center = c.localRotation().transform(new Vector3d(mp.center())).add(c.localPosition());
            parts.add(new MassProperties(mp.mass(), center, MassProperties.rotateInertia(mp.inertia(), rotM,
                    new Matrix3d())));
        }
        if (!parts.isEmpty()) {
            MassProperties total = MassProperties.combine(parts.toArray(new MassProperties[0]));
            mass = total.mass();
            com.set(total.center());
            inertia.set(total.inertia());
        }
        if (type == Bodies.DYNAMIC) {
            if (!Double.isNaN(s.mass())) {
                if (mass > 0) {
                    inertia.scale(s.mass() / mass);
                } else {
                    double i = 0.4 * s.mass() * 0.05 * 0.05;
                    inertia.scaling(i);
                }
                mass = s.mass();
            }
            if (!(mass > 0) || !Double.isFinite(mass)) {
                throw new InvalidArgumentException("mass", mass, "a dynamic body needs a finite mass > 0");
            }
            if (!(inertia.m00 > 0 && inertia.m11 > 0 && inertia.m22 > 0) || !Double.isFinite(inertia.determinant())
                    || !(inertia.determinant() > 0)) {
                throw new InvalidArgumentException("inertia", inertia, "must be finite and positive definite");
            }
        }
        int b = bodies.allocate();
        bodies.alive[b] = true;
        bodies.type[b] = type;
        bodies.awake[b] = true;
        bodies.allowSleep[b] = s.allowSleep();
        bodies.gyroscopic[b] = s.gyroscopic();
        bodies.bullet[b] = s.bullet();
        bodies.continuous[b] = s.continuousCollision();
        bodies.sleepTime[b] = 0;
        bodies.islandId[b] = -1;
        bodies.localCom[3 * b] = com.x;
        bodies.localCom[3 * b + 1] = com.y;
        bodies.localCom[3 * b + 2] = com.z;
        Quaterniondc q = s.orientation();
        bodies.setRotation(b, q.x(), q.y(), q.z(), q.w());
        Vector3d worldCom = q.transform(new Vector3d(com)).add(s.position());
        Bodies.setVec(bodies.pos, b, worldCom.x, worldCom.y, worldCom.z);
        System.arraycopy(bodies.pos, 3 * b, bodies.prevPos, 3 * b, 3);
        System.arraycopy(bodies.rot, 4 * b, bodies.prevRot, 4 * b, 4);
        if (type == Bodies.STATIC) {
            Bodies.setVec(bodies.linVel, b, 0, 0, 0);
            Bodies.setVec(bodies.angVel, b, 0, 0, 0);
        } else {
            Bodies.setVec(bodies.linVel, b, s.linearVelocity().x(), s.linearVelocity().y(), s.linearVelocity().z());
            Bodies.setVec(bodies.angVel, b, s.angularVelocity().x(), s.angularVelocity().y(), s.angularVelocity().z());
        }
        Bodies.setVec(bodies.force, b, 0, 0, 0);
        Bodies.setVec(bodies.torque, b, 0, 0, 0);
        bodies.linearDamping[b] = s.linearDamping();
        bodies.angularDamping[b] = s.angularDamping();
        bodies.gravityScale[b] = s.gravityScale();
        if (type == Bodies.DYNAMIC) {
            bodies.mass[b] = mass;
            bodies.invMass[b] = 1 / mass;
            Matrix3d inv = new Matrix3d(inertia).invert();
            putSym(bodies.inertiaLocal, b, inertia);
            putSym(bodies.invInertiaLocal, b, inv);
        } else {
            bodies.mass[b] = 0;
            bodies.invMass[b] = 0;
            Arrays.fill(bodies.inertiaLocal, 6 * b, 6 * b + 6, 0);
            Arrays.fill(bodies.invInertiaLocal, 6 * b, 6 * b + 6, 0);
        }
        bodies.updateWorldInertia(b);
        int[] shapeSlots = new int[s.colliders().size()];
        for (int i = 0; i < shapeSlots.length; i++) {
            Collider c = s.colliders().get(i);
            int k = colliders.allocate();
            shapeSlots[i] = k;
            colliders.alive[k] = true;
            colliders.body[k] = b;
            colliders.shape[k] = c.shape();
            colliders.spec[k] = c;
            colliders.isPlane[k] = c.shape() instanceof Plane;
            Bodies.setVec(colliders.localPos, k, c.localPosition().x(), c.localPosition().y(), c.localPosition().z());
            colliders.localRot[4 * k] = c.localRotation().x();
            colliders.localRot[4 * k + 1] = c.localRotation().y();
            colliders.localRot[4 * k + 2] = c.localRotation().z();
            colliders.localRot[4 * k + 3] = c.localRotation().w();
            Bodies.setVec(colliders.comOffset, k, c.localPosition().x() - com.x, c.localPosition().y() - com.y,
                    c.localPosition().z() - com.z);
            colliders.friction[k] = c.material().friction();
            colliders.restitution[k] = c.material().restitution();
            colliders.frictionRule[k] = c.material().frictionCombine();
            colliders.restitutionRule[k] = c.material().restitutionCombine();
            colliders.category[k] = c.category();
            colliders.mask[k] = c.mask();
            colliders.maxRadius[k] = new Vector3d(colliders.comOffset[3 * k], colliders.comOffset[3 * k + 1],
                    colliders.comOffset[3 * k + 2]).length() + shapeRadius(c.shape());
            w.contacts.updateColliderPose(k);
            if (!colliders.isPlane[k]) {
                w.contacts.refitBounds(k, true, w.settings);
            }
            broadPhase.add(colliders, k);
        }
        bodies.shapes[b] = shapeSlots;
        return b;
    }

    public static double shapeRadius(Shape s) {
        if (s instanceof dev.sinew.solver.shape.Sphere sp) {
            return sp.radius();
        }
        if (s instanceof dev.sinew.solver.shape.Capsule c) {
            return c.halfHeight() + c.radius();
        }
        if (s instanceof dev.sinew.solver.shape.Box bx) {
            return bx.hull().maxRadius();
        }
        if (s instanceof dev.sinew.solver.shape.ConvexHull h) {
            return h.maxRadius();
        }
        return 0;
    }

    public static void putSym(double[] dest, int b, Matrix3d m) {
        int o = 6 * b;
        dest[o] = m.m00;
        dest[o + 1] = m.m11;
        dest[o + 2] = m.m22;
        dest[o + 3] = 0.5 * (m.m10 + m.m01);
        dest[o + 4] = 0.5 * (m.m20 + m.m02);
        dest[o + 5] = 0.5 * (m.m21 + m.m12);
    }
}
