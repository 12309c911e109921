package dev.sinew.rig;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.FixedJointSettings;
import dev.sinew.solver.HingeJointSettings;
import dev.sinew.solver.InvalidArgumentException;
import dev.sinew.solver.JointHandle;
import dev.sinew.solver.SwingTwist;
import dev.sinew.solver.SwingTwistJointSettings;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import dev.sinew.solver.shape.Shape;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A physics skeleton built in a {@link World} from an animation skeleton and a
 * {@link RagdollDefinition}: one dynamic body per defined bone, its joints to its parent body
 * (connected bodies do not collide), masses from the definition's total mass and fractions.
 * Joint frames and limits are set in the skeleton's rest pose; the bodies are then placed in the
 * given pose. Each body follows its bone through a fixed offset: body = bone ⊗ offset.
 */
public final class Ragdoll {
    private final World world;
    private final Skeleton skeleton;
    private final RagdollDefinition definition;
    private final BodyHandle[] bodies;
    private final JointHandle[] joints;
    private final int[] bone;
    private final int[] parentBody;
    private final Quaterniond[] offsetRot;
    private final Vector3d[] offsetPos;
    private final Shape[] shapes;
    /** Each joint's anchor in its parent body's frame and in its own body's frame (body origins), m. */
    private final Vector3d[] anchorInParent;
    private final Vector3d[] anchorInBody;
    private final int[] boneBody;
    private SkeletonMapper mapper;
    /** Each body's inertia per kilogram of its shape (body frame), and whether masses are stabilized. */
    private final org.joml.Matrix3d[] unitInertia;
    private boolean stabilized;

    private Ragdoll(World world, Skeleton skeleton, RagdollDefinition definition) {
        this.world = world;
        this.skeleton = skeleton;
        this.definition = definition;
        int n = definition.bodies().size();
        bodies = new BodyHandle[n];
        joints = new JointHandle[n];
        bone = new int[n];
        parentBody = new int[n];
        offsetRot = new Quaterniond[n];
        offsetPos = new Vector3d[n];
        shapes = new Shape[n];
        anchorInParent = new Vector3d[n];
        anchorInBody = new Vector3d[n];
        boneBody = new int[skeleton.boneCount()];
        java.util.Arrays.fill(boneBody, -1);
        unitInertia = new org.joml.Matrix3d[n];
    }

    /**
     * Builds the ragdoll into the world, posed as {@code pose}. Everything is checked before the
     * world is touched, so a definition that does not fit leaves it unchanged.
     *
     * @throws DefinitionException naming the definition, the field's JSON path, the body and the
     *                             value if the definition does not fit the skeleton
     */
    public static Ragdoll build(World world, Skeleton skeleton, RagdollDefinition definition, Pose pose) {
        return build(world, skeleton, definition, pose, true);
    }

    /** {@link #build} with the bodies allowed to sleep or kept awake; stabilized. */
    public static Ragdoll build(World world, Skeleton skeleton, RagdollDefinition definition, Pose pose, boolean allowSleep) {
        return build(world, skeleton, definition, pose, allowSleep, true);
    }

