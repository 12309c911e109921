package dev.sinew.rig;

import dev.sinew.solver.Check;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A pose of a skeleton: every bone's local rotation (relative to its parent, replacing the rest
 * rotation) and the root's translation (metres, in the skeleton's space). Model-space transforms
 * are evaluated into the pose's own buffers, so evaluating allocates nothing.
 */
public final class Pose {
    private final Skeleton skeleton;
    /** Local rotations (x, y, z, w), 4 per bone. */
    final double[] local;
    final Vector3d root = new Vector3d();
    /** Model-space positions (3 per bone) and rotations (4 per bone) of the last {@link #evaluate}. */
    private final double[] modelPos;
    private final double[] modelRot;
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond p = new Quaterniond();
    private final Vector3d v = new Vector3d();

    /** The rest pose of the skeleton, root at its rest offset. */
    public Pose(Skeleton skeleton) {
        this.skeleton = skeleton;
        int n = skeleton.boneCount();
        local = new double[4 * n];
        modelPos = new double[3 * n];
        modelRot = new double[4 * n];
        for (int i = 0; i < n; i++) {
            skeleton.restRotation(i, q);
            setLocal(i, q.x, q.y, q.z, q.w);
        }
        skeleton.restOffset(0, root);
    }

    public Skeleton skeleton() {
        return skeleton;
    }

    public Pose set(Pose other) {
        if (other.skeleton != skeleton) {
            throw new InvalidArgumentException("other", other, "is a pose of another skeleton");
        }
        System.arraycopy(other.local, 0, local, 0, local.length);
        root.set(other.root);
        return this;
    }

    public Quaterniond localRotation(int bone, Quaterniond dest) {
        int o = 4 * bone;
        return dest.set(local[o], local[o + 1], local[o + 2], local[o + 3]);
    }

    /** Sets a bone's local rotation (unit; checked). */
    public Pose setLocalRotation(int bone, Quaterniondc rotation) {
        Check.unit("rotation", rotation);
        skeleton.name(bone);
        double inv = 1 / Math.sqrt(rotation.lengthSquared());
        setLocal(bone, rotation.x() * inv, rotation.y() * inv, rotation.z() * inv, rotation.w() * inv);
        return this;
    }

    void setLocal(int bone, double x, double y, double z, double w) {
        int o = 4 * bone;
        local[o] = x;
        local[o + 1] = y;
        local[o + 2] = z;
        local[o + 3] = w;
    }

    public Vector3d rootTranslation(Vector3d dest) {
        return dest.set(root);
    }

    public Pose setRootTranslation(Vector3dc t) {
        root.set(Check.finite("rootTranslation", t));
        return this;
    }

    /**
     * Computes every bone's model-space transform: a root bone sits at the root translation (other
     * roots at their rest offsets), a child at its parent's position plus the parent's rotation
     * applied to its rest offset, turned by parent·local.
     */
    public Pose evaluate() {
        int n = skeleton.boneCount();
        for (int i = 0; i < n; i++) {
            int par = skeleton.parent(i);
            localRotation(i, q);
            if (par < 0) {
                if (i == 0) {
                    v.set(root);
                } else {
                    skeleton.restOffset(i, v);
                }
            } else {
                p.set(modelRot[4 * par], modelRot[4 * par + 1], modelRot[4 * par + 2], modelRot[4 * par + 3]);
                skeleton.restOffset(i, v);
                p.transform(v);
                v.add(modelPos[3 * par], modelPos[3 * par + 1], modelPos[3 * par + 2]);
                q.premul(p);
            }
            modelPos[3 * i] = v.x;
            modelPos[3 * i + 1] = v.y;
            modelPos[3 * i + 2] = v.z;
            modelRot[4 * i] = q.x;
            modelRot[4 * i + 1] = q.y;
            modelRot[4 * i + 2] = q.z;
            modelRot[4 * i + 3] = q.w;
        }
        return this;
    }

    /** A bone's model-space position from the last {@link #evaluate}, metres. */
    public Vector3d modelPosition(int bone, Vector3d dest) {
        int o = 3 * bone;
        return dest.set(modelPos[o], modelPos[o + 1], modelPos[o + 2]);
    }

    /** A bone's model-space rotation from the last {@link #evaluate}. */
    public Quaterniond modelRotation(int bone, Quaterniond dest) {
        int o = 4 * bone;
        return dest.set(modelRot[o], modelRot[o + 1], modelRot[o + 2], modelRot[o + 3]);
    }
}
