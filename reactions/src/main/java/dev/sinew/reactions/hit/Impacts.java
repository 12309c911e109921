package dev.sinew.reactions.hit;

import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.RayHit;
import dev.sinew.solver.World;
import java.util.List;
import org.joml.Vector3d;

/**
 * Applies hits to one ragdoll: an impulse at the point struck (so a blow off the centre of mass
 * also turns the body: Δω = I⁻¹·(r × J)), its magnitude scaled by the body's region and capped
 * twice, per hit and per body per tick:
 * <pre>
 *   J = min(magnitude · regionScale, maxHitImpulse, maxBodyImpulsePerTick − J already given to the body this tick)
 * </pre>
 */
public final class Impacts {
    private final Ragdoll ragdoll;
    private final World world;
    private final HitSettings settings;
    private final double[] scale;
    private final double[] givenThisTick;
    private long tickOfSums = Long.MIN_VALUE;
    private double largestPerBodyTick;
    private final Vector3d impulse = new Vector3d();

    public Impacts(Ragdoll ragdoll, HitSettings settings) {
        this.ragdoll = ragdoll;
        this.world = ragdoll.world();
        this.settings = settings;
        int n = ragdoll.bodyCount();
        scale = new double[n];
        for (int i = 0; i < n; i++) {
            scale[i] = settings.regionScale().get(ragdoll.region(i));
        }
        givenThisTick = new double[n];
    }

    /**
     * Applies a hit now, on world tick {@code tick}. Returns what it did, or null for a ray hit
     * whose ray meets none of this character's bodies first (a miss, or something in the way).
     *
     * @throws dev.sinew.solver.InvalidArgumentException if the hit names a body the ragdoll does not have
     */
    public AppliedHit apply(Hit hit, long tick) {
        int body = hit.body();
        Vector3d point = new Vector3d(hit.point());
        if (hit.isRay()) {
            body = -1;
            List<RayHit> hits = world.queries().rayCastAll(hit.point(), hit.direction(), Hit.RAY_LENGTH);
            if (!hits.isEmpty()) {
                body = indexOf(hits.get(0).body());
                point.set(hits.get(0).point());
            }
            if (body < 0) {
                return null;
            }
        } else if (body >= ragdoll.bodyCount()) {
            throw new dev.sinew.solver.InvalidArgumentException("hit.body", body,
                    "must be a body of the ragdoll, in [0, " + ragdoll.bodyCount() + ")");
        }
        if (tick != tickOfSums) {
            java.util.Arrays.fill(givenThisTick, 0);
            tickOfSums = tick;
        }
        double asked = hit.magnitude() * scale[body];
        double j = Math.max(0, Math.min(Math.min(asked, settings.maxHitImpulse()),
                settings.maxBodyImpulsePerTick() - givenThisTick[body]));
        givenThisTick[body] += j;
        largestPerBodyTick = Math.max(largestPerBodyTick, givenThisTick[body]);
        if (j > 0) {
            world.body(ragdoll.body(body)).applyImpulseAtPoint(impulse.set(hit.direction()).mul(j), point);
        }
        return new AppliedHit(hit, body, point, j, j < asked, hit.magnitude() >= settings.knockDownImpulse(), tick);
    }

    /** The ragdoll body with this handle, or −1. */
    public int indexOf(BodyHandle h) {
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            if (ragdoll.body(i).equals(h)) {
                return i;
            }
        }
        return -1;
    }

    /** The largest impulse one body has taken from hits within one tick so far, N·s. */
    public double largestPerBodyTick() {
        return largestPerBodyTick;
    }

    public HitSettings settings() {
        return settings;
    }
}
