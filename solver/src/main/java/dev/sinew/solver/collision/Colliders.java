package dev.sinew.solver.collision;

import dev.sinew.solver.Collider;
import dev.sinew.solver.CombineRule;
import dev.sinew.solver.body.Slots;
import dev.sinew.solver.math.Quaternions;
import dev.sinew.solver.shape.Shape;
import java.util.Arrays;

/**
 * Collider (shape instance) state as structure-of-arrays, indexed by collider slot: the shape,
 * its pose in the body, material, filter, the cached world pose and the broadphase bound.
 */
public final class Colliders extends Slots {
    public int capacity;
    public boolean[] alive;
    public int[] body;
    public Shape[] shape;
    /** The collider as the body was created with it (shape, local pose, material, filter). */
    public Collider[] spec;
    public boolean[] isPlane;
    public double[] localPos;
    public double[] localRot;
    public double[] worldPos; // refreshed whenever the body moves
    public double[] worldRot;
    public double[] friction;
    public double[] restitution;
    public CombineRule[] frictionRule;
    public CombineRule[] restitutionRule;
    public int[] category;
    public int[] mask;
    public double[] fatBounds; // min xyz, max xyz
    public double[] maxRadius; // bound on the distance of any point of the shape from the body's centre of mass
    public double[] comOffset; // shape origin minus the body's centre of mass, body frame

    public Colliders(int initial) {
        grow(Math.max(8, initial));
    }

    public void grow(int n) {
        alive = Arrays.copyOf(alive == null ? new boolean[0] : alive, n);
        body = Arrays.copyOf(body == null ? new int[0] : body, n);
        shape = Arrays.copyOf(shape == null ? new Shape[0] : shape, n);
        spec = Arrays.copyOf(spec == null ? new Collider[0] : spec, n);
        isPlane = Arrays.copyOf(isPlane == null ? new boolean[0] : isPlane, n);
        localPos = g(localPos, 3 * n);
        localRot = g(localRot, 4 * n);
        worldPos = g(worldPos, 3 * n);
        worldRot = g(worldRot, 4 * n);
        friction = g(friction, n);
        restitution = g(restitution, n);
        frictionRule = Arrays.copyOf(frictionRule == null ? new CombineRule[0] : frictionRule, n);
        restitutionRule = Arrays.copyOf(restitutionRule == null ? new CombineRule[0] : restitutionRule, n);
        category = Arrays.copyOf(category == null ? new int[0] : category, n);
        mask = Arrays.copyOf(mask == null ? new int[0] : mask, n);
        fatBounds = g(fatBounds, 6 * n);
        maxRadius = g(maxRadius, n);
        comOffset = g(comOffset, 3 * n);
        capacity = n;
    }

    private static double[] g(double[] a, int n) {
        return Arrays.copyOf(a == null ? new double[0] : a, n);
    }

    /** World-frame outward normal component {@code axis} of plane collider {@code c}. */
    public double worldNormal(int c, int axis) {
        dev.sinew.solver.shape.Plane p = (dev.sinew.solver.shape.Plane) shape[c];
        double x = p.normal().x();
        double y = p.normal().y();
        double z = p.normal().z();
        return switch (axis) {
            case 0 -> Quaternions.rotX(worldRot, c, scratch3.set(x, y, z), 0);
            case 1 -> Quaternions.rotY(worldRot, c, scratch3.set(x, y, z), 0);
            default -> Quaternions.rotZ(worldRot, c, scratch3.set(x, y, z), 0);
        };
    }

    /** World offset d of plane collider c: the surface is n·x = d. */
    public double worldPlaneOffset(int c) {
        dev.sinew.solver.shape.Plane p = (dev.sinew.solver.shape.Plane) shape[c];
        return p.offset() + worldNormal(c, 0) * worldPos[3 * c] + worldNormal(c, 1) * worldPos[3 * c + 1]
                + worldNormal(c, 2) * worldPos[3 * c + 2];
    }

    /** A three-element scratch vector for the helpers above. */
    private static final class Xyz {
        final double[] v = new double[3];

        double[] set(double x, double y, double z) {
            v[0] = x;
            v[1] = y;
            v[2] = z;
            return v;
        }
    }

    private final Xyz scratch3 = new Xyz();

    /** Takes the lowest free slot, or a new one (growing the arrays). */
    public int allocate() {
        int slot = take();
        if (slot == capacity) {
            grow(2 * capacity);
        }
        return slot;
    }

    public void release(int slot) {
        alive[slot] = false;
        shape[slot] = null;
        spec[slot] = null;
        free(slot);
    }
}
