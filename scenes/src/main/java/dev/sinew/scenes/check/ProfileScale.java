package dev.sinew.scenes.check;

import dev.sinew.drives.DriveProfile;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A drive profile with every gain and torque limit multiplied: the stiffness and damping (or the
 * acceleration stiffness and damping) by k, the frequency and damping ratio by √k (stiffness grows
 * with the frequency squared, damping with frequency × ratio: both by k), the torque limit by k;
 * the mass fractions unchanged. The high-gain scenario's profile × 10.
 */
final class ProfileScale {
    private ProfileScale() {
    }

    static DriveProfile times(DriveProfile p, double k) {
        return new DriveProfile(p.name() + " × " + (k == Math.rint(k) ? String.valueOf((long) k) : String.valueOf(k)),
                scaled(p.regions(), k), scaled(p.bodies(), k));
    }

    private static Map<String, DriveProfile.Gains> scaled(Map<String, DriveProfile.Gains> m, double k) {
        Map<String, DriveProfile.Gains> out = new LinkedHashMap<>();
        m.forEach((name, g) -> out.put(name, scaled(g, k)));
        return out;
    }

    private static DriveProfile.Gains scaled(DriveProfile.Gains g, double k) {
        double r = Math.sqrt(k);
        return new DriveProfile.Gains(times(g.stiffness(), k), times(g.damping(), k), times(g.frequency(), r),
                times(g.dampingRatio(), r), times(g.accelerationStiffness(), k), times(g.accelerationDamping(), k),
                times(g.maxTorque(), k), g.massFraction());
    }

    private static Double times(Double v, double k) {
        return v == null ? null : v * k;
    }
}
