package dev.sinew.solver;

/**
 * Surface and bulk properties of a collider. {@link #DEFAULT} (what {@link Collider#of(dev.sinew.solver.shape.Shape)}
 * uses): friction 0.6, restitution 0, density 1000 kg/m³, friction combined by geometric mean,
 * restitution by maximum.
 *
 * @param friction           Coulomb friction coefficient, ≥ 0, dimensionless (default 0.6)
 * @param restitution        coefficient of restitution in [0, 1] (default 0)
 * @param density            kg/m³, > 0 (default 1000, water)
 * @param frictionCombine    how friction combines with the other shape's (default geometric mean)
 * @param restitutionCombine how restitution combines (default max)
 */
public record Material(double friction, double restitution, double density, CombineRule frictionCombine,
        CombineRule restitutionCombine) {

    /** Friction 0.6, restitution 0, density 1000 kg/m³ (water), geometric-mean friction, maximum restitution. */
    public static final Material DEFAULT = new Material(0.6, 0, 1000, CombineRule.GEOMETRIC_MEAN, CombineRule.MAX);

    public Material {
        Check.nonNegative("friction", friction);
        Check.inRange("restitution", restitution, 0, 1);
        Check.positive("density", density);
        Check.notNull("frictionCombine", frictionCombine);
        Check.notNull("restitutionCombine", restitutionCombine);
    }

    /** The same material with friction coefficient f (≥ 0, dimensionless). */
    public Material withFriction(double f) {
        return new Material(f, restitution, density, frictionCombine, restitutionCombine);
    }

    /** The same material with restitution e in [0, 1]. */
    public Material withRestitution(double e) {
        return new Material(friction, e, density, frictionCombine, restitutionCombine);
    }

    /** The same material with density d, kg/m³ (> 0). */
    public Material withDensity(double d) {
        return new Material(friction, restitution, d, frictionCombine, restitutionCombine);
    }
}
