package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.constraint.Tuning;
import dev.sinew.solver.contact.ContactSolver;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Contact behaviour against closed forms and conservation laws. */
class ContactBehaviourTest {

    /**
     * A box started twice the linear slop deep is pushed out to the slop, plus the static
     * deflection of the soft push-out under its own weight. In steady state each row's bias
     * balances its compliance: biasRate·(s + slop) = −C·λ with C = A·(impulseScale/massScale),
     * which reduces to s + slop = −A·λ/(h·ω²). A cube's corner row on the ground has
     * A = 1/m + |r × n|²/I = 4/m and carries λ = m·g·h/4, so the depth is slop + g/ω², with ω
     * the static contact stiffness 2π·(2·contactHertz).
     */
    @Test
    void overlapSettlesToTheLinearSlop() {
        World w = new World();
        double slop = w.settings().linearSlop();
        Worlds.ground(w, Material.DEFAULT);
        BodyHandle b = Worlds.box(w, 0, 0.5 - 2 * slop, 0, 0.5, Material.DEFAULT);
        for (int i = 0; i < 120; i++) {
            w.step();
        }
        double omega = 2 * Math.PI * 2 * w.settings().contactHertz();
        double expected = slop + 9.81 / (omega * omega);
        double depth = 0.5 - Worlds.pos(w, b).y;
        assertEquals(expected, depth, 1e-3 * slop, "settled depth");
        assertEquals(expected, w.debug().deepestPenetration(), 1e-3 * slop);
    }

