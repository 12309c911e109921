package dev.sinew.solver;

import dev.sinew.solver.collision.ContactManifold;
import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.collision.Transform;
import dev.sinew.solver.shape.MassProperties;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A physics world advanced in fixed ticks. One tick ({@link #step()}) runs, in order:
 * <ol>
 *   <li>refit the broadphase bounds of moving bodies and find candidate pairs;</li>
 *   <li>narrowphase: update each pair's manifold, matching points by feature id to keep their
 *       impulses for warm starting;</li>
 *   <li>prepare contact rows (anchors, effective masses) once for the tick;</li>
 *   <li>for each of the N substeps: integrate velocities (gravity, forces, damping, implicit
 *       gyroscopic torque), warm start, solve with soft bias, integrate positions, relax
 *       without bias;</li>
 *   <li>restitution, store impulses;</li>
 *   <li>sleep and islands, contact events, step listeners.</li>
 * </ol>
 * The world is single-threaded: call it from one thread at a time. Every public method validates
 * its arguments and throws before changing anything. All values are SI, in the world frame
 * unless a name says otherwise.
 */
public final class World {
    private WorldSettings settings;
    final Bodies bodies = new Bodies(64);
    final Colliders colliders = new Colliders(64);
    private final BroadPhase broadPhase = new BroadPhase();
    private final NarrowPhase narrowPhase = new NarrowPhase();
    private final ContactManifold manifold = new ContactManifold();
    private final Transform ta = new Transform();
    private final Transform tb = new Transform();
    private final ContactSolver contactSolver = new ContactSolver(bodies);
    private final Islands islands = new Islands();
    private final ContactEvents events = new ContactEvents();
    private final List<StepListener> listeners = new ArrayList<>();
    /** Active pairs, sorted by key. */
    ContactPair[] pairs = new ContactPair[64];
    int pairCount;
    private ContactPair[] mergeBuffer = new ContactPair[64];
    private ContactPair[] pool = new ContactPair[64];
    private int poolCount;
    private ContactPair[] solveList = new ContactPair[64];
    private int solveCount;
    private final Vector3d scratchPos = new Vector3d();
    private final Quaterniond scratchRot = new Quaterniond();
    private final double[] bounds = new double[6];
    private boolean locked;
    private long stepCount;
    private double accumulator;
    private int bodyCount;

    public World() {
        this(WorldSettings.defaults());
    }

    public World(WorldSettings settings) {
        this.settings = Check.notNull("settings", settings);
    }

    // ------------------------------------------------------------------ settings

    public WorldSettings settings() {
        return settings;
    }

    /** Replaces the settings; takes effect at the next tick. */
    public void setSettings(WorldSettings s) {
        checkUnlocked("change settings");
        settings = Check.notNull("settings", s);
    }

    /** Ticks run since creation (or as restored from a snapshot). */
    public long stepCount() {
        return stepCount;
    }

    /** Number of live bodies. */
    public int bodyCount() {
        return bodyCount;
    }

    /** Number of contact pairs whose bounds overlap (with or without points). */
    public int pairCount() {
        return pairCount;
    }

    /** The events of the last tick. */
    public ContactEvents contactEvents() {
        return events;
    }

    public void addStepListener(StepListener l) {
        checkUnlocked("add a listener");
        listeners.add(Check.notNull("listener", l));
    }

    public void removeStepListener(StepListener l) {
        checkUnlocked("remove a listener");
        listeners.remove(l);
    }

    // ------------------------------------------------------------------ bodies

    /**
     * Creates a body. Mass properties are integrated from the colliders (exactly, per shape),
     * or scaled to {@link BodySettings#mass()} when that is given.
     *
     * @throws InvalidArgumentException for a dynamic body whose mass or inertia is not positive
     */
    public BodyHandle createBody(BodySettings s) {
        checkUnlocked("create a body");
        Check.notNull("settings", s);
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
            if (c.shape() instanceof Plane) {
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
        bodies.sleepTime[b] = 0;
        bodies.islandId[b] = -1;
        bodies.localCom[3 * b] = com.x;
        bodies.localCom[3 * b + 1] = com.y;
        bodies.localCom[3 * b + 2] = com.z;
        Quaterniondc q = s.orientation();
        setRot(b, q.x(), q.y(), q.z(), q.w());
        Vector3d worldCom = q.transform(new Vector3d(com)).add(s.position());
        setVec(bodies.pos, b, worldCom.x, worldCom.y, worldCom.z);
        System.arraycopy(bodies.pos, 3 * b, bodies.prevPos, 3 * b, 3);
        System.arraycopy(bodies.rot, 4 * b, bodies.prevRot, 4 * b, 4);
        if (type == Bodies.STATIC) {
            setVec(bodies.linVel, b, 0, 0, 0);
            setVec(bodies.angVel, b, 0, 0, 0);
        } else {
            setVec(bodies.linVel, b, s.linearVelocity().x(), s.linearVelocity().y(), s.linearVelocity().z());
            setVec(bodies.angVel, b, s.angularVelocity().x(), s.angularVelocity().y(), s.angularVelocity().z());
        }
        setVec(bodies.force, b, 0, 0, 0);
        setVec(bodies.torque, b, 0, 0, 0);
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
            colliders.isPlane[k] = c.shape() instanceof Plane;
            setVec(colliders.localPos, k, c.localPosition().x(), c.localPosition().y(), c.localPosition().z());
            colliders.localRot[4 * k] = c.localRotation().x();
            colliders.localRot[4 * k + 1] = c.localRotation().y();
            colliders.localRot[4 * k + 2] = c.localRotation().z();
            colliders.localRot[4 * k + 3] = c.localRotation().w();
            setVec(colliders.comOffset, k, c.localPosition().x() - com.x, c.localPosition().y() - com.y,
                    c.localPosition().z() - com.z);
            colliders.friction[k] = c.material().friction();
            colliders.restitution[k] = c.material().restitution();
            colliders.frictionRule[k] = c.material().frictionCombine();
            colliders.restitutionRule[k] = c.material().restitutionCombine();
            colliders.category[k] = c.category();
            colliders.mask[k] = c.mask();
            colliders.maxRadius[k] = new Vector3d(colliders.comOffset[3 * k], colliders.comOffset[3 * k + 1],
                    colliders.comOffset[3 * k + 2]).length() + shapeRadius(c.shape());
            updateColliderPose(k);
            if (!colliders.isPlane[k]) {
                refitBounds(k, true);
            }
            broadPhase.add(colliders, k);
        }
        bodies.shapes[b] = shapeSlots;
        bodyCount++;
        return new BodyHandle(b, bodies.generation[b]);
    }

    private static double shapeRadius(Shape s) {
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

    /** Destroys a body; its handle becomes stale. Pairs with it end (and are reported as ended). */
    public void destroyBody(BodyHandle h) {
        checkUnlocked("destroy a body");
        int b = slot(h);
        wakeIsland(b);
        int w = 0;
        for (int i = 0; i < pairCount; i++) {
            ContactPair p = pairs[i];
            if (p.bodyA == b || p.bodyB == b) {
                releasePair(p);
            } else {
                pairs[w++] = p;
            }
        }
        for (int i = w; i < pairCount; i++) {
            pairs[i] = null;
        }
        pairCount = w;
        for (int k : bodies.shapes[b]) {
            broadPhase.remove(colliders, k);
            colliders.release(k);
        }
        bodies.release(b);
        bodyCount--;
    }

    /** True if the handle names a live body of this world. */
    public boolean isValid(BodyHandle h) {
        return h != null && h.index() >= 0 && h.index() < bodies.high && bodies.alive[h.index()]
                && bodies.generation[h.index()] == h.generation();
    }

    int slot(BodyHandle h) {
        if (h == null) {
            throw new StaleHandleException("body", null, "must not be null");
        }
        if (!isValid(h)) {
            throw new StaleHandleException("body", h, "stale or foreign handle (the body was destroyed or never existed here)");
        }
        return h.index();
    }

    /** Handles of every live body, in slot order. */
    public List<BodyHandle> bodyHandles() {
        List<BodyHandle> out = new ArrayList<>(bodyCount);
        for (int i = 0; i < bodies.high; i++) {
            if (bodies.alive[i]) {
                out.add(new BodyHandle(i, bodies.generation[i]));
            }
        }
        return out;
    }

    public BodyType bodyType(BodyHandle h) {
        return switch (bodies.type[slot(h)]) {
            case Bodies.STATIC -> BodyType.STATIC;
            case Bodies.KINEMATIC -> BodyType.KINEMATIC;
            default -> BodyType.DYNAMIC;
        };
    }

    /** Mass in kg (0 for static and kinematic bodies). */
    public double mass(BodyHandle h) {
        return bodies.mass[slot(h)];
    }

    /** Inertia tensor about the centre of mass in body axes, kg·m². */
    public Matrix3d inertiaInBodySpace(BodyHandle h, Matrix3d dest) {
        int b = slot(h);
        double[] i = bodies.inertiaLocal;
        int o = 6 * b;
        return dest.set(i[o], i[o + 3], i[o + 4], i[o + 3], i[o + 1], i[o + 5], i[o + 4], i[o + 5], i[o + 2]);
    }

    /** Body origin, world, metres. */
    public Vector3d position(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        double lx = bodies.localCom[3 * b];
        double ly = bodies.localCom[3 * b + 1];
        double lz = bodies.localCom[3 * b + 2];
        dest.set(lx, ly, lz);
        rotation(b).transform(dest);
        return dest.set(bodies.pos[3 * b] - dest.x, bodies.pos[3 * b + 1] - dest.y, bodies.pos[3 * b + 2] - dest.z);
    }

    /** Centre of mass, world, metres. */
    public Vector3d centerOfMass(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        return dest.set(bodies.pos[3 * b], bodies.pos[3 * b + 1], bodies.pos[3 * b + 2]);
    }

    /** Orientation, world. */
    public Quaterniond orientation(BodyHandle h, Quaterniond dest) {
        int b = slot(h);
        return dest.set(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }

    /** Linear velocity of the centre of mass, world, m/s. */
    public Vector3d linearVelocity(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        return dest.set(bodies.linVel[3 * b], bodies.linVel[3 * b + 1], bodies.linVel[3 * b + 2]);
    }

    /** Angular velocity, world, rad/s. */
    public Vector3d angularVelocity(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        return dest.set(bodies.angVel[3 * b], bodies.angVel[3 * b + 1], bodies.angVel[3 * b + 2]);
    }

    /**
     * Body origin interpolated between the previous and the current tick by
     * {@link #interpolationFraction()}, for rendering.
     */
    public Vector3d interpolatedPosition(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        double a = interpolationFraction();
        Quaterniond q = interpolatedOrientation(h, new Quaterniond());
        dest.set(bodies.localCom[3 * b], bodies.localCom[3 * b + 1], bodies.localCom[3 * b + 2]);
        q.transform(dest);
        double cx = bodies.prevPos[3 * b] + a * (bodies.pos[3 * b] - bodies.prevPos[3 * b]);
        double cy = bodies.prevPos[3 * b + 1] + a * (bodies.pos[3 * b + 1] - bodies.prevPos[3 * b + 1]);
        double cz = bodies.prevPos[3 * b + 2] + a * (bodies.pos[3 * b + 2] - bodies.prevPos[3 * b + 2]);
        return dest.set(cx - dest.x, cy - dest.y, cz - dest.z);
    }

    /** Orientation interpolated (normalized lerp on the shorter arc) for rendering. */
    public Quaterniond interpolatedOrientation(BodyHandle h, Quaterniond dest) {
        int b = slot(h);
        double a = interpolationFraction();
        double[] p = bodies.prevRot;
        double[] r = bodies.rot;
        int o = 4 * b;
        double dot = p[o] * r[o] + p[o + 1] * r[o + 1] + p[o + 2] * r[o + 2] + p[o + 3] * r[o + 3];
        double s = dot < 0 ? -1 : 1;
        dest.set(p[o] + a * (s * r[o] - p[o]), p[o + 1] + a * (s * r[o + 1] - p[o + 1]),
                p[o + 2] + a * (s * r[o + 2] - p[o + 2]), p[o + 3] + a * (s * r[o + 3] - p[o + 3]));
        return dest.normalize();
    }

    public boolean isAwake(BodyHandle h) {
        return bodies.awake[slot(h)];
    }

    /** Wakes the body and every body in its island. */
    public void wake(BodyHandle h) {
        checkUnlocked("wake a body");
        wakeIsland(slot(h));
    }

    /** Teleports the body origin and orientation; velocities are kept. Wakes the body. */
    public void setTransform(BodyHandle h, Vector3dc position, Quaterniondc orientation) {
        checkUnlocked("move a body");
        int b = slot(h);
        Check.finite("position", position);
        Check.unit("orientation", orientation);
        Quaterniond q = new Quaterniond(orientation).normalize();
        setRot(b, q.x, q.y, q.z, q.w);
        Vector3d c = q.transform(new Vector3d(bodies.localCom[3 * b], bodies.localCom[3 * b + 1],
                bodies.localCom[3 * b + 2])).add(position);
        setVec(bodies.pos, b, c.x, c.y, c.z);
        System.arraycopy(bodies.pos, 3 * b, bodies.prevPos, 3 * b, 3);
        System.arraycopy(bodies.rot, 4 * b, bodies.prevRot, 4 * b, 4);
        bodies.updateWorldInertia(b);
        for (int k : bodies.shapes[b]) {
            updateColliderPose(k);
            if (!colliders.isPlane[k]) {
                refitBounds(k, true);
            }
        }
        wakeIsland(b);
    }

    /** Sets the linear velocity (m/s, world) of a kinematic or dynamic body and wakes it. */
    public void setLinearVelocity(BodyHandle h, Vector3dc v) {
        checkUnlocked("set a velocity");
        int b = slot(h);
        Check.finite("linearVelocity", v);
        requireMovable(b);
        setVec(bodies.linVel, b, v.x(), v.y(), v.z());
        wakeIsland(b);
    }

    /** Sets the angular velocity (rad/s, world) of a kinematic or dynamic body and wakes it. */
    public void setAngularVelocity(BodyHandle h, Vector3dc w) {
        checkUnlocked("set a velocity");
        int b = slot(h);
        Check.finite("angularVelocity", w);
        requireMovable(b);
        setVec(bodies.angVel, b, w.x(), w.y(), w.z());
        wakeIsland(b);
    }

    /**
     * Sets a kinematic body's velocities so that it reaches the target origin and orientation at
     * the end of the next tick.
     */
    public void moveKinematic(BodyHandle h, Vector3dc targetPosition, Quaterniondc targetOrientation) {
        checkUnlocked("move a kinematic body");
        int b = slot(h);
        Check.finite("targetPosition", targetPosition);
        Check.unit("targetOrientation", targetOrientation);
        if (bodies.type[b] != Bodies.KINEMATIC) {
            throw new InvalidArgumentException("body", h, "must be kinematic");
        }
        double dt = settings.tickSeconds();
        Quaterniond qt = new Quaterniond(targetOrientation).normalize();
        Quaterniond q = rotation(b);
        Quaterniond dq = new Quaterniond(qt).mul(new Quaterniond(q).conjugate());
        if (dq.w < 0) {
            dq.set(-dq.x, -dq.y, -dq.z, -dq.w);
        }
        double sin = Math.sqrt(dq.x * dq.x + dq.y * dq.y + dq.z * dq.z);
        double angle = 2 * StrictMath.atan2(sin, dq.w);
        double k = sin > 1e-300 ? angle / (sin * dt) : 2 / dt;
        Vector3d comTarget = qt.transform(new Vector3d(bodies.localCom[3 * b], bodies.localCom[3 * b + 1],
                bodies.localCom[3 * b + 2])).add(targetPosition);
        setVec(bodies.linVel, b, (comTarget.x - bodies.pos[3 * b]) / dt, (comTarget.y - bodies.pos[3 * b + 1]) / dt,
                (comTarget.z - bodies.pos[3 * b + 2]) / dt);
        setVec(bodies.angVel, b, dq.x * k, dq.y * k, dq.z * k);
        bodies.awake[b] = true;
    }

    /** Adds an impulse (N·s, world) at the centre of mass of a dynamic body and wakes it. */
    public void applyLinearImpulse(BodyHandle h, Vector3dc impulse) {
        checkUnlocked("apply an impulse");
        int b = slot(h);
        Check.finite("impulse", impulse);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        wakeIsland(b);
        double m = bodies.invMass[b];
        bodies.linVel[3 * b] += m * impulse.x();
        bodies.linVel[3 * b + 1] += m * impulse.y();
        bodies.linVel[3 * b + 2] += m * impulse.z();
    }

    /** Adds an angular impulse (N·m·s, world) to a dynamic body and wakes it. */
    public void applyAngularImpulse(BodyHandle h, Vector3dc impulse) {
        checkUnlocked("apply an impulse");
        int b = slot(h);
        Check.finite("angularImpulse", impulse);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        wakeIsland(b);
        bodies.addAngularImpulse(b, impulse.x(), impulse.y(), impulse.z());
    }

    /** Adds an impulse (N·s, world) at a world point (m) of a dynamic body and wakes it. */
    public void applyImpulseAtPoint(BodyHandle h, Vector3dc impulse, Vector3dc worldPoint) {
        checkUnlocked("apply an impulse");
        int b = slot(h);
        Check.finite("impulse", impulse);
        Check.finite("worldPoint", worldPoint);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        wakeIsland(b);
        double m = bodies.invMass[b];
        bodies.linVel[3 * b] += m * impulse.x();
        bodies.linVel[3 * b + 1] += m * impulse.y();
        bodies.linVel[3 * b + 2] += m * impulse.z();
        double rx = worldPoint.x() - bodies.pos[3 * b];
        double ry = worldPoint.y() - bodies.pos[3 * b + 1];
        double rz = worldPoint.z() - bodies.pos[3 * b + 2];
        bodies.addAngularImpulse(b, ry * impulse.z() - rz * impulse.y(), rz * impulse.x() - rx * impulse.z(),
                rx * impulse.y() - ry * impulse.x());
    }

    /** Adds a force (N, world) at the centre of mass for the next tick; wakes the body. */
    public void applyForce(BodyHandle h, Vector3dc force) {
        checkUnlocked("apply a force");
        int b = slot(h);
        Check.finite("force", force);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        wakeIsland(b);
        bodies.force[3 * b] += force.x();
        bodies.force[3 * b + 1] += force.y();
        bodies.force[3 * b + 2] += force.z();
    }

    /** Adds a torque (N·m, world) for the next tick; wakes the body. */
    public void applyTorque(BodyHandle h, Vector3dc torque) {
        checkUnlocked("apply a torque");
        int b = slot(h);
        Check.finite("torque", torque);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        wakeIsland(b);
        bodies.torque[3 * b] += torque.x();
        bodies.torque[3 * b + 1] += torque.y();
        bodies.torque[3 * b + 2] += torque.z();
    }


    private void requireMovable(int b) {
        if (bodies.type[b] == Bodies.STATIC) {
            throw new InvalidArgumentException("body", new BodyHandle(b, bodies.generation[b]),
                    "a static body cannot have a velocity");
        }
    }

    void wakeIsland(int b) {
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        int island = bodies.islandId[b];
        bodies.awake[b] = true;
        bodies.sleepTime[b] = 0;
        if (island < 0) {
            return;
        }
        for (int i = 0; i < bodies.high; i++) {
            if (bodies.alive[i] && bodies.islandId[i] == island && !bodies.awake[i]) {
                bodies.awake[i] = true;
                bodies.sleepTime[i] = 0;
            }
        }
    }

    // ------------------------------------------------------------------ stepping

    /**
     * Runs as many fixed ticks as the accumulated frame time allows, at most
     * {@link WorldSettings#maxTicksPerUpdate()} (the excess is dropped).
     *
     * @param frameSeconds real time since the last call, s, finite and ≥ 0
     * @return the number of ticks run
     */
    public int update(double frameSeconds) {
        checkUnlocked("update");
        Check.nonNegative("frameSeconds", frameSeconds);
        double dt = settings.tickSeconds();
        accumulator += frameSeconds;
        int ticks = 0;
        // A relative tolerance so frame times that add up to whole ticks on paper (2.5 + 0.5)
        // run them despite rounding in the sum.
        double due = dt * (1 - 1e-9);
        while (accumulator >= due && ticks < settings.maxTicksPerUpdate()) {
            step();
            accumulator = Math.max(0, accumulator - dt);
            ticks++;
        }
        if (accumulator >= due) {
            accumulator = accumulator % dt;
        }
        return ticks;
    }

    /** Fraction (0..1) of a tick the accumulator holds beyond the last tick: the render blend factor. */
    public double interpolationFraction() {
        return Math.min(1, accumulator / settings.tickSeconds());
    }

    /** Advances the world by exactly one tick. */
    public void step() {
        checkUnlocked("step");
        locked = true;
        try {
            runTick();
            for (int i = 0; i < listeners.size(); i++) {
                listeners.get(i).afterStep(this);
            }
        } finally {
            locked = false;
        }
    }

    private void runTick() {
        WorldSettings s = settings;
        double dt = s.tickSeconds();
        int n = s.substeps();
        double h = dt / n;
        double invH = 1 / h;
        Bodies b = bodies;
        events.clear();
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i]) {
                System.arraycopy(b.pos, 3 * i, b.prevPos, 3 * i, 3);
                System.arraycopy(b.rot, 4 * i, b.prevRot, 4 * i, 4);
            }
        }
        // 1. Bounds of moving bodies.
        for (int k = 0; k < colliders.high; k++) {
            if (colliders.alive[k] && !colliders.isPlane[k] && isMoving(colliders.body[k])) {
                refitBounds(k, false);
            }
        }
        broadPhase.findPairs(colliders, b);
        mergePairs();
        // 2. Narrowphase.
        for (int i = 0; i < pairCount; i++) {
            ContactPair p = pairs[i];
            if (isMoving(p.bodyA) || isMoving(p.bodyB)) {
                updateManifold(p, dt, true);
            }
        }
        // 3. Prepare.
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i] && b.type[i] == Bodies.DYNAMIC && b.awake[i]) {
                b.updateWorldInertia(i);
            }
        }
        solveCount = 0;
        for (int i = 0; i < pairCount; i++) {
            ContactPair p = pairs[i];
            if (p.pointCount > 0 && (awakeDynamic(p.bodyA) || awakeDynamic(p.bodyB))) {
                if (solveCount == solveList.length) {
                    solveList = Arrays.copyOf(solveList, 2 * solveCount);
                }
                solveList[solveCount++] = p;
            }
        }
        ContactSolver cs = contactSolver;
        cs.slop = s.linearSlop();
        cs.maxPushOut = s.maxPushOutSpeed();
        cs.restitutionThreshold = s.restitutionThreshold();
        cs.gx = s.gravity().x();
        cs.gy = s.gravity().y();
        cs.gz = s.gravity().z();
        cs.setSoftness(s.contactHertz(), s.contactDampingRatio(), h);
        for (int i = 0; i < solveCount; i++) {
            cs.prepare(solveList[i]);
        }
        // 4. Substeps.
        for (int sub = 0; sub < n; sub++) {
            if (sub > 0) {
                refreshFastPairs(h * (n - sub));
            }
            integrateVelocities(h);
            for (int i = 0; i < solveCount; i++) {
                cs.warmStart(solveList[i]);
            }
            for (int i = 0; i < solveCount; i++) {
                cs.solve(solveList[i], invH, true);
            }
            integratePositions(h);
            for (int i = 0; i < solveCount; i++) {
                cs.solve(solveList[i], invH, false);
            }
        }
        // 5. Restitution and impulses.
        for (int i = 0; i < solveCount; i++) {
            cs.restitution(solveList[i], h);
        }
        for (int i = 0; i < solveCount; i++) {
            cs.storeImpulses(solveList[i]);
        }
        // 6. Sleep, islands, events.
        finishTick(s, dt);
        stepCount++;
    }

    /**
     * A manifold is computed once per tick with a fixed normal and fixed points. A body spinning
     * fast turns other features into its neighbour within the tick (a box at 20 rad/s turns 19°),
     * so pairs whose bodies' rotation sweeps more than {@link #FAST_ROTATION_SWEEP} in a substep
     * are recollided between substeps, keeping their impulses by feature id.
     */
    private void refreshFastPairs(double remaining) {
        double h = settings.tickSeconds() / settings.substeps();
        for (int i = 0; i < solveCount; i++) {
            ContactPair p = solveList[i];
            double sweep = h * (length(bodies.angVel, p.bodyA) * colliders.maxRadius[p.colliderA]
                    + length(bodies.angVel, p.bodyB) * colliders.maxRadius[p.colliderB]);
            if (sweep <= FAST_ROTATION_SWEEP) {
                continue;
            }
            updateColliderPose(p.colliderA);
            updateColliderPose(p.colliderB);
            updateManifold(p, remaining, false);
            if (p.pointCount > 0) {
                contactSolver.prepare(p, false);
            }
        }
    }

    /** Metres a body's rotation may sweep in one substep before its pairs are recollided mid-tick. */
    static final double FAST_ROTATION_SWEEP = 0.005;

    private boolean awakeDynamic(int body) {
        return bodies.type[body] == Bodies.DYNAMIC && bodies.awake[body];
    }

    /** Awake dynamic bodies and kinematic bodies with a velocity move this tick. */
    private boolean isMoving(int body) {
        byte t = bodies.type[body];
        if (t == Bodies.DYNAMIC) {
            return bodies.awake[body];
        }
        if (t == Bodies.KINEMATIC) {
            double[] v = bodies.linVel;
            double[] w = bodies.angVel;
            int o = 3 * body;
            return v[o] != 0 || v[o + 1] != 0 || v[o + 2] != 0 || w[o] != 0 || w[o + 1] != 0 || w[o + 2] != 0;
        }
        return false;
    }

    private void integrateVelocities(double h) {
        Bodies b = bodies;
        Vector3dc g = settings.gravity();
        double gx = g.x();
        double gy = g.y();
        double gz = g.z();
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] != Bodies.DYNAMIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            double im = b.invMass[i];
            double gs = b.gravityScale[i];
            double ld = 1 / (1 + h * b.linearDamping[i]);
            b.linVel[o] = (b.linVel[o] + h * (gs * gx + im * b.force[o])) * ld;
            b.linVel[o + 1] = (b.linVel[o + 1] + h * (gs * gy + im * b.force[o + 1])) * ld;
            b.linVel[o + 2] = (b.linVel[o + 2] + h * (gs * gz + im * b.force[o + 2])) * ld;
            double[] m = b.invInertiaWorld;
            int mo = 9 * i;
            double tx = b.torque[o];
            double ty = b.torque[o + 1];
            double tz = b.torque[o + 2];
            if (tx != 0 || ty != 0 || tz != 0) {
                b.angVel[o] += h * (m[mo] * tx + m[mo + 1] * ty + m[mo + 2] * tz);
                b.angVel[o + 1] += h * (m[mo + 3] * tx + m[mo + 4] * ty + m[mo + 5] * tz);
                b.angVel[o + 2] += h * (m[mo + 6] * tx + m[mo + 7] * ty + m[mo + 8] * tz);
            }
            if (b.gyroscopic[i]) {
                Gyroscopic.apply(b, i, h);
            }
            double ad = 1 / (1 + h * b.angularDamping[i]);
            b.angVel[o] *= ad;
            b.angVel[o + 1] *= ad;
            b.angVel[o + 2] *= ad;
        }
    }

    private void integratePositions(double h) {
        Bodies b = bodies;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i] || b.type[i] == Bodies.STATIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            b.pos[o] += h * b.linVel[o];
            b.pos[o + 1] += h * b.linVel[o + 1];
            b.pos[o + 2] += h * b.linVel[o + 2];
            double wx = b.angVel[o];
            double wy = b.angVel[o + 1];
            double wz = b.angVel[o + 2];
            int q = 4 * i;
            double qx = b.rot[q];
            double qy = b.rot[q + 1];
            double qz = b.rot[q + 2];
            double qw = b.rot[q + 3];
            double hh = 0.5 * h;
            // q += h/2 · (0, ω) ⊗ q
            double nx = qx + hh * (wx * qw + wy * qz - wz * qy);
            double ny = qy + hh * (wy * qw + wz * qx - wx * qz);
            double nz = qz + hh * (wz * qw + wx * qy - wy * qx);
            double nw = qw - hh * (wx * qx + wy * qy + wz * qz);
            double inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
            b.rot[q] = nx * inv;
            b.rot[q + 1] = ny * inv;
            b.rot[q + 2] = nz * inv;
            b.rot[q + 3] = nw * inv;
        }
    }

    private void finishTick(WorldSettings s, double dt) {
        Bodies b = bodies;
        double lin2 = s.sleepLinearSpeed() * s.sleepLinearSpeed();
        double ang2 = s.sleepAngularSpeed() * s.sleepAngularSpeed();
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            setVec(b.force, i, 0, 0, 0);
            setVec(b.torque, i, 0, 0, 0);
            if (b.type[i] == Bodies.STATIC) {
                continue;
            }
            if (isMoving(i)) {
                for (int k : b.shapes[i]) {
                    updateColliderPose(k);
                }
            }
            if (b.type[i] != Bodies.DYNAMIC || !b.awake[i]) {
                continue;
            }
            int o = 3 * i;
            double v2 = b.linVel[o] * b.linVel[o] + b.linVel[o + 1] * b.linVel[o + 1] + b.linVel[o + 2] * b.linVel[o + 2];
            double w2 = b.angVel[o] * b.angVel[o] + b.angVel[o + 1] * b.angVel[o + 1] + b.angVel[o + 2] * b.angVel[o + 2];
            b.sleepTime[i] = (v2 < lin2 && w2 < ang2) ? b.sleepTime[i] + dt : 0;
        }
        islands.begin(b);
        double touchLimit = s.linearSlop();
        for (int i = 0; i < pairCount; i++) {
            ContactPair p = pairs[i];
            if (p.pointCount == 0) {
                p.touching = false;
            } else {
                if (isMoving(p.bodyA) || isMoving(p.bodyB)) {
                    p.touching = p.minSeparation() <= touchLimit;
                }
                boolean dynA = b.type[p.bodyA] == Bodies.DYNAMIC;
                boolean dynB = b.type[p.bodyB] == Bodies.DYNAMIC;
                if (dynA && dynB) {
                    islands.union(p.bodyA, p.bodyB);
                } else if (dynA && b.type[p.bodyB] == Bodies.KINEMATIC && isMoving(p.bodyB)) {
                    islands.markRestless(p.bodyA);
                } else if (dynB && b.type[p.bodyA] == Bodies.KINEMATIC && isMoving(p.bodyA)) {
                    islands.markRestless(p.bodyB);
                }
            }
            if (p.touching && !p.wasTouching) {
                events.add(ContactEvents.BEGIN, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            } else if (!p.touching && p.wasTouching) {
                events.add(ContactEvents.END, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB], 0);
            }
            if (p.touching) {
                events.add(ContactEvents.TOUCH, p.bodyA, b.generation[p.bodyA], p.bodyB, b.generation[p.bodyB],
                        p.totalImpulse());
            }
            p.wasTouching = p.touching;
        }
        islands.finish(b, s.sleepEnabled(), s.timeToSleep());
    }

    // ------------------------------------------------------------------ pairs

    private void mergePairs() {
        long[] keys = broadPhase.pairs;
        int nk = broadPhase.pairCount;
        if (mergeBuffer.length < nk) {
            mergeBuffer = new ContactPair[Math.max(nk, 2 * mergeBuffer.length)];
        }
        int i = 0;
        int j = 0;
        int w = 0;
        while (i < pairCount || j < nk) {
            long oldKey = i < pairCount ? pairs[i].key : Long.MAX_VALUE;
            long newKey = j < nk ? keys[j] : Long.MAX_VALUE;
            if (i < pairCount && oldKey == newKey) {
                mergeBuffer[w++] = pairs[i++];
                j++;
            } else if (j < nk && (i >= pairCount || newKey < oldKey)) {
                ContactPair p = takePair();
                int ca = (int) (newKey >>> 32);
                int cb = (int) newKey;
                p.reset(newKey, ca, cb, colliders.body[ca], colliders.body[cb]);
                p.friction = CombineRule.combine(colliders.friction[ca], colliders.frictionRule[ca],
                        colliders.friction[cb], colliders.frictionRule[cb]);
                p.restitution = CombineRule.combine(colliders.restitution[ca], colliders.restitutionRule[ca],
                        colliders.restitution[cb], colliders.restitutionRule[cb]);
                mergeBuffer[w++] = p;
                j++;
            } else {
                ContactPair p = pairs[i++];
                if (p.wasTouching) {
                    events.add(ContactEvents.END, p.bodyA, bodies.generation[p.bodyA], p.bodyB,
                            bodies.generation[p.bodyB], 0);
                }
                releasePair(p);
            }
        }
        ContactPair[] t = pairs;
        pairs = mergeBuffer;
        mergeBuffer = t;
        Arrays.fill(mergeBuffer, 0, Math.min(mergeBuffer.length, Math.max(pairCount, w)), null);
        pairCount = w;
    }

    private ContactPair takePair() {
        if (poolCount > 0) {
            ContactPair p = pool[--poolCount];
            pool[poolCount] = null;
            return p;
        }
        return new ContactPair();
    }

    private void releasePair(ContactPair p) {
        if (poolCount == pool.length) {
            pool = Arrays.copyOf(pool, 2 * poolCount);
        }
        pool[poolCount++] = p;
    }

    /** Recomputes one pair's manifold and carries impulses over to points with the same feature id. */
    private void updateManifold(ContactPair p, double dt, boolean fresh) {
        int ca = p.colliderA;
        int cb = p.colliderB;
        int ba = p.bodyA;
        int bb = p.bodyB;
        colliderTransform(ca, ta);
        colliderTransform(cb, tb);
        double[] v = bodies.linVel;
        double[] w = bodies.angVel;
        // Each body's own speed, not the relative one: a body stopped by a third one during the
        // tick (the lower of two falling bodies landing) closes the gap at the other's full speed.
        double speed = length(v, ba) + length(v, bb)
                + length(w, ba) * colliders.maxRadius[ca] + length(w, bb) * colliders.maxRadius[cb];
        double margin = settings.speculativeDistance() + dt * speed;
        narrowPhase.collide(colliders.shape[ca], ta, colliders.shape[cb], tb, margin, manifold);
        ContactManifold m = manifold;
        int oldCount = p.pointCount;
        // Carry impulses by id; old values are read before being overwritten (ids are matched into temporaries).
        for (int k = 0; k < m.pointCount; k++) {
            int match = -1;
            for (int o = 0; o < oldCount; o++) {
                if (p.id[o] == m.id[k]) {
                    match = o;
                    break;
                }
            }
            carryNormal[k] = match >= 0 ? p.normalImpulse[match] : 0;
        }
        if (oldCount == 0 || m.pointCount == 0) {
            // A new touch starts without friction history; the patch's impulses otherwise carry over.
            p.frictionWorld[0] = 0;
            p.frictionWorld[1] = 0;
            p.frictionWorld[2] = 0;
            p.twistImpulse = 0;
        }
        p.pointCount = m.pointCount;
        p.nx = m.nx;
        p.ny = m.ny;
        p.nz = m.nz;
        double[] pos = bodies.pos;
        double[] rot = bodies.rot;
        for (int k = 0; k < m.pointCount; k++) {
            int o = 3 * k;
            p.id[k] = m.id[k];
            p.separation[k] = m.separation[k];
            p.normalImpulse[k] = carryNormal[k];
            if (fresh || k >= oldCount) {
                p.totalNormalImpulse[k] = 0;
                p.maxNormalImpulse[k] = 0;
                p.relativeVelocity[k] = 0; // a point found mid-tick does not bounce this tick
            }
            double rax = m.px[k] - pos[3 * ba];
            double ray = m.py[k] - pos[3 * ba + 1];
            double raz = m.pz[k] - pos[3 * ba + 2];
            double rbx = m.px[k] - pos[3 * bb];
            double rby = m.py[k] - pos[3 * bb + 1];
            double rbz = m.pz[k] - pos[3 * bb + 2];
            p.rA[o] = rax;
            p.rA[o + 1] = ray;
            p.rA[o + 2] = raz;
            p.rB[o] = rbx;
            p.rB[o + 1] = rby;
            p.rB[o + 2] = rbz;
            inverseRotate(rot, ba, rax, ray, raz, p.localA, o);
            inverseRotate(rot, bb, rbx, rby, rbz, p.localB, o);
        }
    }

    private final double[] carryNormal = new double[ContactManifold.MAX_POINTS];

    /** dest[o..o+2] = conj(q_body) · (x, y, z) · q_body. */
    private static void inverseRotate(double[] rot, int body, double x, double y, double z, double[] dest, int o) {
        double qx = -rot[4 * body];
        double qy = -rot[4 * body + 1];
        double qz = -rot[4 * body + 2];
        double qw = rot[4 * body + 3];
        double tx = 2 * (qy * z - qz * y);
        double ty = 2 * (qz * x - qx * z);
        double tz = 2 * (qx * y - qy * x);
        dest[o] = x + qw * tx + (qy * tz - qz * ty);
        dest[o + 1] = y + qw * ty + (qz * tx - qx * tz);
        dest[o + 2] = z + qw * tz + (qx * ty - qy * tx);
    }

    private static double length(double[] a, int i) {
        return Math.sqrt(a[3 * i] * a[3 * i] + a[3 * i + 1] * a[3 * i + 1] + a[3 * i + 2] * a[3 * i + 2]);
    }

    void colliderTransform(int k, Transform t) {
        double[] wp = colliders.worldPos;
        double[] wr = colliders.worldRot;
        t.set(wp[3 * k], wp[3 * k + 1], wp[3 * k + 2], wr[4 * k], wr[4 * k + 1], wr[4 * k + 2], wr[4 * k + 3]);
    }

    /** Collider world pose from its body: p = c + R·(offset from the centre of mass), q = q_body·q_local. */
    void updateColliderPose(int k) {
        int b = colliders.body[k];
        double[] rot = bodies.rot;
        double[] off = colliders.comOffset;
        colliders.worldPos[3 * k] = bodies.pos[3 * b] + ContactSolver.rotX(rot, b, off, 3 * k);
        colliders.worldPos[3 * k + 1] = bodies.pos[3 * b + 1] + ContactSolver.rotY(rot, b, off, 3 * k);
        colliders.worldPos[3 * k + 2] = bodies.pos[3 * b + 2] + ContactSolver.rotZ(rot, b, off, 3 * k);
        double ax = rot[4 * b];
        double ay = rot[4 * b + 1];
        double az = rot[4 * b + 2];
        double aw = rot[4 * b + 3];
        double[] lr = colliders.localRot;
        double bx = lr[4 * k];
        double by = lr[4 * k + 1];
        double bz = lr[4 * k + 2];
        double bw = lr[4 * k + 3];
        colliders.worldRot[4 * k] = aw * bx + ax * bw + ay * bz - az * by;
        colliders.worldRot[4 * k + 1] = aw * by - ax * bz + ay * bw + az * bx;
        colliders.worldRot[4 * k + 2] = aw * bz + ax * by - ay * bx + az * bw;
        colliders.worldRot[4 * k + 3] = aw * bw - ax * bx - ay * by - az * bz;
    }

    /**
     * Tight bounds grown by the speculative distance and by the motion possible in one tick
     * (swept along the linear velocity, grown all round by angular speed × radius). The fat bound
     * is replaced, with {@code aabbMargin} to spare, only when this no longer fits inside it.
     */
    void refitBounds(int k, boolean force) {
        double[] wp = colliders.worldPos;
        double[] wr = colliders.worldRot;
        scratchPos.set(wp[3 * k], wp[3 * k + 1], wp[3 * k + 2]);
        scratchRot.set(wr[4 * k], wr[4 * k + 1], wr[4 * k + 2], wr[4 * k + 3]);
        colliders.shape[k].computeBounds(scratchPos, scratchRot, bounds, 0);
        int b = colliders.body[k];
        double dt = settings.tickSeconds();
        double grow = settings.speculativeDistance() + dt * length(bodies.angVel, b) * colliders.maxRadius[k];
        double[] fb = colliders.fatBounds;
        boolean inside = !force;
        for (int a = 0; a < 3; a++) {
            double v = bodies.linVel[3 * b + a] * dt;
            bounds[a] += Math.min(0, v) - grow;
            bounds[a + 3] += Math.max(0, v) + grow;
            inside &= bounds[a] >= fb[6 * k + a] && bounds[a + 3] <= fb[6 * k + a + 3];
        }
        if (!inside) {
            double m = settings.aabbMargin();
            for (int a = 0; a < 3; a++) {
                fb[6 * k + a] = bounds[a] - m;
                fb[6 * k + a + 3] = bounds[a + 3] + m;
            }
        }
    }

    /**
     * The deepest overlap among current contacts, metres (≥ 0): each point's separation as the
     * solver sees it now, from the bodies' current poses.
     */
    public double deepestPenetration() {
        return deepestContact(null);
    }

    /**
     * The deepest current contact point, for diagnostics and debug drawing: fills {@code out}
     * (bodies, depth in metres, world point and normal from A to B) when there is an overlap and
     * returns its depth (0 when nothing overlaps, and {@code out} is left as it was).
     */
    public double deepestContact(ContactPoint out) {
        double deepest = 0;
        ContactPair best = null;
        int bestK = -1;
        double[] pos = bodies.pos;
        double[] rot = bodies.rot;
        for (int i = 0; i < pairCount; i++) {
            ContactPair c = pairs[i];
            int ba = c.bodyA;
            int bb = c.bodyB;
            for (int k = 0; k < c.pointCount; k++) {
                int o = 3 * k;
                double s = c.separation[k]
                        + c.nx * (pos[3 * bb] + ContactSolver.rotX(rot, bb, c.localB, o) - pos[3 * ba]
                                - ContactSolver.rotX(rot, ba, c.localA, o))
                        + c.ny * (pos[3 * bb + 1] + ContactSolver.rotY(rot, bb, c.localB, o) - pos[3 * ba + 1]
                                - ContactSolver.rotY(rot, ba, c.localA, o))
                        + c.nz * (pos[3 * bb + 2] + ContactSolver.rotZ(rot, bb, c.localB, o) - pos[3 * ba + 2]
                                - ContactSolver.rotZ(rot, ba, c.localA, o));
                if (-s > deepest) {
                    deepest = -s;
                    best = c;
                    bestK = k;
                }
            }
        }
        if (out != null && best != null) {
            int ba = best.bodyA;
            int o = 3 * bestK;
            out.set(new BodyHandle(ba, bodies.generation[ba]), new BodyHandle(best.bodyB, bodies.generation[best.bodyB]),
                    deepest, pos[3 * ba] + ContactSolver.rotX(rot, ba, best.localA, o),
                    pos[3 * ba + 1] + ContactSolver.rotY(rot, ba, best.localA, o),
                    pos[3 * ba + 2] + ContactSolver.rotZ(rot, ba, best.localA, o), best.nx, best.ny, best.nz);
        }
        return deepest;
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

    // ------------------------------------------------------------------ state

    /**
     * A 64-bit hash of the bits of every live body's slot, generation, position, orientation and
     * velocities, in slot order. Equal inputs give equal hashes on any JVM and CPU.
     */
    public long stateHash() {
        long h = 0x9E3779B97F4A7C15L;
        Bodies b = bodies;
        for (int i = 0; i < b.high; i++) {
            if (!b.alive[i]) {
                continue;
            }
            h = mix(h, i);
            h = mix(h, b.generation[i]);
            for (int a = 0; a < 3; a++) {
                h = mix(h, Double.doubleToRawLongBits(b.pos[3 * i + a]));
                h = mix(h, Double.doubleToRawLongBits(b.linVel[3 * i + a]));
                h = mix(h, Double.doubleToRawLongBits(b.angVel[3 * i + a]));
            }
            for (int a = 0; a < 4; a++) {
                h = mix(h, Double.doubleToRawLongBits(b.rot[4 * i + a]));
            }
        }
        return h;
    }

    /** The hash as 16 lower-case hex digits, the form reports use. */
    public String stateHashHex() {
        return String.format("%016x", stateHash());
    }

    static long mix(long h, long v) {
        long x = h ^ (v * 0xC2B2AE3D27D4EB4FL);
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        x ^= x >>> 33;
        x *= 0xC4CEB9FE1A85EC53L;
        x ^= x >>> 33;
        return x;
    }

    /** Captures the whole dynamic state (bodies, contacts and their warm-start impulses, bounds). */
    public WorldSnapshot snapshot() {
        checkUnlocked("take a snapshot");
        return WorldSnapshot.capture(this);
    }

    /**
     * Restores a snapshot taken from this world (or from one built the same way). A snapshot whose
     * checksum fails, or whose body layout differs from this world's, is rejected with
     * {@link InvalidArgumentException} and the world is left unchanged.
     */
    public void restore(WorldSnapshot snapshot) {
        checkUnlocked("restore a snapshot");
        Check.notNull("snapshot", snapshot);
        snapshot.restoreInto(this);
    }

    // ------------------------------------------------------------------ queries

    /** Ray casts, overlap tests and shape casts against this world. */
    public Queries queries() {
        return new Queries(this, narrowPhaseForQueries);
    }

    private final NarrowPhase narrowPhaseForQueries = new NarrowPhase();

    // ------------------------------------------------------------------ internals shared with snapshots

    long stepCountInternal() {
        return stepCount;
    }

    void setStepCount(long s) {
        stepCount = s;
    }

    double accumulator() {
        return accumulator;
    }

    void setAccumulator(double a) {
        accumulator = a;
    }

    ContactPair takePairForRestore() {
        return takePair();
    }

    void releaseAllPairs() {
        for (int i = 0; i < pairCount; i++) {
            releasePair(pairs[i]);
            pairs[i] = null;
        }
        pairCount = 0;
    }

    void appendPair(ContactPair p) {
        if (pairCount == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * pairCount);
        }
        pairs[pairCount++] = p;
    }

    void checkUnlocked(String operation) {
        if (locked) {
            throw new WorldLockedException(operation);
        }
    }

    private Quaterniond rotation(int b) {
        return new Quaterniond(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }

    private void setRot(int b, double x, double y, double z, double w) {
        bodies.rot[4 * b] = x;
        bodies.rot[4 * b + 1] = y;
        bodies.rot[4 * b + 2] = z;
        bodies.rot[4 * b + 3] = w;
    }

    private static void setVec(double[] a, int i, double x, double y, double z) {
        a[3 * i] = x;
        a[3 * i + 1] = y;
        a[3 * i + 2] = z;
    }

    private static void putSym(double[] dest, int b, Matrix3d m) {
        int o = 6 * b;
        dest[o] = m.m00;
        dest[o + 1] = m.m11;
        dest[o + 2] = m.m22;
        dest[o + 3] = 0.5 * (m.m10 + m.m01);
        dest[o + 4] = 0.5 * (m.m20 + m.m02);
        dest[o + 5] = 0.5 * (m.m21 + m.m12);
    }
}
