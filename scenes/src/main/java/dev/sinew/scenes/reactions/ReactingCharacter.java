package dev.sinew.scenes.reactions;

import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterSettings;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.reactions.getup.MocapClips;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Ragdoll;
import dev.sinew.rig.Skeleton;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The reaction scenes' character: the CMU ragdoll standing in the first frame of the CMU walk, or
 * the user's ragdoll in their clip's first frame (an {@link ActiveCharacter} with the root drive),
 * run by a {@link Character} with the shipped CMU get-up clips ({@code profiles/getup/cmu.json})
 * when they fit its skeleton, activated at once.
 */
public final class ReactingCharacter {
    /** Mean tracking error under which a character counts as tracking again, degrees. */
    public static final double TRACKING_DEG = 3;

    public final ActiveCharacter body;
    public final Character character;
    private final World world;
    private final GetUpLibrary getUps;
    private final List<String> missingBones;
    private final Vector3d p = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond r = new Quaterniond();

    /**
     * The character at (x, z) (world, m): the user's clip and ragdoll when the options give them (the
     * first frame of the clip, which should stand), else the CMU walk's and the CMU ragdoll; the
     * options' drive profile, else {@code default}. The shipped CMU get-up clips when they are for
     * its skeleton (every bone its bodies follow is in them), else none: knocked down, it stays down.
     */
    public ReactingCharacter(World world, double x, double z, SceneOptions options, CharacterSettings settings) {
        this.world = world;
        BvhImporter.Bvh walk = options.inputs().clip() == null ? MocapClips.read("cmu/131_01.bvh")
                : options.inputs().clip().bvh();
        body = new ActiveCharacter(world, walk, options.ragdoll("cmu-humanoid"), options.driveProfile("default"), x, z, true);
        GetUpLibrary cmu = GetUpLibrary.named("cmu");
        missingBones = missing(cmu, body.ragdoll());
        getUps = missingBones.isEmpty() ? cmu : GetUpLibrary.none();
        character = new Character(body.driver(), getUps, settings, body.pose());
        character.activate();
    }

    /** The bones this ragdoll's bodies follow that some clip of the library lacks, in body order. */
    static List<String> missing(GetUpLibrary library, Ragdoll ragdoll) {
        Skeleton s = ragdoll.mapper().skeleton();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ragdoll.bodyCount(); i++) {
            String bone = s.name(ragdoll.bone(i));
            for (int c = 0; c < library.size(); c++) {
                if (library.clip(c).skeleton().find(bone) < 0) {
                    out.add(bone);
                    break;
                }
            }
        }
        return out;
    }

    /** Whether the character has get-up clips for its skeleton (else, knocked down, it stays down). */
    public boolean canGetUp() {
        return getUps.size() > 0;
    }

    /** Why it cannot get up, or null when it can. */
    public String whyNoGetUp() {
        return canGetUp() ? null : "the shipped get-up clips (profiles/getup/cmu.json) are for the CMU skeleton, which"
                + " lacks the bones " + missingBones + " this ragdoll's bodies follow; knocked down, it stays down";
    }

    /**
     * The body a scene names (a CMU ragdoll's body name, such as {@code forearm.R}), on any ragdoll:
     * the body of that name, else one of that region on that side ({@code .L}: the character's left,
     * {@code .R}: its right, judged from where the body stands now against the way the character
     * faces), else the nearest region toward the torso that the ragdoll has (a hand's forearm).
     */
    public int pick(String name) {
        int i = ragdoll().bodyIndex(name);
        if (i >= 0) {
            return i;
        }
        int dot = name.indexOf('.');
        String region = dot < 0 ? name : name.substring(0, dot);
        String side = dot < 0 ? "" : name.substring(dot + 1);
        double h = facing();
        Vector3d left = new Vector3d(Math.cos(h), 0, -Math.sin(h));
        Vector3d pelvis = world.position(ragdoll().body(0), new Vector3d());
        for (String r = region; r != null; r = TOWARD_TORSO.get(r)) {
            int best = -1;
            for (int b = 0; b < ragdoll().bodyCount(); b++) {
                if (!ragdoll().region(b).equals(r)) {
                    continue;
                }
                double l = world.position(ragdoll().body(b), p).sub(pelvis).dot(left);
                boolean onSide = side.equals("L") ? l > 0 : side.equals("R") ? l < 0 : true;
                if (onSide || best < 0) {
                    best = b;
                    if (onSide) {
                        break;
                    }
                }
            }
            if (best >= 0) {
                return best;
            }
        }
        return 0;
    }

    /** The next region toward the torso, for a ragdoll without the one named. */
    private static final Map<String, String> TOWARD_TORSO = Map.of("hand", "forearm", "forearm", "upperArm",
            "upperArm", "chest", "foot", "shin", "shin", "thigh", "thigh", "pelvis", "head", "neck", "neck", "chest",
            "chest", "abdomen", "abdomen", "pelvis");

    public Ragdoll ragdoll() {
        return body.ragdoll();
    }

    /** The mean angle between each body and its drive target now, degrees. */
    public double meanErrorDeg() {
        return body.driver().report().meanErrorDeg();
    }

    /** The largest angle between a body's orientation and its drive target now, degrees. */
    public double popDeg() {
        double worst = 0;
        for (int i = 0; i < ragdoll().bodyCount(); i++) {
            world.orientation(ragdoll().body(i), q);
            body.driver().targetOrientation(i, r);
            worst = Math.max(worst, Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(q.dot(r))))));
        }
        return worst;
    }

    /** The character's facing heading now (yaw about +Y from +Z toward +X, rad). */
    public double facing() {
        Quaterniond pelvis = world.orientation(ragdoll().body(character.torsoAxes().pelvis()), new Quaterniond());
        Quaterniond chest = world.orientation(ragdoll().body(character.torsoAxes().chest()), new Quaterniond());
        return character.torsoAxes().facingHeading(pelvis, chest);
    }

    /** Whether any body's position or velocity is not finite. */
    public boolean hasNaN() {
        for (int i = 0; i < ragdoll().bodyCount(); i++) {
            if (!world.position(ragdoll().body(i), p).isFinite() || !world.linearVelocity(ragdoll().body(i), p).isFinite()) {
                return true;
            }
        }
        return false;
    }

    /** The largest opening of the ragdoll's joints now, m. */
    public double jointSeparation() {
        double worst = 0;
        for (int i = 1; i < ragdoll().bodyCount(); i++) {
            worst = Math.max(worst, world.joint(ragdoll().joint(i)).separation());
        }
        return worst;
    }

    /** The pelvis's height, m. */
    public double pelvisHeight() {
        return world.position(ragdoll().body(0), p).y;
    }
}
