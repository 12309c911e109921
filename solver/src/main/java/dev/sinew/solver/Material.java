package dev.sinew.solver;

/**
 * Surface and bulk properties of a collider.
 *
 * @param friction           Coulomb friction coefficient, ≥ 0, dimensionless (default 0.6)
 * @param restitution        coefficient of restitution in [0, 1] (default 0)
 * @param density            kg/m³, > 0 (default 1000, water)
 * @param frictionCombine    how friction combines with the other shape's (default geometric mean)
 * @param restitutionCombine how restitution combines (default max)
 */
public record Material(double friction, double restitution, double density, CombineRule frictionCombine,
        CombineRule restitutionCombine) {

    public static final Material DEFAULT = new Material(0.6, 0, 1000, CombineRule.GEOMETRIC_MEAN, CombineRule.MAX);

    public Material {
        Check.nonNegative("friction", friction);
        Check.inRange("restitution", restitution, 0, 1);
        Check.positive("density", density);
        Check.notNull("frictionCombine", frictionCombine);
        Check.notNull("restitutionCombine", restitutionCombine);
    }

    public Material withFriction(double f) {
        return new Material(f, restitution, density, frictionCombine, restitutionCombine);
    }

    public Material withRestitution(double e) {
        return new Material(friction, e, density, frictionCombine, restitutionCombine);
    }

    public Material withDensity(double d) {
        return new Material(friction, restitution, d, frictionCombine, restitutionCombine);
    }
}
