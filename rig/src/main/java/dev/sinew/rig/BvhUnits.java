package dev.sinew.rig;

import java.util.List;
import java.util.Optional;
import org.joml.Vector3d;

/**
 * Telling a BVH file's length unit from its skeleton: a standing human's rest skeleton (joints and
 * end sites, head to toe) is 1–2.5 m tall, so its height in file units says which unit gives that.
 */
public final class BvhUnits {
    private BvhUnits() {
    }

    /**
     * A candidate unit.
     *
     * @param name          in words, for example "centimetres (0.01 m)"
     * @param metresPerUnit metres per file unit
     * @param minHeight     the shortest rest skeleton, in file units, taken to be in this unit
     * @param maxHeight     the tallest
     */
    public record Unit(String name, double metresPerUnit, double minHeight, double maxHeight) {
    }

    /** The units told apart, by the height ranges they give a 1–2.5 m human (checked in this order; the last match wins). */
    public static final List<Unit> CANDIDATES = List.of(
            new Unit("metres", 1.0, 1.0, 2.5),
            new Unit("CMU units (0.056444 m)", BvhImporter.CMU_UNIT, 20.0, 45.0),
            new Unit("inches (0.0254 m)", 0.0254, 45.0, 100.0),
            new Unit("centimetres (0.01 m)", 0.01, 100.0, 250.0),
            new Unit("millimetres (0.001 m)", 0.001, 1000.0, 2500.0));

    /**
     * The unit whose height range holds this rest height, if any.
     *
     * @param restHeight the rest skeleton's height in file units ({@link #restHeight})
     */
    public static Optional<Unit> detect(double restHeight) {
        Unit found = null;
        for (Unit u : CANDIDATES) {
            if (restHeight >= u.minHeight && restHeight <= u.maxHeight) {
                found = u;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The candidates and their ranges in words, for messages. */
    public static String ranges() {
        StringBuilder b = new StringBuilder();
        for (Unit u : CANDIDATES) {
            b.append(b.length() == 0 ? "" : ", ").append(u.name).append(' ').append(fmt(u.minHeight)).append('–')
                    .append(fmt(u.maxHeight));
        }
        return b.toString();
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** Vertical extent of the skeleton's rest pose, joints and end sites, in the skeleton's units. */
    public static double restHeight(Skeleton s) {
        Pose rest = new Pose(s).evaluate();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        Vector3d p = new Vector3d();
        Vector3d e = new Vector3d();
        org.joml.Quaterniond q = new org.joml.Quaterniond();
        for (int i = 0; i < s.boneCount(); i++) {
            rest.modelPosition(i, p);
            lo = Math.min(lo, p.y);
            hi = Math.max(hi, p.y);
            if (s.endSite(i, e) != null) {
                rest.modelRotation(i, q).transform(e).add(p);
                lo = Math.min(lo, e.y);
                hi = Math.max(hi, e.y);
            }
        }
        return hi - lo;
    }
}