    /** A resting body's contacts carry exactly its weight: Σ normal impulse per tick = m·g·dt. */
    @Test
    void restingContactImpulseEqualsWeightTimesTick() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Worlds.ground(w, Material.DEFAULT);
        BodyHandle b = Worlds.box(w, 0, 0.5, 0, 0.5, Material.DEFAULT);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        ContactEvents e = w.contactEvents();
        assertEquals(1, e.count(ContactEvents.Kind.TOUCH));
        assertEquals(w.body(b).mass() * 9.81 / 60, e.touchImpulse(0), 1e-6 * w.body(b).mass());
    }

    /**
     * Coulomb threshold on a ramp: with μ = 0.5 a box sticks below atan(0.5) = 26.57° and slides
     * above it with a = g (sin θ − μ cos θ).
     */
    @ParameterizedTest
    @CsvSource({"24, false", "26, false", "27.5, true", "35, true"})
    void frictionThresholdOnARamp(double degrees, boolean slides) {
        double mu = 0.5;
        double theta = Math.toRadians(degrees);
        World w = new World(WorldSettings.defaults().withSleep(false));
        Material m = Material.DEFAULT.withFriction(mu);
        Quaterniond tilt = Worlds.axisAngle(0, 0, 1, theta);
        w.createBody(BodySettings.builder(BodyType.STATIC).orientation(tilt).collider(Collider.of(new Box(20, 0.5, 2), m)).build());
        Vector3d n = tilt.transform(new Vector3d(0, 1, 0));
        Vector3d t = tilt.transform(new Vector3d(1, 0, 0));
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(new Vector3d().fma(0.75, n).fma(10, t))
                .orientation(tilt).collider(Collider.of(Box.cube(0.25), m)).build());
        Vector3d down = new Vector3d(t).negate();
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        double v1 = Worlds.vel(w, b).dot(down);
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        double v2 = Worlds.vel(w, b).dot(down);
        double a = (v2 - v1) / 1.0;
        if (slides) {
            double expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
            assertEquals(expected, a, 0.01 * expected, "sliding acceleration");
        } else {
            assertEquals(0, v2, 1e-6, "sticking box does not move");
        }
    }

    /** A horizontal push below μ·m·g does nothing; above it accelerates at (F − μ m g)/m. */
    @ParameterizedTest
    @CsvSource({"0.8, false", "1.5, true"})
    void pushedBoxFollowsCoulomb(double fractionOfLimit, boolean moves) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        double mu = 0.4;
        Material m = Material.DEFAULT.withFriction(mu);
        Worlds.ground(w, m);
        BodyHandle b = Worlds.box(w, 0, 0.5, 0, 0.5, m);
        for (int i = 0; i < 30; i++) {
            w.step();
        }
        double mass = w.body(b).mass();
        double force = fractionOfLimit * mu * mass * 9.81;
        double x0 = Worlds.pos(w, b).x;
        double v1 = 0;
        for (int i = 0; i < 60; i++) {
            w.body(b).applyForce(new Vector3d(force, 0, 0));
            w.step();
            if (i == 29) {
                v1 = Worlds.vel(w, b).x;
            }
        }
        double v2 = Worlds.vel(w, b).x;
        if (moves) {
            double expected = (force - mu * mass * 9.81) / mass;
            assertEquals(expected, (v2 - v1) / 0.5, 0.01 * expected);
        } else {
            // The first ticks of the push, before the warm-started friction impulses have caught
            // up with it, may slip by a fraction of a millimetre; after that static friction holds.
            double x1 = Worlds.pos(w, b).x;
            assertEquals(x0, x1, 2e-4, "transient slip");
            for (int i = 0; i < 60; i++) {
                w.body(b).applyForce(new Vector3d(force, 0, 0));
                w.step();
            }
            assertEquals(x1, Worlds.pos(w, b).x, 1e-7, "no creep once the friction impulse holds the push");
        }
    }

    /** Below the restitution threshold a restitution-1 ball does not bounce; above it, it returns to its height. */
    @ParameterizedTest
    @CsvSource({"0.02, false", "1.0, true"})
    void restitutionThreshold(double dropHeight, boolean bounces) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Material bouncy = Material.DEFAULT.withRestitution(1);
        Worlds.ground(w, bouncy);
        double r = 0.2;
        BodyHandle b = Worlds.sphere(w, 0, r + dropHeight, 0, r, bouncy);
        // Impact speed sqrt(2 g h): 0.63 m/s (below the 1 m/s threshold) or 4.4 m/s.
        double maxAfterImpact = 0;
        boolean impacted = false;
        for (int i = 0; i < 120; i++) {
            w.step();
            double y = Worlds.pos(w, b).y - r;
            if (!impacted && y < 1e-3) {
                impacted = true;
            } else if (impacted) {
                maxAfterImpact = Math.max(maxAfterImpact, y);
            }
        }
        assertTrue(impacted);
        if (bounces) {
            assertEquals(dropHeight, maxAfterImpact, 0.01 * dropHeight);
        } else {
            assertTrue(maxAfterImpact < 1e-3, "no bounce: " + maxAfterImpact);
        }
    }

    /**
     * A ball spinning at ω₀ about a horizontal axis, dropped onto the ground, leaves rolling at
     * (2/7)·R·ω₀. The normal and friction impulses act at the contact point and gravity through
     * it, so the ball's angular momentum about that point is kept through the landing and the
     * slipping that follows: I·ω₀ = (I + m·R²)·ω with I = (2/5)·m·R². This holds only if friction
     * acts at the ball's surface: with the anchor midway across the speculative gap it acted
     * below the contact, and the ball rolled off 1.9 % (0.3 m) to 8.5 % (2 m) too slowly.
     */
    @ParameterizedTest
    @CsvSource({"0.3", "1.0", "2.0"})
    void spinningBallLandsRollingAtTwoSeventhsOfItsSpin(double dropHeight) {
        World w = new World(WorldSettings.defaults().withSleep(false));
        Worlds.ground(w, Material.DEFAULT);
        double r = 0.1;
        double spin = 60;
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, r + dropHeight, 0)
                .angularVelocity(0, 0, spin).collider(Collider.of(new Sphere(r), Material.DEFAULT)).build());
        for (int i = 0; i < 180; i++) {
            w.step();
        }
        double expected = 2.0 / 7.0 * r * spin;
        // spinning about +z, the bottom slips toward +x: friction drives the ball toward −x
        assertEquals(-expected, Worlds.vel(w, b).x, 1e-3 * expected, "rolling speed");
        assertEquals(spin * 2.0 / 7.0, w.angularVelocity(b, new Vector3d()).z, 1e-3 * spin, "rolling spin");
    }

    /**
     * Heavy on light (the island block solve): a 1000 kg box on a 1 kg box on the ground stays
     * put, overlaps no more than the slop, and each contact carries exactly the weight above it:
     * per tick the top contact delivers m_top·g·dt and the ground contact (m_top + m_low)·g·dt.
     */
    @Test
    void heavyOnLightHoldsWithExactSupportImpulses() {
        World w = new World(WorldSettings.defaults().withSleep(false));
        BodyHandle ground = Worlds.ground(w, Material.DEFAULT);
        BodyHandle low = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.5, 0).mass(1)
                .collider(Collider.of(Box.cube(0.5))).build());
        BodyHandle top = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 1.5, 0).mass(1000)
                .collider(Collider.of(Box.cube(0.5))).build());
        double maxPen = 0;
        for (int i = 0; i < 600; i++) {
            w.step();
            maxPen = Math.max(maxPen, w.debug().deepestPenetration());
        }
        assertTrue(maxPen <= w.settings().linearSlop(), "overlap " + maxPen);
        assertEquals(1.5, Worlds.pos(w, top).y, w.settings().linearSlop());
        double dt = w.settings().tickSeconds();
        ContactEvents e = w.contactEvents();
        assertEquals(2, e.count(ContactEvents.Kind.TOUCH));
        for (int k = 0; k < 2; k++) {
            boolean onGround = e.bodyA(ContactEvents.Kind.TOUCH, k).equals(ground);
            double carried = onGround ? 1001 : 1000;
            assertEquals(carried * 9.81 * dt, e.touchImpulse(k), 1e-6 * carried, onGround ? "ground" : "top");
            if (!onGround) {
                assertEquals(low, e.bodyA(ContactEvents.Kind.TOUCH, k));
            }
        }
    }

    /** Momentum is conserved in a head-on collision of two free spheres (no gravity). */
    @Test
    void headOnCollisionConservesMomentum() {
        World w = new World(WorldSettings.defaults().withGravity(new Vector3d()).withSleep(false));
        Material m = Material.DEFAULT.withRestitution(0.5);
        BodyHandle a = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(-1, 0, 0).linearVelocity(3, 0, 0)
                .collider(Collider.of(new dev.sinew.solver.shape.Sphere(0.2), m.withDensity(1000))).build());
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(1, 0, 0).linearVelocity(-1, 0, 0)
                .collider(Collider.of(new dev.sinew.solver.shape.Sphere(0.3), m.withDensity(500))).build());
        double p0 = w.body(a).mass() * 3 - w.body(b).mass() * 1;
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        double p1 = w.body(a).mass() * Worlds.vel(w, a).x + w.body(b).mass() * Worlds.vel(w, b).x;
        assertEquals(p0, p1, 1e-9 * Math.abs(p0));
        // Separating after the impact with e = 0.5 of the approach speed (4 m/s).
        assertEquals(0.5 * 4, Worlds.vel(w, b).x - Worlds.vel(w, a).x, 1e-6);
    }

    /**
     * A foot-sized box lands heel first at 4 m/s and slaps down onto its sole, turning at up to
     * 20 rad/s. Non-penetration: no corner may end a tick deeper than the linear slop plus 0.5 mm
     * for the landing. With the plane manifold reduced by area alone, the sole's leading corners
     * were left out for the far top corners of the face the box was leaving, and at a tilt of
     * 0.35 rad and −20 rad/s one ended a tick 3.1 mm in the ground.
     */
    @ParameterizedTest
    @CsvSource({"0.15, 0", "0.25, 0", "0.35, 0", "0.25, -12", "0.35, -20", "0.5, -12"})
    void boxLandingOnAnEdgeKeepsItsCornersOutOfTheGround(double tilt, double spin) {
        World w = new World();
        Worlds.ground(w, Material.DEFAULT);
        Box foot = new Box(0.13, 0.04, 0.05);
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, 0.25, 0)
                .orientation(Worlds.axisAngle(0, 0, 1, tilt)).linearVelocity(0, -4, 0).angularVelocity(0, 0, spin)
                .collider(Collider.of(foot, Material.DEFAULT)).build());
        double limit = w.settings().linearSlop() + 0.0005;
        double lowest = Double.POSITIVE_INFINITY;
        Vector3d c = new Vector3d();
        Quaterniond q = new Quaterniond();
        Vector3d corner = new Vector3d();
        for (int t = 0; t < 60; t++) {
            w.step();
            w.position(b, c);
            w.orientation(b, q);
            for (int k = 0; k < 8; k++) {
                corner.set((k & 1) == 0 ? -0.13 : 0.13, (k & 2) == 0 ? -0.04 : 0.04, (k & 4) == 0 ? -0.05 : 0.05);
                lowest = Math.min(lowest, c.y + q.transform(corner).y);
            }
        }
        assertTrue(lowest > -limit, "lowest corner " + lowest + " m (tilt " + tilt + ", spin " + spin + ")");
    }

    /**
     * A loaded contact is stiffened, not left to sink: a sphere pressed onto the ground with 1,000
     * times its weight. Its single row (through the centre, effective mass m) holds F = 1000·m·g;
     * at the static contact frequency ω = 2π·(2·contactHertz) its spring would sink
     * F/(m·ω²) = 69 mm. Stiffened to ω·(F/F₀)^p with F₀ = m·ω²·LOADED_SINK, the steady overlap
     * past the slop is LOADED_SINK·(F/F₀)^(1 − 2p) (the implicit spring's balance F = m·ω_row²·d).
     * Started 20 mm deep, it is pushed out to that depth (within the slop a row is rigid, so a
     * body that starts touching does not sink at all).
     */
    @Test
    void loadedContactSinksByTheStiffenedSpring() {
        World w = new World();
        double slop = w.settings().linearSlop();
        Worlds.ground(w, Material.DEFAULT);
        double r = 0.25;
        double load = 1000;
        BodyHandle b = w.createBody(BodySettings.builder(BodyType.DYNAMIC).position(0, r - 0.02, 0).gravityScale(load)
                .collider(Collider.of(new Sphere(r), Material.DEFAULT)).build());
        for (int i = 0; i < 240; i++) {
            w.step();
        }
        double omega = 2 * Math.PI * 2 * w.settings().contactHertz();
        double m = w.body(b).mass();
        double force = m * 9.81 * load;
        double atSink = m * omega * omega * Tuning.LOADED_SINK;
        double expected = slop + Tuning.LOADED_SINK * Math.pow(force / atSink, 1 - 2 * Tuning.LOAD_EXPONENT);
        double depth = r - Worlds.pos(w, b).y;
        assertEquals(expected, depth, 1e-3 * expected, "settled depth");
        double linear = slop + force / (m * omega * omega);
        assertTrue(depth < linear / 5, "far less than the unstiffened spring's " + linear + " m");
    }
}
