package dev.sinew.rig;

import java.util.function.BiConsumer;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Skeletons and clips made up for tests, with motion given as functions of time. (Rotations about x
 * are built with rotateX: JOML 1.10.8's Quaterniond.rotationX returns (sin, 0, cos, 0).)
 */
public final class Synthetic {
    private Synthetic() {
    }

    /**
     * A small biped, left–right symmetric about x = 0, facing +Z: Hips (root), a spine to a Head
     * (lowerback, Chest, Neck, Head), and for each side a hip, knee and ankle, and a shoulder and
     * hand (LeftShoulder, lhand, …).
     */
    public static Skeleton biped() {
        Skeleton.Builder b = Skeleton.builder();
        b.add("Hips", -1, new Vector3d(0, 0.9, 0));
        int lb = 1;
        b.add("lowerback", 0, new Vector3d(0, 0.1, 0));
        b.add("Chest", lb, new Vector3d(0, 0.25, 0));
        b.add("Neck", 2, new Vector3d(0, 0.25, 0));
        b.add("Head", 3, new Vector3d(0, 0.1, 0));
        for (int side = 0; side < 2; side++) {
            String s = side == 0 ? "Left" : "Right";
            double x = side == 0 ? 0.1 : -0.1;
            int hip = b.build().boneCount();
            b.add(s + "Hip", 0, new Vector3d(x, -0.05, 0));
            b.add(s + "Knee", hip, new Vector3d(0, -0.42, 0));
            b.add(s + "Ankle", hip + 1, new Vector3d(0, -0.42, 0.02));
            b.add(s + "Shoulder", 2, new Vector3d(2 * x, 0.2, 0));
            b.add((side == 0 ? "l" : "r") + "hand", hip + 3, new Vector3d(0.5 * x, -0.5, 0));
        }
        return b.build();
    }

    /**
     * A clip of {@code seconds} at {@code rate} frames per second whose frame at time t is what
     * {@code motion} writes into a pose (starting from the rest pose each frame).
     */
    public static Clip clip(String name, Skeleton s, double seconds, double rate, BiConsumer<Double, Pose> motion) {
        int frames = (int) Math.round(seconds * rate) + 1;
        int n = s.boneCount();
        double[] rot = new double[4 * n * frames];
        double[] roots = new double[3 * frames];
        Quaterniond q = new Quaterniond();
        Vector3d r = new Vector3d();
        for (int f = 0; f < frames; f++) {
            Pose p = new Pose(s);
            motion.accept(f / rate, p);
            for (int b = 0; b < n; b++) {
                p.localRotation(b, q);
                rot[4 * (f * n + b)] = q.x;
                rot[4 * (f * n + b) + 1] = q.y;
                rot[4 * (f * n + b) + 2] = q.z;
                rot[4 * (f * n + b) + 3] = q.w;
            }
            p.rootTranslation(r);
            roots[3 * f] = r.x;
            roots[3 * f + 1] = r.y;
            roots[3 * f + 2] = r.z;
        }
        return Clip.of(name, s, rate, rot, roots);
    }

    /**
     * A walk of the biped: the hips go at {@code speed} m/s along the heading {@code yaw} (rad,
     * facing it) from (x0, z0), bobbing 2 cm, legs and arms swinging 0.5 rad at {@code stride} Hz,
     * left and right in opposite phase.
     */
    public static BiConsumer<Double, Pose> walk(double x0, double z0, double yaw, double speed, double stride) {
        return (t, p) -> {
            double d = speed * t;
            p.setRootTranslation(new Vector3d(x0 + d * Math.sin(yaw), 0.9 + 0.02 * Math.cos(4 * Math.PI * stride * t),
                    z0 + d * Math.cos(yaw)));
            p.setLocalRotation(0, new Quaterniond().rotationY(yaw));
            Skeleton s = p.skeleton();
            double swing = 0.5 * Math.sin(2 * Math.PI * stride * t);
            p.setLocalRotation(s.index("LeftHip"), new Quaterniond().rotateX(swing));
            p.setLocalRotation(s.index("RightHip"), new Quaterniond().rotateX(-swing));
            p.setLocalRotation(s.index("LeftKnee"), new Quaterniond().rotateX(0.3 + 0.3 * Math.sin(2 * Math.PI * stride * t + 1)));
            p.setLocalRotation(s.index("RightKnee"), new Quaterniond().rotateX(0.3 - 0.3 * Math.sin(2 * Math.PI * stride * t + 1)));
            p.setLocalRotation(s.index("LeftShoulder"), new Quaterniond().rotateX(-swing));
            p.setLocalRotation(s.index("RightShoulder"), new Quaterniond().rotateX(swing));
        };
    }

    /**
     * Motion-matching settings for the biped over the named clips (a JSON list of sources), as the
     * shipped file has them.
     */
    public static String matchSettings(String clips) {
        return """
                {"name": "test", "clips": [%s], "hips": "Hips", "leftFoot": "LeftAnkle", "rightFoot": "RightAnkle",
                 "hipsForward": [0, 0, 1], "mirrorAxis": "x", "frameRate": 60, "horizonsSeconds": [0.333333, 0.666667, 1.0],
                 "facingWindowSeconds": 0.5, "despikeDegreesPerSecond": 0, "restBones": ["lhand", "rhand"],
                 "weights": {"footPosition": 1, "footVelocity": 1, "hipVelocity": 1, "trajectoryPosition": 1, "trajectoryDirection": 1},
                 "search": {"intervalSeconds": 0.1, "continueBias": 0.5, "forceSpeedChange": 0.5, "forceFacingChangeDeg": 45,
                            "ignoreWithinSeconds": 0.2, "maxBlendBendDeg": 3.5},
                 "controller": {"maxSpeed": 1.3, "velocityHalfLife": 0.3, "facingHalfLife": 0.3, "syncHalfLife": 0.25, "blendSeconds": 0.2}}
                """.formatted(clips);
    }

    /** A clip as if read from a file (no channels of its own), for a {@link ClipSource}. */
    public static BvhImporter.Bvh bvh(Clip clip) {
        return new BvhImporter.Bvh(clip.skeleton(), clip, java.util.List.of(), 1, java.util.List.of());
    }
}