    /**
     * {@link #build} with the bodies allowed to sleep or kept awake, and with or without mass-ratio
     * stabilization ({@link #stabilize}).
     */
    public static Ragdoll build(World world, Skeleton skeleton, RagdollDefinition definition, Pose pose, boolean allowSleep,
            boolean stabilize) {
        if (pose.skeleton() != skeleton) {
            throw new InvalidArgumentException("pose", pose, "is a pose of another skeleton");
        }
        Ragdoll r = new Ragdoll(world, skeleton, definition);
        Pose rest = new Pose(skeleton).evaluate();
        Quaterniond[] restRot = new Quaterniond[r.bodies.length];
        Vector3d[] restPos = new Vector3d[r.bodies.length];
        BodySettings[] settings = new BodySettings[r.bodies.length];
        // resolve everything before the world is touched, so a bad definition changes nothing
        for (int i = 0; i < r.bodies.length; i++) {
            RagdollDefinition.Body b = definition.bodies().get(i);
            String at = "$.bodies[" + i + "]";
            int bi = skeleton.find(b.bone());
            if (bi < 0) {
                throw unfit(definition, at + ".bone", b, "'" + b.bone() + "'", "is not a bone of the skeleton " + bones(skeleton));
            }
            if (r.boneBody[bi] >= 0) {
                throw unfit(definition, at + ".bone", b, "'" + b.bone() + "'",
                        "already has a body (" + definition.bodies().get(r.boneBody[bi]).name() + "): one body per bone");
            }
            r.bone[i] = bi;
            r.boneBody[bi] = i;
            Vector3d pb = rest.modelPosition(bi, new Vector3d());
            Quaterniond qb = rest.modelRotation(bi, new Quaterniond());
            RagdollDefinition.Shape s = b.shape();
            Vector3d center;
            Quaterniond rot;
            double length = 0;
            if (s.to() != null) {
                Vector3d d = tip(skeleton, rest, s.to(), new Vector3d());
                if (d == null) {
                    throw unfit(definition, at + ".shape.to", b, "'" + s.to() + "'", "is not a bone of the skeleton, nor"
                            + " BONE" + END_SITE + " for the end site of one that has it " + bones(skeleton));
                }
                d.sub(pb);
                length = d.length();
                if (length < 1e-4) {
                    throw unfit(definition, at + ".shape.to", b, "'" + s.to() + "'",
                            "is where " + b.bone() + " is in the rest pose: no length to run along");
                }
                center = new Vector3d(pb).fma(0.5, d);
                rot = new Quaterniond().rotationTo(new Vector3d(0, 1, 0), d.normalize(new Vector3d()));
            } else {
                double[] o = s.offset() == null ? new double[3] : s.offset();
                center = qb.transform(new Vector3d(o[0], o[1], o[2])).add(pb);
                rot = new Quaterniond(qb);
            }
            r.shapes[i] = switch (s.type()) {
                case "capsule" -> new Capsule(Math.max(0.005, length / 2 - s.radius()), s.radius());
                case "sphere" -> new Sphere(s.radius());
                default -> new Box(s.halfExtents()[0], s.halfExtents()[1], s.halfExtents()[2]);
            };
            restRot[i] = rot;
            restPos[i] = center;
            r.offsetRot[i] = new Quaterniond(qb).conjugate().mul(rot);
            r.offsetPos[i] = new Quaterniond(qb).conjugate().transform(new Vector3d(center).sub(pb));
            r.parentBody[i] = b.joint() == null ? -1 : indexOf(definition, b.joint().parent());
            try {
                settings[i] = BodySettings.builder(BodyType.DYNAMIC).position(restPos[i]).orientation(restRot[i])
                        .mass(b.massFraction() * definition.totalMass()).allowSleep(allowSleep)
                        .damping(0, definition.angularDamping() == null ? 0 : definition.angularDamping())
                        .collider(Collider.of(r.shapes[i])).build();
            } catch (InvalidArgumentException e) {
                throw unfit(definition, at + ".massFraction", b, b.massFraction(), "gives a body the solver refuses ("
                        + e.getMessage() + ")");
            }
        }
        for (int i = 1; i < r.bodies.length; i++) {
            RagdollDefinition.Joint j = definition.bodies().get(i).joint();
            if (j != null && j.type().equals("swingTwist")) {
                Vector3d along = restRot[i].transform(new Vector3d(0, 1, 0));
                Vector3d axis = new Vector3d(j.swingAxis()[0], j.swingAxis()[1], j.swingAxis()[2]).normalize();
                if (along.cross(axis, new Vector3d()).length() < 1e-3) {
                    throw unfit(definition, "$.bodies[" + i + "].joint.swingAxis", definition.bodies().get(i),
                            java.util.Arrays.toString(j.swingAxis()), String.format(java.util.Locale.ROOT, "runs along the"
                            + " body's twist axis (%.3f, %.3f, %.3f) in the rest pose; the swing axis must be across it",
                            along.x, along.y, along.z));
                }
            }
        }
        r.mapper = new SkeletonMapper(skeleton, r.bone, r.offsetRot, r.offsetPos);
        for (int i = 0; i < r.bodies.length; i++) {
            r.bodies[i] = world.createBody(settings[i]);
        }
        for (int i = 0; i < r.bodies.length; i++) {
            r.unitInertia[i] = world.inertiaInBodySpace(r.bodies[i], new org.joml.Matrix3d()).scale(1 / world.mass(r.bodies[i]));
        }
        r.stabilized = stabilize;
        if (stabilize) {
            r.stabilize();
        }
        for (int i = 1; i < r.bodies.length; i++) {
            r.joints[i] = r.joint(i, rest, restPos, restRot);
            if (definition.jointFriction() != null && definition.jointFriction() > 0) {
                world.setJointFriction(r.joints[i], definition.jointFriction());
            }
        }
        r.setPose(pose);
        return r;
    }

