package dev.sinew.rig;

import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The bridge between an animation skeleton and the fewer bodies of a physics skeleton. Each body
 * follows one bone through a fixed offset found in the rest pose (body = bone ⊗ offset):
 * <ul>
 *   <li>animation → physics: a pose gives every body its target transform ({@link #bodyTargets});</li>
 *   <li>physics → animation: the bodies give their bones' model rotations, and every bone without
 *       a body keeps its animated rotation relative to its parent ({@link #toPose}), so a spine with
 *       more segments than the ragdoll, or a collar bone, still moves with the bodies around it.</li>
 * </ul>
 * Evaluation uses the mapper's own buffers: no allocation per call.
 */
public final class SkeletonMapper {
    private final Skeleton skeleton;
    private final int[] bone;
    private final int[] boneBody;
    private final Quaterniond[] offsetRot;
    private final Vector3d[] offsetPos;
    private final double[] model;
    private final Quaterniond m = new Quaterniond();
    private final Quaterniond parent = new Quaterniond();
    private final Quaterniond local = new Quaterniond();
    private final Quaterniond inverseOffset = new Quaterniond();
    private final Vector3d v = new Vector3d();

    /**
     * @param bone      per body, the bone it follows
     * @param offsetRot per body, its rotation in its bone's frame
     * @param offsetPos per body, its origin in its bone's frame, metres
     */
    SkeletonMapper(Skeleton skeleton, int[] bone, Quaterniond[] offsetRot, Vector3d[] offsetPos) {
        this.skeleton = skeleton;
        this.bone = bone.clone();
        this.offsetRot = offsetRot;
        this.offsetPos = offsetPos;
        this.boneBody = new int[skeleton.boneCount()];
        java.util.Arrays.fill(boneBody, -1);
        for (int i = 0; i < bone.length; i++) {
            boneBody[bone[i]] = i;
        }
        this.model = new double[4 * skeleton.boneCount()];
    }

    public Skeleton skeleton() {
        return skeleton;
    }

    public int bodyCount() {
        return bone.length;
    }

    /** The bone body i follows. */
    public int bone(int body) {
        return bone[body];
    }

    /** The body that follows a bone, or −1. */
    public int body(int bone) {
        return boneBody[bone];
    }

    /**
     * Every body's target transform in a pose (evaluated here): positions[i] and rotations[i] are
     * set, metres and world rotations.
     */
    public void bodyTargets(Pose pose, Vector3d[] positions, Quaterniond[] rotations) {
        pose.evaluate();
        for (int i = 0; i < bone.length; i++) {
            pose.modelRotation(bone[i], m);
            pose.modelPosition(bone[i], positions[i]).add(m.transform(offsetPos[i], v));
            rotations[i].set(m).mul(offsetRot[i]).normalize();
        }
    }

    /**
     * The physics pose as an animation pose: each mapped bone's rotation from its body, each other
     * bone keeping dest's current local rotation relative to its parent, the root translation from
     * the root bone's body (when the root bone has one).
     */
    public Pose toPose(World world, BodyHandle[] bodies, Pose dest) {
        int n = skeleton.boneCount();
        for (int b = 0; b < n; b++) {
            int i = boneBody[b];
            int pb = skeleton.parent(b);
            if (pb >= 0) {
                parent.set(model[4 * pb], model[4 * pb + 1], model[4 * pb + 2], model[4 * pb + 3]);
            } else {
                parent.identity();
            }
            if (i >= 0) {
                world.orientation(bodies[i], m).mul(inverseOffset.set(offsetRot[i]).conjugate()).normalize();
                local.set(parent).conjugate().mul(m).normalize();
                dest.setLocal(b, local.x, local.y, local.z, local.w);
                if (b == 0) {
                    world.position(bodies[i], v).sub(m.transform(offsetPos[i], new Vector3d()));
                    dest.root.set(v);
                }
            } else {
                m.set(parent).mul(dest.localRotation(b, local));
            }
            model[4 * b] = m.x;
            model[4 * b + 1] = m.y;
            model[4 * b + 2] = m.z;
            model[4 * b + 3] = m.w;
        }
        return dest;
    }
}
