package dev.sinew.reactions.fall;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BodyView;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Capsule;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Whether a standing ragdoll's centre of mass is over its feet. The support area is the convex
 * hull, on the ground plane (x, z), of the feet's points that are within {@link #CONTACT_BAND} of
 * the lowest of them: a box foot's corners, the two ends of a capsule foot's core (along its local
 * y axis; both count when the lower one does, as the heel and toes of a foot that runs from the
 * ankle down to the toes), any other foot shape's centre. The feet are the bodies
 * of region {@code foot}. Allocates nothing after construction.
 */
public final class Balance {
    /** Points this close above the lowest foot point (m) count as standing on the ground. */
    public static final double CONTACT_BAND = 0.03;

    private final Ragdoll ragdoll;
    private final World world;
    /** Per ragdoll body, its view (kept: a view costs an object per call). */
    private final BodyView[] bodies;
    private final int[] feet;
    /** Per foot, its support points in the body's frame, m (8 corners of a box, a capsule's 2 core ends, else its origin). */
    private final double[][] local;
    /** Per foot, whether it is a capsule (its two core ends count as one, on the ground or not). */
    private final boolean[] capsule;
    private final double[] px;
    private final double[] py;
    private final double[] pz;
    private final double[] hullX;
    private final double[] hullZ;
    private final int[] order;
    private int hullSize;
    private final Vector3d v = new Vector3d();
    private final Vector3d com = new Vector3d();
    private final Vector3d p = new Vector3d();
    private final Quaterniond q = new Quaterniond();

