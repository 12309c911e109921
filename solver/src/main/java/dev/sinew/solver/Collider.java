package dev.sinew.solver;

import dev.sinew.solver.shape.Shape;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A shape attached to a body at a local pose.
 *
 * @param shape         the shape (shared, immutable)
 * @param localPosition shape origin in the body frame, metres
 * @param localRotation shape orientation in the body frame (unit quaternion)
 * @param material      friction, restitution and density
 * @param category      collision category bits this collider belongs to (default 1)
 * @param mask          categories this collider collides with (default all); a pair collides when each
 *                      one's category meets the other's mask
 */
public record Collider(Shape shape, Vector3dc localPosition, Quaterniondc localRotation, Material material,
        int category, int mask) {

    public Collider {
        Check.notNull("shape", shape);
        localPosition = new Vector3d(Check.finite("localPosition", localPosition));
        localRotation = new Quaterniond(Check.unit("localRotation", localRotation));
        Check.notNull("material", material);
    }

    /**
     * The shape at the body origin with {@link Material#DEFAULT} (friction 0.6, restitution 0,
     * density 1000 kg/m³), in collision category 1, colliding with every category.
     */
    public static Collider of(Shape shape) {
        return new Collider(shape, new Vector3d(), new Quaterniond(), Material.DEFAULT, 1, -1);
    }

    /** The shape at the body origin with the given material. */
    public static Collider of(Shape shape, Material material) {
        return new Collider(shape, new Vector3d(), new Quaterniond(), material, 1, -1);
    }

    /** The same collider at a pose in the body frame: position m, unit rotation. */
    public Collider at(Vector3dc position, Quaterniondc rotation) {
        return new Collider(shape, position, rotation, material, category, mask);
    }

    public Collider withMaterial(Material m) {
        return new Collider(shape, localPosition, localRotation, m, category, mask);
    }

    public Collider withFilter(int categoryBits, int maskBits) {
        return new Collider(shape, localPosition, localRotation, material, categoryBits, maskBits);
    }
}
