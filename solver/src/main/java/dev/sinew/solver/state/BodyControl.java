package dev.sinew.solver.state;

import dev.sinew.solver.BodyType;
import dev.sinew.solver.Check;
import dev.sinew.solver.Collider;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.math.Quaternions;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A body's state read and changed between ticks (the public {@code World} and {@code BodyView}
 * call these with a checked slot): poses and velocities, interpolated poses, teleports,
 * kinematic targets, impulses and forces, type and mass properties. Every change validates its
 * arguments before writing and wakes the body's island when it changes how the body moves.
 * Allocates nothing on the paths a controller calls every tick.
 */
public final class BodyControl {
    private final WorldState state;
    private final Bodies bodies;
    private final Quaterniond kinematicTarget = new Quaterniond();
    private final Quaterniond kinematicTurn = new Quaterniond();
    private final Vector3d kinematicCom = new Vector3d();
    private final Vector3d momentScratch = new Vector3d();
    private final Quaterniond interpolated = new Quaterniond();

    public BodyControl(WorldState state) {
        this.state = state;
        this.bodies = state.bodies;
    }

    /** Body origin, world, metres: centre of mass − R·localCom. */
    public Vector3d position(int b, Vector3d dest) {
        double rx = Quaternions.rotX(bodies.rot, b, bodies.localCom, 3 * b);
        double ry = Quaternions.rotY(bodies.rot, b, bodies.localCom, 3 * b);
        double rz = Quaternions.rotZ(bodies.rot, b, bodies.localCom, 3 * b);
        return dest.set(bodies.pos[3 * b] - rx, bodies.pos[3 * b + 1] - ry, bodies.pos[3 * b + 2] - rz);
    }

    public Vector3d centerOfMass(int b, Vector3d dest) {
        return dest.set(bodies.pos[3 * b], bodies.pos[3 * b + 1], bodies.pos[3 * b + 2]);
    }

