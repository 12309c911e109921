package dev.sinew.solver;

import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/** Argument validation shared by every public entry point. Each check names the parameter. */
public final class Check {
    /** How far from 1 a quaternion's length may be and still count as unit. */
    public static final double UNIT_TOLERANCE = 1e-6;

    private Check() {
    }

    public static double finite(String name, double v) {
        if (!Double.isFinite(v)) {
            throw new InvalidArgumentException(name, v, "must be finite");
        }
        return v;
    }

    public static double positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new InvalidArgumentException(name, v, "must be finite and > 0");
        }
        return v;
    }

    /** A cap: > 0, or {@link Double#POSITIVE_INFINITY} for none; {@code unit} names the unit in the error. */
    public static double cap(String name, double v, String unit) {
        if (!(v > 0)) {
            throw new InvalidArgumentException(name, v, "must be > 0 " + unit + " (or +∞ for none)");
        }
        return v;
    }

    public static double nonNegative(String name, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new InvalidArgumentException(name, v, "must be finite and >= 0");
        }
        return v;
    }

    public static double inRange(String name, double v, double lo, double hi) {
        if (!(v >= lo && v <= hi)) {
            throw new InvalidArgumentException(name, v, "must be in [" + lo + ", " + hi + "]");
        }
        return v;
    }

    public static int atLeast(String name, int v, int min) {
        if (v < min) {
            throw new InvalidArgumentException(name, v, "must be >= " + min);
        }
        return v;
    }

    public static <T> T notNull(String name, T v) {
        if (v == null) {
            throw new InvalidArgumentException(name, null, "must not be null");
        }
        return v;
    }

    public static Vector3dc finite(String name, Vector3dc v) {
        notNull(name, v);
        if (!Double.isFinite(v.x()) || !Double.isFinite(v.y()) || !Double.isFinite(v.z())) {
            throw new InvalidArgumentException(name, v, "every component must be finite");
        }
        return v;
    }

    public static Vector3dc nonZero(String name, Vector3dc v) {
        finite(name, v);
        if (v.lengthSquared() == 0) {
            throw new InvalidArgumentException(name, v, "must not be the zero vector");
        }
        return v;
    }

    /** A joint's two bodies: both given, and not the same body. */
    static void jointBodies(BodyHandle bodyA, BodyHandle bodyB) {
        notNull("bodyA", bodyA);
        notNull("bodyB", bodyB);
        if (bodyA.equals(bodyB)) {
            throw new InvalidArgumentException("bodyB", bodyB, "a joint needs two different bodies");
        }
    }

    /** A rotation must be finite and of unit length within {@link #UNIT_TOLERANCE}. */
    public static Quaterniondc unit(String name, Quaterniondc q) {
        notNull(name, q);
        double len2 = q.x() * q.x() + q.y() * q.y() + q.z() * q.z() + q.w() * q.w();
        if (!Double.isFinite(len2) || Math.abs(Math.sqrt(len2) - 1.0) > UNIT_TOLERANCE) {
            throw new InvalidArgumentException(name, q, "must be a finite unit quaternion (|q| = 1 within "
                    + UNIT_TOLERANCE + ")");
        }
        return q;
    }
}