    /** How {@code shape.to} names a bone's end site: {@code forearm.L/end}. */
    public static final String END_SITE = "/end";

    /**
     * Where a shape runs to in the rest pose (model space, metres): the named bone, or with the
     * suffix {@link #END_SITE} that bone's end site; null if there is no such bone or end site.
     */
    static Vector3d tip(Skeleton skeleton, Pose rest, String to, Vector3d dest) {
        if (to.endsWith(END_SITE)) {
            int b = skeleton.find(to.substring(0, to.length() - END_SITE.length()));
            if (b >= 0 && skeleton.hasEndSite(b)) {
                Vector3d e = skeleton.endSite(b, new Vector3d());
                return rest.modelRotation(b, new Quaterniond()).transform(e).add(rest.modelPosition(b, dest));
            }
        }
        int b = skeleton.find(to);
        return b < 0 ? null : rest.modelPosition(b, dest);
    }

    private static DefinitionException unfit(RagdollDefinition d, String path, RagdollDefinition.Body b, Object value,
            String reason) {
        return new DefinitionException(d.name(), path, b.name(), value, reason);
    }

    /** The skeleton's bone names for a message, the first 40. */
    private static String bones(Skeleton s) {
        java.util.List<String> n = s.names();
        return "(" + n.size() + " bones: " + String.join(", ", n.subList(0, Math.min(40, n.size())))
                + (n.size() > 40 ? ", ..." : "") + ")";
    }

    private static int indexOf(RagdollDefinition d, String body) {
        for (int i = 0; i < d.bodies().size(); i++) {
            if (d.bodies().get(i).name().equals(body)) {
                return i;
            }
        }
        return -1;
    }

    /** Largest mass ratio kept between a body and its parent, either way. */
    public static final double MAX_MASS_RATIO = 4;

