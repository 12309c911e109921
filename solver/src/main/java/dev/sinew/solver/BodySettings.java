package dev.sinew.solver;

import java.util.ArrayList;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immutable description of a body, validated at creation; build one with {@link #builder(BodyType)}.
 *
 * @param type            static, kinematic or dynamic
 * @param position        body origin, world frame, metres
 * @param orientation     body orientation, world frame (unit quaternion)
 * @param linearVelocity  of the centre of mass, world frame, m/s
 * @param angularVelocity world frame, rad/s
 * @param colliders       shapes in the body frame; a dynamic body needs at least one, planes only on static bodies
 * @param mass            kg; NaN (default) derives mass from the colliders' densities, otherwise the
 *                        derived inertia is scaled to this mass
 * @param linearDamping   1/s, ≥ 0: v ← v / (1 + h·c) per substep (default 0)
 * @param angularDamping  1/s, ≥ 0 (default 0)
 * @param gravityScale    multiplies world gravity for this body (default 1)
 * @param allowSleep      whether this body may fall asleep (default true)
 * @param gyroscopic      whether the implicit gyroscopic torque is applied (default true)
 * @param bullet          whether the time-of-impact sweep checks this body every tick it moves, not
 *                        only when it moves farther than its core radius in a tick (default false)
 * @param continuousCollision whether the time-of-impact sweep checks this body at all (default true;
 *                        off, only speculative contacts stop it, and knocked toward a thin wall it
 *                        had no contact with it can pass; see {@link WorldSettings#continuousCollision()})
 */
public record BodySettings(BodyType type, Vector3dc position, Quaterniondc orientation, Vector3dc linearVelocity,
        Vector3dc angularVelocity, List<Collider> colliders, double mass, double linearDamping,
        double angularDamping, double gravityScale, boolean allowSleep, boolean gyroscopic, boolean bullet,
        boolean continuousCollision) {

    public BodySettings {
        Check.notNull("type", type);
        position = new Vector3d(Check.finite("position", position));
        orientation = new Quaterniond(Check.unit("orientation", orientation));
        linearVelocity = new Vector3d(Check.finite("linearVelocity", linearVelocity));
        angularVelocity = new Vector3d(Check.finite("angularVelocity", angularVelocity));
        Check.notNull("colliders", colliders);
        colliders = List.copyOf(colliders);
        for (int i = 0; i < colliders.size(); i++) {
            Collider c = Check.notNull("colliders[" + i + "]", colliders.get(i));
            if (type != BodyType.STATIC && c.shape().staticOnly()) {
                throw new InvalidArgumentException("colliders[" + i + "].shape", c.shape(),
                        "a " + c.shape().typeName() + " may only be on a static body");
            }
        }
        if (type == BodyType.DYNAMIC && colliders.isEmpty() && Double.isNaN(mass)) {
            throw new InvalidArgumentException("colliders", "[]", "a dynamic body needs a collider or an explicit mass");
        }
        if (!Double.isNaN(mass)) {
            Check.positive("mass", mass);
        }
        Check.nonNegative("linearDamping", linearDamping);
        Check.nonNegative("angularDamping", angularDamping);
        Check.finite("gravityScale", gravityScale);
    }

    public static Builder builder(BodyType type) {
        return new Builder(type);
    }

    /** Mutable builder; {@link #build()} validates. */
    public static final class Builder {
        private final BodyType type;
        private final Vector3d position = new Vector3d();
        private final Quaterniond orientation = new Quaterniond();
        private final Vector3d linearVelocity = new Vector3d();
        private final Vector3d angularVelocity = new Vector3d();
        private final List<Collider> colliders = new ArrayList<>();
        private double mass = Double.NaN;
        private double linearDamping;
        private double angularDamping;
        private double gravityScale = 1;
        private boolean allowSleep = true;
        private boolean gyroscopic = true;
        private boolean bullet;
        private boolean continuousCollision = true;

        private Builder(BodyType type) {
            this.type = type;
        }

        /** Body origin, world, metres. */
        public Builder position(double x, double y, double z) {
            position.set(x, y, z);
            return this;
        }

        public Builder position(Vector3dc p) {
            position.set(p);
            return this;
        }

        /** World orientation (unit quaternion). */
        public Builder orientation(Quaterniondc q) {
            orientation.set(q);
            return this;
        }

        /** m/s, world. */
        public Builder linearVelocity(double x, double y, double z) {
            linearVelocity.set(x, y, z);
            return this;
        }

        /** rad/s, world. */
        public Builder angularVelocity(double x, double y, double z) {
            angularVelocity.set(x, y, z);
            return this;
        }

        public Builder collider(Collider c) {
            colliders.add(c);
            return this;
        }

        /** kg; overrides the mass derived from densities. */
        public Builder mass(double kg) {
            mass = kg;
            return this;
        }

        /** 1/s. */
        public Builder damping(double linear, double angular) {
            linearDamping = linear;
            angularDamping = angular;
            return this;
        }

        public Builder gravityScale(double s) {
            gravityScale = s;
            return this;
        }

        /** Whether the body may fall asleep (default true; changeable later with {@link BodyView#setSleepAllowed}). */
        public Builder allowSleep(boolean allow) {
            allowSleep = allow;
            return this;
        }

        public Builder gyroscopic(boolean on) {
            gyroscopic = on;
            return this;
        }

        /** Sweep this body for tunnelling every tick it moves (a projectile), not only when it is fast for its size. */
        public Builder bullet(boolean on) {
            bullet = on;
            return this;
        }

        /** Whether the time-of-impact sweep checks this body at all (default true). */
        public Builder continuousCollision(boolean on) {
            continuousCollision = on;
            return this;
        }

        public BodySettings build() {
            return new BodySettings(type, position, orientation, linearVelocity, angularVelocity, colliders, mass,
                    linearDamping, angularDamping, gravityScale, allowSleep, gyroscopic, bullet, continuousCollision);
        }
    }
}
