package dev.sinew.solver.step;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.body.Gyroscopic;
import dev.sinew.solver.constraint.SolverCounters;
import dev.sinew.solver.math.Quaternions;

/**
 * The integration stages of a substep, over the tick's awake bodies: velocities from gravity,
 * applied forces and damping (with the implicit gyroscopic torque), and positions from
 * velocities, with the per-body speed caps applied before each position update and at the end
 * of the tick.
 */
final class Integrator {
    private final Bodies b;

    Integrator(Bodies bodies) {
        this.b = bodies;
    }

    /** The world inverse inertia of every awake dynamic body, for the tick's orientations. */
    void updateInertia(TickContext ctx) {
        for (int n = 0; n < ctx.awakeDynamicCount; n++) {
            b.updateWorldInertia(ctx.awakeDynamic[n]);
        }
    }

    /**
     * v += h·(g·gravityScale + F/m), then ÷ (1 + h·linearDamping); ω += h·I⁻¹·τ, the implicit
     * gyroscopic step, then ÷ (1 + h·angularDamping).
     */
    void integrateVelocities(TickContext ctx) {
        double h = ctx.h;
        double gx = ctx.gravityX;
        double gy = ctx.gravityY;
        double gz = ctx.gravityZ;
        for (int n = 0; n < ctx.awakeDynamicCount; n++) {
            int i = ctx.awakeDynamic[n];
            if (b.articulated[i]) {
                continue; // its articulation's free step moves it
            }
            int o = 3 * i;
            double im = b.invMass[i];
            double gs = b.gravityScale[i];
            double ld = 1 / (1 + h * b.linearDamping[i]);
            b.linVel[o] = (b.linVel[o] + h * (gs * gx + im * b.force[o])) * ld;
            b.linVel[o + 1] = (b.linVel[o + 1] + h * (gs * gy + im * b.force[o + 1])) * ld;
            b.linVel[o + 2] = (b.linVel[o + 2] + h * (gs * gz + im * b.force[o + 2])) * ld;
            double[] m = b.invInertiaWorld;
            int mo = 9 * i;
            double tx = b.torque[o];
            double ty = b.torque[o + 1];
            double tz = b.torque[o + 2];
            if (tx != 0 || ty != 0 || tz != 0) {
                b.angVel[o] += h * (m[mo] * tx + m[mo + 1] * ty + m[mo + 2] * tz);
                b.angVel[o + 1] += h * (m[mo + 3] * tx + m[mo + 4] * ty + m[mo + 5] * tz);
                b.angVel[o + 2] += h * (m[mo + 6] * tx + m[mo + 7] * ty + m[mo + 8] * tz);
            }
            if (b.gyroscopic[i]) {
                Gyroscopic.apply(b, i, h);
            }
            double ad = 1 / (1 + h * b.angularDamping[i]);
            b.angVel[o] *= ad;
            b.angVel[o + 1] *= ad;
            b.angVel[o + 2] *= ad;
        }
    }

    /**
     * x += h·v; q += h/2·(0, ω)⊗q, normalized (a kinematic body turns by exactly exp(h·ω/2)⊗q).
     * A dynamic body's speeds are capped first.
     */
    void integratePositions(TickContext ctx) {
        double h = ctx.h;
        SolverCounters counters = ctx.counters;
        for (int n = 0; n < ctx.awakeAllCount; n++) {
            int i = ctx.awakeAll[n];
            if (b.articulated[i]) {
                continue; // its articulation moves it, joints closed
            }
            int o = 3 * i;
            if (b.type[i] == Bodies.DYNAMIC && (capSpeed(b.linVel, o, b.maxLinearSpeed[i]) | capSpeed(b.angVel, o, b.maxAngularSpeed[i]))) {
                counters.speedCapped++;
            }
            b.pos[o] += h * b.linVel[o];
            b.pos[o + 1] += h * b.linVel[o + 1];
            b.pos[o + 2] += h * b.linVel[o + 2];
            double wx = b.angVel[o];
            double wy = b.angVel[o + 1];
            double wz = b.angVel[o + 2];
            int q = 4 * i;
            double qx = b.rot[q];
            double qy = b.rot[q + 1];
            double qz = b.rot[q + 2];
            double qw = b.rot[q + 3];
            double hh = 0.5 * h;
            if (b.type[i] == Bodies.KINEMATIC) {
                // exactly: q = exp(h·ω/2) ⊗ q, so a kinematic body lands on its moveKinematic target
                // (the linearized step below turns a fast-turning animated hand 0.1° short a tick)
                double speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
                if (speed > 0) {
                    double half = hh * speed;
                    double s = Math.sin(half) / speed;
                    double c = Math.cos(half);
                    double ex = s * wx;
                    double ey = s * wy;
                    double ez = s * wz;
                    b.rot[q] = c * qx + ex * qw + ey * qz - ez * qy;
                    b.rot[q + 1] = c * qy + ey * qw + ez * qx - ex * qz;
                    b.rot[q + 2] = c * qz + ez * qw + ex * qy - ey * qx;
                    b.rot[q + 3] = c * qw - ex * qx - ey * qy - ez * qz;
                }
                continue;
            }
            Quaternions.integrate(b.rot, q, wx, wy, wz, h);
        }
    }

    /**
     * Speed caps hold at the end of the tick too: the relax and restitution passes come after the
     * last position update.
     */
    void capSpeeds(TickContext ctx) {
        for (int n = 0; n < ctx.awakeDynamicCount; n++) {
            int i = ctx.awakeDynamic[n];
            if (b.articulated[i]) {
                continue;
            }
            if (capSpeed(b.linVel, 3 * i, b.maxLinearSpeed[i]) | capSpeed(b.angVel, 3 * i, b.maxAngularSpeed[i])) {
                ctx.counters.speedCapped++;
            }
        }
    }

    /** Scales v[o..o+2] down to length max if longer; true if it did. */
    private static boolean capSpeed(double[] v, int o, double max) {
        if (max == Double.POSITIVE_INFINITY) {
            return false;
        }
        double l2 = v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2];
        if (l2 <= max * max) {
            return false;
        }
        double k = max / Math.sqrt(l2);
        v[o] *= k;
        v[o + 1] *= k;
        v[o + 2] *= k;
        return true;
    }
}
