package dev.sinew.solver;

import dev.sinew.solver.collision.NarrowPhase;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.math.Transform;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
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
    private static final java.util.concurrent.atomic.AtomicInteger NEXT_ID = new java.util.concurrent.atomic.AtomicInteger(1);
    /** This world's identity, carried by its handles so that a handle from another world is refused. */
    private final int id = NEXT_ID.getAndIncrement();
    private final ContactEvents events = new ContactEvents(id);
    private final List<StepListener> listeners = new ArrayList<>();
    final Contacts contacts = new Contacts(this);
    final Joints joints = new Joints();
    private final Stepper stepper = new Stepper(this, contacts, broadPhase, events);
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
        return contacts.pairCount;
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
        BodyHandle h = BodyFactory.create(this, broadPhase, Check.notNull("settings", s));
        bodyCount++;
        return h;
    }


    /** Destroys a body; its handle becomes stale. Pairs with it end (and are reported as ended). */
    public void destroyBody(BodyHandle h) {
        checkUnlocked("destroy a body");
        int b = slot(h);
        if (bodies.maxContactImpulsePerStep[b] != Double.POSITIVE_INFINITY) {
            bodyImpulseCaps--;
        }
        wakeIsland(b);
        contacts.removeBody(b);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && (joints.bodyA[j] == b || joints.bodyB[j] == b)) {
                releaseJoint(j);
            }
        }
        for (int k : bodies.shapes[b]) {
            broadPhase.remove(colliders, k);
            colliders.release(k);
        }
        joints.forgetBody(b);
        bodies.release(b);
        bodyCount--;
    }

    // ------------------------------------------------------------------ joints

    /**
     * Creates a ball joint. Its bodies stop colliding with each other unless the settings say
     * otherwise, and both are woken.
     *
     * @throws InvalidArgumentException if a handle is stale or neither body is dynamic
     */
    public JointHandle createJoint(BallJointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        return addJoint(s.bodyA(), s.bodyB(), s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
    }

    /**
     * Creates a fixed joint: the anchors held together and B's orientation relative to A held at
     * its value now. Its bodies stop colliding with each other unless the settings say otherwise.
     */
    public JointHandle createJoint(FixedJointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        return addJoint(s.bodyA(), s.bodyB(), s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), true);
    }

    /**
     * Creates a hinge: the anchors held together and B free to turn relative to A only about the
     * hinge axis. Its bodies stop colliding with each other unless the settings say otherwise.
     */
    public JointHandle createJoint(HingeJointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        JointHandle h = addJoint(s.bodyA(), s.bodyB(), s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
        joints.hinge[h.index()] = new HingeAnglePart(s.axisInBodyA(), s.axisInBodyB(),
                rotation(joints.bodyA[h.index()]), rotation(joints.bodyB[h.index()]));
        return h;
    }

    /**
     * Creates a swing-twist joint: the anchors held together, B's twist and swing relative to A
     * kept inside the settings' limits. Its bodies stop colliding with each other unless the settings
     * say otherwise.
     */
    public JointHandle createJoint(SwingTwistJointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        JointHandle h = addJoint(s.bodyA(), s.bodyB(), s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(), false);
        SwingTwistLimitPart part = new SwingTwistLimitPart();
        Quaterniondc fa = s.frameInBodyA();
        Quaterniondc fb = s.frameInBodyB();
        for (int i = 0; i < 4; i++) {
            part.frameA[i] = component(fa, i);
            part.frameB[i] = component(fb, i);
        }
        part.swingY = s.swingYHalfAngle();
        part.swingZ = s.swingZHalfAngle();
        part.twistMin = s.twistMin();
        part.twistMax = s.twistMax();
        joints.swingTwist[h.index()] = part;
        return h;
    }

    /**
     * Creates a 6-DOF joint: each linear and angular axis of the joint frame locked, limited or
     * free (see {@link SixDofJointSettings}). Its bodies stop colliding with each other unless the
     * settings say otherwise. It is solved sequentially, never by the exact tree solve.
     */
    public JointHandle createJoint(SixDofJointSettings s) {
        checkUnlocked("create a joint");
        Check.notNull("settings", s);
        int a = slot(s.bodyA());
        int bb = slot(s.bodyB());
        if (bodies.type[a] != Bodies.DYNAMIC && bodies.type[bb] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("bodyA", s.bodyA(), "a joint needs at least one dynamic body");
        }
        SixDofJointSettings.Motion locked = SixDofJointSettings.Motion.LOCKED;
        boolean angularLocked = s.twist().motion() == locked && s.swingY().motion() == locked;
        boolean hinge = !angularLocked && s.swingY().motion() == locked;
        JointHandle h = addJoint(s.bodyA(), s.bodyB(), s.anchorInBodyA(), s.anchorInBodyB(), s.collideConnected(),
                angularLocked);
        int j = h.index();
        Quaterniondc fa = s.frameInBodyA();
        Quaterniondc fb = s.frameInBodyB();
        // B's orientation at which the two frames coincide: q_A·F_A = q_B·F_B
        Quaterniond restB = rotation(a).mul(fa).mul(new Quaterniond(fb).conjugate()).normalize();
        if (angularLocked) {
            Quaterniond rel = new Quaterniond(fa).mul(new Quaterniond(fb).conjugate()).normalize();
            joints.targetRelative[4 * j] = rel.x;
            joints.targetRelative[4 * j + 1] = rel.y;
            joints.targetRelative[4 * j + 2] = rel.z;
            joints.targetRelative[4 * j + 3] = rel.w;
        } else if (hinge) {
            HingeAnglePart part = new HingeAnglePart(fa.transform(new Vector3d(1, 0, 0)),
                    fb.transform(new Vector3d(1, 0, 0)), rotation(a), restB);
            if (s.twist().motion() == SixDofJointSettings.Motion.LIMITED) {
                part.limited = true;
                part.lower = s.twist().min();
                part.upper = s.twist().max();
            }
            joints.hinge[j] = part;
        } else {
            SwingTwistLimitPart part = new SwingTwistLimitPart();
            for (int i = 0; i < 4; i++) {
                part.frameA[i] = component(fa, i);
                part.frameB[i] = component(fb, i);
            }
            part.swingY = swingHalfAngle(s.swingY());
            part.swingZ = swingHalfAngle(s.swingZ());
            SixDofJointSettings.Dof t = s.twist();
            part.twistMin = t.motion() == SixDofJointSettings.Motion.FREE ? -Math.PI : t.min();
            part.twistMax = t.motion() == SixDofJointSettings.Motion.FREE ? Math.PI : t.max();
            joints.swingTwist[j] = part;
        }
        if (!s.pointLocked()) {
            LinearAxesPart part = new LinearAxesPart();
            SixDofJointSettings.Dof[] axes = {s.linearX(), s.linearY(), s.linearZ()};
            for (int k = 0; k < 3; k++) {
                part.motion[k] = axes[k].motion().ordinal();
                part.min[k] = axes[k].min();
                part.max[k] = axes[k].max();
            }
            for (int i = 0; i < 4; i++) {
                part.frameA[i] = component(fa, i);
            }
            joints.linear[j] = part;
        }
        joints.sequentialOnly[j] = true;
        return h;
    }

    /** Component i of q: 0 x, 1 y, 2 z, 3 w. */
    private static double component(Quaterniondc q, int i) {
        return i == 0 ? q.x() : i == 1 ? q.y() : i == 2 ? q.z() : q.w();
    }

    private static double swingHalfAngle(SixDofJointSettings.Dof d) {
        return d.motion() == SixDofJointSettings.Motion.FREE ? Math.PI : d.max();
    }

    private JointHandle addJoint(BodyHandle ha, BodyHandle hb, Vector3dc anchorA, Vector3dc anchorB,
            boolean collideConnected, boolean fixed) {
        int a = slot(ha);
        int b = slot(hb);
        if (bodies.type[a] != Bodies.DYNAMIC && bodies.type[b] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("bodyA", ha, "a joint needs at least one dynamic body");
        }
        int j = joints.allocate();
        joints.alive[j] = true;
        joints.bodyA[j] = a;
        joints.bodyB[j] = b;
        joints.collideConnected[j] = collideConnected;
        joints.noCollideDirty = true;
        for (int i = 0; i < 3; i++) {
            joints.localA[3 * j + i] = anchorA.get(i) - bodies.localCom[3 * a + i];
            joints.localB[3 * j + i] = anchorB.get(i) - bodies.localCom[3 * b + i];
        }
        if (joints.point[j] == null) {
            joints.point[j] = new PointConstraintPart();
        }
        java.util.Arrays.fill(joints.point[j].impulse, 0);
        if (fixed) {
            joints.angle[j] = new AngleConstraintPart();
            // target = conj(q_A)·q_B now
            Quaterniond rel = new Quaterniond(rotation(a)).conjugate().mul(rotation(b)).normalize();
            joints.targetRelative[4 * j] = rel.x;
            joints.targetRelative[4 * j + 1] = rel.y;
            joints.targetRelative[4 * j + 2] = rel.z;
            joints.targetRelative[4 * j + 3] = rel.w;
        } else {
            joints.angle[j] = null;
        }
        joints.drive[j] = null;
        joints.hinge[j] = null;
        joints.swingTwist[j] = null;
        joints.motor[j] = null;
        joints.friction[j] = null;
        joints.linear[j] = null;
        joints.pointSpring[j] = null;
        joints.sequentialOnly[j] = false;
        joints.breakForce[j] = Double.POSITIVE_INFINITY;
        joints.breakTorque[j] = Double.POSITIVE_INFINITY;
        joints.count++;
        wakeIsland(a);
        wakeIsland(b);
        if (!collideConnected) {
            contacts.removePair(a, b);
        }
        return new JointHandle(j, joints.generation[j], id);
    }

    /**
     * Lets two bodies collide with each other or not (default: they do, unless a joint between them
     * says otherwise); for example a ragdoll's own bodies, whose capsules the animation moves through
     * each other. Deterministic and kept until changed or a body is destroyed.
     */
    public void setCollision(BodyHandle a, BodyHandle b, boolean collide) {
        checkUnlocked("set collision between bodies");
        int sa = slot(a);
        int sb = slot(b);
        if (sa == sb) {
            throw new InvalidArgumentException("b", b, "is the same body as a");
        }
        if (joints.setIgnored(sa, sb, !collide) && !collide) {
            contacts.removePair(sa, sb);
        }
        wakeIsland(sa);
        wakeIsland(sb);
    }

    /** Destroys a joint; its handle becomes stale. */
    public void destroyJoint(JointHandle h) {
        checkUnlocked("destroy a joint");
        int j = jointSlot(h);
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
        releaseJoint(j);
    }

    private void releaseJoint(int j) {
        joints.noCollideDirty = true;
        joints.alive[j] = false;
        joints.generation[j]++;
        joints.count--;
    }

    private int jointSlot(JointHandle h) {
        if (h == null || h.world() != id || h.index() < 0 || h.index() >= joints.high || !joints.alive[h.index()]
                || joints.generation[h.index()] != h.generation()) {
            throw new StaleHandleException("joint", h, "stale or foreign handle (the joint was destroyed or never existed here)");
        }
        return h.index();
    }

    /**
     * Gives a joint a slerp drive (or new gains for the one it has; {@code null} removes it): an
     * implicit angular spring-damper pulling B's orientation relative to A toward the target set by
     * {@link #setDriveTarget}. A new drive's target is the joint's relative orientation now, so
     * adding a drive does not move anything.
     */
    public void setDrive(JointHandle h, DriveSettings settings) {
        checkUnlocked("set a drive");
        int j = jointSlot(h);
        if (settings == null) {
            joints.drive[j] = null;
            return;
        }
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            d = new SlerpDrivePart();
            Quaterniond rel = new Quaterniond(rotation(joints.bodyA[j])).conjugate()
                    .mul(rotation(joints.bodyB[j])).normalize();
            d.target[0] = rel.x;
            d.target[1] = rel.y;
            d.target[2] = rel.z;
            d.target[3] = rel.w;
            clampToLimits(j, d.target);
            joints.drive[j] = d;
        }
        d.settings = settings;
        d.twistSettings = null;
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Gives a swing-twist joint a swing/twist drive instead of a slerp drive: the same spring toward
     * the target set by {@link #setDriveTarget}, with separate gains and torque limits for turning
     * about the joint's twist axis and for swinging across it. Gains in the frequency or
     * acceleration form are relative to the inertia about the twist axis and the mean inertia
     * across it. {@code null} for both removes the drive.
     *
     * @throws InvalidArgumentException if the joint is not a swing-twist joint, or only one part is null
     */
    public void setSwingTwistDrive(JointHandle h, DriveSettings swing, DriveSettings twist) {
        checkUnlocked("set a drive");
        int j = jointSlot(h);
        SwingTwistLimitPart st = joints.swingTwist[j];
        if (st == null) {
            throw new InvalidArgumentException("joint", h, "is not a swing-twist joint (use setDrive for a slerp drive)");
        }
        if (swing == null && twist == null) {
            setDrive(h, null);
            return;
        }
        Check.notNull("swing", swing);
        Check.notNull("twist", twist);
        setDrive(h, swing);
        SlerpDrivePart d = joints.drive[j];
        d.twistSettings = twist;
        // the twist axis is the joint frame's x axis, in A's frame
        double[] f = st.frameA;
        Vector3d x = new Quaterniond(f[0], f[1], f[2], f[3]).transform(new Vector3d(1, 0, 0));
        d.twistAxisInA[0] = x.x;
        d.twistAxisInA[1] = x.y;
        d.twistAxisInA[2] = x.z;
    }

    /**
     * Sets a drive's target: B's orientation relative to A ({@code conj(q_A)·q_B}, unit) at the end
     * of the next tick, and B's angular velocity relative to A in A's frame, rad/s (feed-forward;
     * zero to hold still). With a target velocity the drive aims, substep by substep, at a target
     * turning at that velocity that arrives at the given orientation when the tick ends (for an
     * animation: the pose at the tick's end and the turn since the last tick over the tick).
     */
    public void setDriveTarget(JointHandle h, Quaterniondc relativeOrientation, Vector3dc relativeAngularVelocity) {
        checkUnlocked("set a drive target");
        int j = jointSlot(h);
        Check.unit("relativeOrientation", relativeOrientation);
        Check.finite("relativeAngularVelocity", relativeAngularVelocity);
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            throw new InvalidArgumentException("joint", h, "has no drive (call setDrive first)");
        }
        double inv = 1 / Math.sqrt(relativeOrientation.lengthSquared());
        d.target[0] = relativeOrientation.x() * inv;
        d.target[1] = relativeOrientation.y() * inv;
        d.target[2] = relativeOrientation.z() * inv;
        d.target[3] = relativeOrientation.w() * inv;
        clampToLimits(j, d.target);
        d.targetAngVel[0] = relativeAngularVelocity.x();
        d.targetAngVel[1] = relativeAngularVelocity.y();
        d.targetAngVel[2] = relativeAngularVelocity.z();
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Limits never fight the drive: a target outside a joint's limits is moved onto them, and a
     * hinge's target onto the turns about its axis.
     */
    private void clampToLimits(int j, double[] target) {
        if (joints.swingTwist[j] != null) {
            joints.swingTwist[j].clampTarget(target, 0);
        } else if (joints.hinge[j] != null) {
            joints.hinge[j].clampTarget(target, 0);
        }
    }

    /** The torque the joint's drive applied on B over the last substep, N·m, world (zero without a drive). */
    public Vector3d driveTorque(JointHandle h, Vector3d dest) {
        SlerpDrivePart d = joints.drive[jointSlot(h)];
        return d == null ? dest.zero() : dest.set(d.torque(0), d.torque(1), d.torque(2));
    }

    /** The angle between B's relative orientation now and the drive's target, rad (zero without a drive). */
    public double driveAngleError(JointHandle h) {
        int j = jointSlot(h);
        SlerpDrivePart d = joints.drive[j];
        if (d == null) {
            return 0;
        }
        d.rotationError(bodies, joints.bodyA[j], joints.bodyB[j], d.target);
        return Math.sqrt(d.error[0] * d.error[0] + d.error[1] * d.error[1] + d.error[2] * d.error[2]);
    }

    /**
     * Limits a hinge's angle to [lower, upper] rad, with the angle 0 at the pose the hinge was
     * created in and positive turning B about the axis (right-handed, A's axis). The limit is
     * approached speculatively (never passed within a substep) and pushed out softly if passed.
     */
    public void setHingeLimits(JointHandle h, double lower, double upper) {
        checkUnlocked("set hinge limits");
        int j = jointSlot(h);
        HingeAnglePart part = hingePart(j, h);
        Check.inRange("lower", lower, -Math.PI, Math.PI);
        Check.inRange("upper", upper, -Math.PI, Math.PI);
        if (lower > upper) {
            throw new InvalidArgumentException("lower", lower, "must be <= upper (" + upper + ")");
        }
        part.limited = true;
        part.lower = lower;
        part.upper = upper;
        part.lowerRow.impulse = 0;
        part.upperRow.impulse = 0;
        if (joints.drive[j] != null) {
            part.clampTarget(joints.drive[j].target, 0);
        }
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Runs a hinge's axis motor: it drives B's speed about the axis relative to A toward
     * {@code speed} rad/s with at most {@code maxTorque} N·m. maxTorque 0 turns the motor off.
     */
    public void setHingeMotor(JointHandle h, double speed, double maxTorque) {
        checkUnlocked("set a hinge motor");
        int j = jointSlot(h);
        HingeAnglePart part = hingePart(j, h);
        Check.finite("speed", speed);
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 turns the motor off)");
        }
        part.motorSpeed = speed;
        part.motorMaxTorque = maxTorque;
        if (maxTorque == 0) {
            part.motorRow.impulse = 0;
        }
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    private HingeAnglePart hingePart(int j, JointHandle h) {
        HingeAnglePart part = joints.hinge[j];
        if (part == null) {
            throw new InvalidArgumentException("joint", h, "is not a hinge");
        }
        return part;
    }

    /** A hinge's angle now, rad in (−π, π], 0 at the pose it was created in. */
    public double hingeAngle(JointHandle h) {
        int j = jointSlot(h);
        HingeAnglePart part = hingePart(j, h);
        return part.angle(bodies, joints.bodyA[j], joints.bodyB[j]);
    }

    /**
     * Makes a hinge's or swing-twist joint's limits soft: past a limit, a one-sided implicit spring
     * of {@code stiffness} N·m/rad and {@code damping} N·m·s/rad pushes back instead of a rigid
     * stop. Both 0 (the default) makes the limits rigid again. For a 6-DOF joint it softens its
     * angular limits (N·m/rad, N·m·s/rad) and its limited linear axes (the same numbers as N/m, N·s/m).
     *
     * @throws InvalidArgumentException if the joint has no limits to soften or a value is negative or not finite
     */
    public void setLimitSpring(JointHandle h, double stiffness, double damping) {
        checkUnlocked("set a limit spring");
        int j = jointSlot(h);
        if (joints.hinge[j] == null && joints.swingTwist[j] == null && joints.linear[j] == null) {
            throw new InvalidArgumentException("joint", h, "is neither a hinge, a swing-twist nor a 6-DOF joint with limits");
        }
        Check.nonNegative("stiffness", stiffness);
        Check.nonNegative("damping", damping);
        if (joints.linear[j] != null) {
            joints.linear[j].springStiffness = stiffness;
            joints.linear[j].springDamping = damping;
        }
        if (joints.hinge[j] != null) {
            joints.hinge[j].springStiffness = stiffness;
            joints.hinge[j].springDamping = damping;
        } else if (joints.swingTwist[j] != null) {
            joints.swingTwist[j].springStiffness = stiffness;
            joints.swingTwist[j].springDamping = damping;
        }
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * The orientation of B's joint frame relative to A's now (for a swing-twist joint; for other
     * joints the body frames: conj(q_A)·q_B), unit, w ≥ 0.
     */
    public Quaterniond jointRelativeOrientation(JointHandle h, Quaterniond dest) {
        int j = jointSlot(h);
        dest.set(rotation(joints.bodyA[j])).conjugate().mul(rotation(joints.bodyB[j]));
        SwingTwistLimitPart st = joints.swingTwist[j];
        if (st != null) {
            Quaterniond fa = new Quaterniond(st.frameA[0], st.frameA[1], st.frameA[2], st.frameA[3]);
            Quaterniond fb = new Quaterniond(st.frameB[0], st.frameB[1], st.frameB[2], st.frameB[3]);
            dest.premul(fa.conjugate()).mul(fb);
        }
        dest.normalize();
        return dest.w < 0 ? dest.set(-dest.x, -dest.y, -dest.z, -dest.w) : dest;
    }

    /**
     * The joint's swing-twist angles now, dest = (twist, swingY, swingZ) rad, of
     * {@link #jointRelativeOrientation} as {@link SwingTwist#decompose} splits it.
     */
    public Vector3d swingTwistAngles(JointHandle h, Vector3d dest) {
        return SwingTwist.decompose(jointRelativeOrientation(h, new Quaterniond()), dest);
    }

    /**
     * Makes a joint's anchors soft: a spring of {@code stiffness} N/m and {@code damping} N·s/m
     * (implicit, stable at any stiffness) pulls them together instead of holding them rigidly; both
     * 0 makes the joint rigid again. Like a drive it acts as a force: the angular rows, limits and
     * drives of the joint stay as they are. A joint to a kinematic body with a soft point and a
     * slerp drive is a six-degree-of-freedom spring that the tree solve handles exactly (the root
     * drive is one). {@link #maxJointSeparation} leaves soft points out.
     */
    public void setPointSpring(JointHandle h, double stiffness, double damping) {
        checkUnlocked("set a point spring");
        int j = jointSlot(h);
        Check.nonNegative("stiffness", stiffness);
        Check.nonNegative("damping", damping);
        if (stiffness == Double.POSITIVE_INFINITY || damping == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("stiffness", stiffness, "must be finite (use 0, 0 for a rigid point)");
        }
        if (joints.linear[j] != null) {
            throw new InvalidArgumentException("joint", h, "is a 6-DOF joint with free linear axes: it has no point to soften");
        }
        if (stiffness == 0 && damping == 0) {
            joints.pointSpring[j] = null;
        } else {
            if (joints.pointSpring[j] == null) {
                joints.pointSpring[j] = new SoftCoefficients();
            }
            joints.pointStiffness[j] = stiffness;
            joints.pointDamping[j] = damping;
        }
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Runs a velocity motor about one axis of a joint's frame in body A (for a swing-twist joint its
     * joint frame: 0 the twist axis x, 1 and 2 the swing axes y and z; for other joints body A's own
     * axes): it drives B's angular velocity relative to A about that axis toward {@code speed} rad/s
     * with at most {@code maxTorque} N·m. maxTorque 0 turns that axis's motor off.
     */
    public void setAxisMotor(JointHandle h, int axis, double speed, double maxTorque) {
        checkUnlocked("set an axis motor");
        int j = jointSlot(h);
        if (axis < 0 || axis > 2) {
            throw new InvalidArgumentException("axis", axis, "must be 0 (x), 1 (y) or 2 (z)");
        }
        Check.finite("speed", speed);
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 turns the motor off)");
        }
        AxisMotorPart m = joints.motor[j];
        if (m == null) {
            if (maxTorque == 0) {
                return;
            }
            m = new AxisMotorPart();
            SwingTwistLimitPart st = joints.swingTwist[j];
            if (st != null) {
                Quaterniond f = new Quaterniond(st.frameA[0], st.frameA[1], st.frameA[2], st.frameA[3]);
                for (int i = 0; i < 3; i++) {
                    Vector3d a = f.transform(new Vector3d(i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0));
                    m.axisInA[3 * i] = a.x;
                    m.axisInA[3 * i + 1] = a.y;
                    m.axisInA[3 * i + 2] = a.z;
                }
            }
            joints.motor[j] = m;
        }
        m.speed[axis] = speed;
        m.maxTorque[axis] = maxTorque;
        if (maxTorque == 0) {
            m.rows[axis].impulse = 0;
            if (!m.any()) {
                joints.motor[j] = null;
            }
        }
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Gives a joint friction: a resisting torque of up to {@code maxTorque} N·m against any turning
     * of B relative to A (a torque-limited zero-velocity motor). It holds the joint still under
     * smaller loads and brakes it with exactly {@code maxTorque} under larger ones. 0 removes it.
     */
    public void setJointFriction(JointHandle h, double maxTorque) {
        checkUnlocked("set joint friction");
        int j = jointSlot(h);
        if (!(maxTorque >= 0) || maxTorque == Double.POSITIVE_INFINITY) {
            throw new InvalidArgumentException("maxTorque", maxTorque, "must be finite and >= 0 (0 removes friction)");
        }
        if (maxTorque == 0) {
            joints.friction[j] = null;
            return;
        }
        if (joints.friction[j] == null) {
            joints.friction[j] = new FrictionPart();
        }
        joints.friction[j].maxTorque = maxTorque;
        wakeIsland(joints.bodyA[j]);
        wakeIsland(joints.bodyB[j]);
    }

    /**
     * Makes a joint breakable: once the force its anchors carry exceeds {@code maxForce} (N) or the
     * torque its angular rows carry exceeds {@code maxTorque} (N·m), both measured over the last
     * substep of a tick, the joint is destroyed at the end of that tick and listed by
     * {@link #brokenJointCount()} / {@link #brokenJoint(int)}. {@link Double#POSITIVE_INFINITY}
     * (the default) never breaks. A drive's torque does not count.
     */
    public void setBreakThresholds(JointHandle h, double maxForce, double maxTorque) {
        checkUnlocked("set break thresholds");
        int j = jointSlot(h);
        Check.cap("maxForce", maxForce, "N");
        Check.cap("maxTorque", maxTorque, "N·m");
        joints.breakForce[j] = maxForce;
        joints.breakTorque[j] = maxTorque;
    }

    private void breakOverloadedJoints() {
        int n = joints.findOverloaded(settings.tickSeconds() / settings.substeps());
        for (int i = 0; i < n; i++) {
            int j = joints.broken[i];
            wakeIsland(joints.bodyA[j]);
            wakeIsland(joints.bodyB[j]);
            releaseJoint(j);
        }
    }

    /** Number of joints that broke in the last tick. */
    public int brokenJointCount() {
        return joints.brokenCount;
    }

    /** The (now stale) handle of the i-th joint that broke in the last tick, in slot order. */
    public JointHandle brokenJoint(int i) {
        if (i < 0 || i >= joints.brokenCount) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + joints.brokenCount + ")");
        }
        return new JointHandle(joints.broken[i], joints.brokenGeneration[i], id);
    }

    /** Number of live joints. */
    public int jointCount() {
        return joints.count;
    }

    /**
     * How far a joint is open now, metres: the distance between its two anchor points (for a 6-DOF
     * joint with a free or limited linear axis, its largest violation of a locked or limited one).
     */
    public double jointSeparation(JointHandle h) {
        return joints.separation(bodies, jointSlot(h));
    }

    /** Handles of every live joint, in slot order. */
    public List<JointHandle> jointHandles() {
        List<JointHandle> out = new ArrayList<>(joints.count);
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j]) {
                out.add(new JointHandle(j, joints.generation[j], id));
            }
        }
        return out;
    }

    /** Body A of a joint. */
    public BodyHandle jointBodyA(JointHandle h) {
        return handle(joints.bodyA[jointSlot(h)]);
    }

    /** Body B of a joint. */
    public BodyHandle jointBodyB(JointHandle h) {
        return handle(joints.bodyB[jointSlot(h)]);
    }

    /** Time-of-impact sweeps of the last tick (one per fast body swept), for debug drawing. */
    public int sweepCount() {
        return stepper.continuous.sweepCount;
    }

    /**
     * Sweep i of the last tick: where the body's core started ({@code from}) and where it is now
     * ({@code to}, after being moved back if it hit); returns whether it hit a surface.
     */
    public boolean sweep(int i, Vector3d from, Vector3d to) {
        Continuous c = stepper.continuous;
        if (i < 0 || i >= c.sweepCount) {
            throw new InvalidArgumentException("i", i, "must be in [0, " + c.sweepCount + ")");
        }
        int o = 6 * i;
        from.set(c.sweeps[o], c.sweeps[o + 1], c.sweeps[o + 2]);
        to.set(c.sweeps[o + 3], c.sweeps[o + 4], c.sweeps[o + 5]);
        return c.sweepHit[i];
    }

    /** A hinge's axis, reference directions and limits now (world), or null for a joint of another kind. */
    public HingeView hingeView(JointHandle h) {
        int j = jointSlot(h);
        HingeAnglePart p = joints.hinge[j];
        if (p == null) {
            return null;
        }
        int a = joints.bodyA[j];
        int b = joints.bodyB[j];
        Quaterniond qa = orientation(handle(a), new Quaterniond());
        Quaterniond qb = orientation(handle(b), new Quaterniond());
        return new HingeView(qa.transform(new Vector3d(p.axisA[0], p.axisA[1], p.axisA[2])),
                qa.transform(new Vector3d(p.refA[0], p.refA[1], p.refA[2])),
                qb.transform(new Vector3d(p.refB[0], p.refB[1], p.refB[2])), p.limited,
                p.limited ? p.lower : -Math.PI, p.limited ? p.upper : Math.PI);
    }

    /** A swing-twist joint's limits, or null for a joint of another kind. */
    public SwingTwistLimits swingTwistLimits(JointHandle h) {
        SwingTwistLimitPart p = joints.swingTwist[jointSlot(h)];
        return p == null ? null : new SwingTwistLimits(p.swingY, p.swingZ, p.twistMin, p.twistMax);
    }

    /**
     * The world orientation now of a swing-twist joint's frame on body A or B (its x axis is the
     * twist axis; the swing cone is about A's), or null for a joint of another kind.
     */
    public Quaterniond swingTwistFrame(JointHandle h, boolean onA, Quaterniond dest) {
        int j = jointSlot(h);
        SwingTwistLimitPart p = joints.swingTwist[j];
        if (p == null) {
            return null;
        }
        int b = onA ? joints.bodyA[j] : joints.bodyB[j];
        double[] f = onA ? p.frameA : p.frameB;
        return dest.set(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3])
                .mul(f[0], f[1], f[2], f[3]);
    }

    /** A joint's anchor points now, world, metres: on body A into {@code onA}, on body B into {@code onB}. */
    public void jointAnchors(JointHandle h, Vector3d onA, Vector3d onB) {
        int j = jointSlot(h);
        int a = joints.bodyA[j];
        int b = joints.bodyB[j];
        int o = 3 * j;
        onA.set(bodies.pos[3 * a] + Quaternions.rotX(bodies.rot, a, joints.localA, o),
                bodies.pos[3 * a + 1] + Quaternions.rotY(bodies.rot, a, joints.localA, o),
                bodies.pos[3 * a + 2] + Quaternions.rotZ(bodies.rot, a, joints.localA, o));
        onB.set(bodies.pos[3 * b] + Quaternions.rotX(bodies.rot, b, joints.localB, o),
                bodies.pos[3 * b + 1] + Quaternions.rotY(bodies.rot, b, joints.localB, o),
                bodies.pos[3 * b + 2] + Quaternions.rotZ(bodies.rot, b, joints.localB, o));
    }

    /**
     * Calls {@code action} once for every point of every current contact manifold, in pair order,
     * with {@code scratch} filled (bodies, point on A, normal from A to B, and depth: the overlap
     * now, m, negative for a speculative point whose shapes are still apart). For debug drawing
     * and tools; do not change the world from the action.
     */
    public void forEachContactPoint(ContactPoint scratch, java.util.function.Consumer<ContactPoint> action) {
        Check.notNull("scratch", scratch);
        Check.notNull("action", action);
        double[] pos = bodies.pos;
        double[] rot = bodies.rot;
        for (int i = 0; i < contacts.pairCount; i++) {
            for (ContactPair c = contacts.pairs[i]; c != null; c = c.nextPatch) {
                int ba = c.bodyA;
                for (int k = 0; k < c.pointCount; k++) {
                    int o = 3 * k;
                    double ax = pos[3 * ba] + Quaternions.rotX(rot, ba, c.localA, o);
                    double ay = pos[3 * ba + 1] + Quaternions.rotY(rot, ba, c.localA, o);
                    double az = pos[3 * ba + 2] + Quaternions.rotZ(rot, ba, c.localA, o);
                    double s = c.separationNow(bodies, k);
                    scratch.set(handle(ba), handle(c.bodyB), -s, ax, ay, az, c.nx, c.ny, c.nz);
                    action.accept(scratch);
                }
            }
        }
    }

    /** The largest {@link #jointSeparation} over all joints now, m. */
    public double maxJointSeparation() {
        return joints.maxSeparation(bodies);
    }

    /** True if the handle names a live body of this world. */
    public boolean isValid(BodyHandle h) {
        return h != null && h.world() == id && h.index() >= 0 && h.index() < bodies.high && bodies.alive[h.index()]
                && bodies.generation[h.index()] == h.generation();
    }

    /** The handle of live body slot b. */
    BodyHandle handle(int b) {
        return new BodyHandle(b, bodies.generation[b], id);
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
                out.add(handle(i));
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
        int b = slot(h);
        return bodies.type[b] == Bodies.DYNAMIC ? bodies.mass[b] : 0;
    }

    /**
     * Switches a body between dynamic and kinematic, for partial ragdolls (the bodies that only
     * follow the animation are kinematic, moved with {@link #moveKinematic}). A dynamic body made
     * kinematic keeps its mass properties for when it is made dynamic again, and its velocities; a
     * body created kinematic has no mass properties and cannot become dynamic. Joints stay; a joint
     * between two kinematic bodies does nothing until one is dynamic again. Wakes the body.
     * Snapshots taken before the switch no longer restore (the world's layout changed).
     *
     * @throws InvalidArgumentException for static bodies or types, or a body without mass properties
     */
    public void setBodyType(BodyHandle h, BodyType type) {
        checkUnlocked("change a body's type");
        int b = slot(h);
        Check.notNull("type", type);
        if (type == BodyType.STATIC || bodies.type[b] == Bodies.STATIC) {
            throw new InvalidArgumentException("type", type, "only dynamic and kinematic bodies switch; static ones stay static");
        }
        byte t = type == BodyType.DYNAMIC ? Bodies.DYNAMIC : Bodies.KINEMATIC;
        if (bodies.type[b] == t) {
            return;
        }
        if (t == Bodies.DYNAMIC && !(bodies.invMass[b] > 0)) {
            throw new InvalidArgumentException("body", h, "was created kinematic and has no mass properties to be dynamic with");
        }
        bodies.type[b] = t;
        bodies.awake[b] = true;
        bodies.updateWorldInertia(b);
        wakeIsland(b);
    }

    /**
     * Replaces a dynamic body's mass (kg) and its inertia tensor about the centre of mass in the
     * body's frame (kg·m², symmetric positive definite), keeping its colliders, centre of mass and
     * velocities: for tuning, such as a ragdoll's mass-ratio stabilization.
     *
     * @throws InvalidArgumentException if the body is not dynamic or a value is out of range
     */
    public void setMassProperties(BodyHandle h, double mass, Matrix3dc inertia) {
        checkUnlocked("set mass properties");
        int b = slot(h);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            throw new InvalidArgumentException("body", h, "only a dynamic body has mass properties to set");
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
        wakeIsland(b);
    }

    /** Inertia tensor about the centre of mass in body axes, kg·m². */
    public Matrix3d inertiaInBodySpace(BodyHandle h, Matrix3d dest) {
        int b = slot(h);
        double[] i = bodies.inertiaLocal;
        int o = 6 * b;
        return dest.set(i[o], i[o + 3], i[o + 4], i[o + 3], i[o + 1], i[o + 5], i[o + 4], i[o + 5], i[o + 2]);
    }

    /**
     * The colliders of body h as it was created with them (shape, pose relative to the body
     * origin, material, filter), in creation order: for renderers and tools.
     */
    public List<Collider> colliders(BodyHandle h) {
        int b = slot(h);
        int[] ks = bodies.shapes[b];
        Collider[] out = new Collider[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = colliders.spec[ks[i]];
        }
        return List.of(out);
    }

    /** Body origin, world, metres. */
    public Vector3d position(BodyHandle h, Vector3d dest) {
        int b = slot(h);
        // origin = centre of mass − R·localCom, without allocating (scenes and drivers call this every tick)
        double rx = Quaternions.rotX(bodies.rot, b, bodies.localCom, 3 * b);
        double ry = Quaternions.rotY(bodies.rot, b, bodies.localCom, 3 * b);
        double rz = Quaternions.rotZ(bodies.rot, b, bodies.localCom, 3 * b);
        return dest.set(bodies.pos[3 * b] - rx, bodies.pos[3 * b + 1] - ry, bodies.pos[3 * b + 2] - rz);
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
        bodies.setRotation(b, q.x, q.y, q.z, q.w);
        Vector3d c = q.transform(new Vector3d(bodies.localCom[3 * b], bodies.localCom[3 * b + 1],
                bodies.localCom[3 * b + 2])).add(position);
        Bodies.setVec(bodies.pos, b, c.x, c.y, c.z);
        System.arraycopy(bodies.pos, 3 * b, bodies.prevPos, 3 * b, 3);
        System.arraycopy(bodies.rot, 4 * b, bodies.prevRot, 4 * b, 4);
        bodies.updateWorldInertia(b);
        for (int k : bodies.shapes[b]) {
            contacts.updateColliderPose(k);
            if (!colliders.isPlane[k]) {
                contacts.refitBounds(k, true);
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
        Bodies.setVec(bodies.linVel, b, v.x(), v.y(), v.z());
        wakeIsland(b);
    }

    /** Sets the angular velocity (rad/s, world) of a kinematic or dynamic body and wakes it. */
    public void setAngularVelocity(BodyHandle h, Vector3dc w) {
        checkUnlocked("set a velocity");
        int b = slot(h);
        Check.finite("angularVelocity", w);
        requireMovable(b);
        Bodies.setVec(bodies.angVel, b, w.x(), w.y(), w.z());
        wakeIsland(b);
    }

    /** Scratch of {@link #moveKinematic} (a character's root drive moves its anchor every tick). */
    private final Quaterniond kinematicTarget = new Quaterniond();
    private final Quaterniond kinematicTurn = new Quaterniond();
    private final Vector3d kinematicCom = new Vector3d();

    /**
     * Sets a kinematic body's velocities so that it reaches the target origin and orientation at
     * the end of the next tick. Allocates nothing.
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
        applyLinearImpulse(h, impulse);
        moment(b, worldPoint, impulse);
        bodies.addAngularImpulse(b, momentScratch.x, momentScratch.y, momentScratch.z);
    }

    private final Vector3d momentScratch = new Vector3d();

    /** momentScratch = (point − centre of mass of b) × v: the moment about b's centre of mass of v acting at point. */
    private void moment(int b, Vector3dc point, Vector3dc v) {
        double rx = point.x() - bodies.pos[3 * b];
        double ry = point.y() - bodies.pos[3 * b + 1];
        double rz = point.z() - bodies.pos[3 * b + 2];
        momentScratch.set(ry * v.z() - rz * v.y(), rz * v.x() - rx * v.z(), rx * v.y() - ry * v.x());
    }

    /**
     * {@link #applyImpulseAtPoint(BodyHandle, Vector3dc, Vector3dc)} with the impulse's length held
     * to {@code maxImpulse} (N·s, ≥ 0; direction kept). Returns the impulse applied, N·s; a cut is
     * counted in {@link SolverLimits#appliedImpulseCapped()} of the next step.
     */
    public double applyImpulseAtPoint(BodyHandle h, Vector3dc impulse, Vector3dc worldPoint, double maxImpulse) {
        checkUnlocked("apply an impulse");
        slot(h);
        Check.finite("impulse", impulse);
        Check.finite("worldPoint", worldPoint);
        if (!(maxImpulse >= 0)) {
            throw new InvalidArgumentException("maxImpulse", maxImpulse, "must be ≥ 0 N·s");
        }
        double len = impulse.length();
        if (len > maxImpulse) {
            limits.appliedSincePrevious++;
            Vector3d cut = new Vector3d(impulse).mul(maxImpulse / len);
            applyImpulseAtPoint(h, cut, worldPoint);
            return maxImpulse;
        }
        applyImpulseAtPoint(h, impulse, worldPoint);
        return len;
    }

    /**
     * Adds a force (N, world) acting at a world point (m) for the next tick: the force at the centre
     * of mass and its torque about it; wakes the body.
     */
    public void applyForceAtPoint(BodyHandle h, Vector3dc force, Vector3dc worldPoint) {
        checkUnlocked("apply a force");
        int b = slot(h);
        Check.finite("force", force);
        Check.finite("worldPoint", worldPoint);
        if (bodies.type[b] != Bodies.DYNAMIC) {
            return;
        }
        applyForce(h, force);
        moment(b, worldPoint, force);
        bodies.torque[3 * b] += momentScratch.x;
        bodies.torque[3 * b + 1] += momentScratch.y;
        bodies.torque[3 * b + 2] += momentScratch.z;
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
            throw new InvalidArgumentException("body", handle(b),
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

    /**
     * Advances the world by exactly one tick. Bodies whose state is not finite or outside the world
     * bound are contained before and after the tick ({@link #faultEvents()}). When step listeners
     * are registered the world keeps its state from before the tick, and a listener that throws
     * leaves the world as it was before the step (the exception is rethrown). Keeping it costs a
     * snapshot into a reused buffer each tick: measured +13–16 % on the 210-box pyramid's step.
     */
    public void step() {
        checkUnlocked("step");
        locked = true;
        boolean guarded = !listeners.isEmpty();
        try {
            faults.clear();
            limits.begin();
            FaultContainment.run(this);
            if (guarded) {
                rollback = WorldSnapshot.write(this, rollback);
            }
            stepper.runTick();
            stepCount++;
            breakOverloadedJoints();
            FaultContainment.run(this);
            for (int i = 0; i < listeners.size(); i++) {
                listeners.get(i).afterStep(this);
            }
        } catch (RuntimeException | Error e) {
            if (guarded && rollback != null) {
                try {
                    WorldSnapshot.fromBuffer(rollback).restoreInto(this);
                    events.clear();
                } catch (RuntimeException restoreFailed) {
                    // a body removed by fault containment in this step cannot come back
                    e.addSuppressed(restoreFailed);
                }
            }
            throw e;
        } finally {
            locked = false;
        }
    }

    /** This world's state before the current tick, kept while step listeners are registered. */
    private java.nio.ByteBuffer rollback;
    private final FaultEvents faults = new FaultEvents();
    final SolverLimits limits = new SolverLimits();
    /** Largest normal impulse of one contact point in one solve, N·s (+∞: none). */
    double maxContactImpulse = Double.POSITIVE_INFINITY;

    /** How often the solver hit one of its limits in the last step. */
    public SolverLimits solverLimits() {
        return limits;
    }

    /**
     * Caps the normal impulse one contact point may take in one solve (each substep's), N·s, > 0;
     * {@code Double.POSITIVE_INFINITY} (the default) removes the cap. Each time it acts is counted
     * in {@link SolverLimits#contactImpulseCapped()}. A capped contact lets bodies sink into each
     * other when it would need more.
     */
    public void setMaxContactImpulse(double maxImpulse) {
        checkUnlocked("set the contact impulse cap");
        maxContactImpulse = Check.cap("maxContactImpulse", maxImpulse, "N·s");
    }

    /** Bodies with a finite per-tick contact impulse cap (the solver skips the bookkeeping at 0). */
    int bodyImpulseCaps;

    /**
     * Caps the normal impulse a dynamic body's contacts may give it in one tick, summed over its
     * contact points and substeps (N·s, > 0; {@code Double.POSITIVE_INFINITY}, the default, for
     * none): each substep's share is cap / substeps, and a contact point's impulse stops growing
     * once its body has had that much (counted in {@link SolverLimits#bodyImpulseCapped()}). A capped
     * body can be pushed into others when it would need more. The ground contacts a joint tree
     * solves with its articulated mass are not counted yet.
     */
    public void setMaxContactImpulsePerStep(BodyHandle h, double maxImpulse) {
        checkUnlocked("set a body's contact impulse cap");
        int b = slot(h);
        Check.cap("maxContactImpulsePerStep", maxImpulse, "N·s");
        boolean was = bodies.maxContactImpulsePerStep[b] != Double.POSITIVE_INFINITY;
        boolean now = maxImpulse != Double.POSITIVE_INFINITY;
        bodyImpulseCaps += (now ? 1 : 0) - (was ? 1 : 0);
        bodies.maxContactImpulsePerStep[b] = maxImpulse;
    }

    /**
     * Caps a dynamic body's speeds: linear (m/s) and angular (rad/s), each > 0, or
     * {@code Double.POSITIVE_INFINITY} for none (the default). Applied every substep before the
     * position update; each time is counted in {@link SolverLimits#speedCapped()}.
     */
    public void setSpeedCaps(BodyHandle h, double maxLinearSpeed, double maxAngularSpeed) {
        checkUnlocked("set speed caps");
        int b = slot(h);
        Check.cap("maxLinearSpeed", maxLinearSpeed, "m/s");
        Check.cap("maxAngularSpeed", maxAngularSpeed, "rad/s");
        bodies.maxLinearSpeed[b] = maxLinearSpeed;
        bodies.maxAngularSpeed[b] = maxAngularSpeed;
    }
    /** Scratch of snapshots (a joint's row impulses). */
    final double[] snapshotRows = new double[Joints.ROW_IMPULSES];

    /** The faults contained in the last step (cleared at the start of each step). */
    public FaultEvents faultEvents() {
        return faults;
    }

    /** Destroys a body from inside the step (fault containment with {@link FaultPolicy#REMOVE}). */
    void destroyDuringStep(BodyHandle h) {
        boolean was = locked;
        locked = false;
        try {
            destroyBody(h);
        } finally {
            locked = was;
        }
    }

    /**
     * For fault-containment tests and drills: writes NaN into body h's linear velocity, as a
     * solver blow-up would. The next {@link #step()} contains it before the tick.
     */
    public void injectFault(BodyHandle h) {
        checkUnlocked("inject a fault");
        int b = slot(h);
        Bodies.setVec(bodies.linVel, b, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The deepest overlap among current contacts, metres (≥ 0): each point's separation as the
     * solver sees it now, from the bodies' current poses.
     */
    public double deepestPenetration() {
        return contacts.deepestContact(null);
    }

    /**
     * The deepest current contact point, for diagnostics and debug drawing: fills {@code out}
     * (bodies, depth in metres, world point and normal from A to B) when there is an overlap and
     * returns its depth (0 when nothing overlaps, and {@code out} is left as it was).
     */
    public double deepestContact(ContactPoint out) {
        return contacts.deepestContact(Check.notNull("out", out));
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

    /**
     * Ray casts, overlap tests and shape casts against this world. Like the world, queries are
     * single-threaded: they share the world's query scratch.
     */
    public Queries queries() {
        return new Queries(this, narrowPhaseForQueries);
    }

    /** Collider world pose as a transform, for queries. */
    void colliderTransform(int k, Transform t) {
        contacts.colliderTransform(k, t);
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

    void checkUnlocked(String operation) {
        if (locked) {
            throw new WorldLockedException(operation);
        }
    }

    private Quaterniond rotation(int b) {
        return new Quaterniond(bodies.rot[4 * b], bodies.rot[4 * b + 1], bodies.rot[4 * b + 2], bodies.rot[4 * b + 3]);
    }
}