    public Quaterniond orientation(int b, Quaterniond dest) {
        return dest.set(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }

    public Vector3d linearVelocity(int b, Vector3d dest) {
        return dest.set(bodies.linVel[3 * b], bodies.linVel[3 * b + 1], bodies.linVel[3 * b + 2]);
    }

    public Vector3d angularVelocity(int b, Vector3d dest) {
        return dest.set(bodies.angVel[3 * b], bodies.angVel[3 * b + 1], bodies.angVel[3 * b + 2]);
    }

    /** Body origin lerped between the previous and the current tick by fraction a, with the nlerped orientation. */
    public Vector3d interpolatedPosition(int b, double a, Vector3d dest) {
        Quaterniond q = interpolatedOrientation(b, a, interpolated);
        dest.set(bodies.localCom[3 * b], bodies.localCom[3 * b + 1], bodies.localCom[3 * b + 2]);
        q.transform(dest);
        double cx = bodies.prevPos[3 * b] + a * (bodies.pos[3 * b] - bodies.prevPos[3 * b]);
        double cy = bodies.prevPos[3 * b + 1] + a * (bodies.pos[3 * b + 1] - bodies.prevPos[3 * b + 1]);
        double cz = bodies.prevPos[3 * b + 2] + a * (bodies.pos[3 * b + 2] - bodies.prevPos[3 * b + 2]);
        return dest.set(cx - dest.x, cy - dest.y, cz - dest.z);
    }

    /** Orientation nlerped on the shorter arc between the previous and the current tick by fraction a. */
    public Quaterniond interpolatedOrientation(int b, double a, Quaterniond dest) {
        double[] p = bodies.prevRot;
        double[] r = bodies.rot;
        int o = 4 * b;
        double dot = p[o] * r[o] + p[o + 1] * r[o + 1] + p[o + 2] * r[o + 2] + p[o + 3] * r[o + 3];
        double s = dot < 0 ? -1 : 1;
        dest.set(p[o] + a * (s * r[o] - p[o]), p[o + 1] + a * (s * r[o + 1] - p[o + 1]),
                p[o + 2] + a * (s * r[o + 2] - p[o + 2]), p[o + 3] + a * (s * r[o + 3] - p[o + 3]));
        return dest.normalize();
    }

    public BodyType type(int b) {
        return switch (bodies.type[b]) {
            case Bodies.STATIC -> BodyType.STATIC;
            case Bodies.KINEMATIC -> BodyType.KINEMATIC;
            default -> BodyType.DYNAMIC;
        };
    }

    /** Mass in kg (0 for static and kinematic bodies). */
    public double mass(int b) {
        return bodies.type[b] == Bodies.DYNAMIC ? bodies.mass[b] : 0;
    }

    /** Teleports the body origin and orientation; velocities are kept; colliders and bounds follow. */
    public void setTransform(int b, Vector3dc position, Quaterniondc orientation) {
        Check.finite("position", position);
        Check.unit("orientation", orientation);
        Quaterniond q = new Quaterniond(orientation).normalize();
        bodies.setRotation(b, q.x, q.y, q.z, q.w);
        Vector3d c = q.transform(new Vector3d(bodies.localCom[3 * b], bodies.localCom[3 * b + 1],
                bodies.localCom[3 * b + 2])).add(position);
        Bodies.setVec(bodies.pos, b, c.x, c.y, c.z);
        System.arraycopy(bodies.pos, 3 * b, bodies.prevPos, 3 * b, 3);
        System.arraycopy(bodies.rot, 4 * b, bodies.prevRot, 4 * b, 4);
        bodies.updateWorldInertia(b);
        for (int k : bodies.shapes[b]) {
            state.contacts.updateColliderPose(k);
            if (!state.colliders.isPlane[k]) {
                state.contacts.refitBounds(k, true, state.settings);
            }
        }
        bodies.wakeIsland(b);
    }

    public void setLinearVelocity(int b, Vector3dc v) {
        Check.finite("linearVelocity", v);
        requireMovable(b);
        Bodies.setVec(bodies.linVel, b, v.x(), v.y(), v.z());
        bodies.wakeIsland(b);
    }

    public void setAngularVelocity(int b, Vector3dc w) {
        Check.finite("angularVelocity", w);
        requireMovable(b);
        Bodies.setVec(bodies.angVel, b, w.x(), w.y(), w.z());
        bodies.wakeIsland(b);
    }

    private void requireMovable(int b) {
        if (bodies.type[b] == Bodies.STATIC) {
            throw new InvalidArgumentException("body", state.handle(b), "a static body cannot have a velocity");
        }
    }

    /**
     * Velocities that bring a kinematic body to the target origin and orientation at the end of
     * the next tick: v = Δc/dt, ω = axis·angle/dt of the turn conj(q)·q_target (shorter arc).
     */
    public void moveKinematic(int b, Vector3dc targetPosition, Quaterniondc targetOrientation) {
        Check.finite("targetPosition", targetPosition);
        Check.unit("targetOrientation", targetOrientation);
        if (bodies.type[b] != Bodies.KINEMATIC) {
            throw new InvalidArgumentException("body", state.handle(b), "must be kinematic");
        }
        double dt = state.settings.tickSeconds();
        Quaterniond qt = kinematicTarget.set(targetOrientation).normalize();
        Quaterniond dq = kinematicTurn.set(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3])
                .conjugate().premul(qt);
        if (dq.w < 0) {
            dq.set(-dq.x, -dq.y, -dq.z, -dq.w);
        }
        double sin = Math.sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z);
        double angle = 2 * StrictMath.atan2(sin, dq.w);
        double k = sin > 1e-300 ? angle / (sin * dt) : 2 / dt;
        Vector3d comTarget = qt.transform(kinematicCom.set(bodies.localCom[3 * b], bodies.localCom[3 * b + 1],
                bodies.localCom[3 * b + 2])).add(targetPosition);
        Bodies.setVec(bodies.linVel, b, (comTarget.x - bodies.pos[3 * b]) / dt, (comTarget.y - bodies.pos[3 * b + 1]) / dt,
                (comTarget.z - bodies.pos[3 * b + 2]) / dt);
        Bodies.setVec(bodies.angVel, b, dq.x * k, dq.y * k, dq.z * k);
        bodies.awake[b] = true;
    }

    /** v += impulse / m for a dynamic body (others are left alone); wakes it. */
    public void applyLinearImpulse(int b, Vector3dc impulse) {
        Check.finite("impulse", impulse);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        bodies.wakeIsland(b);
        double m = bodies.invMass[b];
        bodies.linVel[3 * b] += m * impulse.x();
        bodies.linVel[3 * b + 1] += m * impulse.y();
        bodies.linVel[3 * b + 2] += m * impulse.z();
    }

    public void applyAngularImpulse(int b, Vector3dc impulse) {
        Check.finite("angularImpulse", impulse);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        bodies.wakeIsland(b);
        bodies.addAngularImpulse(b, impulse.x(), impulse.y(), impulse.z());
    }

    /** The impulse at the centre of mass and its moment about it. */
    public void applyImpulseAtPoint(int b, Vector3dc impulse, Vector3dc worldPoint) {
        Check.finite("impulse", impulse);
        Check.finite("worldPoint", worldPoint);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        applyLinearImpulse(b, impulse);
        moment(b, worldPoint, impulse);
        bodies.addAngularImpulse(b, momentScratch.x, momentScratch.y, momentScratch.z);
    }

    /**
     * {@link #applyImpulseAtPoint} with the impulse's length held to {@code maxImpulse} (N·s,
     * direction kept); returns the impulse applied and whether the cap cut it (in {@code cut[0]}).
     */
    public double applyImpulseAtPoint(int b, Vector3dc impulse, Vector3dc worldPoint, double maxImpulse, boolean[] cut) {
        Check.finite("impulse", impulse);
        Check.finite("worldPoint", worldPoint);
        if (!(maxImpulse >= 0)) {
            throw new InvalidArgumentException("maxImpulse", maxImpulse, "must be ≥ 0 N·s");
        }
        double len = impulse.length();
        if (len > maxImpulse) {
            cut[0] = true;
            Vector3d capped = new Vector3d(impulse).mul(maxImpulse / len);
            applyImpulseAtPoint(b, capped, worldPoint);
            return maxImpulse;
        }
        cut[0] = false;
        applyImpulseAtPoint(b, impulse, worldPoint);
        return len;
    }

    /** momentScratch = (point − centre of mass of b) × v: the moment about b's centre of mass of v acting at point. */
    private void moment(int b, Vector3dc point, Vector3dc v) {
        double rx = point.x() - bodies.pos[3 * b];
        double ry = point.y() - bodies.pos[3 * b + 1];
        double rz = point.z() - bodies.pos[3 * b + 2];
        momentScratch.set(ry * v.z() - rz * v.y(), rz * v.x() - rx * v.z(), rx * v.y() - ry * v.x());
    }

    /** The force at the centre of mass and its torque about it, for the next tick. */
    public void applyForceAtPoint(int b, Vector3dc force, Vector3dc worldPoint) {
        Check.finite("force", force);
        Check.finite("worldPoint", worldPoint);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        applyForce(b, force);
        moment(b, worldPoint, force);
        bodies.torque[3 * b] += momentScratch.x;
        bodies.torque[3 * b + 1] += momentScratch.y;
        bodies.torque[3 * b + 2] += momentScratch.z;
    }

    public void applyForce(int b, Vector3dc force) {
        Check.finite("force", force);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        bodies.wakeIsland(b);
        bodies.force[3 * b] += force.x();
        bodies.force[3 * b + 1] += force.y();
        bodies.force[3 * b + 2] += force.z();
    }

    public void applyTorque(int b, Vector3dc torque) {
        Check.finite("torque", torque);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        bodies.wakeIsland(b);
        bodies.torque[3 * b] += torque.x();
        bodies.torque[3 * b + 1] += torque.y();
        bodies.torque[3 * b + 2] += torque.z();
    }

    /** Switches between dynamic and kinematic (see {@code BodyView.setType}). */
    public void setType(int b, BodyType type) {
        Check.notNull("type", type);
        if (type == BodyType.STATIC || bodies.type[b] == Bodies.STATIC) {
            throw new InvalidArgumentException("type", type, "only dynamic and kinematic bodies switch; static ones stay static");
        }
        byte t = type == BodyType.DYNAMIC ? Bodies.DYNAMIC : Bodies.KINEMATIC;
        if (bodies.type[b] == t) {
            return;
        }
        if (t == Bodies.DYNAMIC && !(bodies.invMass[b] > 0)) {
            throw new InvalidArgumentException("body", state.handle(b),
                    "was created kinematic and has no mass properties to be dynamic with");
        }
        bodies.type[b] = t;
        bodies.awake[b] = true;
        bodies.updateWorldInertia(b);
        bodies.wakeIsland(b);
    }

    /** Replaces a dynamic body's mass (kg) and inertia about its centre of mass in body axes (kg·m²). */
    public void setMassProperties(int b, double mass, Matrix3dc inertia) {
        if (bodies.type[b] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("body", state.handle(b), "only a dynamic body has mass properties to set");
        }
        if (!(mass > 0) || mass == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("mass", mass, "must be finite and > 0 kg");
        }
        Check.notNull("inertia", inertia);
        Matrix3d m = new Matrix3d(inertia);
        double scale = Math.max(Math.abs(m.m00), Math.max(Math.abs(m.m11), Math.abs(m.m22)));
        boolean symmetric = Math.abs(m.m01 - m.m10) <= 1e-9 * scale && Math.abs(m.m02 - m.m20) <= 1e-9 * scale
                && Math.abs(m.m12 - m.m21) <= 1e-9 * scale;
        double minor2 = m.m00 * m.m11 - m.m01 * m.m10;
        if (!symmetric || !(m.m00 > 0) || !(minor2 > 0) || !(m.determinant() > 0) || !Double.isFinite(m.determinant())) {
            throw new InvalidArgumentException("inertia", inertia, "must be finite, symmetric and positive definite (kg·m²)");
        }
        bodies.mass[b] = mass;
        bodies.invMass[b] = 1 / mass;
        BodyFactory.putSym(bodies.inertiaLocal, b, m);
        BodyFactory.putSym(bodies.invInertiaLocal, b, new Matrix3d(m).invert());
        bodies.updateWorldInertia(b);
        bodies.wakeIsland(b);
    }

    /** Inertia tensor about the centre of mass in body axes, kg·m². */
    public Matrix3d inertiaInBodySpace(int b, Matrix3d dest) {
        double[] i = bodies.inertiaLocal;
        int o = 6 * b;
        return dest.set(i[o], i[o + 3], i[o + 4], i[o + 3], i[o + 1], i[o + 5], i[o + 4], i[o + 5], i[o + 2]);
    }

    /** The colliders body b was created with, in creation order. */
    public List<Collider> colliders(int b) {
        int[] ks = bodies.shapes[b];
        Collider[] out = new Collider[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = state.colliders.spec[ks[i]];
        }
        return List.of(out);
    }

    /** Caps a dynamic body's speeds: m/s and rad/s, each > 0 or +∞ (none). */
    public void setSpeedCaps(int b, double maxLinearSpeed, double maxAngularSpeed) {
        Check.cap("maxLinearSpeed", maxLinearSpeed, "m/s");
        Check.cap("maxAngularSpeed", maxAngularSpeed, "rad/s");
        bodies.maxLinearSpeed[b] = maxLinearSpeed;
        bodies.maxAngularSpeed[b] = maxAngularSpeed;
    }

    /** True when every dynamic body is asleep (and there is at least one). */
    public boolean allAsleep() {
        boolean any = false;
        for (int i = 0; i < bodies.high; i++) {
            if (bodies.alive[i] && bodies.type[i] == Bodies.DYNAMIC) {
                any = true;
                if (bodies.awake[i]) {
                    return false;
                }
            }
        }
        return any;
    }
}