    /**
     * Mass-ratio stabilization, after Strunk's "Stop my constraints from blowing up!" (Havok): a
     * light body between heavy ones, or a heavy body on a light parent, makes joint chains converge
     * badly. Two rules, total mass kept: (1) every body and its parent are brought within
     * {@link #MAX_MASS_RATIO} of each other by moving mass between them (each body's inertia scales
     * with its mass); (2) every parent's smallest principal moment is raised, isotropically, to at
     * least the sum of its children's largest, so a parent is never spun by its children.
     */
    void stabilize() {
        int n = bodies.length;
        double[] mass = new double[n];
        org.joml.Matrix3d[] inertia = new org.joml.Matrix3d[n];
        for (int i = 0; i < n; i++) {
            mass[i] = world.mass(bodies[i]);
            inertia[i] = world.inertiaInBodySpace(bodies[i], new org.joml.Matrix3d());
        }
        double[] scale = new double[n];
        java.util.Arrays.fill(scale, 1);
        for (int sweep = 0; sweep < 20; sweep++) {
            boolean changed = false;
            for (int i = 1; i < n; i++) {
                int p = parentBody[i];
                double sum = mass[i] + mass[p];
                double r = mass[i] / mass[p];
                if (r > MAX_MASS_RATIO * (1 + 1e-9) || r < (1 - 1e-9) / MAX_MASS_RATIO) {
                    double child = r > 1 ? sum * MAX_MASS_RATIO / (1 + MAX_MASS_RATIO) : sum / (1 + MAX_MASS_RATIO);
                    scale[i] *= child / mass[i];
                    scale[p] *= (sum - child) / mass[p];
                    mass[i] = child;
                    mass[p] = sum - child;
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        for (int i = 0; i < n; i++) {
            inertia[i].scale(scale[i]);
        }
        // children come after their parents: go backwards so a raised parent counts for its own parent
        for (int p = n - 1; p >= 0; p--) {
            double children = 0;
            for (int i = p + 1; i < n; i++) {
                if (parentBody[i] == p) {
                    children += Math.max(inertia[i].m00, Math.max(inertia[i].m11, inertia[i].m22));
                }
            }
            double least = Math.min(inertia[p].m00, Math.min(inertia[p].m11, inertia[p].m22));
            if (children > least) {
                double add = children - least;
                inertia[p].m00 += add;
                inertia[p].m11 += add;
                inertia[p].m22 += add;
            }
        }
        for (int i = 0; i < n; i++) {
            world.setMassProperties(bodies[i], mass[i], inertia[i]);
        }
    }

    /**
     * Gives the bodies new shares of the definition's total mass (a drive profile's mass fractions):
     * body i gets totalMass·fractions[i]/Σfractions, its inertia that of its shape at that mass,
     * and the masses are stabilized again if the ragdoll was built stabilized.
     *
     * @throws InvalidArgumentException if the array's length is not the body count or a fraction is not in (0, 1]
     */
    public void setMassFractions(double[] fractions) {
        if (fractions.length != bodies.length) {
            throw new InvalidArgumentException("fractions.length", fractions.length, "must be the body count " + bodies.length);
        }
        double sum = 0;
        for (int i = 0; i < fractions.length; i++) {
            if (!(fractions[i] > 0 && fractions[i] <= 1)) {
                throw new InvalidArgumentException("fractions[" + i + "] (" + bodyName(i) + ")", fractions[i], "must be in (0, 1]");
            }
            sum += fractions[i];
        }
        for (int i = 0; i < bodies.length; i++) {
            double m = definition.totalMass() * fractions[i] / sum;
            world.setMassProperties(bodies[i], m, new org.joml.Matrix3d(unitInertia[i]).scale(m));
        }
        if (stabilized) {
            stabilize();
        }
    }

    /** Body i's joint to its parent, at the child bone's rest position. */
    private JointHandle joint(int i, Pose rest, Vector3d[] pos, Quaterniond[] rot) {
        RagdollDefinition.Joint j = definition.bodies().get(i).joint();
        int p = parentBody[i];
        Vector3d anchor = rest.modelPosition(bone[i], new Vector3d());
        Vector3d inA = new Quaterniond(rot[p]).conjugate().transform(new Vector3d(anchor).sub(pos[p]));
        Vector3d inB = new Quaterniond(rot[i]).conjugate().transform(new Vector3d(anchor).sub(pos[i]));
        anchorInParent[i] = new Vector3d(inA);
        anchorInBody[i] = new Vector3d(inB);
        switch (j.type()) {
            case "swingTwist" -> {
                Vector3d along = rot[i].transform(new Vector3d(0, 1, 0));
                Quaterniond frame = SwingTwistJointSettings.frame(along,
                        new Vector3d(j.swingAxis()[0], j.swingAxis()[1], j.swingAxis()[2]));
                Quaterniond fa = new Quaterniond(rot[p]).conjugate().mul(frame).normalize();
                if (j.swingCenter() != null) {
                    // the parent's frame turned to the cone's centre: there the joint angles are 0
                    fa.mul(SwingTwist.compose(0, Math.toRadians(j.swingCenter()[0]), Math.toRadians(j.swingCenter()[1]),
                            new Quaterniond())).normalize();
                }
                Quaterniond fb = new Quaterniond(rot[i]).conjugate().mul(frame).normalize();
                return world.createJoint(SwingTwistJointSettings.of(bodies[p], inA, fa, bodies[i], inB, fb)
                        .withSwing(Math.toRadians(j.swing()[0]), Math.toRadians(j.swing()[1]))
                        .withTwist(Math.toRadians(j.twist()[0]), Math.toRadians(j.twist()[1])));
            }
            case "hinge" -> {
                Vector3d axis = new Vector3d(j.axis()[0], j.axis()[1], j.axis()[2]).normalize();
                JointHandle h = world.createJoint(HingeJointSettings.of(bodies[p], inA,
                        new Quaterniond(rot[p]).conjugate().transform(new Vector3d(axis)), bodies[i], inB,
                        new Quaterniond(rot[i]).conjugate().transform(new Vector3d(axis))));
                world.setHingeLimits(h, Math.toRadians(j.limits()[0]), Math.toRadians(j.limits()[1]));
                return h;
            }
            default -> {
                return world.createJoint(FixedJointSettings.of(bodies[p], inA, bodies[i], inB));
            }
        }
    }

    /**
     * Places the bodies in a pose, at rest (zero velocities): each body turned as its bone, the root
     * body where its bone is, and every other body where its joint to its parent puts it. Bones the
     * ragdoll has no body for (a spine's extra segments, a collar bone) still turn the bodies after
     * them but cannot stretch a joint: the joints start closed.
     */
    public void setPose(Pose pose) {
        Vector3d zero = new Vector3d();
        Vector3d[] pos = new Vector3d[bodies.length];
        Quaterniond[] rot = new Quaterniond[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            pos[i] = new Vector3d();
            rot[i] = new Quaterniond();
        }
        mapper.bodyTargets(pose, pos, rot);
        for (int i = 0; i < bodies.length; i++) {
            int p = parentBody[i];
            if (p >= 0) {
                // parent origin + R_parent·anchorInParent − R_body·anchorInBody
                pos[i] = rot[p].transform(new Vector3d(anchorInParent[i])).add(pos[p])
                        .sub(rot[i].transform(new Vector3d(anchorInBody[i])));
            }
            world.setTransform(bodies[i], pos[i], rot[i]);
            world.setLinearVelocity(bodies[i], zero);
            world.setAngularVelocity(bodies[i], zero);
        }
    }

    /**
     * The physics pose as a skeleton pose: every mapped bone's rotation from its body, every other
     * bone keeping dest's current local rotation relative to its parent, the root translation from
     * the root bone's body (when the root bone has one). See {@link SkeletonMapper#toPose}.
     */
    public Pose readPose(Pose dest) {
        return mapper.toPose(world, bodies, dest);
    }

    /** The mapping between the animation skeleton's bones and this ragdoll's bodies. */
    public SkeletonMapper mapper() {
        return mapper;
    }

    public int bodyCount() {
        return bodies.length;
    }

    public BodyHandle body(int i) {
        return bodies[i];
    }

    /**
     * Lets the ragdoll's bodies collide with each other (true, the default) or not. Parent and
     * child never collide (their joint keeps them apart). Motion capture moves hands through thighs
     * and legs through each other where the ragdoll's capsules are fatter than the actor's limbs: an
     * active ragdoll tracking it usually turns self-collision off.
     */
    public void setSelfCollision(boolean collide) {
        for (int i = 0; i < bodies.length; i++) {
            for (int k = i + 1; k < bodies.length; k++) {
                if (parentBody[k] != i && parentBody[i] != k) {
                    world.setCollision(bodies[i], bodies[k], collide);
                }
            }
        }
    }

    /** Body i's parent body (−1 for the root body); parents come before their children. */
    public int parent(int i) {
        return parentBody[i];
    }

    /** Body i's joint to its parent (null for the root body). */
    public JointHandle joint(int i) {
        return joints[i];
    }

    /** The index of the body named {@code name}, or −1. */
    public int bodyIndex(String name) {
        for (int i = 0; i < bodies.length; i++) {
            if (bodyName(i).equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public String bodyName(int i) {
        return definition.bodies().get(i).name();
    }

    public String region(int i) {
        return definition.bodies().get(i).region();
    }

    public Shape shape(int i) {
        return shapes[i];
    }

    /** The bone body i follows. */
    public int bone(int i) {
        return bone[i];
    }

    public World world() {
        return world;
    }
}
