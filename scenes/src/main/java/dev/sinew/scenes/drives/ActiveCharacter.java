package dev.sinew.scenes.drives;

import dev.sinew.drives.DriveProfile;
import dev.sinew.drives.PoseDriver;
import dev.sinew.drives.RootDrive;
import dev.sinew.drives.TrackingReport;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.RagdollDefinition;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.solver.World;
import org.joml.Vector3d;

/**
 * The CMU ragdoll tracking a clip of the CMU skeleton through a {@link PoseDriver}: placed at
 * (x, z) with the clip's first frame standing on the ground (its lowest body point at y = 0), and
 * the clip shifted the same way, so frame 0 is where the ragdoll starts. {@link #update} samples
 * the clip at the tick's end time and drives toward it; {@link #track} drives toward any pose of the
 * clip's skeleton (an animation layer stack's output), shifted the same way. Its bodies do not
 * collide with each other.
 */
public final class ActiveCharacter {
    final Ragdoll ragdoll;
    final PoseDriver driver;
    final Clip clip;
    final Pose pose;
    /** Added to every sampled pose's root translation, m. */
    final Vector3d shift = new Vector3d();
    private final Vector3d tmp = new Vector3d();

    /**
     * Builds the character into {@code world} with its root at (x, z) (world, metres), grounded on
     * the first frame, with or without the root drive.
     */
    /** Fastest believable turn of a bone in the clips the scenes play, deg/s (see {@link Clip#withoutSpikes}). */
    public static final double MAX_BONE_DEGREES_PER_SECOND = 1500;
    /** Frames (over all bones) the clip's spike repair replaced. */
    public final int repairedFrames;

    public ActiveCharacter(World world, BvhImporter.Bvh bvh, RagdollDefinition def, DriveProfile profile, double x, double z,
            boolean rootDrive) {
        this(world, bvh, def, profile, x, z, rootDrive, false);
    }

    /**
     * Builds the character into {@code world} with its root at (x, z) (world, metres), with or
     * without the root drive. With {@code groundOverClip} the clip is lifted so that the ragdoll's
     * lowest point over the whole clip touches the ground (a walk's feet dip 1–2 cm below where the
     * first frame's stand): the ground otherwise holds the feet up against the animation, and stiff
     * legs pass that on to the pelvis (measured: the stiff profile tracked worse than the default one
     * by 0.07°). Without it, the first frame's lowest point touches the ground.
     */
    public ActiveCharacter(World world, BvhImporter.Bvh bvh, RagdollDefinition def, DriveProfile profile, double x, double z,
            boolean rootDrive, boolean groundOverClip) {
        // Capture glitches out first: the CMU walk's right wrist turns 6,500°/s for a few frames
        // (a marker swap), which no drive can follow and the animation should not show.
        Clip.Despiked clean = bvh.clip().withoutSpikes(MAX_BONE_DEGREES_PER_SECOND);
        clip = clean.clip();
        repairedFrames = clean.total();
        pose = clip.frame(0, new Pose(bvh.skeleton()));
        Vector3d root = pose.rootTranslation(new Vector3d());
        ragdoll = Ragdoll.build(world, bvh.skeleton(), def, pose, false);
        // the capsules are fatter than the actor's limbs: hands pass through thighs in the capture
        ragdoll.setSelfCollision(false);
        double lowest = lowestOfRagdoll(world);
        if (groundOverClip) {
            Pose frame = new Pose(bvh.skeleton());
            for (int f = 1; f < clip.frameCount(); f++) {
                ragdoll.setPose(clip.frame(f, frame));
                lowest = Math.min(lowest, lowestOfRagdoll(world));
            }
        }
        shift.set(x - root.x, -lowest, z - root.z);
        pose.setRootTranslation(root.add(shift, new Vector3d()));
        ragdoll.setPose(pose);
        driver = new PoseDriver(ragdoll, profile);
        if (rootDrive) {
            driver.setRootDrive(RootDrive.standard(ragdoll));
        }
        driver.capture(pose);
    }

    /**
     * Builds the character into {@code world} in {@code start}, a pose placed where the character
     * should be (world x and z kept), lifted so that its lowest body point touches the ground; with
     * or without the root drive. Track poses with {@link #track}.
     */
    public ActiveCharacter(World world, Pose start, RagdollDefinition def, DriveProfile profile, boolean rootDrive) {
        clip = null;
        repairedFrames = 0;
        pose = new Pose(start.skeleton()).set(start);
        ragdoll = Ragdoll.build(world, start.skeleton(), def, pose, false);
        ragdoll.setSelfCollision(false);
        shift.set(0, -lowestOfRagdoll(world), 0);
        pose.setRootTranslation(pose.rootTranslation(new Vector3d()).add(shift));
        ragdoll.setPose(pose);
        driver = new PoseDriver(ragdoll, profile);
        if (rootDrive) {
            driver.setRootDrive(RootDrive.standard(ragdoll));
        }
        driver.capture(pose);
    }

    /**
     * Drives toward {@code animated} (copied, shifted as the character was placed); call once per
     * tick before the step. Allocates nothing.
     */
    public void track(Pose animated) {
        pose.set(animated);
        pose.setRootTranslation(pose.rootTranslation(tmp).add(shift));
        driver.capture(pose);
        driver.update();
    }

    /**
     * Makes every body kinematic along the animation: a figure that shows the animation exactly
     * (for scenes about the animation itself) instead of tracking it with forces.
     */
    public void followExactly() {
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            driver.setKinematic(i, true);
        }
    }

    public Ragdoll ragdoll() {
        return ragdoll;
    }

    public PoseDriver driver() {
        return driver;
    }

    /** Added to every tracked pose's root translation, m (a copy). */
    public Vector3d shift(Vector3d dest) {
        return dest.set(shift);
    }

    /** Samples the clip at {@code time} s (clamped), shifted, and drives toward it; call before the step. */
    public void update(double time) {
        clip.sample(time, Clip.Wrap.CLAMP, pose);
        pose.setRootTranslation(pose.rootTranslation(tmp).add(shift));
        driver.capture(pose);
        driver.update();
    }

    /** The pose last sampled (frame 0 after construction), shifted: where the character stands, world. */
    public Pose pose() {
        return pose;
    }

    /** Holds frame 0 (the stored pose is already it); call before the step. */
    void hold() {
        driver.update();
    }

    public TrackingReport report() {
        return driver.report();
    }

    /** The centre of mass of the ragdoll, world, m. */
    Vector3d centerOfMass(World w, Vector3d dest) {
        dest.zero();
        double m = 0;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            double mi = w.body(ragdoll.body(i)).mass();
            dest.fma(mi, w.position(ragdoll.body(i), tmp));
            m += mi;
        }
        return dest.div(m);
    }

    private double lowestOfRagdoll(World world) {
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            lowest = Math.min(lowest, lowestPoint(world, ragdoll, i));
        }
        return lowest;
    }

    /** The lowest point of body i's shape now, m. */
    public static double lowestPoint(World w, Ragdoll r, int i) {
        return RagdollDropScene.lowestPoint(w, r, i);
    }
}
