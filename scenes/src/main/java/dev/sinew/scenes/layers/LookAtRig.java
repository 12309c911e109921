package dev.sinew.scenes.layers;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.layer.LayerStack;
import dev.sinew.rig.layer.PoseHold;
import dev.sinew.rig.look.LookAt;
import dev.sinew.rig.look.LookAtSettings;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The look-at scenes' character and target: the CMU walk played as a one-shot and held standing
 * (both body parts at normalized time {@value #HOLD_AT}, 0.5 s in) while it breathes, facing +Z,
 * looking at a target that circles its head twice. The first lap is level at
 * {@value #RADIUS} m; on the second the target also climbs over the head, past the pitch cut-off,
 * and both laps pass behind. Measured independently of the look-at, from the held pose's head:
 * the largest per-update step of the interpolated yaw, the updates whose step went the other way
 * round from the shortest path to the target (or past it), and the updates that looked while the
 * target was over the cut-off or turned the chain past its pitch range.
 */
final class LookAtRig implements LayerView {
    /** Where the walk is held: 0.06 of its 8.27 s, standing before it sets off. */
    static final double HOLD_AT = 0.06;
    /** The target stays in front this long first, s. */
    static final double LEAD_IN = 1;
    static final double LAP_SECONDS = 4;
    /** The circle's radius about the head, m. */
    static final double RADIUS = 1.2;
    /** How far the second lap climbs over the head, m, and how close it comes in at the top. */
    static final double CLIMB = 1.6;
    static final double COME_IN = 0.9;
    /** Breathing's weight once eased in, and the ease, s. */
    static final double BREATH_WEIGHT = 1;
    static final double BREATH_EASE = 1;
    /** A marker sphere shows the target, m. */
    static final double MARKER_RADIUS = 0.06;

    final LayerStack stack;
    final LookAt look;
    private final LookAtSettings settings;
    private final int head;
    private final Vector3d center = new Vector3d();
    private final Vector3d target = new Vector3d();
    private final Vector3d shift = new Vector3d();
    private final World world;
    private final BodyHandle marker;
    private boolean manual;
    private final Vector3d v = new Vector3d();
    private final Vector3d eye = new Vector3d();
    private final Quaterniond identity = new Quaterniond();
    double maxYawStep;
    int wrapLongWay;
    int pitchOverLimit;

    /**
     * @param shift what the character adds to the animation's root (the target is drawn there too)
     */
    LookAtRig(World world, Vector3dc shift) {
        this.world = world;
        this.shift.set(shift);
        BvhImporter.Bvh walk = ShippedData.clip("cmu/131_01.bvh");
        stack = ShippedData.layers("cmu").build(walk.skeleton(), ShippedData.CLIP_SOURCE);
        look = stack.lookAt();
        settings = look.settings();
        head = walk.skeleton().index("Head");
        Clip clip = walk.clip();
        stack.play(clip, Clip.Wrap.CLAMP);
        stack.hold(new PoseHold("body", HOLD_AT, "breathing", BREATH_WEIGHT, BREATH_EASE));
        stack.hold(new PoseHold("face", HOLD_AT, null, 0, BREATH_EASE));
        clip.sample(HOLD_AT * clip.duration(), Clip.Wrap.CLAMP, new Pose(walk.skeleton())).evaluate().modelPosition(head, center);
        path(0, target);
        marker = world.createBody(BodySettings.builder(BodyType.KINEMATIC).position(target.x + shift.x(), target.y + shift.y(),
                target.z + shift.z()).collider(Collider.of(new Sphere(MARKER_RADIUS)).withFilter(0, 0)).build());
    }

    /** The scripted target at time t, animation space. */
    private void path(double t, Vector3d dest) {
        double phi = 2 * Math.PI * Math.max(0, Math.min(2, (t - LEAD_IN) / LAP_SECONDS));
        double up = phi > 2 * Math.PI ? Math.pow(Math.sin(phi / 2), 2) : 0;
        double r = RADIUS - COME_IN * up;
        dest.set(center.x + r * Math.sin(phi), center.y + CLIMB * up, center.z + r * Math.cos(phi));
    }

    /** One update ending at {@code time} s, dt long: the target moves, the stack updates, and is measured. */
    void update(double time, double dt) {
        if (!manual) {
            path(time, target);
        }
        look.setTarget(target).setFacing(0).setMotion(0, true, false, false);
        double before = look.yaw();
        stack.update(dt);
        world.moveKinematic(marker, v.set(target).add(shift), identity);
        measure(before);
    }

    private void measure(double before) {
        stack.basePose().evaluate().modelPosition(head, eye);
        v.set(target).sub(eye);
        double targetYaw = Rotations.yaw(v.x, v.z);
        double pitch = Math.atan2(v.y, Math.sqrt(v.x * v.x + v.z * v.z));
        double step = Rotations.shortestDelta(before, look.yaw());
        maxYawStep = Math.max(maxYawStep, Math.abs(step));
        double d = Rotations.shortestDelta(before, targetYaw);
        double clear = Math.toRadians(1);
        if (Math.abs(d) > clear && Math.abs(d) < Math.PI - clear
                && (step * d < 0 || Math.abs(step) > Math.abs(d) + Math.toRadians(0.5))) {
            wrapLongWay++;
        }
        double[] out = settings.pitchOut();
        boolean overCutoff = Math.abs(pitch) > settings.pitchCutoff() + Math.toRadians(0.5);
        if (look.enabled() && overCutoff || look.appliedPitch() < out[0] - 1e-12 || look.appliedPitch() > out[1] + 1e-12) {
            pitchOverLimit++;
        }
    }

    /** The check's limit: the yaw speed times the tick, degrees. */
    double yawStepLimitDeg(double dt) {
        return Math.toDegrees(settings.yawSpeed() * dt);
    }

    @Override
    public LayerStack stack() {
        return stack;
    }

    @Override
    public Vector3d lookTarget(Vector3d dest) {
        return dest.set(target).add(shift);
    }

    @Override
    public void moveLookTarget(Vector3dc point) {
        manual = true;
        target.set(point).sub(shift);
    }
}
