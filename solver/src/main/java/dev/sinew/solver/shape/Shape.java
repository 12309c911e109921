package dev.sinew.solver.shape;

import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * A collision shape in its own local frame. Shapes are immutable and may be shared by any
 * number of bodies. All lengths are in metres.
 */
public sealed interface Shape permits Sphere, Capsule, Box, ConvexHull, Plane, Terrain {

    /** Mass properties for a uniform density (kg/m³), in the shape's local frame. */
    MassProperties massProperties(double density);

    /**
     * World-space bounds of the shape placed at {@code position} with {@code rotation}.
     * Writes {min x, min y, min z, max x, max y, max z} to {@code dest[offset..offset+5]}.
     */
    void computeBounds(Vector3dc position, Quaterniondc rotation, double[] dest, int offset);

    /** Short type name for reports and errors. */
    String typeName();

    /** A number describing the shape's size, used in snapshot layout checks. */
    double sizeSignature();

    /** True for shapes only a static body may carry (a plane, a heightfield, a triangle mesh): they have no mass. */
    default boolean staticOnly() {
        return false;
    }
}
