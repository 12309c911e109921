package dev.sinew.reactions.getup;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A character's anatomical axes (up the spine, front, left) in its pelvis and chest bodies'
 * frames, found once from the skeleton's rest pose: the rest pose is taken to stand with +Y up and
 * face {@code restFront} (+Z for the CMU skeleton and most BVH files, whose +X is then the
 * character's left). From the bodies' world orientations they give the torso's world axes, the
 * {@link PoseClass} of a lying pose and its heading.
 *
 * <p><b>Classification.</b> With f and l the world front and left axes (pelvis and chest added,
 * normalized) and fy = f·up, ly = l·up: if |fy| ≥ |ly| the torso lies on its front (fy &lt; 0,
 * {@link PoseClass#FACE_DOWN}) or back ({@link PoseClass#FACE_UP}), else on a side (ly &gt; 0: the
 * left side up, {@link PoseClass#SIDE_RIGHT}; else {@link PoseClass#SIDE_LEFT}). Only the front and
 * left axes vote, so a torso that is nearly vertical (sitting up, propped against something,
 * upside down) is classed by which way it leans, as it would fall; an exactly vertical torso with
 * no lean at all (fy = ly = 0) counts as face up.
 *
 * <p><b>Heading.</b> Lying: the direction from pelvis to head on the ground, the horizontal part of
 * the spine's up axis (for a torso that is nearly vertical, of its front axis). Standing: the
 * horizontal part of the front axis. Headings are yaw angles about +Y, measured from +Z toward +X
 * (yaw = atan2(x, z)), rad.
 */
public final class TorsoAxes {
    private final int pelvis;
    private final int chest;
    private final Vector3d[] up = new Vector3d[2];
    private final Vector3d[] front = new Vector3d[2];
    private final Vector3d[] left = new Vector3d[2];
    private final Vector3d a = new Vector3d();
    private final Vector3d b = new Vector3d();
    /** Scratch of {@link #sum} alone, so that its dest may be any vector, a and b included. */
    private final Vector3d pa = new Vector3d();
    private final Vector3d pb = new Vector3d();

    /**
     * @param restFront the way the skeleton's rest pose faces, world (horizontal, non-zero)
     * @throws InvalidArgumentException if the ragdoll has no body of region chest
     */
    public TorsoAxes(Ragdoll ragdoll, Vector3dc restFront) {
        Vector3d f = new Vector3d(restFront.x(), 0, restFront.z());
        if (!(f.length() > 1e-9) || !restFront.isFinite()) {
            throw new InvalidArgumentException("restFront", restFront, "must be a finite horizontal direction");
        }
        f.normalize();
        pelvis = 0;
        int c = -1;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            if ("chest".equals(ragdoll.region(i))) {
                c = i;
                break;
            }
        }
        if (c < 0) {
            throw new InvalidArgumentException("ragdoll", ragdoll.bodyName(0) + "...", "has no body of region chest to read the torso from");
        }
        chest = c;
        int n = ragdoll.bodyCount();
        Vector3d[] pos = new Vector3d[n];
        Quaterniond[] rot = new Quaterniond[n];
        for (int i = 0; i < n; i++) {
            pos[i] = new Vector3d();
            rot[i] = new Quaterniond();
        }
        ragdoll.mapper().bodyTargets(new Pose(ragdoll.mapper().skeleton()), pos, rot);
        Vector3d l = new Vector3d(0, 1, 0).cross(f, new Vector3d());
        int[] bodies = {pelvis, chest};
        for (int k = 0; k < 2; k++) {
            Quaterniond inv = new Quaterniond(rot[bodies[k]]).conjugate();
            up[k] = inv.transform(new Vector3d(0, 1, 0));
            front[k] = inv.transform(new Vector3d(f));
            left[k] = inv.transform(new Vector3d(l));
        }
    }

    /** The pelvis body's index (the root body). */
    public int pelvis() {
        return pelvis;
    }

    /** The chest body's index. */
    public int chest() {
        return chest;
    }

    /** The torso's world front axis (pelvis and chest added, normalized) for the bodies' world orientations. */
    public Vector3d front(Quaterniondc pelvisRot, Quaterniondc chestRot, Vector3d dest) {
        return sum(front, pelvisRot, chestRot, dest);
    }

    /** The torso's world left axis. */
    public Vector3d left(Quaterniondc pelvisRot, Quaterniondc chestRot, Vector3d dest) {
        return sum(left, pelvisRot, chestRot, dest);
    }

    /** The torso's world up axis (along the spine, toward the head). */
    public Vector3d up(Quaterniondc pelvisRot, Quaterniondc chestRot, Vector3d dest) {
        return sum(up, pelvisRot, chestRot, dest);
    }

    private Vector3d sum(Vector3d[] axis, Quaterniondc pelvisRot, Quaterniondc chestRot, Vector3d dest) {
        pelvisRot.transform(axis[0], pa);
        chestRot.transform(axis[1], pb);
        dest.set(pa).add(pb);
        double len = dest.length();
        return len > 1e-12 ? dest.div(len) : dest.set(pa);
    }

    /** The class of the pose whose pelvis and chest bodies have these world orientations. */
    public PoseClass classify(Quaterniondc pelvisRot, Quaterniondc chestRot) {
        double fy = front(pelvisRot, chestRot, a).y;
        double ly = left(pelvisRot, chestRot, b).y;
        if (Math.abs(fy) >= Math.abs(ly)) {
            return fy < 0 ? PoseClass.FACE_DOWN : PoseClass.FACE_UP;
        }
        return ly > 0 ? PoseClass.SIDE_RIGHT : PoseClass.SIDE_LEFT;
    }

    /** The heading of a lying pose (pelvis to head on the ground), yaw about +Y, rad. */
    public double lyingHeading(Quaterniondc pelvisRot, Quaterniondc chestRot) {
        up(pelvisRot, chestRot, a);
        if (a.x * a.x + a.z * a.z < 0.01) {
            front(pelvisRot, chestRot, a);
        }
        return Math.atan2(a.x, a.z);
    }

    /** The heading of a standing pose (the way it faces), yaw about +Y, rad. */
    public double facingHeading(Quaterniondc pelvisRot, Quaterniondc chestRot) {
        front(pelvisRot, chestRot, a);
        if (a.x * a.x + a.z * a.z < 0.01) {
            // bent flat: face down the head points the way it faces, face up the other way
            boolean down = a.y < 0;
            up(pelvisRot, chestRot, a);
            if (!down) {
                a.negate();
            }
        }
        return Math.atan2(a.x, a.z);
    }
}
