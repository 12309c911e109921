package dev.sinew.reactions;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.RootDrive;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Ragdoll;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Plane;
import java.util.Locale;
import java.util.function.IntFunction;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A test humanoid that needs no motion-capture files: a left-right symmetric skeleton with the
 * CMU bone names the shipped {@code cmu-humanoid} ragdoll maps (so that definition builds on it),
 * written as BVH text, standing with +Y up and facing +Z, +X its left; and get-up "clips" made
 * from it: the whole body lying in one of the four classes, then turned up to standing while the
 * root rises, over {@link #GETUP_SECONDS}.
 */
public final class TestRig {
    /** Metres. Hips to ankle, as the rest pose stands: 0.08 + 0.42 + 0.40 (the feet run flat to the toes). */
    public static final double HIP_HEIGHT = 0.90;
    public static final double GETUP_SECONDS = 2.5;
    public static final int RATE = 30;

    private TestRig() {
    }

    /** The hierarchy: name, parent index, offset (m). Symmetric in x. */
    public static final Object[][] BONES = {
        {"Hips", -1, 0.0, 0.0, 0.0},
        {"LeftHip", 0, 0.09, -0.08, 0.0},
        {"LeftKnee", 1, 0.0, -0.42, 0.0},
        {"LeftAnkle", 2, 0.0, -0.40, 0.0},
        {"LeftToe", 3, 0.0, 0.0, 0.13},
        {"RightHip", 0, -0.09, -0.08, 0.0},
        {"RightKnee", 5, 0.0, -0.42, 0.0},
        {"RightAnkle", 6, 0.0, -0.40, 0.0},
        {"RightToe", 7, 0.0, 0.0, 0.13},
        {"lowerback", 0, 0.0, 0.02, 0.0},
        {"Chest", 9, 0.0, 0.2, 0.0},
        {"Neck", 10, 0.0, 0.24, 0.0},
        {"Head", 11, 0.0, 0.08, 0.0},
        {"LeftShoulder", 10, 0.17, 0.2, 0.0},
        {"LeftElbow", 13, 0.0, -0.28, 0.0},
        {"LeftWrist", 14, 0.0, -0.25, 0.0},
        {"LFingers", 15, 0.0, -0.08, 0.0},
        {"RightShoulder", 10, -0.17, 0.2, 0.0},
        {"RightElbow", 17, 0.0, -0.28, 0.0},
        {"RightWrist", 18, 0.0, -0.25, 0.0},
        {"RFingers", 19, 0.0, -0.08, 0.0},
    };

    /**
     * BVH text of the skeleton with {@code frames} frames: frame f's root position (m) and root
     * rotation (degrees about Z, then Y, then X, as the channels are ordered) from {@code root},
     * every other joint at rest unless {@code joint} (bone, frame) gives its Z, Y, X degrees.
     */
    public static String bvh(int frames, IntFunction<double[]> root, JointAngles joint) {
        StringBuilder b = new StringBuilder("HIERARCHY\n");
        write(b, 0, 0);
        b.append("MOTION\nFrames: ").append(frames).append("\nFrame Time: ").append(1.0 / RATE).append('\n');
        for (int f = 0; f < frames; f++) {
            double[] r = root.apply(f);
            b.append(String.format(Locale.ROOT, "%.9f %.9f %.9f %.9f %.9f %.9f", r[0], r[1], r[2], r[3], r[4], r[5]));
            for (int bone = 1; bone < BONES.length; bone++) {
                double[] a = joint == null ? null : joint.angles(bone, f);
                b.append(String.format(Locale.ROOT, " %.9f %.9f %.9f", a == null ? 0 : a[0], a == null ? 0 : a[1], a == null ? 0 : a[2]));
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A joint's Z, Y, X rotation in degrees at a frame, or null for rest. */
    @FunctionalInterface
    public interface JointAngles {
        double[] angles(int bone, int frame);
    }

    private static void write(StringBuilder b, int bone, int depth) {
        String pad = "  ".repeat(depth);
        Object[] r = BONES[bone];
        b.append(pad).append(bone == 0 ? "ROOT " : "JOINT ").append(r[0]).append('\n').append(pad).append("{\n");
        b.append(pad).append(String.format(Locale.ROOT, "  OFFSET %s %s %s%n", r[2], r[3], r[4]));
        b.append(pad).append(bone == 0 ? "  CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n"
                : "  CHANNELS 3 Zrotation Yrotation Xrotation\n");
        boolean leaf = true;
        for (int c = 0; c < BONES.length; c++) {
            if ((int) BONES[c][1] == bone) {
                write(b, c, depth + 1);
                leaf = false;
            }
        }
        if (leaf) {
            b.append(pad).append("  End Site\n").append(pad).append("  {\n").append(pad).append("    OFFSET 0 -0.05 0\n")
                    .append(pad).append("  }\n");
        }
        b.append(pad).append("}\n");
    }

    /** The skeleton standing at rest, one frame, root at the origin's hip height. */
    public static BvhImporter.Bvh standing() {
        return BvhImporter.parse(bvh(1, f -> new double[] {0, HIP_HEIGHT, 0, 0, 0, 0}, null), "standing.bvh", 1);
    }

    /**
     * A get-up clip: {@value #RATE} frames a second, {@link #GETUP_SECONDS} long; the first third
     * lying in the orientation {@code zyxDegrees} with the root 0.12 m up, then the body turned back
     * to upright (slerped) while the root rises to standing height.
     */
    public static BvhImporter.Bvh getUp(double[] zyxDegrees, String name) {
        int frames = (int) (GETUP_SECONDS * RATE) + 1;
        Quaterniond lying = new Quaterniond().rotateZ(Math.toRadians(zyxDegrees[0])).rotateY(Math.toRadians(zyxDegrees[1]))
                .rotateX(Math.toRadians(zyxDegrees[2]));
        return BvhImporter.parse(bvh(frames, f -> {
            double u = Math.max(0, Math.min(1, (f / (double) (frames - 1) - 1.0 / 3) * 1.5));
            Quaterniond q = new Quaterniond(lying).slerp(new Quaterniond(), u);
            Vector3d zyx = zyx(q);
            return new double[] {0, 0.12 + u * (HIP_HEIGHT - 0.12), 0, zyx.x, zyx.y, zyx.z};
        }, null), name, 1);
    }

    /** Degrees (z, y, x) such that R_z(z)·R_y(y)·R_x(x) = q. */
    public static Vector3d zyx(Quaterniond q) {
        // R = Rz·Ry·Rx: the matrix's (2,0) = −sin y; (2,1), (2,2) give x; (1,0), (0,0) give z
        org.joml.Matrix3d m = q.get(new org.joml.Matrix3d());
        double y = Math.asin(Math.max(-1, Math.min(1, -m.m02)));
        double x = Math.atan2(m.m12, m.m22);
        double z = Math.atan2(m.m01, m.m00);
        return new Vector3d(Math.toDegrees(z), Math.toDegrees(y), Math.toDegrees(x));
    }

    /** Face down, face up, on the right side, on the left side: the whole body turned from standing. */
    public static final double[] FACE_DOWN = {0, 0, 90};
    public static final double[] FACE_UP = {0, 0, -90};
    public static final double[] SIDE_RIGHT = {90, 0, 0};
    public static final double[] SIDE_LEFT = {-90, 0, 0};

    /** A library of the four test get-ups, one per class. */
    public static GetUpLibrary library() {
        String json = """
                [ {"clip": "down", "startClass": "faceDown", "frames": [0, 75]},
                  {"clip": "up", "startClass": "faceUp", "frames": [0, 75]},
                  {"clip": "right", "startClass": "sideRight", "frames": [0, 75]},
                  {"clip": "right", "startClass": "sideLeft", "frames": [0, 75], "mirror": true} ]
                """;
        return GetUpLibrary.parse(json, "test-getups.json", clip -> switch (clip) {
            case "down" -> getUp(FACE_DOWN, "down.bvh");
            case "up" -> getUp(FACE_UP, "up.bvh");
            default -> getUp(SIDE_RIGHT, "right.bvh");
        });
    }

    /** A world with a ground plane. */
    public static World world() {
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).collider(Collider.of(Plane.ground())).build());
        return w;
    }

    /** The shipped CMU ragdoll on the test skeleton, standing with its lowest point on the ground at (x, z). */
    public static Ragdoll ragdoll(World w, BvhImporter.Bvh standing, double x, double z) {
        Pose pose = standing.clip().frame(0, new Pose(standing.skeleton()));
        Ragdoll r = Ragdoll.build(w, standing.skeleton(), Profiles.ragdoll("cmu-humanoid"), pose, false);
        r.setSelfCollision(false);
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < r.bodyCount(); i++) {
            lowest = Math.min(lowest, lowestPoint(w, r, i));
        }
        pose.setRootTranslation(pose.rootTranslation(new Vector3d()).add(x, -lowest, z));
        r.setPose(pose);
        return r;
    }

    /** The test ragdoll standing in a world of its own (for tests that need its shape, not its motion). */
    public static Ragdoll ragdollForTests() {
        return ragdoll(world(), standing(), 0, 0);
    }

    /** The grounded standing pose of {@link #ragdoll}. */
    public static Pose groundedPose(Ragdoll r) {
        return r.readPose(new Pose(r.mapper().skeleton()));
    }

    /** A character on the test rig (default profile, standard root drive, default settings but these), activated. */
    public static Character character(World w, CharacterSettings settings) {
        BvhImporter.Bvh standing = standing();
        Ragdoll r = ragdoll(w, standing, 0, 0);
        Pose pose = groundedPose(r);
        PoseDriver driver = new PoseDriver(r, DriveProfile.named("default"));
        driver.setRootDrive(RootDrive.standard(r));
        driver.capture(pose);
        Character c = new Character(driver, library(), settings, pose);
        c.activate();
        return c;
    }

    /** One tick of a character and its world. */
    public static void tick(Character c) {
        c.beforeStep();
        c.ragdoll().world().step();
        c.afterStep();
    }

    /** The lowest point of body i's shape now, m: the bottom of its bounding box, which for these convex shapes touches it. */
    public static double lowestPoint(World w, Ragdoll r, int i) {
        double[] bounds = new double[6];
        r.shape(i).computeBounds(w.position(r.body(i), new Vector3d()), w.orientation(r.body(i), new Quaterniond()), bounds, 0);
        return bounds[1];
    }
}