    public Balance(Ragdoll ragdoll) {
        this.ragdoll = ragdoll;
        this.world = ragdoll.world();
        bodies = new BodyView[ragdoll.bodyCount()];
        for (int i = 0; i < bodies.length; i++) {
            bodies[i] = world.body(ragdoll.body(i));
        }
        int count = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            count += "foot".equals(ragdoll.region(i)) ? 1 : 0;
        }
        feet = new int[count];
        local = new double[count][];
        capsule = new boolean[count];
        int points = 0;
        for (int i = 0, k = 0; i < ragdoll.bodyCount(); i++) {
            if (!"foot".equals(ragdoll.region(i))) {
                continue;
            }
            feet[k] = i;
            if (ragdoll.shape(i) instanceof Box b) {
                local[k] = new double[24];
                int c = 0;
                for (int sx = -1; sx <= 1; sx += 2) {
                    for (int sy = -1; sy <= 1; sy += 2) {
                        for (int sz = -1; sz <= 1; sz += 2) {
                            local[k][c++] = sx * b.halfX();
                            local[k][c++] = sy * b.halfY();
                            local[k][c++] = sz * b.halfZ();
                        }
                    }
                }
            } else if (ragdoll.shape(i) instanceof Capsule cap) {
                // a capsule foot stands along its core: its two ends (a lone centre would make two
                // feet a line the centre of mass is never inside)
                local[k] = new double[] {0, -cap.halfHeight(), 0, 0, cap.halfHeight(), 0};
                capsule[k] = true;
            } else {
                local[k] = new double[3];
            }
            points += local[k].length / 3;
            k++;
        }
        px = new double[points];
        py = new double[points];
        pz = new double[points];
        hullX = new double[2 * points + 1];
        hullZ = new double[2 * points + 1];
        order = new int[points];
    }

    /** Whether the ragdoll has feet to stand on. */
    public boolean hasFeet() {
        return feet.length > 0;
    }

    /** The ragdoll's centre of mass now, world, m. */
    public Vector3d centerOfMass(Vector3d dest) {
        dest.zero();
        double m = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            double mi = bodies[i].mass();
            dest.fma(mi, world.centerOfMass(ragdoll.body(i), v));
            m += mi;
        }
        return dest.div(m);
    }

    /**
     * How far the centre of mass's ground projection lies outside the support area now, m:
     * positive outside, negative inside (minus the distance to the nearest edge), +∞ without feet.
     */
    public double comOutside() {
        if (feet.length == 0) {
            return Double.POSITIVE_INFINITY;
        }
        int n = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < feet.length; k++) {
            world.position(ragdoll.body(feet[k]), p);
            world.orientation(ragdoll.body(feet[k]), q);
            double[] l = local[k];
            int first = n;
            for (int c = 0; c < l.length; c += 3) {
                q.transform(v.set(l[c], l[c + 1], l[c + 2])).add(p);
                px[n] = v.x;
                py[n] = v.y;
                pz[n] = v.z;
                lowest = Math.min(lowest, v.y);
                n++;
            }
            if (capsule[k]) {
                // the whole core stands when its lower end does: a capsule foot runs from the ankle to
                // the toes, so its ankle end sits higher than the heel it stands for
                double low = Math.min(py[first], py[first + 1]);
                py[first] = low;
                py[first + 1] = low;
            }
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (py[i] <= lowest + CONTACT_BAND) {
                px[m] = px[i];
                pz[m] = pz[i];
                m++;
            }
        }
        hull(m);
        centerOfMass(com);
        return outside(com.x, com.z);
    }

    /** Andrew's monotone chain over the first m points (x, z), counter-clockwise in (x, z), into hullX/hullZ. */
    private void hull(int m) {
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        // insertion sort by (x, z): at most a few dozen points, and no boxing
        for (int i = 1; i < m; i++) {
            int o = order[i];
            int j = i - 1;
            while (j >= 0 && (px[order[j]] > px[o] || px[order[j]] == px[o] && pz[order[j]] > pz[o])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = o;
        }
        int k = 0;
        for (int i = 0; i < m; i++) {
            int o = order[i];
            while (k >= 2 && cross(k, px[o], pz[o]) <= 0) {
                k--;
            }
            hullX[k] = px[o];
            hullZ[k] = pz[o];
            k++;
        }
        for (int i = m - 2, lower = k + 1; i >= 0; i--) {
            int o = order[i];
            while (k >= lower && cross(k, px[o], pz[o]) <= 0) {
                k--;
            }
            hullX[k] = px[o];
            hullZ[k] = pz[o];
            k++;
        }
        hullSize = m == 1 ? 1 : Math.max(0, k - 1);
    }

    /** Cross product of (h[k−1] − h[k−2]) and (p − h[k−2]). */
    private double cross(int k, double x, double z) {
        double ax = hullX[k - 1] - hullX[k - 2];
        double az = hullZ[k - 1] - hullZ[k - 2];
        return ax * (z - hullZ[k - 2]) - az * (x - hullX[k - 2]);
    }

    /** Signed distance of (x, z) from the hull: positive outside, negative inside. */
    private double outside(double x, double z) {
        if (hullSize == 0) {
            return Double.POSITIVE_INFINITY;
        }
        boolean inside = hullSize >= 3;
        double nearest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < hullSize; i++) {
            double ax = hullX[i];
            double az = hullZ[i];
            double bx = hullX[(i + 1) % hullSize];
            double bz = hullZ[(i + 1) % hullSize];
            double ex = bx - ax;
            double ez = bz - az;
            // counter-clockwise in (x, z): inside is where ex·(z − az) − ez·(x − ax) ≥ 0
            if (ex * (z - az) - ez * (x - ax) < 0) {
                inside = false;
            }
            double len2 = ex * ex + ez * ez;
            double t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (z - az) * ez) / len2)) : 0;
            double dx = x - (ax + t * ex);
            double dz = z - (az + t * ez);
            nearest = Math.min(nearest, Math.sqrt(dx * dx + dz * dz));
        }
        return inside ? -nearest : nearest;
    }

    /** The support area's corners from the last {@link #comOutside}, (x, z) pairs, counter-clockwise. */
    public int supportPolygon(double[] xz) {
        int n = Math.min(hullSize, xz.length / 2);
        for (int i = 0; i < n; i++) {
            xz[2 * i] = hullX[i];
            xz[2 * i + 1] = hullZ[i];
        }
        return n;
    }
}
